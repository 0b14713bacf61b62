"""Redraws a page's socket skips because the page already shows them.

A page socket redraws its part of the page whenever it is told something may have changed:
presence, a periodic count, a broadcast about another viewer's change. Many of those leave this
viewer's fragment exactly as it was, and an ``hx-swap-oob`` swap still replaces every control
in it: a click or a half-typed name landing on the old control is lost, and the frame costs
the wire for nothing. Redraws pushed over sockets carry no CSRF token or clock, so the same
state renders to the same text and comparing the text is enough.
"""

from __future__ import annotations


class SkipUnchangedRedrawMixin:
    """Mix into an AsyncWebsocketConsumer: ``redraw(html)`` sends the fragment only when it
    differs from the last one this socket sent."""

    shown: str = ""

    async def redraw(self, html: str) -> None:
        if html == self.shown:
            return
        self.shown = html
        await self.send(text_data=html)  # type: ignore[attr-defined]
