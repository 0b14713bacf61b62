from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GameConfig(AppConfig):
    name = "game"
    verbose_name = _("Matches")

    def ready(self) -> None:
        # Importing registers the table's jobs (@job); the Celery worker and beat load apps
        # too, so every process knows the same job names.
        from game import tasks  # noqa: F401
