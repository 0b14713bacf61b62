"""Controls of a player over their own seat at the table (not moves): auto-pass, and the
table tools remembered per user (🔔 notifications, their sound, ⛶ focus mode).

POST only (CSRF-checked by the middleware). Auto-pass is for whoever holds a seat in the match;
the tools are for a signed-in player (guests keep theirs in the browser). Anyone else gets 403
and nothing changes.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from game import services, table_prefs
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


#: How a form field says on or off.
BOOLEANS = {"1": True, "true": True, "on": True, "0": False, "false": False, "off": False}


@require_POST
def set_table_prefs(request: HttpRequest) -> HttpResponse:
    """Remember the table tools of a signed-in player: any of ``notify``, ``sound``, ``focus``
    as 1/0 (true/false, on/off). Unknown keys or values are refused and change nothing."""
    if not request.user.is_authenticated:
        raise PermissionDenied
    changes: dict[str, bool] = {}
    for key in request.POST:
        if key == "csrfmiddlewaretoken":
            continue
        raw = request.POST[key]
        if key not in table_prefs.DEFAULTS or raw.lower() not in BOOLEANS:
            return HttpResponse(status=400)
        changes[key] = BOOLEANS[raw.lower()]
    if not changes:
        return HttpResponse(status=400)
    return JsonResponse(table_prefs.save(request.user, changes))
