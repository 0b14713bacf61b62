"""Statistics, match history, achievements and leaderboards (issue 7), mounted at /stats/."""

from django.urls import path  # noqa: F401

app_name = "stats"

urlpatterns: list = []
