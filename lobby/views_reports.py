"""Report a player (issue 23, lobby.reports): a form page per seat of a room, for members of
the room only (403 for everyone else, before anything is shown or stored)."""

from __future__ import annotations

import math

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from lobby import blocks, reports, services
from lobby.forms import ReportForm
from lobby.identity import person_of
from lobby.views import _room_or_404, answers_throttle


@require_http_methods(["GET", "POST"])
@answers_throttle
def report_player(request: HttpRequest, code: str, index: int) -> HttpResponse:
    room = _room_or_404(request, code)
    person = person_of(request)
    try:
        target = reports.reportable(room, person, index)
    except blocks.NotAllowed:
        raise PermissionDenied from None
    except services.RoomError as error:
        messages.error(request, str(error.message))
        return redirect("lobby:room", room.code)
    form = ReportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                reports.file_report(room, person, index, **form.cleaned_data)
            except reports.Throttled as refused:
                minutes = max(1, math.ceil(refused.seconds / 60))
                message = ngettext(
                    "You have sent many reports. Try again in %(minutes)d minute.",
                    "You have sent many reports. Try again in %(minutes)d minutes.",
                    minutes,
                ) % {"minutes": minutes}
                form.add_error(None, message)
                status = 429
            else:
                messages.success(request, _("Thank you: the moderators will look into it."))
                return redirect("lobby:room", room.code)
        else:
            status = 400
    context = {"room": room, "target": target, "form": form}
    return render(request, "lobby/report.html", context, status=status)
