"""Quick match pages (issue 23, lobby.quick_match): /play/quick/ to queue with a seat range,
a mode and a move time; the status (who waits, when the table starts) is pushed by /ws/quick/
until the table is ready, then the page goes there. Joining and leaving are CSRF-checked
POSTs."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from game import presence
from lobby import preferences, quick_match
from lobby.forms import QuickMatchForm
from lobby.identity import person_of
from lobby.presenters import quick_status_fragment


def _page(request: HttpRequest, form: QuickMatchForm, status: int = 200) -> HttpResponse:
    person = person_of(request)
    context = {
        "form": form,
        "queued": quick_match.status_of(person) is not None,
        "status_html": quick_status_fragment(person),
        "heartbeat_ms": presence.HEARTBEAT_SECONDS * 1000,
    }
    return render(request, "lobby/quick.html", context, status=status)


@require_GET
def quick_page(request: HttpRequest) -> HttpResponse:
    form = QuickMatchForm(
        initial={"name": preferences.load(request)["name"], "mode": "", "move_time": ""}
    )
    return _page(request, form)


@require_POST
def quick_join(request: HttpRequest) -> HttpResponse:
    form = QuickMatchForm(request.POST)
    if not form.is_valid():
        return _page(request, form, status=400)
    data = form.cleaned_data
    preferences.save(request, {"name": data["name"]})
    person = person_of(request, create_session=True)
    quick_match.join_queue(
        person,
        data["name"],
        min_seats=data["min_seats"],
        max_seats=data["max_seats"],
        mode=data["mode"] or "",
        move_time=data["move_time"],
    )
    return redirect("lobby:quick")


@require_POST
def quick_leave(request: HttpRequest) -> HttpResponse:
    quick_match.leave_queue(person_of(request))
    return redirect("lobby:quick")
