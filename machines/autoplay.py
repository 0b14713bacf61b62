"""The bots' move for a seat, in the shape the match asks for it (``game.hooks.bot_move``).

A move depends on that seat's view, its legal actions and the match's bot seed alone (R121,
R141), at the strength the match gives the seat (issue 22). The memory it decides with is
always what ``BotMemory.from_log(seat, view["log"])`` would rebuild (docs/decisions.md): with
the match's key, this process keeps each seat's memory between moves and feeds it only the
events since its last decision (``MemoryCache``), so a decision costs the same at move 300 as
at move 3 instead of re-reading the whole log every time.
"""

from __future__ import annotations

from collections.abc import Hashable

from bangarena_engine.types import Action, View
from machines import bots
from machines.bots.memory import MemoryCache

#: The memories of the bot seats this process played lately, by (match, seat).
MEMORIES = MemoryCache()


def bot_move(
    seat: int,
    view: View,
    legal: list[Action],
    seed: int,
    strength: str,
    match: Hashable | None = None,
) -> Action:
    """``match`` identifies the game (the Match's key) so the seat's memory can be kept; with
    None the memory is rebuilt from the log."""
    if match is None:
        memory = bots.BotMemory.from_log(seat, view["log"])
    else:
        memory = MEMORIES.take((match, seat), seat, view["log"])
    # Read from the package at each move, so the package's ``choose`` is the one that plays.
    # The bots read views as plain dicts (a TypedDict is one at run time), and choose returns
    # one of ``legal`` itself, so it is an Action.
    chosen = bots.choose(view, legal, memory, seed=seed, strength=strength)  # type: ignore[arg-type]
    if match is not None:
        MEMORIES.keep((match, seat), memory)
    return chosen  # type: ignore[return-value]
