"""Who must never be seated together (issue 23): the reading side of blocks.

``lobby.blocks`` makes and removes blocks (it needs the room services to know who sits where);
the services ask here before they seat someone from the open list or quick match, so this
module needs nothing of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from lobby.identity import Person
from lobby.models import PlayerBlock, Room, RoomSeat


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
