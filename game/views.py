"""The table page (issue 6).

Anyone may open a match: the viewer's seat comes from the account or the guest's session, and
everyone else watches (R82, Q55). The page renders from the engine's filtered views only. The
match summary at /match/<id>/result/ is the stats part's (stats.result).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import translation

from bangarena_site.request_types import HtmxRequest
from game import broadcast, presence, services
from game.models import Match


def _viewer(request: HttpRequest, match: Match) -> int | None:
    return services.seat_of(match, request.user, request.session.session_key)


def table(request: HtmxRequest, match_id: int) -> HttpResponse:
    """The live table: the first paint of the regions the WebSocket keeps updating. Asked by
    htmx (a screen that saw a gap in the table versions), only the whole table fragment."""
    match = get_object_or_404(Match, pk=match_id)
    viewer = _viewer(request, match)
    if request.htmx:
        # Read under the match lock: the deltas that follow must follow this very table.
        html, _ = broadcast.current_table(match.pk, viewer, translation.get_language())
        return HttpResponse(html)
    # The first paint; the socket sends the whole table again as it connects, so no lock.
    seats = list(match.seats.select_related("user"))
    html = broadcast.render_table(match, seats, match.game(), viewer, now=services.clock())
    return render(
        request,
        "game/table_page.html",
        {
            "match": match,
            "table_html": html,
            "socket_url": f"/ws/match/{match.pk}/",
            "heartbeat_ms": presence.HEARTBEAT_SECONDS * 1000,
            "seated": viewer is not None,
        },
    )
