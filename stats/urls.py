"""Statistics, match history, achievements and leaderboards (issue 7), mounted at /stats/."""

from django.urls import path

from stats import views

app_name = "stats"

urlpatterns = [
    path("history/", views.history, name="history"),
    path("players/<str:username>/", views.player, name="player"),
    path("leaderboards/", views.leaderboards, name="leaderboards"),
]
