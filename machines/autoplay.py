"""The bots' move for a seat, in the shape the match asks for it (``game.hooks.bot_move``).

A bot remembers nothing between moves: its memory is rebuilt from the seat's own log every
time (docs/decisions.md), so a move depends on that seat's view, its legal actions and the
match's bot seed alone (R121, R141), at the strength the match gives the seat (issue 22).
"""

from __future__ import annotations

from bangarena_engine.types import Action, View
from machines import bots


def bot_move(seat: int, view: View, legal: list[Action], seed: int, strength: str) -> Action:
    # Read from the package at each move, so the package's ``choose`` is the one that plays.
    memory = bots.BotMemory.from_log(seat, view["log"])
    # The bots read views as plain dicts (a TypedDict is one at run time), and choose returns
    # one of ``legal`` itself, so it is an Action.
    chosen = bots.choose(view, legal, memory, seed=seed, strength=strength)  # type: ignore[arg-type]
    return chosen  # type: ignore[return-value]
