"""The only code that changes a room (R129-R134).

Every change locks the room row (``select_for_update``) in one transaction, so two clicks that
race see each other's result: two players taking the last seat get one seat and one "full"
message, and a double-clicked Start starts one match. The unique (room, index) constraint is
the backstop where a database cannot lock rows. After the commit every open room page is told
to redraw itself (``lobby.broadcast``).

Host controls take the acting person and refuse anyone but the host with ``NotHost`` (the
views answer 403), before anything is changed.
"""

from __future__ import annotations

import functools
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from bangarena_site import jobs
from game import broadcast as game_broadcast
from game import presence, seat_labels
from game import services as game_services
from game.models import SEAT_NAME_MAX_LENGTH, BotStrength, Match, MatchSeat
from game.services import SeatSpec
from lobby import apart, broadcast, codes
from lobby.identity import Person
from lobby.models import MAX_SEATS, Room, RoomKick, RoomSeat
from machines.agents import services as agents
from machines.ai import seating

clock: Callable[[], datetime] = timezone.now
"""The lobby's clock; tests replace it to move time without sleeping."""

# R133 / Q60: a host away this long hands the room to the longest-present human.
HOST_ABSENCE_LIMIT = timedelta(seconds=30)
# Rooms nobody has been in for this long are closed by the daily clean-up.
EMPTY_ROOM_LIFETIME = timedelta(days=1)
CODE_ATTEMPTS = 20

ERROR_MESSAGES: dict[str, Promise] = {
    "no_room": _("No open room has this code. Check it, or ask the host for a new link."),
    "closed": _("This room has been closed."),
    "full": _("This room is full: every seat is taken."),
    "started": _("The match in this room has already started."),
    "not_open": _("The match has started; seats can no longer change."),
    "seat_taken": _("That seat is already taken."),
    "no_player": _("Nobody sits in that seat."),
    "no_such_seat": _("This room has no such seat."),
    "not_human": _("Only a player's seat can be handed to a bot."),
    "host_seat": _("The host cannot be replaced or removed; use ← Back to leave the room."),
    "not_filled": _("Every seat must be filled before the match can start."),
    "not_ready": _("Not every player is here yet; start anyway to let the bot play for them."),
    "running": _("The match is still being played."),
    "no_agent": _("No agent program sits in that seat."),
    "no_model": _("Choose one of the language models on offer."),
    "name_taken": _("Someone at this table already goes by that name: pick another one."),
    "block_bot": _("Only players can be blocked, not bots or AIs."),
    "block_self": _("You cannot block yourself."),
    "report_bot": _("Only players can be reported, not bots or AIs."),
    "report_self": _("You cannot report yourself."),
    "kicked": _("The host removed you from this room, so you cannot take a seat in it again."),
    "no_strength": _("Choose Easy, Normal or Hard for the bot."),
    "not_bot": _("Only a bot has a strength to choose: the bot plays a player's seat at Normal."),
}
#: Refusals of input no page of the site sends (a forged or garbled form): 400, not 409.
BAD_INPUT = frozenset({"no_strength"})


class RoomError(Exception):
    """A refused change; nothing was changed. ``message`` is a lazy translation."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.message = ERROR_MESSAGES[code]
        self.status = 400 if code in BAD_INPUT else 409
        super().__init__(code)


class NotHost(Exception):
    """Someone who is not the room's host tried a host control (views answer 403)."""


@dataclass(frozen=True)
class RoomSettings:
    """What the start screen chose for a new room (fixed for the room's life, Q59)."""

    seats: int
    mode: str
    move_time: int
    tempo: str


def room_url(room: Room) -> str:
    return reverse("lobby:room", args=[room.code])


# --- creating and joining ------------------------------------------------------------------


