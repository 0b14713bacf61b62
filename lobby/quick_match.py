"""Quick match (issue 23): "Play with people" queues you for a range of seat counts, a mode and
a move time (each may be "any"), and the server forms tables of humans as they come.

Tables are never stored while they form: every pass (``form_tables``) groups the waiting
tickets afresh, each joining the first group it fits (the seat ranges overlap, the modes and
move times agree, nobody in it blocked or was blocked by them, lobby.blocks). A group starts
at once when it is full of humans; otherwise the countdown of its longest-waiting member
decides: ``WAIT_BEFORE_BOTS`` after that player joined, the table starts with what it has, at
the smallest seat count everyone accepts, and bots take the free seats, so nobody waits more
than about a minute. A pass runs when someone joins or leaves, at each countdown's end (the
jobs seam, bangarena_site.jobs) and periodically as a backstop; it is safe to run twice.

Rating bands ("the queue may match by rating bands once enough people wait"): while fewer
than ``BANDS_FROM`` people wait, everyone joins the first table they fit, as above. From
``BANDS_FROM`` on (enough for two full tables of four) a ticket joins only a table of its own
rating band, so a busy queue fills tables of players of a like skill. A band is
``BAND_WIDTH`` points of the displayed rating (stats, through ``game.hooks.skill_ratings``),
centred on a newcomer's 1000; guests and accounts not rated yet have no rating and share the
newcomers' band. Bands never make anyone wait past his countdown, nor hand a bot a seat that
a waiting human could take: in a pass where some banded table's countdown has run out, the
tables are formed without bands, so that table starts at its countdown with everyone who
fits it, whatever their band. Bands only ever decide who sits with whom.

The queue page beats like a room page (Q48): a ticket whose page stopped beating for
``GONE_AFTER`` is dropped, so nobody is seated who already left.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q

from bangarena_site import jobs
from game import hooks
from game.models import MoveTime
from lobby import broadcast, services
from lobby.identity import Person
from lobby.models import MAX_SEATS, MIN_SEATS, PlayerBlock, QueueTicket

#: After this long the oldest player's table starts with bots in the free seats.
WAIT_BEFORE_BOTS = timedelta(seconds=getattr(settings, "BANGARENA_QUICK_MATCH_WAIT", 45))
#: A ticket whose queue page has not beaten for this long belongs to someone who left.
GONE_AFTER = timedelta(seconds=15)
#: Mode of a table where everyone accepted any mode.
DEFAULT_MODE = "classic"
#: Move time of a table where everyone accepted any: the start screen's default (R129).
DEFAULT_MOVE_TIME = 30
#: Every quick table starts at Normal tempo (the pauses between bot moves, Q57): strangers
#: follow the bots' moves at the pace most tables keep, and its host (the first to arrive)
#: can change it at the table like any host (R132). Asking it in the queue would split the
#: queue further over something that matters only while bots move.
TEMPO = "normal"
#: From this many people waiting on, tables are formed by rating band: two full tables of
#: four, so each band may fill a table of its own before anyone's countdown runs out.
BANDS_FROM = 8
#: The width of a rating band, in points of the displayed rating (stats: 1000 for a newcomer,
#: 20 points per point of skill ordinal). A newcomer and a player who has won a few more than
#: he lost share a band; a regular of many matches sits a band or two above.
BAND_WIDTH = 200
#: The displayed rating of someone with none: a guest, or an account before its first rated match.
NEWCOMER_RATING = 1000


class QueueError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def ticket_person(ticket: QueueTicket) -> Person:
    return Person(ticket.user_id, "" if ticket.user_id is not None else ticket.guest_key)


@dataclass
class Group:
    """A table forming: the seat counts every member accepts, its mode and its move time
    (None: any)."""

    lo: int
    hi: int
    mode: str | None
    move_time: int | None = None
    #: The rating band every member is in, when the queue forms tables by band.
    band: int | None = None
    members: list[QueueTicket] = field(default_factory=list)

    @property
    def full(self) -> bool:
        return len(self.members) >= self.hi

    @property
    def seats(self) -> int:
        """The table to start now: everyone seated, at the smallest count all accept."""
        return max(self.lo, len(self.members))

    def accepts(self, ticket: QueueTicket, apart: set[frozenset[str]]) -> bool:
        lo, hi = max(self.lo, ticket.min_seats), min(self.hi, ticket.max_seats)
        if lo > hi or len(self.members) >= hi:
            return False
        if self.mode and ticket.mode and ticket.mode != self.mode:
            return False
        if self.move_time and ticket.move_time and ticket.move_time != self.move_time:
            return False
        key = ticket_person(ticket).limit_key
        return all(frozenset((key, ticket_person(m).limit_key)) not in apart for m in self.members)

    def add(self, ticket: QueueTicket) -> None:
        self.lo, self.hi = max(self.lo, ticket.min_seats), min(self.hi, ticket.max_seats)
        self.mode = self.mode or ticket.mode or None
        self.move_time = self.move_time or ticket.move_time or None
        self.members.append(ticket)

    def starts_by(self) -> datetime:
        return self.members[0].joined_at + WAIT_BEFORE_BOTS


def rating_band(rating: int | None) -> int:
    """The band of a displayed rating (None: no rating yet, the newcomers' band 0)."""
    if rating is None:
        return 0
    return math.floor((rating - NEWCOMER_RATING) / BAND_WIDTH + 0.5)


def rating_bands(tickets: list[QueueTicket]) -> dict[int, int]:
    """Ticket id -> its holder's rating band (one query for the accounts' ratings)."""
    accounts = [t.user_id for t in tickets if t.user_id is not None]
    ratings = hooks.skill_ratings(accounts) if accounts else {}
    return {
        t.pk: rating_band(ratings.get(t.user_id) if t.user_id is not None else None)
        for t in tickets
    }


def group_tickets(
    tickets: Iterable[QueueTicket],
    apart: set[frozenset[str]],
    bands: dict[int, int] | None = None,
) -> list[Group]:
    """The waiting tickets as forming tables, oldest first (each joins the first group it
    fits, else opens a new one); with ``bands`` (ticket id -> band) only a group of its band."""
    groups: list[Group] = []
    for ticket in tickets:
        band = bands[ticket.pk] if bands is not None else None
        for group in groups:
            if group.band == band and group.accepts(ticket, apart):
                group.add(ticket)
                break
        else:
            group = Group(MIN_SEATS, MAX_SEATS, None, band=band)
            group.add(ticket)
            groups.append(group)
    return groups


def plan_tables(
    tickets: list[QueueTicket], apart: set[frozenset[str]], now: datetime
) -> list[Group]:
    """The tables this pass forms from the waiting ``tickets`` (oldest first): by rating band
    once ``BANDS_FROM`` wait, unless that leaves a table whose countdown has run out (then
    without bands: it starts now with everyone who fits it)."""
    if len(tickets) >= BANDS_FROM:
        banded = group_tickets(tickets, apart, rating_bands(tickets))
        if not any(now >= group.starts_by() for group in banded):
            return banded
    return group_tickets(tickets, apart)


def kept_apart_pairs(tickets: list[QueueTicket]) -> set[frozenset[str]]:
    """Pairs of waiting people who must not share a table (a block, either way)."""
    users = {t.user_id for t in tickets if t.user_id is not None}
    guests = {t.guest_key for t in tickets if t.user_id is None}
    blocks = PlayerBlock.objects.filter(
        Q(blocker_id__in=users)
        & (
            Q(blocked_user_id__in=users)
            | Q(blocked_user__isnull=True, blocked_guest_key__in=guests)
        )
    ).values_list("blocker_id", "blocked_user_id", "blocked_guest_key")
    pairs = set()
    for blocker, user_id, guest_key in blocks:
        other = f"user:{user_id}" if user_id is not None else f"guest:{guest_key}"
        pairs.add(frozenset((f"user:{blocker}", other)))
    return pairs


# --- joining and leaving --------------------------------------------------------------------


def join_queue(
    person: Person,
    name: str,
    *,
    min_seats: int,
    max_seats: int,
    mode: str = "",
    move_time: int | None = None,
) -> QueueTicket:
    """Queue ``person`` (a waiting ticket keeps its place and takes the new choices);
    ``mode`` "" and ``move_time`` None accept any."""
    if not (MIN_SEATS <= min_seats <= max_seats <= MAX_SEATS):
        raise QueueError("seats")
    if move_time is not None and move_time not in MoveTime.values:
        raise QueueError("move_time")
    now = services.clock()
    with transaction.atomic():
        ticket = QueueTicket.objects.select_for_update().filter(person.seat_filter()).first()
        if ticket is not None and not ticket.is_waiting:
            ticket.delete()  # a table of the past: queue afresh
            ticket = None
        if ticket is None:
            ticket = QueueTicket(
                user_id=person.user_id,
                guest_key="" if person.user_id is not None else person.guest_key,
                joined_at=now,
            )
        ticket.name, ticket.min_seats, ticket.max_seats = name, min_seats, max_seats
        ticket.mode, ticket.move_time = mode, move_time
        ticket.last_seen = now
        ticket.save()
        jobs.schedule(WAIT_BEFORE_BOTS.total_seconds(), form_quick_tables)
        transaction.on_commit(broadcast.queue_changed, robust=True)
    form_tables()
    return QueueTicket.objects.get(pk=ticket.pk)


def leave_queue(person: Person) -> None:
    with transaction.atomic():
        QueueTicket.objects.filter(person.seat_filter(), room__isnull=True).delete()
        transaction.on_commit(broadcast.queue_changed, robust=True)


def beat(person: Person) -> None:
    """The queue page is still open (its heartbeat)."""
    QueueTicket.objects.filter(person.seat_filter(), room__isnull=True).update(
        last_seen=services.clock()
    )


def ticket_of(person: Person) -> QueueTicket | None:
    if not person.known:
        return None
    return QueueTicket.objects.filter(person.seat_filter()).select_related("room").first()


# --- forming tables ----------------------------------------------------------------------------


def form_tables(now: datetime | None = None) -> list[int]:
    """One pass: drop tickets of people who left, start every group that is full or whose
    countdown ran out. Returns the ids of the matches started."""
    now = now or services.clock()
    started: list[int] = []
    with transaction.atomic():
        waiting = QueueTicket.objects.select_for_update().filter(room__isnull=True)
        gone = waiting.filter(last_seen__lt=now - GONE_AFTER)
        if gone.exists():
            gone.delete()
            transaction.on_commit(broadcast.queue_changed, robust=True)
        tickets = list(waiting.order_by("joined_at", "pk"))
        for group in plan_tables(tickets, kept_apart_pairs(tickets), now):
            if group.full or now >= group.starts_by():
                started.append(_start_table(group))
        if started:
            transaction.on_commit(broadcast.queue_changed, robust=True)
    return started


def _start_table(group: Group) -> int:
    people = [(ticket_person(t), t.name) for t in group.members]
    settings_ = services.RoomSettings(
        seats=group.seats,
        mode=group.mode or DEFAULT_MODE,
        move_time=group.move_time or DEFAULT_MOVE_TIME,
        tempo=TEMPO,
    )
    match = services.start_quick_table(people, settings_)
    room_id = services.room_of_match(match.pk)
    QueueTicket.objects.filter(pk__in=[t.pk for t in group.members]).update(room_id=room_id)
    return match.pk


@jobs.job("lobby.form_quick_tables")
def form_quick_tables() -> int:
    """A quick-match countdown ended: start the tables that are due; returns how many."""
    return len(form_tables())


@jobs.job("lobby.quick_match")
def quick_match_sweep() -> int:
    """The periodic backstop of the countdowns (a lost job or a restart)."""
    return len(form_tables())


# --- what the queue page shows ---------------------------------------------------------------


@dataclass(frozen=True)
class QueueStatus:
    waiting: int  # everyone in the queue
    found: int  # players found for this person's table so far (them included)
    seats_lo: int
    seats_hi: int
    starts_in: int  # seconds until the table starts with bots, at the latest
    table_url: str  # set once the table started


def status_of(person: Person, now: datetime | None = None) -> QueueStatus | None:
    """The queue as ``person`` sees it, or None when they are not queued."""
    from django.urls import reverse

    ticket = ticket_of(person)
    if ticket is None:
        return None
    now = now or services.clock()
    waiting = QueueTicket.objects.filter(room__isnull=True)
    if not ticket.is_waiting:
        room = ticket.room
        if room is None or room.current_match_id is None or not room.is_playing:
            return None
        url = reverse("game:table", args=[room.current_match_id])
        return QueueStatus(waiting.count(), 0, 0, 0, 0, url)
    tickets = list(waiting.order_by("joined_at", "pk"))
    for group in plan_tables(tickets, kept_apart_pairs(tickets), now):
        if any(member.pk == ticket.pk for member in group.members):
            seconds = max(0, int((group.starts_by() - now).total_seconds()))
            return QueueStatus(len(tickets), len(group.members), group.lo, group.hi, seconds, "")
    return None
