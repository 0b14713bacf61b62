"""The replay's table: the live table's regions (game.table.regions), drawn read-only.

``ReplayPainter`` is the live ``Painter`` with four differences: the log panel is the whole
match (replay.log) instead of the log so far; the signals are drawn as everyone saw them,
without the viewer's buttons; the player's own switches, the host's tempo and the decision
panel are left out; and the hand is the live hand's head and cards without the form around
them, shown plainly (no "why not" reasons, no End turn, nothing to press).
Everything else, seats, centre, round bar, top line, role bar, the end panel, is the very
same drawing the table screen uses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.safestring import SafeString, mark_safe

from game import signal_board
from game.table.regions import Painter
from replay import log


@dataclass
class ReplayPainter(Painter):
    #: The log panel's lines and where each one links to.
    lines: list[log.Line] = field(default_factory=list)
    at: int = 0
    url_for: Callable[[int], str] = str

    def __post_init__(self) -> None:
        self.oob = False

    def log_lines(self, start_events: int = 0, start_signals: int = 0) -> list[SafeString]:
        at, url_for = self.at, self.url_for
        return [
            log.linked(line, url_for(line.position), line.position == at and not line.later)
            for line in self.lines
        ]

    def full_table(self) -> str:
        # The live log announces each new line; a replay step replaces the whole table, and a
        # live region full of the match would be read out at once. replay.js reads out the
        # step's own lines instead (#replay-announcer, outside the table).
        html = super().full_table()
        quiet = html.replace(' aria-live="polite" aria-relevant="additions"', "", 1)
        return mark_safe(quiet)  # noqa: S308 (the live table's own safe HTML, one attribute less)

    def board(self, *, own: bool) -> signal_board.SignalBoard | None:
        return super().board(own=False)  # as everyone saw them: nobody's buttons

    def region(self, region: str) -> SafeString:
        if region == "table-hand":  # the live hand's parts without its form (nothing to send)
            return self._render("game/replay/hand.html", self.panel_context(region))
        return super().region(region)

    def panel_context(self, region: str) -> dict[str, Any]:
        if region == "table-decision":
            return {"prompt": None, "deadline": "", "seconds_left": None, "clock_left": ""}
        context = super().panel_context(region)
        if region == "table-settings":
            # Nobody's switches: no auto-pass, no host, no "let the bot play for me" (issue 17).
            context.update(auto_pass=None, host=False, own_bot="")
        return context

    def hand_head_context(self) -> dict[str, Any]:
        return {**super().hand_head_context(), "waiting": "", "end_turn": None}

    def hand_faces(self) -> dict[str, Any]:
        faces = super().hand_faces()
        for face in faces.values():
            face.why_not = ""
        return faces
