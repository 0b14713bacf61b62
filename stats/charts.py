"""Server-rendered SVG charts for the statistics page (issue 7).

Pure functions: data in, one ``<svg>`` string out. No JavaScript, no external files. Every
chart is an image with a ``<title>`` and a ``<desc>`` that says what it shows in words, so it is
readable by screen readers; the page puts the same numbers in a table next to it.

All text that goes into the SVG is escaped here (labels are translated catalogue names, but
nothing is trusted), and the result is marked safe only after that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# Colours from the site palette (site.css), AA contrast on the card background.
INK = "#2b1a0e"
INK_SOFT = "#5a4330"
GRID = "#ead8b1"
BAR = "#9b3d12"
WINS = "#2f5d34"
LOSSES = "#a4161a"


@dataclass(frozen=True)
class Bar:
    """One bar: a label, a value from 0 to 100 (None: no games, drawn as an empty track) and
    the words printed at its end (e.g. "60% · 3/5")."""

    label: str
    value: float | None
    note: str


@dataclass(frozen=True)
class Series:
    """One line of a line chart: its name (shown in the legend), colour and y values, one per
    x step."""

    name: str
    colour: str
    values: Sequence[float]


def _fmt(number: float) -> str:
    """Coordinates with at most one decimal: short markup, no float noise."""
    text = f"{number:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _open(chart_id: str, width: int, height: int, title: str, desc: str, css: str) -> list[str]:
    return [
        f'<svg class="chart {escape(css)}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="{escape(chart_id)}-title {escape(chart_id)}-desc" '
        f'xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">',
        f'<title id="{escape(chart_id)}-title">{escape(title)}</title>',
        f'<desc id="{escape(chart_id)}-desc">{escape(desc)}</desc>',
    ]


def bar_chart(bars: Sequence[Bar], *, chart_id: str, title: str, desc: str) -> SafeString:
    """Horizontal bars from 0 to 100 %, one row per bar, the label on the left and the note at
    the bar's end. Horizontal so that long labels (translated role names) fit a phone."""
    width, label_w, note_w, row_h, top = 360, 122, 86, 30, 6
    track_w = width - label_w - note_w
    height = top * 2 + row_h * max(1, len(bars))
    parts = _open(chart_id, width, height, title, desc, "chart--bars")
    # 50 % guide: the line a player compares a win rate against.
    mid = label_w + track_w / 2
    parts.append(
        f'<line x1="{_fmt(mid)}" y1="{top}" x2="{_fmt(mid)}" y2="{height - top}" '
        f'stroke="{GRID}" stroke-width="1.5" stroke-dasharray="3 3"/>'
    )
    for index, bar in enumerate(bars):
        y = top + index * row_h
        centre = y + row_h / 2
        parts.append(
            f'<text x="{label_w - 8}" y="{_fmt(centre)}" text-anchor="end" '
            f'dominant-baseline="middle" font-size="14" fill="{INK}">{escape(bar.label)}</text>'
        )
        parts.append(
            f'<rect x="{label_w}" y="{_fmt(y + 7)}" width="{track_w}" height="{row_h - 14}" '
            f'rx="3" fill="{GRID}" opacity="0.55"/>'
        )
        value = 0.0 if bar.value is None else max(0.0, min(100.0, bar.value))
        if value:
            parts.append(
                f'<rect x="{label_w}" y="{_fmt(y + 7)}" width="{_fmt(track_w * value / 100)}" '
                f'height="{row_h - 14}" rx="3" fill="{BAR}"/>'
            )
        parts.append(
            f'<text x="{label_w + track_w + 6}" y="{_fmt(centre)}" dominant-baseline="middle" '
            f'font-size="13" fill="{INK_SOFT}">{escape(bar.note)}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text above went through escape()


def line_chart(
    series: Sequence[Series],
    *,
    chart_id: str,
    title: str,
    desc: str,
    x_first: str = "",
    x_last: str = "",
) -> SafeString:
    """Lines over equal x steps (matches in order), a 0 baseline, the top value on the y axis,
    a legend, and the first and last x labels (dates) under the axis."""
    width, height = 360, 190
    left, right, top, bottom = 34, 10, 26, 28
    plot_w, plot_h = width - left - right, height - top - bottom
    steps = max((len(s.values) for s in series), default=0)
    peak = max((max(s.values) for s in series if s.values), default=0) or 1
    parts = _open(chart_id, width, height, title, desc, "chart--lines")
    # Axes and the peak's grid line.
    parts.append(
        f'<line x1="{left}" y1="{top}" x2="{width - right}" y2="{top}" stroke="{GRID}"/>'
        f'<line x1="{left}" y1="{top + plot_h}" x2="{width - right}" y2="{top + plot_h}" '
        f'stroke="{INK_SOFT}"/>'
        f'<text x="{left - 5}" y="{top}" text-anchor="end" dominant-baseline="middle" '
        f'font-size="12" fill="{INK_SOFT}">{_fmt(peak)}</text>'
        f'<text x="{left - 5}" y="{top + plot_h}" text-anchor="end" dominant-baseline="middle" '
        f'font-size="12" fill="{INK_SOFT}">0</text>'
    )
    for index, line in enumerate(series):
        # Legend along the top, a swatch and the name.
        lx = left + index * 120
        parts.append(
            f'<rect x="{lx}" y="4" width="12" height="12" rx="2" fill="{line.colour}"/>'
            f'<text x="{lx + 17}" y="10" dominant-baseline="middle" font-size="13" '
            f'fill="{INK}">{escape(line.name)}</text>'
        )
        if not line.values:
            continue
        span = max(1, steps - 1)
        points = " ".join(
            f"{_fmt(left + plot_w * i / span)},{_fmt(top + plot_h * (1 - value / peak))}"
            for i, value in enumerate(line.values)
        )
        if len(line.values) == 1:
            x, y = points.split(",")
            parts.append(f'<circle cx="{x}" cy="{y}" r="3" fill="{line.colour}"/>')
        else:
            parts.append(
                f'<polyline points="{points}" fill="none" stroke="{line.colour}" '
                f'stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/>'
            )
    if x_first:
        parts.append(
            f'<text x="{left}" y="{height - 8}" font-size="12" fill="{INK_SOFT}">'
            f"{escape(x_first)}</text>"
        )
    if x_last:
        parts.append(
            f'<text x="{width - right}" y="{height - 8}" text-anchor="end" font-size="12" '
            f'fill="{INK_SOFT}">{escape(x_last)}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text above went through escape()


def cumulative(results: Sequence[bool]) -> tuple[list[int], list[int]]:
    """Running totals of wins and losses after each match, oldest first."""
    wins: list[int] = []
    losses: list[int] = []
    won = lost = 0
    for result in results:
        won += bool(result)
        lost += not result
        wins.append(won)
        losses.append(lost)
    return wins, losses
