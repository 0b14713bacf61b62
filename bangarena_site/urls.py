"""Top-level URL routes."""

from django.contrib import admin
from django.urls import include, path

from bangarena_site.accounts.views import switch_language
from bangarena_site.views import home

urlpatterns = [
    path("", home, name="home"),
    path("accounts/", include("bangarena_site.accounts.urls")),
    path("language/", switch_language, name="set_language"),
    path("match/", include("game.urls")),
    path("stats/", include("stats.urls")),
    path("library/", include("library.urls")),
    path("ai/", include("machines.ai_docs.urls")),
    path("", include("lobby.urls")),
    path("admin/", admin.site.urls),
]
