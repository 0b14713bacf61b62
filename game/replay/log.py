"""The replay's log panel: the whole match, each line a link to the position it happened at.

The sentences are the live table's (game.table.log, game.table_signals), so a replay reads as
the match did. Each event's line points at the first position whose public log holds it, each
signal's at the first position it was shown at. A seat's perspective (``upto``) shows the lines
that seat had seen by then; of what came later it shows only the turns, as places to jump to,
because later lines would tell it what it did not know yet (roles revealed, cards drawn).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from game import table_signals
from game.replay.timeline import Timeline
from game.table.context import SignalRecord
from game.table.log import LogWriter


@dataclass(frozen=True)
class Line:
    position: int
    html: SafeString
    #: A later turn in a seat's perspective: a place to jump to, with no words of what happened.
    later: bool = False


def lines(
    timeline: Timeline,
    names: dict[int, str],
    signals: tuple[SignalRecord, ...],
    *,
    upto: int | None = None,
) -> list[Line]:
    """The log of the whole match (``upto`` None), or as a seat saw it at position ``upto``."""
    writer = LogWriter(names)
    merged: list[tuple[int, int, int, SafeString]] = []
    for index, event in enumerate(timeline.events):
        sentence = writer.sentence(event)
        if sentence is not None:
            merged.append((index, 0, timeline.position_of_event(index), sentence))
    for record in signals:
        position = timeline.position_of_log_length(record.log_position)
        sentence = table_signals.signal_sentence(record, names)
        merged.append((record.log_position - 1, 1, position, sentence))
    merged.sort(key=lambda item: (item[0], item[1]))
    result = [Line(position, sentence) for _, _, position, sentence in merged]
    if upto is None:
        return result
    seen = [line for line in result if line.position <= upto]
    later = [
        Line(start, format_html("{}", gettext("Turn %(number)s") % {"number": number}), True)
        for number, start in enumerate(timeline.turn_starts, start=1)
        if start > upto
    ]
    return seen + later


def linked(line: Line, url: str, current: bool) -> SafeString:
    """One log line as a link to its position; the lines of the current position stand out."""
    classes = "rlog" + (" rlog--now" if current else "") + (" rlog--later" if line.later else "")
    return format_html(
        '<a class="{}" href="{}" data-replay-go data-at="{}"{}>{}</a>',
        classes,
        url,
        line.position,
        SafeString(' aria-current="step"') if current else "",
        line.html,
    )
