"""Blocking players (issue 23, lobby.blocks): Block / Unblock on a room page's seats, and the
page of one's own blocks with Unblock. Every change is a CSRF-checked POST; anyone but the
one allowed person (a signed-in member of the room; the block's owner) gets 403."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from bangarena_site.request_types import SignedInRequest
from lobby import blocks, services
from lobby.identity import Person, person_of
from lobby.models import PlayerBlock, Room
from lobby.presenters import room_fragment
from lobby.views import _room_or_404, answers_throttle


def _seat_block_view(change: Callable[[Room, Person, int], object]) -> Callable[..., HttpResponse]:
    @require_POST
    @answers_throttle
    def view(request: HttpRequest, code: str, index: int) -> HttpResponse:
        room = _room_or_404(request, code)
        person = person_of(request)
        try:
            change(room, person, index)
        except blocks.NotAllowed:
            raise PermissionDenied from None
        except services.RoomError as error:
            return HttpResponse(
                str(error.message), status=409, content_type="text/plain; charset=utf-8"
            )
        if getattr(request, "htmx", False):
            fresh = Room.objects.select_related("host", "current_match").get(pk=room.pk)
            origin = f"{request.scheme}://{request.get_host()}"
            return HttpResponse(room_fragment(fresh, person, origin=origin))
        return redirect("lobby:room", room.code)

    view.__name__ = change.__name__
    return view


block_seat = _seat_block_view(blocks.block_seat)
unblock_seat = _seat_block_view(blocks.unblock_seat)


@require_GET
@login_required
def blocked_players(request: SignedInRequest) -> HttpResponse:
    """The players you blocked, each with Unblock."""
    mine = PlayerBlock.objects.filter(blocker=request.user).order_by("-created_at")
    return render(request, "lobby/blocked.html", {"blocks": mine})


@require_POST
def unblock(request: HttpRequest, block_id: int) -> HttpResponse:
    try:
        blocks.unblock(person_of(request), block_id)
    except blocks.NotAllowed:
        raise PermissionDenied from None
    return redirect("lobby:blocked")
