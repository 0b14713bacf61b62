"""BangArena site package. Loads the Celery app so shared tasks bind to it."""

from bangarena_site.celery import app as celery_app

__all__ = ("celery_app",)
