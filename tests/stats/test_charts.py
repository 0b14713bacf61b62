"""stats.charts: server-rendered SVG that reads without JavaScript (issue 7)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from stats import charts

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # well-formed XML, or this raises


def test_bar_chart_is_an_image_with_title_desc_and_one_bar_per_value():
    svg = charts.bar_chart(
        [charts.Bar("Marshal", 50.0, "50%"), charts.Bar("Bandit", None, "–")],
        chart_id="c",
        title="Win rate by role",
        desc="Marshal: 1 of 2",
    )
    root = parse(svg)
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "c-title c-desc"
    assert root.find(f"{SVG}title").text == "Win rate by role"
    assert root.find(f"{SVG}desc").text == "Marshal: 1 of 2"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts == ["Marshal", "50%", "Bandit", "–"]
    # Two tracks and one filled bar (no games draws no bar), half the track long.
    rects = list(root.iter(f"{SVG}rect"))
    assert len(rects) == 3
    track, filled = rects[0], rects[1]
    assert float(filled.get("width")) == float(track.get("width")) / 2


def test_bar_values_are_clamped_to_the_track():
    root = parse(charts.bar_chart([charts.Bar("x", 150, "")], chart_id="c", title="t", desc="d"))
    track, filled = list(root.iter(f"{SVG}rect"))
    assert filled.get("width") == track.get("width")


def test_chart_text_is_escaped():
    svg = charts.bar_chart([charts.Bar("<script>", 10, "&")], chart_id="c", title="<b>", desc="\"'")
    assert "<script>" not in svg
    assert "<b>" not in svg
    root = parse(svg)
    assert root.find(f"{SVG}title").text == "<b>"


def test_line_chart_draws_each_series_scaled_to_the_peak():
    svg = charts.line_chart(
        [
            charts.Series("Wins", charts.WINS, [1, 2, 4]),
            charts.Series("Losses", charts.LOSSES, [0, 1, 1]),
        ],
        chart_id="r",
        title="Results over time",
        desc="…",
        x_first="1/1",
        x_last="2/1",
    )
    root = parse(svg)
    lines = list(root.iter(f"{SVG}polyline"))
    assert len(lines) == 2
    wins = [tuple(map(float, p.split(","))) for p in lines[0].get("points").split()]
    assert len(wins) == 3
    # x grows left to right; the peak (4) is at the top line, higher values are higher up.
    assert wins[0][0] < wins[1][0] < wins[2][0]
    assert wins[2][1] < wins[1][1] < wins[0][1]
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "4" in texts
    assert "Wins" in texts
    assert "Losses" in texts
    assert texts[-2:] == ["1/1", "2/1"]


def test_a_single_match_is_a_dot_not_an_invisible_line():
    root = parse(
        charts.line_chart(
            [charts.Series("Wins", charts.WINS, [1])], chart_id="r", title="t", desc="d"
        )
    )
    assert not list(root.iter(f"{SVG}polyline"))
    assert len(list(root.iter(f"{SVG}circle"))) == 1


def test_cumulative_counts_wins_and_losses_in_order():
    assert charts.cumulative([True, False, True, True]) == ([1, 1, 2, 3], [0, 1, 1, 1])


def test_coordinates_are_short():
    svg = charts.line_chart(
        [charts.Series("W", charts.WINS, [1, 2, 3])], chart_id="r", title="t", desc="d"
    )
    assert not re.search(r"\d\.\d{2,}", svg)
