from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = _("Statistics")

    def ready(self) -> None:
        # Importing connects the match_finished receiver that records every finished match.
        from stats import receivers  # noqa: F401
