"""Report a player (issue 23, lobby.reports): a form page per seat, from a room (for its
members) and from a match's table or summary (for those who held a seat in it). Everyone
else gets 403 before anything is shown or stored; the form is a CSRF-checked POST, limited
per reporter."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from game.models import Match
from lobby import blocks, reports, services
from lobby.forms import ReportForm
from lobby.identity import person_of
from lobby.views import _room_or_404, answers_throttle


@require_http_methods(["GET", "POST"])
@answers_throttle
def report_player(request: HttpRequest, code: str, index: int) -> HttpResponse:
    room = _room_or_404(request, code)
    back = reverse("lobby:room", args=[room.code])
    person = person_of(request)
    find = partial(reports.reportable_in_room, room, person, index)
    return _report_page(request, find, back, _("Back to the room"))


@require_http_methods(["GET", "POST"])
def report_in_match(request: HttpRequest, match_id: int, seat: int) -> HttpResponse:
    """A seat of a match, reported from its table (while it runs and after) or its summary."""
    match = get_object_or_404(Match, pk=match_id)
    if not match.seats.filter(seat=seat).exists():
        raise Http404
    back, label = _back_to(match)
    find = partial(reports.reportable_in_match, match, person_of(request), seat)
    return _report_page(request, find, back, label)


def _back_to(match: Match) -> tuple[str, str]:
    """Where the report page leads back to: the table while the match runs, its summary
    once it is over (the table's own page if no summary is installed)."""
    if not match.is_running:
        try:
            return reverse("game:result", args=[match.pk]), _("Back to the match summary")
        except NoReverseMatch:
            pass
    return reverse("game:table", args=[match.pk]), _("Back to the table")


def _report_page(
    request: HttpRequest, find: Callable[[], reports.Reported], back: str, back_label: str
) -> HttpResponse:
    """The report form about the player ``find`` names (403 for someone who may not report
    there; a refused seat goes ``back`` with the reason); a valid POST stores the report and
    leads ``back`` with a thank-you, unless the reporter sent too many (429)."""
    try:
        reported = find()
    except blocks.NotAllowed:
        raise PermissionDenied from None
    except services.RoomError as error:
        messages.error(request, str(error.message))
        return redirect(back)
    form = ReportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                reports.store_report(reported, person_of(request), **form.cleaned_data)
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
                return redirect(back)
        else:
            status = 400
    context = {
        "name": reported.target.name,
        "form": form,
        "back_url": back,
        "back_label": back_label,
    }
    return render(request, "lobby/report.html", context, status=status)