def create_room(person: Person, name: str, settings: RoomSettings) -> Room:
    """A new open room with ``person`` as host in seat 1."""
    now = clock()
    for _attempt in range(CODE_ATTEMPTS):
        try:
            with transaction.atomic():
                room = Room.objects.create(
                    code=codes.new_code(),
                    seats=settings.seats,
                    mode=settings.mode,
                    move_time=settings.move_time,
                    tempo=settings.tempo,
                    created_at=now,
                    last_activity=now,
                )
                room.host = _seat_person(room, 0, person, name, now)
                room.save(update_fields=["host"])
                return room
        except IntegrityError:
            continue  # the code was taken a moment ago: draw another
    raise RuntimeError("could not find a free room code")


def play_now(
    person: Person, name: str, settings: RoomSettings, *, bot_strength: str = BotStrength.NORMAL
) -> Match:
    """Play (R130): a private room with the player as host at a random seat, bots of
    ``bot_strength`` (issue 22) in every other seat, started at once."""
    _check_strength(bot_strength)
    with transaction.atomic():
        room = create_room(person, name, settings)
        room = _locked(room.pk)
        host_seat = room.host
        assert host_seat is not None
        seat = secrets.randbelow(settings.seats)
        if seat != host_seat.index:
            host_seat.index = seat
            host_seat.save(update_fields=["index"])
        now = clock()
        for index in _free_indices(room):
            _new_bot(room, index, now, bot_strength)
        return _start(room, starter=host_seat)


def start_quick_table(people: list[tuple[Person, str]], settings: RoomSettings) -> Match:
    """Quick match (issue 23): a private room with these strangers in arrival order (the
    first is host), bots in every other seat, started at once. A name already at the table
    gets a number ("Annie 2"), since names are unique within a table. Everyone counts as
    here: their queue pages beat a moment ago and now go to the table (a page closed for
    good was dropped from the queue; one that never arrives goes away after a presence
    window, and the autopilot covers it, issue 17)."""
    with transaction.atomic():
        (first, first_name), rest = people[0], people[1:]
        room = _locked(create_room(first, first_name, settings).pk)
        now = clock()
        for index, (person, name) in enumerate(rest, start=1):
            _seat_person(room, index, person, _free_name(room, name), now)
        for index in _free_indices(room):
            _new_bot(room, index, now)
        return _start(room, everyone_here=True)


def _free_name(room: Room, name: str) -> str:
    """``name``, or ``name`` with the lowest number that no one at the table goes by."""
    for number in range(1, MAX_SEATS + 2):
        candidate = name if number == 1 else f"{name[: SEAT_NAME_MAX_LENGTH - 3]} {number}"
        try:
            _check_name_free(room, candidate)
        except RoomError:
            continue
        return candidate
    raise RuntimeError("no free name")  # more names than seats: cannot happen


def room_of_match(match_id: int) -> int:
    return Room.objects.filter(current_match_id=match_id).values_list("pk", flat=True).get()


def join(code: str, person: Person, name: str, *, public_only: bool = False) -> RoomSeat:
    """Take the lowest free seat of the room with ``code``; a member gets their own seat back.

    Refusals: ``no_room`` (unknown code, or with ``public_only`` a room that is not public:
    the open list never seats anyone in a private room, even one made private a moment
    ago), ``closed``, ``started`` (a match is running: the caller sends a non-member to watch
    it), ``full``.
    """
    with transaction.atomic():
        room = Room.objects.select_for_update().filter(code=code).first()
        if room is None or (public_only and not room.is_public):
            raise RoomError("no_room")
        if public_only and apart.keeps_apart(room, person):
            # A block is never told: to both players the table is simply not open.
            raise RoomError("no_room")
        if room.is_closed:
            raise RoomError("closed")
        mine = room.members.filter(person.seat_filter()).first()
        if mine is not None:
            return mine
        if was_kicked(room, person):
            raise RoomError("kicked")
        if room.is_playing:
            raise RoomError("started")
        free = _free_indices(room)
        if not free:
            raise RoomError("full")
        _check_name_free(room, name)
        now = clock()
        try:
            with transaction.atomic():
                seat = _seat_person(room, free[0], person, name, now)
        except IntegrityError:
            # Only without row locks (the constraint caught a racing join): that seat is gone.
            raise RoomError("full") from None
        _touch(room, now)
        _redraw_on_commit(room)
        return seat


