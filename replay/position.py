"""One replay position, drawn: the table of a perspective and the controls to move on.

``draw`` is what the page, its htmx fragment and the bench call; it reads nothing from the
database (the match's rows come in as the timeline and a table context).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, pgettext

from game import seat_labels
from game.table import seats as table_seats
from game.table.context import SignalRecord, TableContext
from replay import log, scene
from replay.painter import ReplayPainter
from replay.timeline import Timeline

#: Playback speeds: milliseconds per event, slow to fast (replay.js reads them).
SPEEDS = (("slow", 1600), ("normal", 800), ("fast", 300))


@dataclass(frozen=True)
class Step:
    """A control that moves to another position (a link; disabled where it would not move)."""

    key: str
    label: str
    symbol: str
    at: int
    url: str
    disabled: bool


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    selected: bool


@dataclass(frozen=True)
class Drawn:
    table: str
    at: int
    last: int
    seat: int | None
    steps: list[Step]
    turns: list[Choice]
    perspectives: list[Choice]
    summary: str
    perspective_line: str
    speeds: tuple[tuple[str, int], ...] = SPEEDS

    def step(self, key: str) -> Step:
        return next(s for s in self.steps if s.key == key)


def url_maker(base: str, seat: int | None) -> Callable[[int], str]:
    """Position -> its shareable address (``seat`` is 1-based in addresses, as on the table)."""
    suffix = "" if seat is None else f"&seat={seat + 1}"
    return lambda at: f"{base}?at={at}{suffix}"


def draw(
    timeline: Timeline,
    at: int,
    seat: int | None,
    base_ctx: TableContext,
    *,
    base_url: str,
    hidden: frozenset[int] = frozenset(),
) -> Drawn:
    """Position ``at`` of ``timeline`` from ``seat``'s eyes (None: everything)."""
    at = timeline.clamp(at)
    last = timeline.last
    log_length = timeline.log_end[at]
    ctx = scene.context(base_ctx, at, last, log_length, set(hidden))
    game = timeline.game_at(at)
    return draw_game(timeline, game, at, seat, ctx, base_ctx.signals or (), base_url=base_url)


def draw_game(
    timeline: Timeline,
    game: Any,
    at: int,
    seat: int | None,
    ctx: TableContext,
    match_signals: tuple[SignalRecord, ...],
    *,
    base_url: str,
) -> Drawn:
    """``draw`` for a game already at position ``at`` (tests hand in altered games here);
    ``match_signals`` are all the match's signals, for the log of the whole match."""
    last = timeline.last
    url_for = url_maker(base_url, seat)
    sight = scene.sight(game, seat, ctx)
    names = table_seats.seat_names(ctx)
    # A seat's log stops at this moment (log.lines); a bot's screen had no signals (R128).
    signals = match_signals if sight.ctx.signals is not None else ()
    upto = at if seat is not None else None
    lines = log.lines(timeline, names, signals, upto=upto)
    table = ReplayPainter(sight, lines=lines, at=at, url_for=url_for).full_table()
    return Drawn(
        table=table,
        at=at,
        last=last,
        seat=seat,
        steps=steps(timeline, at, url_for),
        turns=turn_choices(timeline, at, names, upto=upto),
        perspectives=perspective_choices(ctx, seat),
        summary=summary(timeline, at),
        perspective_line=perspective_line(ctx, seat),
    )


def steps(timeline: Timeline, at: int, url_for: Callable[[int], str]) -> list[Step]:
    last = timeline.last
    targets = [
        ("start", pgettext("replay", "Start"), "⏮", 0),
        ("round-back", gettext("Round back"), "«", timeline.previous_round(at)),
        ("turn-back", gettext("Turn back"), "‹‹", timeline.previous_turn(at)),
        ("back", gettext("Event back"), "‹", max(0, at - 1)),
        ("forward", gettext("Event forward"), "›", min(last, at + 1)),
        ("turn-forward", gettext("Turn forward"), "››", timeline.next_turn(at)),
        ("round-forward", gettext("Round forward"), "»", timeline.next_round(at)),
        ("end", pgettext("replay", "End"), "⏭", last),
    ]
    return [
        Step(key, label, symbol, target, url_for(target), target == at)
        for key, label, symbol, target in targets
    ]


def turn_choices(
    timeline: Timeline, at: int, names: dict[int, str], *, upto: int | None = None
) -> list[Choice]:
    """The turns to jump to. A seat's perspective (``upto``) names only the turns it had seen;
    later ones are just numbers, as in its log: whose turn came next would tell who was out."""
    current = timeline.turn_index(at)
    choices = []
    for index, (start, seat, round_) in enumerate(
        zip(timeline.turn_starts, timeline.turn_seats, timeline.turn_rounds, strict=True)
    ):
        words = {"number": index + 1, "round": round_, "player": names.get(seat, str(seat + 1))}
        if upto is not None and start > upto:
            label = gettext("Turn %(number)s") % words
        else:
            label = gettext("Turn %(number)s · round %(round)s · %(player)s") % words
        choices.append(Choice(str(start), label, index == current))
    return choices


def perspective_choices(ctx: TableContext, seat: int | None) -> list[Choice]:
    choices = [Choice("", gettext("Everything (all hands and roles)"), seat is None)]
    for info in ctx.seats:
        name = seat_labels.seat_name(info.kind, info.name)
        label = gettext("Seat %(number)s: %(name)s") % {"number": info.seat + 1, "name": name}
        choices.append(Choice(str(info.seat + 1), label, info.seat == seat))
    return choices


def summary(timeline: Timeline, at: int) -> str:
    turn = timeline.turn_index(at) + 1
    words = {"at": at, "last": timeline.last, "round": timeline.round_at(at), "turn": turn}
    if turn < 1:
        return gettext("Move %(at)s of %(last)s · the deal") % words
    return gettext("Move %(at)s of %(last)s · round %(round)s · turn %(turn)s") % words


def perspective_line(ctx: TableContext, seat: int | None) -> str:
    if seat is None:
        return gettext("Everything: every hand and every role.")
    info = ctx.seat(seat)
    name = seat_labels.seat_name(info.kind, info.name) if info else str(seat + 1)
    return gettext("Through the eyes of %(name)s: only what they knew at that moment.") % {
        "name": name
    }
