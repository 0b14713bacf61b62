"""Controls at the table that are not moves: Hand to bot / take back (R121, R132), the vote
to hand an absent player's seat to the bot (issue 23), and tempo.

POST only (CSRF-checked by the middleware). Who may use what:

- Hand to bot and take back: every player for his own seat ("let the bot play for me",
  "I'm back"); the host for any human or AI seat, his own included (R132). Nobody else.
- The vote: a human who holds a seat of the match and is present at the table (presence,
  Q48), on another human's seat; never the absent player himself, nor a watcher. Limited per
  voter (``VOTES_PER_MINUTE``).
- Tempo: the host only.

Anyone else gets 403 and nothing changes. The new table reaches every screen over the
WebSocket, so an htmx request gets an empty 204; a plain form post goes back to the table.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from bangarena_site.limits import SlidingWindow
from game import services
from game.models import Match, MatchSeat

#: A vote is one click per absence; more than this a minute from one seat is a script.
VOTES_PER_MINUTE = 10
vote_limit = SlidingWindow("bot-votes", VOTES_PER_MINUTE, 60)


def _host_match(request: HttpRequest, match_id: int) -> Match:
    """The match, if the requester holds its host seat; 403 otherwise (404 if none)."""
    match = get_object_or_404(Match, pk=match_id)
    viewer = services.seat_of(match, request.user, request.session.session_key)
    if viewer is None or viewer != match.host_seat:
        raise PermissionDenied
    return match


def _seat_match(request: HttpRequest, match_id: int, seat: int) -> Match:
    """The match, if the requester may hand ``seat`` to the bot and take it back: it is his
    own seat, or he is the host and it is not a bot's. 403 otherwise (404 if no match)."""
    match = get_object_or_404(Match, pk=match_id)
    viewer = services.seat_of(match, request.user, request.session.session_key)
    if viewer is None:
        raise PermissionDenied
    if viewer == seat:
        return match
    if viewer == match.host_seat and match.seats.filter(seat=seat).exclude(kind="bot").exists():
        return match
    raise PermissionDenied


def _done(request: HttpRequest, match: Match) -> HttpResponse:
    if getattr(request, "htmx", False):
        return HttpResponse(status=204)
    return redirect("game:table", match.pk)


def _refused(error: services.MatchError) -> HttpResponse:
    return HttpResponse(str(error.message), status=409, content_type="text/plain; charset=utf-8")


def _change(request: HttpRequest, match: Match, make: Callable[[], object]) -> HttpResponse:
    """Make a change to the table: done, or refused (409) with the reason in words."""
    try:
        make()
    except services.MatchError as error:
        return _refused(error)
    return _done(request, match)


@require_POST
def hand_to_bot(request: HttpRequest, match_id: int, seat: int) -> HttpResponse:
    match = _seat_match(request, match_id, seat)
    return _change(request, match, lambda: services.hand_to_bot(match.pk, seat))


@require_POST
def stay_out(request: HttpRequest, match_id: int) -> HttpResponse:
    """ "Stay out" of the room's next match (Play again reached the summary or the old table):
    the requester's own seat there starts with the bot playing it (R121), until "I'm back" at
    the new table. Only the requester's own seat; 403 for someone with no seat there."""
    match = get_object_or_404(Match, pk=match_id)
    seat = services.seat_of(match, request.user, request.session.session_key)
    if seat is None:
        raise PermissionDenied
    return _change(request, match, lambda: services.hand_to_bot(match.pk, seat))


@require_POST
def return_to_player(request: HttpRequest, match_id: int, seat: int) -> HttpResponse:
    match = _seat_match(request, match_id, seat)
    return _change(request, match, lambda: services.return_to_player(match.pk, seat))


@require_POST
def vote_hand_to_bot(request: HttpRequest, match_id: int, seat: int) -> HttpResponse:
    """Vote to let the bot play an absent player's ``seat`` now (issue 23)."""
    match = get_object_or_404(Match, pk=match_id)
    voter = services.seat_of(match, request.user, request.session.session_key)
    if voter is None or voter == seat:
        raise PermissionDenied
    humans = match.seats.filter(kind=MatchSeat.Kind.HUMAN)
    if not humans.filter(seat=voter, connected=True).exists():
        raise PermissionDenied  # only players present at the table vote
    if not humans.filter(seat=seat).exists():
        raise PermissionDenied  # a bot's or an AI's seat is nobody's to vote on
    if not vote_limit.hit(f"{match.pk}:{voter}"):
        message = _("You are voting too often; wait a moment.")
        return HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
    return _change(request, match, lambda: services.vote_hand_to_bot(match.pk, voter, seat))


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
