"""The home page: what BangArena is, how busy it is right now (live over /ws/lobby/numbers/),
and the ways in."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from lobby.live_numbers import live_numbers


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"numbers": live_numbers()})
