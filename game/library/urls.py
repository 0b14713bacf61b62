"""The 📖 library of cards, characters and rules (issue 8), mounted at /library/."""

from django.urls import path  # noqa: F401

app_name = "library"

urlpatterns: list = []
