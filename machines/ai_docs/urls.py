"""The "For AI developers" page and the machine-readable rules (issue 9), mounted at /ai/."""

from django.urls import path

from machines.ai_docs import views

app_name = "ai_docs"

urlpatterns = [
    path("", views.index, name="index"),
    # A stable URL: programs hard-code it, so it must never move.
    path("rules.json", views.rules_json, name="rules_json"),
]
