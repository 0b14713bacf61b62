"""Blocking a player (issue 23): who must never be seated together through the open tables
or quick match.

A block is made from a room page by a signed-in member, on another human seat of that room
(the one place where a stranger's seat is known without exposing any account id). It works
both ways: ``kept_apart`` answers for the blocker and for the blocked player alike, so a
blocked player cannot reach the blocker's table either, and is never told why (the tables
simply are not offered). ``lobby.open_rooms`` and ``lobby.services.join`` ask here.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet

from lobby import services
from lobby.identity import Person
from lobby.models import PlayerBlock, Room, RoomSeat


class NotAllowed(Exception):
    """Only a signed-in member of the room may block one of its players (views answer 403)."""


@dataclass(frozen=True)
class KeptApart:
    """The people someone must not be seated with: accounts and guest session keys."""

    user_ids: frozenset[int]
    guest_keys: frozenset[str]

    def seats(self) -> Q:
        """RoomSeat rows of those people."""
        return Q(user_id__in=self.user_ids) | Q(user__isnull=True, guest_key__in=self.guest_keys)

    def __bool__(self) -> bool:
        return bool(self.user_ids or self.guest_keys)


def kept_apart(person: Person) -> KeptApart:
    """Everyone ``person`` blocked and everyone who blocked ``person``."""
    if not person.known:
        return KeptApart(frozenset(), frozenset())
    users: set[int] = set()
    guests: set[str] = set()
    if person.user_id is not None:
        mine = PlayerBlock.objects.filter(blocker_id=person.user_id)
        for user_id, guest_key in mine.values_list("blocked_user_id", "blocked_guest_key"):
            if user_id is not None:
                users.add(user_id)
            elif guest_key:
                guests.add(guest_key)
        blocked_me = PlayerBlock.objects.filter(blocked_user_id=person.user_id)
    else:
        blocked_me = PlayerBlock.objects.filter(
            blocked_user__isnull=True, blocked_guest_key=person.guest_key
        )
    users.update(blocked_me.values_list("blocker_id", flat=True))
    return KeptApart(frozenset(users), frozenset(guests))


def rooms_kept_from(person: Person) -> QuerySet[Room]:
    """Rooms where someone ``person`` is kept apart from sits."""
    apart = kept_apart(person)
    if not apart:
        return Room.objects.none()
    return Room.objects.filter(
        pk__in=RoomSeat.objects.filter(apart.seats(), kind=RoomSeat.Kind.HUMAN).values("room")
    )


def keeps_apart(room: Room, person: Person) -> bool:
    """Whether ``person`` must not be seated in ``room`` by the open list or quick match."""
    apart = kept_apart(person)
    return bool(apart) and room.members.filter(apart.seats(), kind=RoomSeat.Kind.HUMAN).exists()


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


def adopt_guest_blocks(user_id: int, guest_key: str) -> None:
    """A blocked guest who signs up (or logs in) stays blocked under the account."""
    for block in PlayerBlock.objects.filter(blocked_user=None, blocked_guest_key=guest_key):
        if PlayerBlock.objects.filter(
            blocker_id=block.blocker_id, blocked_user_id=user_id
        ).exists():
            block.delete()
            continue
        block.blocked_user_id, block.blocked_guest_key = user_id, ""
        block.save(update_fields=["blocked_user", "blocked_guest_key"])


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
