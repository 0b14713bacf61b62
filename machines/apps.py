from django.apps import AppConfig


class MachinesConfig(AppConfig):
    """The seats-not-played-by-humans part: the bots, and the AI developers' pages."""

    name = "machines"
    label = "machines"

    def ready(self) -> None:
        # The match plays bot seats and away humans' autopilot through this hook.
        from game import hooks
        from machines import autoplay

        hooks.provide_bot_move(autoplay.bot_move)
