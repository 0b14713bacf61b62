"""Live numbers for the home page and /play/ (issue 23): players online, tables playing and
people waiting, all from presence (heartbeats), never from counters kept on the side.

``players online`` and ``tables playing`` come from bangarena_site.live.presence (one place
decides them). ``people waiting`` is who is waiting for a table right now: a quick-match
ticket whose page beat within the presence window (Q48), or a player present in a public
room that is still waiting for players (lobby.open_rooms). Only counts leave this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.template.loader import render_to_string

from bangarena_site.live.presence import site_activity
from game.presence import PRESENCE_WINDOW
from lobby import services
from lobby.models import QueueTicket, RoomSeat
from lobby.open_rooms import listed_rooms


@dataclass(frozen=True)
class LiveNumbers:
    players_online: int
    matches_running: int
    people_waiting: int


def people_waiting(now: datetime | None = None) -> int:
    """One query: distinct people in the quick-match queue or in a listed room."""
    now = now or services.clock()
    queued = QueueTicket.objects.filter(
        room__isnull=True, last_seen__gte=now - PRESENCE_WINDOW
    ).values_list("user_id", "guest_key")
    in_open_rooms = RoomSeat.objects.filter(
        kind=RoomSeat.Kind.HUMAN, connected=True, room__in=listed_rooms().values("pk")
    ).values_list("user_id", "guest_key")
    return queued.union(in_open_rooms).count()


def live_numbers() -> LiveNumbers:
    activity = site_activity()
    return LiveNumbers(activity.players_online, activity.matches_running, people_waiting())


def live_numbers_fragment() -> str:
    """``<p id="live-count" hx-swap-oob="true">`` in the active language."""
    return render_to_string("live/_live_count.html", {"numbers": live_numbers()})
