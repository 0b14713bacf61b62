"""Blocking a player (issue 23): who must never be seated together through the open tables
or quick match.

A block is made from a room page by a signed-in member, on another human seat of that room
(the one place where a stranger's seat is known without exposing any account id). It works
both ways: ``kept_apart`` answers for the blocker and for the blocked player alike, so a
blocked player cannot reach the blocker's table either, and is never told why (the tables
simply are not offered). ``lobby.open_rooms`` and ``lobby.services.join`` ask here.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import QuerySet

from lobby import services
from lobby.apart import KeptApart, adopt_guest_blocks, keeps_apart, kept_apart, rooms_kept_from
from lobby.identity import Person
from lobby.models import PlayerBlock, Room, RoomSeat

# Who is kept apart from whom is read below the services (lobby.apart), which ask it when they
# seat someone; the names stay importable from here, where blocks are made.
__all__ = ["KeptApart", "adopt_guest_blocks", "kept_apart", "keeps_apart", "rooms_kept_from"]


class NotAllowed(Exception):
    """Only a signed-in member of the room may block one of its players (views answer 403)."""


def block_seat(room: Room, person: Person, index: int) -> PlayerBlock:
    """``person`` blocks whoever sits at ``index`` of ``room``. Refusals: ``NotAllowed`` for
    guests and non-members (403); ``RoomError`` for an empty, non-human or own seat."""
    me = services.member_of(room, person)
    if person.user_id is None or me is None:
        raise NotAllowed
    target = other_player(room, me, index)
    existing = _block_of(person, target).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return PlayerBlock.objects.create(
                blocker_id=person.user_id,
                blocked_user_id=target.user_id,
                blocked_guest_key="" if target.user_id is not None else target.guest_key,
                name=target.name,
                created_at=services.clock(),
            )
    except IntegrityError:  # a double click: the first one made it
        return _block_of(person, target).get()


def unblock_seat(room: Room, person: Person, index: int) -> None:
    me = services.member_of(room, person)
    if person.user_id is None or me is None:
        raise NotAllowed
    _block_of(person, other_player(room, me, index)).delete()


def unblock(person: Person, block_id: int) -> None:
    """Lift one of ``person``'s own blocks; anyone else's block is ``NotAllowed`` (403)."""
    block = PlayerBlock.objects.filter(pk=block_id).first()
    if block is None or person.user_id is None or block.blocker_id != person.user_id:
        raise NotAllowed
    block.delete()


def blocked_indices(room: Room, person: Person) -> set[int]:
    """Seats of ``room`` whose player ``person`` has blocked (shown on his room page)."""
    if person.user_id is None:
        return set()
    mine = PlayerBlock.objects.filter(blocker_id=person.user_id)
    users = set(mine.exclude(blocked_user=None).values_list("blocked_user_id", flat=True))
    guests = set(mine.filter(blocked_user=None).values_list("blocked_guest_key", flat=True))
    return {
        seat.index
        for seat in room.members.filter(kind=RoomSeat.Kind.HUMAN)
        if (seat.user_id is not None and seat.user_id in users)
        or (seat.user_id is None and seat.guest_key in guests)
    }


def other_player(
    room: Room, me: RoomSeat, index: int, *, bot: str = "block_bot", self_: str = "block_self"
) -> RoomSeat:
    """The human at ``index`` of ``room`` other than ``me``; else ``RoomError`` (``bot`` and
    ``self_`` name the refusals, which block and report word their own way)."""
    if not 0 <= index < room.seats:
        raise services.RoomError("no_such_seat")
    target = room.members.filter(index=index).first()
    if target is None:
        raise services.RoomError("no_player")
    if not target.is_human:
        raise services.RoomError(bot)
    if target.pk == me.pk:
        raise services.RoomError(self_)
    return target


def _block_of(person: Person, target: RoomSeat) -> QuerySet[PlayerBlock]:
    mine = PlayerBlock.objects.filter(blocker_id=person.user_id)
    if target.user_id is not None:
        return mine.filter(blocked_user_id=target.user_id)
    return mine.filter(blocked_user=None, blocked_guest_key=target.guest_key)
