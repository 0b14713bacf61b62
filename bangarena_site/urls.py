"""Top-level URL routes."""

from django.contrib import admin
from django.urls import include, path

from bangarena_site.accounts.views import switch_language
from bangarena_site.views import home
from game import urls as table_urls
from lobby import report_urls
from replay import urls as replay_urls
from stats import result_urls

#: Everything under /match/<id>/, in the "game" namespace: the table's pages, the replay's, the
#: summary's and the report of a seat (the rooms'). Each part keeps its own patterns; only this
#: module knows them all.
match_urls = (
    [
        *table_urls.urlpatterns,
        *replay_urls.urlpatterns,
        *result_urls.urlpatterns,
        *report_urls.urlpatterns,
    ],
    table_urls.app_name,
)

urlpatterns = [
    path("", home, name="home"),
    path("accounts/", include("bangarena_site.accounts.urls")),
    path("language/", switch_language, name="set_language"),
    path("match/", include(match_urls)),
    path("stats/", include("stats.urls")),
    path("library/", include("library.urls")),
    path("ai/", include("machines.ai_docs.urls")),
    path("", include("lobby.urls")),
    path("admin/", admin.site.urls),
]
