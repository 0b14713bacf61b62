from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = _("Statistics")

    def ready(self) -> None:
        # Importing connects the match_finished receiver that records every finished match.
        from game import hooks
        from stats import queries, receivers  # noqa: F401

        # The quick-match queue seats people by rating band (lobby.quick_match).
        hooks.provide_skill_ratings(queries.display_ratings)
