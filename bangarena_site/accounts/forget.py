"""Forgetting people: a player who deletes his account, and guests after 30 days.

What a match was stays for the others who played it: its seats, results, signals and ratings.
What made it someone's goes: the account row (username, e-mail, password, display name,
language, ban record) with its ratings, tallies, achievements and preferences, and the name
and session key written on each of his seats, which then read "Deleted player" (a purged
guest's read "Guest"; game.seat_labels).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from bangarena_site.jobs import job
from bangarena_site.live.accounts import close_account_sockets
from game import seat_labels
from game import services as game_services
from game.models import Match, MatchSeat
from lobby import services as lobby_services
from lobby.identity import Person
from lobby.models import Room, RoomSeat
from stats.models import GuestClaim, PlayerResult
from stats.queries import forget_boards

from .models import User
from .services import end_sessions_of

logger = logging.getLogger(__name__)

#: Unclaimed guest data is kept this long after the guest's match (a guest who signs up
#: within it keeps his results: stats.claims).
GUEST_DATA_DAYS = 30


def delete_account(user: User) -> None:
    """Delete the account and everything personal in it; the matches stay, anonymous.

    A running match goes on: the server's bot takes the seat first (R121). An open room is
    left as the Back button leaves it (the host's role passes on)."""
    for match_id, seat in MatchSeat.objects.filter(
        user=user, kind=MatchSeat.Kind.HUMAN, match__status=Match.Status.RUNNING
    ).values_list("match_id", "seat"):
        game_services.hand_to_bot(match_id, seat)
    person = Person(user_id=user.pk, guest_key="")
    for room_id in RoomSeat.objects.filter(user=user, room__status=Room.Status.OPEN).values_list(
        "room_id", flat=True
    ):
        lobby_services.leave(room_id, person)
    user_id = user.pk
    with transaction.atomic():
        gone = {"user": None, "guest_key": "", "name": seat_labels.DELETED_PLAYER}
        MatchSeat.objects.filter(user_id=user_id).update(**gone)
        PlayerResult.objects.filter(user_id=user_id).update(**gone)
        end_sessions_of(user)
        user.delete()  # ratings, tallies, achievements, preferences and claims go with it
        transaction.on_commit(forget_boards)
        transaction.on_commit(lambda: close_account_sockets(user_id))


@dataclass(frozen=True)
class Purged:
    results: int
    seats: int
    room_seats: int
    claims: int


def purge_guests(now: datetime | None = None) -> Purged:
    """Forget guests whose matches ended more than GUEST_DATA_DAYS ago and who never signed
    up: their seats and results keep the match, shown as "Guest"."""
    cutoff = (now or timezone.now()) - timedelta(days=GUEST_DATA_DAYS)
    gone = {"guest_key": "", "name": seat_labels.PURGED_GUEST}
    with transaction.atomic():
        results = (
            PlayerResult.objects.filter(user__isnull=True, finished_at__lt=cutoff)
            .exclude(guest_key="")
            .update(**gone)
        )
        seats = (
            MatchSeat.objects.filter(
                user__isnull=True,
                match__status=Match.Status.FINISHED,
                match__finished_at__lt=cutoff,
            )
            .exclude(guest_key="")
            .update(**gone)
        )
        room_seats, _by_model = (
            RoomSeat.objects.filter(
                user__isnull=True, room__status=Room.Status.CLOSED, room__last_activity__lt=cutoff
            )
            .exclude(guest_key="")
            .delete()
        )
        # A claim only waits for the results of a match still running at sign-up.
        claims, _by_model = GuestClaim.objects.filter(claimed_at__lt=cutoff).delete()
    return Purged(results=results, seats=seats, room_seats=room_seats, claims=claims)


@job("guests.purge")
def purge_guest_data() -> None:
    """Forget guests 30 days after their matches (their matches stay, shown as "Guest");
    periodic (settings.BANGARENA_PERIODIC_JOBS)."""
    purged = purge_guests()
    logger.info(
        "Guest data purged: %s results, %s seats, %s room seats, %s claims",
        purged.results,
        purged.seats,
        purged.room_seats,
        purged.claims,
    )
