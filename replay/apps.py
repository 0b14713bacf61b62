from django.apps import AppConfig


class ReplayConfig(AppConfig):
    """Replays of finished matches: pages under /match/<id>/replay/ (URL names game:replay and
    game:replay_export), templates game/replay/... and static game/replay.*, as before the move."""

    name = "replay"
    label = "replay"
