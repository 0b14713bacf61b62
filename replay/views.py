"""The replay viewer and the replay export of a finished match (issue 18).

``/match/<id>/replay/?at=<position>&seat=<n>``: the table at any position, from everyone's
or one seat's eyes (``seat`` 1-based, as "Seat 3" on the table; absent: everything). htmx
asks for the same address and gets only the regions that change (the table and the bar).
``/match/<id>/replay.json``: the configuration and the action log for programs.
A running match has neither (404): its replay would show what its seats may not know yet.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET

from bangarena_site.request_types import HtmxRequest
from game.table import context
from replay import export as replay_export
from replay import position, privacy, store


def parse_at(raw: str | None, last: int) -> int:
    """The position asked for; the deal when missing or unreadable, clamped to the match."""
    try:
        at = int(raw or 0)
    except (TypeError, ValueError, OverflowError):
        return 0
    return max(0, min(last, at))


def parse_seat(raw: str | None, seats: int) -> int | None:
    """The 0-based seat of a 1-based ``seat`` parameter; None (everything) for anything else."""
    try:
        number = int(raw or "")
    except (TypeError, ValueError, OverflowError):
        return None
    return number - 1 if 1 <= number <= seats else None


@require_GET
def replay(request: HtmxRequest, match_id: int) -> HttpResponse:
    match = store.finished_match(match_id)
    timeline = store.timeline(match)
    seats = list(match.seats.select_related("user"))
    at = parse_at(request.GET.get("at"), timeline.last)
    seat = parse_seat(request.GET.get("seat"), len(seats))
    base_url = reverse("game:replay", args=[match.pk])
    base = context.load(match, seats, now=match.finished_at or match.created_at)
    drawn = position.draw(
        timeline,
        at,
        seat,
        base,
        base_url=base_url,
        hidden=privacy.hidden_seats(seats, request.user),
    )
    page: dict[str, Any] = {"match": match, "drawn": drawn, "base_url": base_url}
    if request.htmx:
        return HttpResponse(render_to_string("game/replay/frame.html", page, request=request))
    page["result_url"] = reverse("game:result", args=[match.pk])
    page["export_url"] = reverse("game:replay_export", args=[match.pk])
    return render(request, "game/replay/page.html", page)


@require_GET
def export(request: HttpRequest, match_id: int) -> JsonResponse:
    match = store.finished_match(match_id)
    seats = list(match.seats.select_related("user"))
    document = replay_export.document(match, seats, privacy.hidden_seats(seats, request.user))
    response = JsonResponse(document, json_dumps_params={"ensure_ascii": False})
    response["Content-Disposition"] = f'inline; filename="bangarena-match-{match.pk}.json"'
    return response
