"""Host controls at the table (R132): Hand to bot, Return to player, tempo.

POST only (CSRF-checked by the middleware), and only for the player in ``match.host_seat``;
anyone else gets 403 and nothing changes. The new table reaches every screen over the
WebSocket, so an htmx request gets an empty 204; a plain form post goes back to the table.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from game import services
from game.models import Match

PLAYER_IS_HERE = _("This player is at the table; only an absent player's seat goes to the bot.")


def _host_match(request: HttpRequest, match_id: int) -> Match:
    """The match, if the requester holds its host seat; 403 otherwise (404 if none)."""
    match = get_object_or_404(Match, pk=match_id)
    viewer = services.seat_of(match, request.user, request.session.session_key)
    if viewer is None or viewer != match.host_seat:
        raise PermissionDenied
    return match


def _done(request: HttpRequest, match: Match) -> HttpResponse:
    if getattr(request, "htmx", False):
        return HttpResponse(status=204)
    return redirect("game:table", match.pk)


def _refused(error: services.MatchError) -> HttpResponse:
    return _conflict(error.message)


def _conflict(message: object) -> HttpResponse:
    return HttpResponse(str(message), status=409, content_type="text/plain; charset=utf-8")


@require_POST
def hand_to_bot(request: HttpRequest, match_id: int, seat: int) -> HttpResponse:
    match = _host_match(request, match_id)
    # R132: for an absent player's seat (or the host's own); a present player keeps control.
    player = match.seats.filter(seat=seat).first()
    if player is not None and player.connected and seat != match.host_seat:
        return _conflict(PLAYER_IS_HERE)
    try:
        services.hand_to_bot(match.pk, seat)
    except services.MatchError as error:
        return _refused(error)
    return _done(request, match)


@require_POST
def return_to_player(request: HttpRequest, match_id: int, seat: int) -> HttpResponse:
    match = _host_match(request, match_id)
    try:
        services.return_to_player(match.pk, seat)
    except services.MatchError as error:
        return _refused(error)
    return _done(request, match)


@require_POST
def set_tempo(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _host_match(request, match_id)
    tempo = request.POST.get("tempo", "")
    try:
        services.set_tempo(match.pk, tempo)
    except services.MatchError as error:
        if error.code == "illegal":
            return HttpResponseBadRequest(str(error.message))
        return _refused(error)
    return _done(request, match)
