"""The frames of agent protocol v1 (docs/agent-protocol.md), built from the database.

Every observation is exactly ``Game.view(seat)`` and every action list exactly
``Game.legal_actions(seat)`` of the agent's own seat: nothing else about the match (no other
view, no table signals, R128) is ever put in a frame. Messages are English sentences: the
protocol is read by programs, and its codes are what they act on.
"""

from __future__ import annotations

from typing import Any

from game import seat_labels
from game import services as game_services
from game.models import Match
from machines.agents.services import Binding

PROTOCOL_VERSION = 1

ERRORS: dict[str, str] = {
    "unknown_token": "This token is unknown or has been revoked.",
    "bad_message": "That frame could not be read as a protocol message.",
    "not_your_turn": "It is not your seat's decision right now.",
    "illegal": "That action is not one of the legal actions.",
    "stale": "The version is not the current one; wait for the next decide.",
    "finished": "This match is over.",
    "rate_limited": "Too many frames; this one was dropped.",
    "no_match": "The room has not started a match yet.",
    "account_closed": "The account that made this token was closed; the token is revoked.",
    "server_error": "The server could not handle that frame; nothing changed. Try again.",
}


def error(code: str, message: str | None = None) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message or ERRORS[code]}


def welcome(binding: Binding) -> dict[str, Any]:
    """The answer to a good hello: where the token plays now."""
    token = binding.token
    match = Match.objects.filter(pk=binding.match_id).first() if binding.match_id else None
    if match is not None:
        assert binding.seat is not None  # a binding to a match names its seat
        player = match.seats.get(seat=binding.seat)
        label, move_time = player.label, match.move_time
    else:
        room_seat = token.room_seat
        assert room_seat is not None  # a token holds a match seat or a room seat (constraint)
        room = room_seat.room
        label = seat_labels.numbered(room_seat, list(room.members.all()))
        move_time = room.move_time
    return {
        "type": "welcome",
        "protocol": PROTOCOL_VERSION,
        "match": binding.match_id,
        "seat": binding.seat,
        "name": token.name,
        "label": label,
        "move_time": move_time,
    }


def decide(match_id: int, seat: int) -> dict[str, Any] | None:
    """The seat's pending decision, or None when it has none (another seat's turn, over)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not match.is_running or match.awaited_seat != seat:
        return None
    game = match.game()
    seconds_left = 0.0
    deadline = ""
    if match.deadline is not None:
        seconds_left = max(0.0, (match.deadline - game_services.clock()).total_seconds())
        deadline = match.deadline.isoformat()
    return {
        "type": "decide",
        "match": match.pk,
        "version": match.version,
        "seat": seat,
        "seconds_left": round(seconds_left, 3),
        "deadline": deadline,
        "observation": game.view(seat),
        "legal_actions": game.legal_actions(seat),
    }


def result(match_id: int, seat: int) -> dict[str, Any] | None:
    """The end of the match for this seat, or None while it is still being played."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.is_running or match.result is None:
        return None
    return {
        "type": "result",
        "match": match.pk,
        "result": match.result,
        "won": seat in match.result.get("winners", []),
        "observation": match.game().view(seat),
    }


def match_started(match_id: int, seat: int) -> dict[str, Any]:
    move_time = Match.objects.values_list("move_time", flat=True).get(pk=match_id)
    return {"type": "match_started", "match": match_id, "seat": seat, "move_time": move_time}


def pending(binding: Binding) -> dict[str, Any] | None:
    """What a socket that just learned its seat must be told at once: the decision it owes,
    or the result of a match that is over."""
    if binding.match_id is None or binding.seat is None:
        return None
    return decide(binding.match_id, binding.seat) or result(binding.match_id, binding.seat)
