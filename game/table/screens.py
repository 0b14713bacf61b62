"""Entry points: a screen's whole table, and the sight of a screen that deltas compare.

Only ``Game.view`` of the screen's seat (the public view for a watcher) and that seat's own
legal actions go in, so nothing a seat may not know can reach its HTML.
"""

from __future__ import annotations

from typing import Any

from game.table.context import TableContext
from game.table.regions import Painter, Sight


def all_knowing_hands(game: Any, ctx: TableContext) -> dict[int, list[dict[str, Any]]] | None:
    """Every hand, for watchers of an all-bot match only (Q55), each taken from its own seat's
    view (never from a god view of the state)."""
    if any(info.kind == "human" for info in ctx.seats):
        return None
    return {info.seat: game.view(info.seat)["hand"] for info in ctx.seats}


def sight(game: Any, viewer: int | None, ctx: TableContext, *, public: dict | None = None) -> Sight:
    """What ``viewer``'s screen (None: a watcher) is drawn from. R128: a bot's or AI seat's
    screen (an AI's developer may open it) carries no signals."""
    if viewer is not None and not ctx.human(viewer):
        ctx = ctx.without_signals()
    public = public if public is not None else game.view(None)
    if viewer is None:
        return Sight(public, public, [], None, ctx, all_knowing_hands(game, ctx))
    info = ctx.seat(viewer)
    # R121: while the bot plays the seat its player gets no controls (a click would race it).
    legal = [] if info is not None and info.autopilot else game.legal_actions(viewer)
    return Sight(public, game.view(viewer), legal, viewer, ctx)


def full_table(game: Any, viewer: int | None, ctx: TableContext) -> str:
    """The whole table of ``viewer`` in the active language."""
    return Painter(sight(game, viewer, ctx), oob=False).full_table()
