"""The home page: what BangArena is, how busy it is right now, and the ways in."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from bangarena_site.live.presence import site_activity


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"activity": site_activity()})
