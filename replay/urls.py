"""The replay's URLs, mounted at /match/ in the "game" namespace by bangarena_site.urls (their
names, ``game:replay`` and ``game:replay_export``, are the ones they always had)."""

from django.urls import path

from replay import views

urlpatterns = [
    # Finished matches only (issue 18): a running match's replay is a 404.
    path("<int:match_id>/replay/", views.replay, name="replay"),
    path("<int:match_id>/replay.json", views.export, name="replay_export"),
]
