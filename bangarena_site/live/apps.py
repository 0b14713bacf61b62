"""App config: registers the live jobs and the login hook once Django is ready."""

from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "bangarena_site.live"
    label = "live"

    def ready(self) -> None:
        # Importing registers the jobs (@job) and connects the user_logged_in receiver; the
        # Celery worker and beat load apps too, so both stacks know the same job names.
        from bangarena_site.live import housekeeping, notifications  # noqa: F401
