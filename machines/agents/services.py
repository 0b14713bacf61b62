"""Agent seat tokens: create (shown once), resolve to a seat, revoke.

The plain token is ``bga_`` + 32 URL-safe random characters; only its SHA-256 hash is kept.
A token is bound to a room seat (it then plays whatever match the room is playing, so Play
again needs no new token) or directly to one AI seat of a running match.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime
from typing import Any, NamedTuple

from asgiref.sync import async_to_sync
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from bangarena_site.live.sender import channel_layer
from game.models import Match, MatchSeat
from machines.agents.models import AgentToken

TOKEN_PREFIX = "bga_"
# Consumers handle these channel-layer message types (machines.agents.consumer.AgentConsumer).
REVOKED_MESSAGE = "agent.revoked"
DECIDE_MESSAGE = "agent.decide"
RESULT_MESSAGE = "agent.result"
STARTED_MESSAGE = "agent.match_started"


class Binding(NamedTuple):
    """Where a token plays now: ``match_id``/``seat`` are None while its room has not started."""

    match_id: int | None
    seat: int | None
    token: AgentToken


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_group(token_id: int) -> str:
    """Every open socket of one token (revocation, the room's next match)."""
    return f"agent.token.{token_id}"


def seat_group(match_id: int, seat: int) -> str:
    """The agent sockets playing one seat of one match (decide, result)."""
    return f"agent.{match_id}.{seat}"


def create_token(
    match_seat: MatchSeat | None = None,
    *,
    room_seat: Any = None,
    name: str = "",
    created_by: Any = None,
) -> str:
    """Make a token for one AI seat and return it in plain text (the only time it exists).

    ``name`` is the agent's display name (1-20 visible characters); for a match seat it
    defaults to the seat's name. Raises ValueError for anything but exactly one AI seat, and
    ValidationError for a bad name."""
    if (match_seat is None) == (room_seat is None):
        raise ValueError("a token is for exactly one seat: a match seat or a room seat")
    seat = match_seat if match_seat is not None else room_seat
    if seat.kind != MatchSeat.Kind.AI:
        raise ValueError("only an AI seat can be played by an agent")
    plain = TOKEN_PREFIX + secrets.token_urlsafe(24)
    token = AgentToken(
        token_hash=hash_token(plain),
        name=(name or (match_seat.name if match_seat is not None else "")).strip(),
        match_seat=match_seat,
        room_seat=room_seat,
        created_by=created_by if getattr(created_by, "is_authenticated", False) else None,
    )
    token.full_clean()
    token.save()
    return plain


def revoke(token_id: int, *, banned: bool = False) -> None:
    """The token is unknown from now on; its open sockets are closed after the commit, with
    4401, or 4403 when its maker's account was closed (``banned``)."""
    with transaction.atomic():
        updated = AgentToken.objects.filter(pk=token_id, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
        if updated:
            close_sockets_on_commit(token_id, banned=banned)


def revoke_made_by(user_id: int) -> None:
    """A ban revokes every token the player made, and closes their sockets (4403)."""
    for token_id in AgentToken.objects.filter(
        created_by_id=user_id, revoked_at__isnull=True
    ).values_list("pk", flat=True):
        revoke(token_id, banned=True)


def revoke_all(room_seat: Any) -> None:
    """Revoke every active token of one room seat (Revoke token, New token)."""
    for token_id in AgentToken.objects.filter(
        room_seat=room_seat, revoked_at__isnull=True
    ).values_list("pk", flat=True):
        revoke(token_id)


def close_sockets_on_commit(token_id: int, *, banned: bool = False) -> None:
    group = token_group(token_id)
    message = {"type": REVOKED_MESSAGE, "banned": banned}
    transaction.on_commit(lambda: send_to_group(group, message), robust=True)


def send_to_group(group: str, message: dict[str, Any]) -> None:
    async_to_sync(channel_layer().group_send)(group, message)


def seat_for(token: str) -> Binding | None:
    """The seat an active token plays now, or None for an unknown or revoked token."""
    if not isinstance(token, str) or not token.startswith(TOKEN_PREFIX):
        return None
    found = _active().filter(token_hash=hash_token(token)).first()
    return _binding(found) if found is not None else None


def seat_for_id(token_id: int) -> Binding | None:
    """As ``seat_for``, for a token already identified (an open socket asks again per move)."""
    found = _active().filter(pk=token_id).first()
    return _binding(found) if found is not None else None


def _active():  # noqa: ANN202 (a queryset)
    """Tokens that still log in: not revoked, and not made by a closed account (the ban's
    revocation runs after its commit; this holds from the ban's very commit)."""
    return (
        AgentToken.objects.filter(revoked_at__isnull=True)
        .exclude(created_by__is_active=False)
        .select_related("match_seat", "room_seat__room")
    )


def _binding(token: AgentToken) -> Binding:
    if token.match_seat is not None:
        return Binding(token.match_seat.match_id, token.match_seat.seat, token)
    room_seat = token.room_seat
    assert room_seat is not None  # a token holds a match seat or a room seat (its check constraint)
    room = room_seat.room
    if room.current_match_id is None:
        return Binding(None, None, token)
    return Binding(room.current_match_id, room_seat.index, token)


def touch(token_id: int, now: datetime) -> None:
    """Record that the token was used (callers throttle how often)."""
    AgentToken.objects.filter(pk=token_id).update(last_used_at=now)


def room_tokens_of(match: Match) -> list[AgentToken]:
    """Active tokens of the room seats whose room is playing ``match`` now."""
    return list(
        _active().filter(room_seat__room__current_match_id=match.pk).select_related("room_seat")
    )


def agent_names(match: Any) -> dict[int, str]:
    """Seat -> agent name for the agent seats of ``match``, in one query (the table's badge).

    A room token names the seat of the room's current match only: an older match of the room
    shows its AI seats without the agent's name."""
    rows = (
        AgentToken.objects.filter(
            Q(match_seat__match_id=match.pk) | Q(room_seat__room__current_match_id=match.pk)
        )
        .order_by("created_at")
        .values_list("match_seat__seat", "room_seat__index", "name")
    )
    names: dict[int, str] = {}
    for match_seat, room_index, name in rows:
        names[match_seat if match_seat is not None else room_index] = name
    return names