def same_name(name: str) -> str:
    """A name as players tell names apart: "Annie", " annie " and "ＡＮＮＩＥ" are one name."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def _check_name_free(room: Room, name: str) -> None:
    """Names are unique within a table (issue 23): strangers must know who is who."""
    wanted = same_name(name)
    taken = room.members.exclude(name="").values_list("name", flat=True)
    if any(same_name(other) == wanted for other in taken):
        raise RoomError("name_taken")


def _seat_person(room: Room, index: int, person: Person, name: str, now: datetime) -> RoomSeat:
    return RoomSeat.objects.create(
        room=room,
        index=index,
        kind=RoomSeat.Kind.HUMAN,
        user_id=person.user_id,
        guest_key="" if person.user_id is not None else person.guest_key,
        name=name,
        joined_at=now,
        last_seen=now,
    )


def member_of(room: Room, person: Person) -> RoomSeat | None:
    if not person.known:
        return None
    return room.members.filter(kind=RoomSeat.Kind.HUMAN).filter(person.seat_filter()).first()


def leave(room_id: int, person: Person) -> None:
    """← Back (R131): leave the room before its match. The seat is freed; if the host leaves,
    the longest-present human becomes host, and a room without humans closes. During a match
    the seat is kept for the player (the live table's autopilot covers an absence)."""
    with transaction.atomic():
        room = _locked(room_id)
        seat = member_of(room, person)
        if seat is None or room.is_closed:
            return
        if room.is_playing:
            raise RoomError("running")
        was_host = room.host_id == seat.pk
        seat.delete()
        room.refresh_from_db(fields=["host"])
        if was_host or room.host_id is None:
            _hand_host_to_next(room, exclude=None)
        _touch(room, clock())
        _redraw_on_commit(room)


# --- host controls before the match (R131) ----------------------------------------------------


def set_public(room_id: int, person: Person, *, public: bool, language: str = "") -> None:
    """The host's switch (issue 23): a public room is listed at /play/ for strangers until
    its match starts; ``language`` is the host's, shown in the list. Private is the default
    and hides the room from every public page again at once."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=True)
        if room.is_public == public:
            return
        now = clock()
        room.is_public = public
        room.public_since = now if public else None
        if public:
            room.language = language
        room.save(update_fields=["is_public", "public_since", "language"])
        _touch(room, now)
        _redraw_on_commit(room)
        # Made private: the list must drop it although the room no longer counts as public.
        transaction.on_commit(broadcast.open_rooms_changed, robust=True)


def fill_with_bots(room_id: int, person: Person, strength: str = BotStrength.NORMAL) -> int:
    """Bots of ``strength`` (issue 22) take every free seat; returns how many were seated."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=True)
        _check_strength(strength)
        now = clock()
        free = _free_indices(room)
        for index in free:
            _new_bot(room, index, now, strength)
        _touch(room, now)
        _redraw_on_commit(room)
        return len(free)


def seat_bot(room_id: int, person: Person, index: int, strength: str = BotStrength.NORMAL) -> None:
    """A bot of ``strength`` (issue 22) takes one chosen free seat."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=True)
        _check_index(room, index)
        _check_strength(strength)
        if room.members.filter(index=index).exists():
            raise RoomError("seat_taken")
        now = clock()
        _new_bot(room, index, now, strength)
        _touch(room, now)
        _redraw_on_commit(room)


def set_bot_strength(room_id: int, person: Person, index: int, strength: str) -> None:
    """The host chooses how well the bot in seat ``index`` plays (issue 22): Easy, Normal or
    Hard, kept for every match of the room until changed. Only between matches, like every
    seat change (Q59): a running match's bots keep the strength they started with."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=True)
        _check_index(room, index)
        _check_strength(strength)
        seat = room.members.filter(index=index).first()
        if seat is None:
            raise RoomError("no_player")
        if seat.kind != RoomSeat.Kind.BOT:
            raise RoomError("not_bot")
        if seat.strength == strength:
            return
        seat.strength = strength
        seat.save(update_fields=["strength"])
        _touch(room, clock())
        _redraw_on_commit(room)


def fill_with_ais(room_id: int, person: Person, model_id: int | None) -> int:
    """AIs played by the chosen language model take every free seat (R142); returns how many."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=True)
        model = seating.enabled_model(model_id)
        if model is None:
            raise RoomError("no_model")
        now = clock()
        free = _free_indices(room)
        for index in free:
            seat = RoomSeat.objects.create(
                room=room, index=index, kind=RoomSeat.Kind.AI, name="", joined_at=now
            )
            seating.bind_room_seat(seat, model)
        _touch(room, now)
        _redraw_on_commit(room)
        return len(free)


def seat_ai(room_id: int, person: Person, index: int, model_id: int | None) -> None:
    """An AI played by the chosen language model takes one chosen free seat (R142)."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=True)
        _check_index(room, index)
        model = seating.enabled_model(model_id)
        if model is None:
            raise RoomError("no_model")
        if room.members.filter(index=index).exists():
            raise RoomError("seat_taken")
        now = clock()
        seat = RoomSeat.objects.create(
            room=room, index=index, kind=RoomSeat.Kind.AI, name="", joined_at=now
        )
        seating.bind_room_seat(seat, model)
        _touch(room, now)
        _redraw_on_commit(room)


def replace_with_bot(room_id: int, person: Person, index: int) -> None:
    """A bot takes over a player's seat; the player leaves the room."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=True)
        seat = _occupied_player(room, index)
        now = clock()
        seat.delete()
        _new_bot(room, index, now)
        _touch(room, now)
        _redraw_on_commit(room)


def kick_player(room_id: int, person: Person, index: int) -> None:
    """Kick (issue 23): the host takes a player out of the room for good; the player's
    page says so, and they cannot take a seat in this room again."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=True)
        seat = _occupied_player(room, index)
        now = clock()
        RoomKick.objects.get_or_create(
            room=room,
            user_id=seat.user_id,  # type: ignore[misc]  # None for a guest, as the model allows
            guest_key=seat.guest_key if seat.user_id is None else "",
            defaults={"name": seat.name, "kicked_at": now},
        )
        seat.delete()
        _touch(room, now)
        _redraw_on_commit(room)


def was_kicked(room: Room, person: Person) -> bool:
    """Whether the host kicked ``person`` out of ``room`` (a kicked player stays out)."""
    if not person.known:
        return False
    return RoomKick.objects.filter(room=room).filter(person.seat_filter()).exists()


def remove(room_id: int, person: Person, index: int) -> None:
    """Free an occupied seat (a bot, or a player who then leaves the room)."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=True)
        _occupied(room, index).delete()
        _touch(room, clock())
        _redraw_on_commit(room)


# --- agent seats (issue 9: programs play an AI seat with a token, machines.agents) ----------------


def seat_agent(room_id: int, person: Person, index: int, name: str, created_by: Any = None) -> str:
    """An agent program takes one chosen free seat as an AI seat named ``name``; returns its
    token in plain text, to be shown once to the host (only its hash is stored)."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=True)
        _check_index(room, index)
        if room.members.filter(index=index).exists():
            raise RoomError("seat_taken")
        _check_name_free(room, name)
        now = clock()
        seat = RoomSeat.objects.create(
            room=room, index=index, kind=RoomSeat.Kind.AI, name=name, joined_at=now
        )
        token = agents.create_token(room_seat=seat, name=name, created_by=created_by)
        _touch(room, now)
        _redraw_on_commit(room)
        return token


def new_agent_token(room_id: int, person: Person, index: int, created_by: Any = None) -> str:
    """Revoke the agent seat's tokens and make a new one (shown once); also during a match."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=False)
        seat = _agent_seat(room, index)
        agents.revoke_all(seat)
        token = agents.create_token(room_seat=seat, name=seat.name, created_by=created_by)
        _redraw_on_commit(room)
        return token


def revoke_agent_token(room_id: int, person: Person, index: int) -> None:
    """The agent seat's tokens stop working at once and their sockets close; the seat stays
    an AI seat (R120's automatic moves) until the host makes a new token or removes it."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=False)
        agents.revoke_all(_agent_seat(room, index))
        _redraw_on_commit(room)


def _agent_seat(room: Room, index: int) -> RoomSeat:
    if room.is_closed:
        raise RoomError("closed")
    _check_index(room, index)
    seat = room.members.filter(index=index, kind=RoomSeat.Kind.AI, agent_tokens__isnull=False)
    found = seat.first()
    if found is None:
        raise RoomError("no_agent")
    return found


def start(room_id: int, person: Person, *, anyway: bool = False) -> Match:
    """Start (or Play again, Q61): a new match from the room's seats and settings, with a
    fresh seed; roles and characters are dealt by the engine. Every member is sent to it.

    The ready check (issue 17): it starts when every human seat is here (the room page, or a
    page of the room's last match, is open); else only ``anyway``, and the seats of those
    who are not here begin on the autopilot (R121) until they open the table."""
    with transaction.atomic():
        room = _host_locked(room_id, person, open_only=True)
        return _start(room, anyway=anyway, starter=member_of(room, person))


def players_here(room: Room, seats: list[RoomSeat]) -> set[int]:
    """Indices of the human seats whose player is here: a room page of theirs is open, or a
    page of the room's last match (its table, its summary) still beats (game.presence)."""
    at_last_match: set[int] = set()
    if room.current_match_id is not None:
        at_last_match = presence.live_seats(room.current_match_id)
    return {
        seat.index
        for seat in seats
        if seat.is_human and (seat.connected or seat.index in at_last_match)
    }


def _start(
    room: Room,
    *,
    anyway: bool = False,
    starter: RoomSeat | None = None,
    everyone_here: bool = False,
) -> Match:
    """``starter``: the seat of whoever pressed Start; he is here whatever page he used.
    ``everyone_here``: every player is on the way to the table (quick match)."""
    seats = list(room.members.order_by("index"))
    if len(seats) != room.seats:
        raise RoomError("not_filled")
    if everyone_here:
        here = {seat.index for seat in seats if seat.is_human}
    else:
        here = players_here(room, seats)
    if starter is not None and starter.is_human:
        here.add(starter.index)
    absent = [seat.index for seat in seats if seat.is_human and seat.index not in here]
    if absent and not anyway:
        raise RoomError("not_ready")
    previous = room.current_match_id
    match = game_services.start_match(
        seats=[_seat_spec(seat, seats) for seat in seats],
        mode=room.mode,
        move_time=room.move_time,
        tempo=room.tempo,
        # The table and result pages link back here; game never imports lobby.
        room_url=room_url(room),
        host_seat=room.host.index if room.host is not None else None,
        present=here,
        autopilot=absent,
    )
    # Model seats keep their model (Play again too); bound before the first AI request.
    seating.bind_match(seats, match)
    now = clock()
    room.status = Room.Status.PLAYING
    room.current_match = match
    room.last_activity = now
    room.save(update_fields=["status", "current_match", "last_activity"])
    _redraw_on_commit(room)
    if previous is not None:
        # Play again reaches the old table and its summary pages, not only the room page.
        announce = functools.partial(game_broadcast.announce_next, previous, match.pk)
        transaction.on_commit(announce, robust=True)
    return match


def _seat_spec(seat: RoomSeat, seats: list[RoomSeat]) -> SeatSpec:
    if seat.is_human:
        return SeatSpec(
            kind=MatchSeat.Kind.HUMAN,
            name=seat.name,
            user_id=seat.user_id,
            guest_key=seat.guest_key,
        )
    if seat.kind == RoomSeat.Kind.BOT:
        return SeatSpec(kind=seat.kind, name=seat_label(seat, seats), strength=seat.strength)
    return SeatSpec(kind=seat.kind, name=seat_label(seat, seats))


def seat_label(seat: RoomSeat, seats: list[RoomSeat]) -> str:
    """'Bot N' / 'AI N', counted per kind in table order (R1, R141, R142); '' for humans."""
    return seat_labels.numbered(seat, seats)


# --- after the match --------------------------------------------------------------------------


def match_over(match: Match) -> None:
    """The room's match ended: the room opens again with the same seats, offering Play again."""
    with transaction.atomic():
        room = Room.objects.select_for_update().filter(current_match=match).first()
        if room is None or not room.is_playing:
            return
        room.status = Room.Status.OPEN
        room.last_activity = clock()
        room.save(update_fields=["status", "last_activity"])
        _redraw_on_commit(room)


# --- presence and the host (R133) ---------------------------------------------------------------


def adopt_guest_seats(user_id: int, guest_key: str) -> int:
    """Give a guest's room seats to the account they just logged in to (or made), so signing
    up mid-room keeps the seat. A room where the account already sits keeps both as they are.
    Returns how many seats changed hands."""
    adopted = 0
    with transaction.atomic():
        seats = RoomSeat.objects.select_for_update().filter(guest_key=guest_key, user__isnull=True)
        for seat in seats.select_related("room"):
            if RoomSeat.objects.filter(room_id=seat.room_id, user_id=user_id).exists():
                continue
            seat.user_id, seat.guest_key = user_id, ""
            seat.save(update_fields=["user", "guest_key"])
            _redraw_on_commit(seat.room)
            adopted += 1
        apart.adopt_guest_blocks(user_id, guest_key)
        # A guest kicked out of a room stays out after signing in.
        kicks = RoomKick.objects.filter(guest_key=guest_key, user__isnull=True)
        for kick in kicks.select_for_update():
            if RoomKick.objects.filter(room_id=kick.room_id, user_id=user_id).exists():
                kick.delete()
                continue
            kick.user_id, kick.guest_key = user_id, ""
            kick.save(update_fields=["user", "guest_key"])
    return adopted


def socket_opened(room_id: int, person: Person) -> None:
    _presence(room_id, person, opened=True)


def socket_closed(room_id: int, person: Person) -> None:
    _presence(room_id, person, opened=False)


def room_beat(room_id: int, person: Person) -> None:
    """A room page's heartbeat (Q48, as at the table): the member was seen now. A seat that
    a sweep had marked away (or whose count a crashed process left wrong) is present again."""
    seat = RoomSeat.objects.filter(room_id=room_id).filter(person.seat_filter()).first()
    if seat is None:
        return
    if seat.connected:
        RoomSeat.objects.filter(pk=seat.pk).update(last_seen=clock())
        return
    with transaction.atomic():
        room = _locked(room_id)
        seat = member_of(room, person)
        if seat is not None and not seat.connected:
            seat.sockets = 0
            _seat_presence(room, seat, opened=True)


def room_presence_sweep(now: datetime | None = None) -> int:
    """Members whose room pages all stopped beating for a window are away, whatever their
    socket count says: a web process that died never took its sockets off the count.
    Returns how many members went away."""
    now = now or clock()
    stale = RoomSeat.objects.filter(
        kind=RoomSeat.Kind.HUMAN, connected=True, last_seen__lt=now - presence.PRESENCE_WINDOW
    ).values_list("room_id", "pk")
    gone = 0
    for room_id, seat_id in list(stale):
        with transaction.atomic():
            room = _locked(room_id)
            seat = room.members.filter(pk=seat_id, connected=True).first()
            if (
                seat is None
                or seat.last_seen is None
                or seat.last_seen >= now - presence.PRESENCE_WINDOW
            ):
                continue
            seat.sockets = 1  # the next close takes the count to nobody
            _seat_presence(room, seat, opened=False)
            gone += 1
    return gone


def _presence(room_id: int, person: Person, *, opened: bool) -> None:
    with transaction.atomic():
        room = _locked(room_id)
        seat = member_of(room, person)
        if seat is None:
            return
        _seat_presence(room, seat, opened=opened)


def _seat_presence(room: Room, seat: RoomSeat, *, opened: bool) -> None:
    """One room socket of ``seat`` opened or closed (under the room lock)."""
    now = clock()
    seat.sockets = seat.sockets + 1 if opened else max(0, seat.sockets - 1)
    was_connected = seat.connected
    seat.connected = seat.sockets > 0
    seat.last_seen = now
    seat.save(update_fields=["sockets", "connected", "last_seen"])
    anyone_here = room.members.filter(connected=True).exists()
    room.empty_since = None if anyone_here else now
    room.save(update_fields=["empty_since"])
    if seat.connected == was_connected:
        return
    if not seat.connected and room.host_id == seat.pk:
        # Look again once the 30 s are up; the periodic sweep is the backstop.
        seconds = HOST_ABSENCE_LIMIT.total_seconds() + 1
        jobs.schedule(seconds, check_host, room.pk)
    _redraw_on_commit(room)


# A job (lobby.tasks lists it) that lives here, with the code that arms it: no import back.
@jobs.job("lobby.check_host")
def check_host(room_id: int) -> bool:
    """Hand the room to the longest-present connected human if the host has been away for
    30 s (R133, Q60); during a match presence is the table's, and the table learns the new
    host through game.services.set_host. Returns True when the host changed."""
    with transaction.atomic():
        room = _locked(room_id)
        if room.is_closed:
            return False
        now = clock()
        away_since = _host_away_since(room)
        if away_since is None or now - away_since < HOST_ABSENCE_LIMIT:
            return False
        return _hand_host_to_next(room, exclude=room.host_id, connected_only=True)


def _host_away_since(room: Room) -> datetime | None:
    """When the host was last seen, if they are away now; None while they are here."""
    host = room.host
    if host is None:
        return room.last_activity
    if room.is_playing and room.current_match_id is not None:
        player = MatchSeat.objects.filter(match_id=room.current_match_id, seat=host.index).first()
        if player is None:
            return None
        if player.connected:
            return None
        return player.away_since or player.last_seen or room.last_activity
    if host.connected:
        return None
    return host.last_seen or host.joined_at


def _hand_host_to_next(room: Room, *, exclude: int | None, connected_only: bool = False) -> bool:
    """Make the human who has been in the room longest the host (ties: lower seat first);
    prefer connected ones. A room left without humans closes. Returns True on a change."""
    everyone = room.members.filter(kind=RoomSeat.Kind.HUMAN)
    if not everyone.exists():
        if room.is_playing:
            return False  # Q60: the room closes when the match ends
        _close(room)
        return True
    humans = everyone.exclude(pk=exclude) if exclude is not None else everyone
    present = _present(room, humans)
    candidates = present if (present or connected_only) else list(humans)
    if not candidates:
        return False
    new_host = min(candidates, key=lambda seat: (seat.joined_at, seat.index))
    if new_host.pk == room.host_id:
        return False
    room.host = new_host
    room.save(update_fields=["host"])
    if room.is_playing and room.current_match_id is not None:
        game_services.set_host(room.current_match_id, new_host.index)
    _redraw_on_commit(room)
    return True


def _present(room: Room, humans) -> list[RoomSeat]:  # noqa: ANN001 (a RoomSeat queryset)
    if room.is_playing and room.current_match_id is not None:
        here = set(
            MatchSeat.objects.filter(
                match_id=room.current_match_id, kind=MatchSeat.Kind.HUMAN, connected=True
            ).values_list("seat", flat=True)
        )
        return [seat for seat in humans if seat.index in here]
    return [seat for seat in humans if seat.connected]


def rooms_to_check() -> list[int]:
    """Rooms whose host might be away (the periodic sweep looks at each)."""
    maybe_away = Q(status=Room.Status.OPEN, host__connected=False) | Q(
        status=Room.Status.OPEN, host__isnull=True
    )
    # During a match presence is the table's: every playing room is looked at.
    playing = Q(status=Room.Status.PLAYING)
    return list(Room.objects.filter(maybe_away | playing).values_list("pk", flat=True))


# --- closing ----------------------------------------------------------------------------------


def close_empty_rooms() -> int:
    """Close rooms nobody has been in for a day (a running match keeps its room)."""
    cutoff = clock() - EMPTY_ROOM_LIFETIME
    stale = (
        Room.objects.exclude(status=Room.Status.CLOSED)
        .exclude(members__connected=True)
        .filter(Q(empty_since__lte=cutoff) | Q(empty_since__isnull=True, last_activity__lte=cutoff))
        .exclude(current_match__status=Match.Status.RUNNING)
    )
    closed = 0
    for room_id in list(stale.values_list("pk", flat=True).distinct()):
        with transaction.atomic():
            room = _locked(room_id)
            if not room.is_closed:
                _close(room)
                closed += 1
    return closed


def close_room(room_id: int) -> None:
    """Close a room at once (moderation)."""
    with transaction.atomic():
        room = _locked(room_id)
        if not room.is_closed:
            _close(room)


def kick(seat_id: int) -> RoomSeat | None:
    """Take a member's seat away (moderation); the host passes on if it was them."""
    with transaction.atomic():
        seat = RoomSeat.objects.filter(pk=seat_id).select_related("room").first()
        if seat is None:
            return None
        room = _locked(seat.room_id)
        was_host = room.host_id == seat.pk
        seat.delete()
        if was_host:
            room.host = None
            _hand_host_to_next(room, exclude=None)
        _touch(room, clock())
        _redraw_on_commit(room)
        return seat


def _close(room: Room) -> None:
    now = clock()
    room.status = Room.Status.CLOSED
    room.closed_at = now
    room.save(update_fields=["status", "closed_at"])
    _redraw_on_commit(room)


# --- helpers ----------------------------------------------------------------------------------


def _locked(room_id: int) -> Room:
    return Room.objects.select_for_update(of=("self",)).select_related("host").get(pk=room_id)


def _host_locked(room_id: int, person: Person, *, open_only: bool) -> Room:
    room = _locked(room_id)
    host = room.host
    if host is None or not person.known or not _is_person(host, person):
        raise NotHost
    if open_only and not room.is_open:
        raise RoomError("not_open")
    return room


def _is_person(seat: RoomSeat, person: Person) -> bool:
    if person.user_id is not None:
        return seat.user_id == person.user_id
    return seat.user_id is None and bool(seat.guest_key) and seat.guest_key == person.guest_key


def is_host(room: Room, person: Person) -> bool:
    return room.host is not None and person.known and _is_person(room.host, person)


def _free_indices(room: Room) -> list[int]:
    taken = set(room.members.values_list("index", flat=True))
    return [index for index in range(room.seats) if index not in taken]


def _check_index(room: Room, index: int) -> None:
    if not 0 <= index < room.seats:
        raise RoomError("no_such_seat")


def _check_strength(strength: str) -> None:
    """Refuse a bot strength that is none of Easy, Normal and Hard (a forged form)."""
    if strength not in BotStrength.values:
        raise RoomError("no_strength")


def _new_bot(room: Room, index: int, now: datetime, strength: str = BotStrength.NORMAL) -> RoomSeat:
    """A bot of ``strength`` in the free seat ``index`` (its label is counted at Start)."""
    return RoomSeat.objects.create(
        room=room, index=index, kind=RoomSeat.Kind.BOT, name="", strength=strength, joined_at=now
    )


def _occupied(room: Room, index: int) -> RoomSeat:
    _check_index(room, index)
    seat = room.members.filter(index=index).first()
    if seat is None:
        raise RoomError("no_player")
    if seat.pk == room.host_id:
        raise RoomError("host_seat")
    return seat


def _occupied_player(room: Room, index: int) -> RoomSeat:
    """The player (not a bot or AI) in an occupied seat other than the host's."""
    seat = _occupied(room, index)
    if not seat.is_human:
        raise RoomError("not_human")
    return seat


def _touch(room: Room, now: datetime) -> None:
    room.last_activity = now
    room.save(update_fields=["last_activity"])


def _redraw_on_commit(room: Room) -> None:
    """Every page of the room redraws it after the commit; and while the room is public the
    open list at /play/ too (seats taken, started, closed: it moves or leaves the list)."""
    room_id = room.pk
    transaction.on_commit(lambda: broadcast.room_changed(room_id), robust=True)
    if room.is_public:
        transaction.on_commit(broadcast.open_rooms_changed, robust=True)
