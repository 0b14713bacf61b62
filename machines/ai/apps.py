from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AiConfig(AppConfig):
    """AI seats: language models registered by admins and agent programs with seat tokens."""

    name = "machines.ai"
    label = "ai"
    verbose_name = _("AI seats")

    def ready(self) -> None:
        # The decision job registers itself (and its own threads / queue) on import.
        from game import hooks
        from game.signals import ai_decision_requested
        from machines.ai import seating, tasks

        # The table's model badges (R136).
        hooks.provide_seat_models(seating.model_names)
        ai_decision_requested.connect(
            tasks.on_decision_requested, dispatch_uid="machines.ai.decide-on-request"
        )
