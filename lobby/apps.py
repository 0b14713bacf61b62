from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LobbyConfig(AppConfig):
    name = "lobby"
    verbose_name = _("Lobby and rooms")

    def ready(self) -> None:
        # Importing registers the lobby's jobs (@job) and the match_finished receiver; the
        # Celery worker and beat load apps too, so every process knows the same job names.
        from game import hooks
        from lobby import account_settings, receivers, tasks  # noqa: F401

        # The table's tools are stored next to the start screen's settings (game.table_prefs).
        hooks.provide_settings_store(account_settings.stored, account_settings.store)
