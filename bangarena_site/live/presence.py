"""How busy the saloon is: players online and matches running, as counts only.

"Online" means a human present at a running table (heartbeats, game.presence), with a room
socket open, or on the quick-match page (its heartbeats, lobby.quick_match).
``site_activity`` is the one place that decides it, so the presence work can replace its
inside and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.models import Match, MatchSeat
from game.presence import PRESENCE_WINDOW
from lobby.models import QueueTicket, RoomSeat


def lobby_clock():  # noqa: ANN201 (a datetime)
    from lobby import services

    return services.clock()


@dataclass(frozen=True)
class Activity:
    players_online: int
    matches_running: int


def site_activity() -> Activity:
    """Two queries: distinct people present at a table or in a room, and running matches. Only the
    counts leave this function (never who or where)."""
    at_tables = MatchSeat.objects.filter(
        kind=MatchSeat.Kind.HUMAN, connected=True, match__status=Match.Status.RUNNING
    ).values_list("user_id", "guest_key")
    in_rooms = RoomSeat.objects.filter(kind=RoomSeat.Kind.HUMAN, sockets__gt=0).values_list(
        "user_id", "guest_key"
    )
    in_queue = QueueTicket.objects.filter(
        room__isnull=True, last_seen__gte=lobby_clock() - PRESENCE_WINDOW
    ).values_list("user_id", "guest_key")
    # UNION (not UNION ALL) counts a person at a table and in its room once.
    online = at_tables.union(in_rooms, in_queue).count()
    running = Match.objects.filter(status=Match.Status.RUNNING).count()
    return Activity(players_online=online, matches_running=running)
