from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    name = "lobby"
    verbose_name = _("Lobby and rooms")

    def ready(self) -> None:
        # Importing registers the lobby's jobs (@job) and the match_finished receiver; the
        # Celery worker and beat load apps too, so every process knows the same job names.
        from lobby import receivers, tasks  # noqa: F401
