from django.apps import AppConfig


class LibraryConfig(AppConfig):
    """The library's pages, templates (library/...) and static files (library/...)."""

    name = "library"
    label = "library"
