"""The lobby listens to game (game never imports lobby): a finished match reopens its room
with Play again. It also listens to log-ins: a guest who signs up or logs in keeps the seats
they held as a guest, in rooms and at tables."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from game import services as game_services
from game.models import Match
from game.signals import match_finished
from lobby import services
from lobby.identity import GUEST_KEY


@receiver(match_finished, sender=Match, dispatch_uid="lobby.match_over")
def room_match_over(sender: Any, match: Match, **kwargs: Any) -> None:
    services.match_over(match)


@receiver(user_logged_in, dispatch_uid="lobby.adopt_guest_seats")
def adopt_guest_seats(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """The key rotated inside login(); the guest's old key is still in the session's data."""
    session = getattr(request, "session", None)
    guest_key = session.pop(GUEST_KEY, "") if session is not None else ""
    if not guest_key:
        return
    services.adopt_guest_seats(user.pk, guest_key)
    game_services.adopt_guest_seats(user.pk, guest_key)
