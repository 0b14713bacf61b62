"""The "For AI developers" page and the machine-readable rules (issue 9), mounted at /ai/."""

from django.urls import path  # noqa: F401

app_name = "ai_docs"

urlpatterns: list = []
