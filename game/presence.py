"""Who is at a table, from heartbeats (Q48, DESIGN.md section 3 step 5).

Every open table socket is a ``TableScreen`` row with the time of its last heartbeat. The page
beats every ``HEARTBEAT_SECONDS``; a seat is present while some screen of it beat within
``PRESENCE_WINDOW``. That is the lichess way (``offlineSince``), not a count of open sockets:

- a frozen client (sleeping laptop, dropped Wi-Fi) stops beating and is away one window later,
  not after daphne's ~50 s ping timeout;
- a web process that dies takes no counter with it: its rows just go stale, and the screens
  that reconnect to another process write new ones; several web processes share the rows;
- a seat nobody ever opened has no row and is away from the start (MatchSeat.connected is
  False until a screen of it opens).

``MatchSeat.connected`` / ``away_since`` are what the table shows and the timers use; this
module keeps them in step with the rows (through ``game.services``, the only code that changes
a match): at once when a screen opens or closes cleanly, and by ``sweep`` (a periodic job)
for screens that stopped beating. A presence change sends only the seat's small presence
region, coalesced per table and sweep, never a whole table.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Exists, Max, OuterRef, QuerySet

from game import services
from game.audience import listeners as listeners  # re-exported; read below the services
from game.models import Match, MatchSeat, TableScreen

#: Q48: a player who missed heartbeats for this long counts as disconnected (the rules say
#: "more than 5 s"; 6 s leaves room for one late beat). The one constant of presence.
PRESENCE_WINDOW = timedelta(seconds=6)
#: How often the table page beats (game/static/game/table.js reads it from the page): three
#: beats fit in a window, so one late frame never makes a player look away.
HEARTBEAT_SECONDS = 2
#: A socket's beats are written at most this often (a client beating faster costs nothing).
WRITE_AT_MOST_EVERY = timedelta(seconds=1)
#: Rows this much older than a window belong to screens that are gone for good (a crashed
#: process never deleted them): the sweep removes them. A live screen that beats again
#: simply writes its row anew.
FORGET_AFTER = PRESENCE_WINDOW * 10


def _clock() -> datetime:
    return services.clock()


def open_screen(match_id: int, seat: int | None, language: str, channel: str) -> None:
    """A table socket opened: its row, and its seat is present at once."""
    now = _clock()
    TableScreen.objects.update_or_create(
        channel=channel,
        defaults={"match_id": match_id, "seat": seat, "language": language, "seen_at": now},
    )
    if seat is not None:
        services.mark_present(match_id, seat, language=language)


def beat(match_id: int, seat: int | None, language: str, channel: str) -> None:
    """A heartbeat of one socket: its row is fresh again, and an away seat is back."""
    now = _clock()
    updated = TableScreen.objects.filter(channel=channel).update(seen_at=now)
    if not updated:  # forgotten by a sweep while the socket lived on: write it anew
        TableScreen.objects.update_or_create(
            channel=channel,
            defaults={"match_id": match_id, "seat": seat, "language": language, "seen_at": now},
        )
    if seat is None:
        return
    if MatchSeat.objects.filter(match_id=match_id, seat=seat, connected=False).exists():
        services.mark_present(match_id, seat, language=language)


def close_screen(match_id: int, seat: int | None, channel: str) -> None:
    """A socket closed cleanly: its row goes, and a seat left without a live screen is away
    from now (not one window later)."""
    TableScreen.objects.filter(channel=channel).delete()
    if seat is None:
        return
    now = _clock()
    if not _fresh(now).filter(match_id=match_id, seat=seat).exists():
        services.mark_away(match_id, {seat: now})


def sweep(now: datetime | None = None) -> int:
    """Mark away every seat whose screens all stopped beating for a window.

    The seat is away since its last beat, the last moment it was known to be there: a closed
    laptop stops beating at once, and R119's limit counts from then, so the table goes on
    within the 8 s (plus one beat) of the player leaving, not 8 s after the window noticed it.
    Returns how many seats went away."""
    now = now or _clock()
    TableScreen.objects.filter(seen_at__lt=now - FORGET_AFTER).delete()
    # A seat also counts as there for one window after it was last seen without a screen (a
    # player on his way from the room to a table that just started).
    # One query: shown present, yet no screen of the seat beat within the window (the
    # (match, seen_at) index answers the NOT EXISTS per seat).
    beating = _fresh(now).filter(match_id=OuterRef("match_id"), seat=OuterRef("seat"))
    stale = (
        MatchSeat.objects.filter(
            connected=True,
            # Humans, and AI seats played by an agent program (only those ever open a screen).
            kind__in=(MatchSeat.Kind.HUMAN, MatchSeat.Kind.AI),
            match__status=Match.Status.RUNNING,
            last_seen__lt=now - PRESENCE_WINDOW,
        )
        .exclude(Exists(beating))
        .values_list("match_id", "seat", "last_seen")
    )
    gone: dict[int, dict[int, datetime]] = {}
    for match_id, seat, last_seen in stale:
        assert last_seen is not None  # last_seen__lt matches no empty one
        gone.setdefault(match_id, {})[seat] = last_seen
    for match_id, seats in gone.items():
        last = (
            TableScreen.objects.filter(match_id=match_id, seat__in=list(seats))
            .values("seat")
            .annotate(last=Max("seen_at"))
        )
        for row in last:
            screen_seat = row["seat"]
            assert screen_seat is not None  # seat__in matches no watcher's screen
            seats[screen_seat] = max(seats[screen_seat], row["last"])
        services.mark_away(match_id, seats)
    return sum(len(seats) for seats in gone.values())


def _fresh(now: datetime) -> QuerySet[TableScreen]:
    return TableScreen.objects.filter(seen_at__gte=now - PRESENCE_WINDOW)


def live_seats(match_id: int, now: datetime | None = None) -> set[int]:
    """The seats of ``match_id`` with a screen that beat within the window."""
    now = now or _clock()
    seats = _fresh(now).filter(match_id=match_id).exclude(seat=None).values_list("seat", flat=True)
    # The query has left the watchers' screens (no seat) out; the test says so to mypy.
    return {seat for seat in seats if seat is not None}
