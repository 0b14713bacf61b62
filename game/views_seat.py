"""Controls of a player over their own seat at the table (not moves): auto-pass.

POST only (CSRF-checked by the middleware), and only for whoever holds a seat in the match;
anyone else gets 403 and nothing changes.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from game import services
from game.models import Match


@require_POST
def set_auto_pass(request: HttpRequest, match_id: int) -> HttpResponse:
    """Opt in or out of passing at once when "pass" is the only answer (off by default)."""
    match = get_object_or_404(Match, pk=match_id)
    seat = services.seat_of(match, request.user, request.session.session_key)
    if seat is None:
        raise PermissionDenied
    try:
        services.set_auto_pass(match.pk, seat, request.POST.get("auto_pass") == "on")
    except services.MatchError as error:
        return HttpResponse(str(error.message), status=409, content_type="text/plain")
    if getattr(request, "htmx", False):
        return HttpResponse(status=204)
    return redirect("game:table", match.pk)
