"""What one replay screen is drawn from: a perspective on one position of a finished match.

Two perspectives (issue 18):

- *everything* (``seat`` None): every hand and every role, the way the match is told once it
  is over. The hands and roles come from each seat's own ``Game.view`` (never from the
  engine's state), merged into the public view;
- *a seat's eyes* (``seat`` n): exactly what that seat's screen was drawn from at that moment,
  ``Game.view(n)`` and the public view, so it shows what the player knew then and nothing
  else (R4, R82). A bot's or AI seat's screen never carried signals (R128), so neither does
  its replay.

Either way the legal actions are empty: a replay has no controls.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, cast

from django.utils.translation import gettext

from bangarena_engine import Game
from bangarena_engine.types import CardView, View
from game.signal_board import REACTION_SHOWN
from game.table.context import SignalRecord, TableContext
from game.table.regions import Sight

#: The clock of a position that no signal dates: long after any reaction bubble faded.
NO_MOMENT = datetime(2000, 1, 1, tzinfo=UTC)


def everything(game: Game) -> tuple[View, dict[int, list[CardView]]]:
    """The public view with every seat's role filled in, and every seat's hand, each taken
    from that seat's own view."""
    public = game.view(None)
    hands: dict[int, list[CardView]] = {}
    for player in public["players"]:
        own = game.view(player["seat"])
        player["role"] = own["role"]
        hands[player["seat"]] = own["hand"]
    return public, hands


def sight(game: Game, seat: int | None, ctx: TableContext) -> Sight:
    """The screen of perspective ``seat`` (None: everything) at the game's position."""
    if seat is None:
        public, hands = everything(game)
        # The presenters read views as the JSON they are (game.table.regions.Sight).
        shown = cast(dict[str, Any], public)
        return Sight(shown, shown, [], None, ctx, cast(dict[int, list[dict[str, Any]]], hands))
    if not ctx.human(seat):
        ctx = ctx.without_signals()
    return Sight(
        cast(dict[str, Any], game.view(None)), cast(dict[str, Any], game.view(seat)), [], seat, ctx
    )


def signals_until(signals: tuple[SignalRecord, ...], log_length: int) -> tuple[SignalRecord, ...]:
    """The signals sent before the public log grew past ``log_length`` events: the ones the
    table showed at a position with that log (each signal is stamped with the log's length
    when it was sent)."""
    return tuple(s for s in signals if s.log_position <= log_length)


def moment(signals: tuple[SignalRecord, ...], log_length: int) -> datetime:
    """The clock a position's signal bubbles are measured from: the last signal sent at this
    very position, so its reaction shows as it did at the table; else a time when every
    earlier reaction had faded."""
    here = [s.created_at for s in signals if s.log_position == log_length]
    if here:
        return max(here)
    earlier = [s.created_at for s in signals if s.log_position < log_length]
    return max(earlier) + REACTION_SHOWN if earlier else NO_MOMENT


def anonymous_name(seat: int) -> str:
    """The name a player who hides their replays has in other people's replays."""
    return gettext("Player %(number)s") % {"number": seat + 1}


def context(
    base: TableContext, at: int, last: int, log_length: int, hidden: set[int]
) -> TableContext:
    """The table context of position ``at``: no clock, no host, signals as they were then,
    the names of players who hide their replays replaced (``hidden`` seats)."""
    signals = signals_until(base.signals or (), log_length)
    seats = tuple(
        replace(info, name=anonymous_name(info.seat), label="") if info.seat in hidden else info
        for info in base.seats
    )
    return replace(
        base,
        version=at,
        table_version=at,
        running=at < last,
        host_seat=None,
        tempo="",
        deadline=None,
        now=moment(signals, log_length),
        seats=seats,
        signals=signals,
        live=False,
    )
