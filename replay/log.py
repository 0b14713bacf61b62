"""The replay's log panel: the whole match, each line a link to the position it happened at.

The sentences are the live table's (game.table.log, game.signal_board), so a replay reads as
the match did. Each event's line points at the first position whose public log holds it, each
signal's at the first position it was shown at. A seat's perspective (``upto``) shows the lines
that seat had seen by then; of what came later it shows only the turns, as places to jump to,
because later lines would tell it what it did not know yet (roles revealed, cards drawn).

The events' sentences are the same at every position of a match, so they are written once per
language and set of names and kept with the match's timeline (in memory, like its engine
states); only the signals' lines and the links are made per position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from game import signal_board
from game.table.context import SignalRecord
from game.table.log import LogWriter
from replay.timeline import Timeline


@dataclass(frozen=True)
class Line:
    position: int
    html: SafeString
    #: A later turn in a seat's perspective: a place to jump to, with no words of what happened.
    later: bool = False


def event_sentences(timeline: Timeline, names: dict[int, str]) -> list[tuple[int, SafeString]]:
    """(event index, sentence) of every public event that has a line, in the active language."""
    key = ("sentences", get_language(), tuple(sorted(names.items())))
    found = timeline.memo.get(key)
    if found is None:
        writer = LogWriter(names)
        found = []
        for index, event in enumerate(timeline.events):
            sentence = writer.sentence(cast(dict[str, Any], event))  # the log reads JSON
            if sentence is not None:
                found.append((index, sentence))
        timeline.memo[key] = found
    return found


def lines(
    timeline: Timeline,
    names: dict[int, str],
    signals: tuple[SignalRecord, ...],
    *,
    upto: int | None = None,
) -> list[Line]:
    """The log of the whole match (``upto`` None), or as a seat saw it at position ``upto``."""
    merged: list[tuple[int, int, int, SafeString]] = [
        (index, 0, timeline.position_of_event(index), sentence)
        for index, sentence in event_sentences(timeline, names)
    ]
    if signals:
        for record in signals:
            position = timeline.position_of_log_length(record.log_position)
            sentence = signal_board.signal_sentence(record, names)
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
    """One log line as a link to its position; the lines of the current position stand out.
    (Plain string building: format_html for hundreds of lines per step was a third of a
    position's time; the sentence is already safe and the rest is escaped here.)"""
    classes = "rlog" + (" rlog--now" if current else "") + (" rlog--later" if line.later else "")
    now = ' aria-current="step"' if current else ""
    return mark_safe(  # noqa: S308 (url escaped, sentence a SafeString)
        f'<a class="{classes}" href="{escape(url)}" data-replay-go '
        f'data-at="{line.position}"{now}>{line.html}</a>'
    )
