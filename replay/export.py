"""The replay export of a finished match (``/match/<id>/replay.json``, issue 18).

The document is what a program needs to replay the match with the engine, in the agent
protocol's terms (docs/agent-protocol.md): the ``GameConfig`` the match started from (seed
included: the match is over, every hidden fact of it is public, R140, and the seed keys this
match's generator only), the seats, and every action as the ``act`` frame that made it
(``version`` = the match version the decision was asked at, ``action`` one of that moment's
``legal_actions``), with the seat that sent it and why (player, bot, timeout, auto-pass, ai).
``Game.new(GameConfig.from_dict(config))`` and ``apply(seat, action)`` for each entry give
every ``observation`` the seats saw (``Game.view(seat)``) and the final ``result``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.models import Match

#: Bumped when the document's shape changes (a program can check it).
FORMAT = "bangarena-replay"
FORMAT_VERSION = 1
#: The agent protocol version whose frames the action entries follow.
PROTOCOL = 1


def seat_entry(seat: Any, hidden: frozenset[int]) -> dict[str, Any]:
    """A seat as the export names it; a player who hides their replays is "Player N"."""
    anonymous = seat.seat in hidden
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "name": f"Player {seat.seat + 1}" if anonymous else seat.name,
        "label": "" if anonymous else seat.label,
    }


def document(match: Match, seats: Sequence[Any], hidden: frozenset[int]) -> dict[str, Any]:
    rows = match.actions.order_by("seq").values_list("seq", "seat", "action", "cause")
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "protocol": PROTOCOL,
        "match": match.pk,
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        "config": match.game_config().to_dict(),
        "seats": [seat_entry(seat, hidden) for seat in sorted(seats, key=lambda s: s.seat)],
        "actions": [
            {"type": "act", "version": seq - 1, "seat": seat, "action": action, "cause": cause}
            for seq, seat, action, cause in rows
        ],
        "result": match.result,
    }
