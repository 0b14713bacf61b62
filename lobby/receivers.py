"""The lobby listens to game (game never imports lobby): a finished match reopens its room
with Play again."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from game.models import Match
from game.signals import match_finished
from lobby import services


@receiver(match_finished, sender=Match, dispatch_uid="lobby.match_over")
def room_match_over(sender: Any, match: Match, **kwargs: Any) -> None:
    services.match_over(match)
