"""The bots' move for a seat, in the shape the match asks for it (``game.hooks.bot_move``).

A bot remembers nothing between moves: its memory is rebuilt from the seat's own log every
time (docs/decisions.md), so a move depends on that seat's view, its legal actions and the
match's bot seed alone (R121, R141).
"""

from __future__ import annotations

from typing import Any

from machines import bots


def bot_move(
    seat: int, view: dict[str, Any], legal: list[dict[str, Any]], seed: int
) -> dict[str, Any]:
    # Read from the package at each move, so the package's ``choose`` is the one that plays.
    return bots.choose(view, legal, bots.BotMemory.from_log(seat, view["log"]), seed=seed)
