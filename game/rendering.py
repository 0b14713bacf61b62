"""The table as one HTML fragment, rendered per seat (the only thing the table sends out).

`table_fragment` is what the game backend calls for every seat and the watchers after each
change; the page view uses it for the first paint. Its only inputs are the seat's own filtered
view, its own legal actions and public seat metadata, so the HTML cannot carry another seat's
secrets.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy as _

from game.presenters import SeatMeta, present_table

#: The tempo buttons of the host (R132); the values are the ones services.set_tempo accepts.
TEMPO_CHOICES = (("slow", _("Slow")), ("normal", _("Normal")), ("fast", _("Fast")))


def table_fragment(
    match: Any,
    seats: list[SeatMeta],
    view: dict[str, Any],
    viewer: int | None,
    *,
    legal: list[dict[str, Any]],
    all_knowing_hands: dict[int, list[dict[str, Any]]] | None = None,
    now: datetime | None = None,
    signals: Sequence[Any] | None = None,
) -> str:
    """The whole table as `<div id="table" hx-swap-oob="true">…</div>` in the active language.

    `view` must be `game.view(viewer)` (the public view for a spectator) and `legal` the
    viewer's legal actions; `signals` the match's TableSignal rows (None: no signals in this
    render); `all_knowing_hands` (seat -> that seat's own hand) is shown only to
    spectators, and only the backend decides when a table may be watched that way.
    """
    table = present_table(
        match,
        seats,
        view,
        viewer,
        legal=legal,
        all_knowing_hands=all_knowing_hands,
        now=now,
        signals=signals,
    )
    result_url = ""
    if table.finished:
        from django.urls import NoReverseMatch, reverse

        try:
            result_url = reverse("game:result", args=[match.id])
        except NoReverseMatch:
            result_url = ""
    return render_to_string(
        "game/table.html",
        {"table": table, "result_url": result_url, "tempo_choices": TEMPO_CHOICES},
    )
