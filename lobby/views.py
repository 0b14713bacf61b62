"""The start screen (R129, R130), rooms and their host controls (R131).

Every change is a POST (CSRF-checked by the middleware). Host controls answer an htmx request
with the redrawn room (the socket brings it to everyone else) and a plain form post with a
redirect back to the room; anyone but the host gets 403 and nothing changes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, OuterRef, Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from bangarena_site.accounts.forms import client_address
from game import presence, seat_labels
from game import services as game_services
from game.models import BotStrength, Match, MatchSeat
from game.services import SeatSpec
from lobby import codes, preferences, services
from lobby.forms import NameForm, SettingsForm
from lobby.identity import Person, person_of
from lobby.live_numbers import live_numbers_fragment
from lobby.models import Room
from lobby.open_rooms import open_rooms_fragment
from lobby.presenters import room_context, room_fragment
from lobby.throttle import join_throttle
from machines.agents.forms import AgentNameForm

WATCHING_NOTICE = gettext_lazy("The match has already started: you are watching it.")


def _start_page(request: HttpRequest, form: SettingsForm, status: int = 200) -> HttpResponse:
    context = {
        "form": form,
        "open_rooms_html": open_rooms_fragment(person_of(request)),
        "live_count_html": live_numbers_fragment(),
    }
    return render(request, "lobby/start.html", context, status=status)


def start_form_target(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A start-screen form's POST target. On a refused form it shows the start screen at its
    own URL, so a later GET there (the language switch returning to the page, a reload) goes
    back to the start screen rather than to a bare "405 Method Not Allowed"."""

    @wraps(view)
    def target(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method in ("GET", "HEAD"):
            return redirect("lobby:start")
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        return view(request, *args, **kwargs)

    return target


@require_GET
def start_screen(request: HttpRequest) -> HttpResponse:
    initial = preferences.load(request)
    code = request.GET.get("code", "")
    return _start_page(request, SettingsForm(initial={**initial, "code": code}))


def _settings_form(request: HttpRequest, *, require_name: bool = True) -> SettingsForm:
    form = SettingsForm(request.POST, require_name=require_name)
    if form.is_valid():
        preferences.save(request, form.remembered())
    return form


@start_form_target
def play(request: HttpRequest) -> HttpResponse:
    """Play: straight to a new table, bots in every other seat (R130)."""
    form = _settings_form(request)
    if not form.is_valid():
        return _start_page(request, form, status=400)
    person = person_of(request, create_session=True)
    match = services.play_now(
        person, form.cleaned_data["name"], form.room_settings(), bot_strength=form.chosen_strength()
    )
    return redirect("game:table", match.pk)


@start_form_target
def create(request: HttpRequest) -> HttpResponse:
    form = _settings_form(request)
    if not form.is_valid():
        return _start_page(request, form, status=400)
    person = person_of(request, create_session=True)
    room = services.create_room(person, form.cleaned_data["name"], form.room_settings())
    return redirect("lobby:room", room.code)


@start_form_target
def join_by_code(request: HttpRequest) -> HttpResponse:
    form = _settings_form(request)
    if not form.is_valid():
        return _start_page(request, form, status=400)
    person = person_of(request, create_session=True)
    outcome = _join(request, person, form.cleaned_data["code"], form.cleaned_data["name"])
    if isinstance(outcome, Refusal):
        form.add_error("code", outcome.message)
        return _start_page(request, form, status=outcome.status)
    return outcome


@dataclass(frozen=True)
class Refusal:
    message: str
    status: int = 400


def _join(request: HttpRequest, person: Person, raw_code: str, name: str) -> HttpResponse | Refusal:
    """Seat ``person`` in the room, or send them to watch its running match."""
    address = client_address(request)
    wait = _code_wait(person, address, raw_code)
    if wait:
        return Refusal(_too_many_codes(wait), status=429)
    code = codes.normalize(raw_code)
    if not code:
        if raw_code.strip():
            join_throttle.record_miss(person, address)
        return Refusal(_("A room code has 6 letters and digits, like K7MQ2X."))
    try:
        seat = services.join(code, person, name)
    except services.RoomError as error:
        if error.code == "no_room":
            join_throttle.record_miss(person, address)
        if error.code == "started":
            return _watch_started(request, code)
        return Refusal(str(error.message), status=404 if error.code == "no_room" else 409)
    room = seat.room
    if room.is_playing and room.current_match_id:
        return redirect("game:table", room.current_match_id)
    return redirect("lobby:room", room.code)


def _code_wait(person: Person, address: str, raw_code: str) -> int:
    """Seconds before ``person`` may look up another room code: 0 whenever the code is that
    of a room he is in, so guessing from his address never locks him out of his own room.
    Everyone else gets the same answer whether or not the code exists."""
    wait = join_throttle.seconds_until_allowed(person, address)
    if not wait or not person.known:
        return wait
    room = Room.objects.filter(code=codes.normalize(raw_code)).first()
    if room is not None and services.member_of(room, person) is not None:
        return 0
    return wait


def _too_many_codes(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many room codes tried. Try again in %(minutes)d minute.",
        "Too many room codes tried. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def _watch_started(request: HttpRequest, code: str) -> HttpResponse:
    room = Room.objects.get(code=code)
    messages.info(request, str(WATCHING_NOTICE))
    return redirect("game:table", room.current_match_id)


@start_form_target
def watch(request: HttpRequest) -> HttpResponse:
    """Watch bot match (R130): a running all-bot table of the chosen bot strength (issue 22),
    or a new one if none runs."""
    form = _settings_form(request, require_name=False)
    if not form.is_valid():
        return _start_page(request, form, status=400)
    strength = form.chosen_strength()
    others = MatchSeat.objects.filter(match=OuterRef("pk")).filter(
        ~Q(kind=MatchSeat.Kind.BOT) | ~Q(strength=strength)
    )
    match = (
        Match.objects.filter(status=Match.Status.RUNNING)
        .exclude(Exists(others))
        .order_by("-created_at")
        .first()
    )
    if match is None:
        settings = form.room_settings()
        match = game_services.start_match(
            seats=[
                SeatSpec(kind="bot", name=seat_labels.stored("bot", n), strength=strength)
                for n in range(1, settings.seats + 1)
            ],
            mode=settings.mode,
            move_time=settings.move_time,
            tempo=settings.tempo,
        )
    return redirect("game:table", match.pk)


@start_form_target
def join_open(request: HttpRequest, code: str) -> HttpResponse:
    """Take a free seat of a public room from the list at /play/ (issue 23). Only public
    rooms: a private room's code answers exactly as an unknown one, so the list's door can
    neither seat anyone in a private room nor tell that it exists."""
    name_form = NameForm(request.POST)
    if not name_form.is_valid():
        form = SettingsForm(request.POST)
        form.is_valid()
        return _start_page(request, form, status=400)
    name = name_form.cleaned_data["name"]
    preferences.save(request, {"name": name})
    person = person_of(request, create_session=True)
    try:
        seat = services.join(codes.normalize(code), person, name, public_only=True)
    except services.RoomError as error:
        messages.error(request, str(NO_LONGER_OPEN if error.code == "no_room" else error.message))
        return redirect("lobby:start")
    return redirect("lobby:room", seat.room.code)


NO_LONGER_OPEN = gettext_lazy("That table is no longer open to strangers.")


# --- the room page ---------------------------------------------------------------------------


class CodeThrottled(Exception):
    """Too many unknown codes from this session or address (answered with 429)."""

    def __init__(self, seconds: int) -> None:
        super().__init__(seconds)
        self.message = _too_many_codes(seconds)


def _room_or_404(request: HttpRequest, raw_code: str) -> Room:
    """The room a POST names by code. Unknown codes count against the same limit as joins,
    so neither 404 against 403 nor any other answer can be used to enumerate codes."""
    person = person_of(request)
    address = client_address(request)
    wait = _code_wait(person, address, raw_code)
    if wait:
        raise CodeThrottled(wait)
    code = codes.normalize(raw_code)
    room = Room.objects.select_related("host", "current_match").filter(code=code).first()
    if room is None:
        join_throttle.record_miss(person, address)
        raise Http404
    return room


def _throttled(error: CodeThrottled) -> HttpResponse:
    return HttpResponse(error.message, status=429, content_type="text/plain; charset=utf-8")


def answers_throttle(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Turn CodeThrottled into a 429 with the reason."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except CodeThrottled as error:
            return _throttled(error)

    return wrapped


def room(request: HttpRequest, code: str) -> HttpResponse:
    """The room: live seats for members; for anyone else a seat to take (the share link)."""
    person = person_of(request)
    address = client_address(request)
    wait = _code_wait(person, address, code)
    if wait:
        return _start_page(request, _code_error_form(request, code, _too_many_codes(wait)), 429)
    found = codes.normalize(code)
    room = Room.objects.select_related("host", "current_match").filter(code=found).first()
    if room is None or room.is_closed:
        if room is None:
            join_throttle.record_miss(person, address)
        message = services.ERROR_MESSAGES["closed" if room else "no_room"]
        return _start_page(request, _code_error_form(request, code, str(message)), status=404)
    if code != room.code:
        return redirect("lobby:room", room.code)
    member = services.member_of(room, person)
    if member is None and room.is_playing and room.current_match_id:
        messages.info(request, str(WATCHING_NOTICE))
        return redirect("game:table", room.current_match_id)
    origin = f"{request.scheme}://{request.get_host()}"
    context = room_context(room, person, origin=origin)
    context["room_html"] = room_fragment(room, person, origin=origin, csrf_token=get_token(request))
    context["name_form"] = NameForm(initial={"name": preferences.load(request)["name"]})
    context["heartbeat_ms"] = presence.HEARTBEAT_SECONDS * 1000
    return render(request, "lobby/room_page.html", context)


def _code_error_form(request: HttpRequest, code: str, message: str) -> SettingsForm:
    form = SettingsForm(initial={**preferences.load(request), "code": code})
    form.code_error = message  # shown by the start screen next to the code field
    return form


@require_POST
@answers_throttle
def join_room(request: HttpRequest, code: str) -> HttpResponse:
    """Take a seat from the room link."""
    form = NameForm(request.POST)
    room = _room_or_404(request, code)
    if not form.is_valid():
        messages.error(request, " ".join(str(error) for error in form.errors["name"]))
        return redirect("lobby:room", room.code)
    preferences.save(request, {"name": form.cleaned_data["name"]})
    person = person_of(request, create_session=True)
    try:
        services.join(room.code, person, form.cleaned_data["name"])
    except services.RoomError as error:
        if error.code == "started":
            return _watch_started(request, room.code)
        messages.error(request, str(error.message))
        if error.code == "closed":
            return redirect("lobby:start")
    return redirect("lobby:room", room.code)


@require_POST
@answers_throttle
def leave(request: HttpRequest, code: str) -> HttpResponse:
    """← Back: leave the room and change the settings on the start screen (R131, Q59)."""
    room = _room_or_404(request, code)
    try:
        services.leave(room.pk, person_of(request))
    except services.RoomError as error:
        messages.error(request, str(error.message))
        return redirect("lobby:room", room.code)
    if getattr(request, "htmx", False):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = reverse("lobby:start")
        return response
    return redirect("lobby:start")


# --- host controls (R131) ----------------------------------------------------------------------


def _host_action(
    action: Callable[..., Any], *, fields: tuple[str, ...] = ()
) -> Callable[..., HttpResponse]:
    """Wrap a services host control as a POST view: 403 for non-hosts, 409 with the reason
    for a refused change, else the redrawn room. ``fields``: POST fields passed on to the
    action as text keyword arguments."""

    @require_POST
    @answers_throttle
    def view(request: HttpRequest, code: str, **kwargs: Any) -> HttpResponse:
        room = _room_or_404(request, code)
        person = person_of(request)
        kwargs.update({name: request.POST.get(name, "") for name in fields})
        try:
            result = action(room.pk, person, **kwargs)
        except services.NotHost:
            raise PermissionDenied from None
        except services.RoomError as error:
            if getattr(request, "htmx", False):
                return HttpResponse(
                    str(error.message),
                    status=error.status,
                    content_type="text/plain; charset=utf-8",
                )
            messages.error(request, str(error.message))
            return redirect("lobby:room", room.code)
        if isinstance(result, Match) and not getattr(request, "htmx", False):
            return redirect("game:table", result.pk)
        if getattr(request, "htmx", False):
            # Also after Start: the fresh room carries the table link, and the room page's
            # script goes there once, as it does for every member told over the socket. An
            # HX-Redirect here raced that second navigation and aborted one of them.
            fresh = Room.objects.select_related("host", "current_match").get(pk=room.pk)
            origin = f"{request.scheme}://{request.get_host()}"
            return HttpResponse(room_fragment(fresh, person, origin=origin))
        return redirect("lobby:room", room.code)

    view.__name__ = action.__name__
    view.__doc__ = action.__doc__
    return view


def _set_public(room_id: int, person: Person, public: str = "") -> None:
    """The host's public switch ("1": list the room at /play/); the list shows the host's
    language, the one this request is answered in."""
    services.set_public(room_id, person, public=public == "1", language=get_language())


def _fill(room_id: int, person: Person, strength: str = "") -> int:
    """Fill with bots of the chosen ``strength`` (issue 22); a form without one fills with
    Normal bots."""
    return services.fill_with_bots(room_id, person, strength or BotStrength.NORMAL)


def _seat_bot(room_id: int, person: Person, index: int, strength: str = "") -> None:
    services.seat_bot(room_id, person, index, strength or BotStrength.NORMAL)


def _set_strength(room_id: int, person: Person, index: int, strength: str = "") -> None:
    """How well the bot in seat ``index`` plays (issue 22); a form without one is refused."""
    services.set_bot_strength(room_id, person, index, strength)


def _replace(room_id: int, person: Person, index: int) -> None:
    services.replace_with_bot(room_id, person, index)


def _kick(room_id: int, person: Person, index: int) -> None:
    services.kick_player(room_id, person, index)


def _remove(room_id: int, person: Person, index: int) -> None:
    services.remove(room_id, person, index)


def _start(room_id: int, person: Person, anyway: str = "") -> Match:
    """Start when every player is here; ``anyway`` ("1"): start now, and the bot plays the
    seats of those who are not (the ready check, issue 17)."""
    return services.start(room_id, person, anyway=anyway == "1")


def _fill_ai(room_id: int, person: Person, model_id: int | None) -> int:
    return services.fill_with_ais(room_id, person, model_id)


def _seat_ai(room_id: int, person: Person, index: int, model_id: int | None) -> None:
    services.seat_ai(room_id, person, index, model_id)


def _with_model(action: Callable[..., Any]) -> Callable[..., HttpResponse]:
    """A host control that also takes the chosen language model (form field "model")."""
    host_view = _host_action(action)

    @require_POST
    def view(request: HttpRequest, code: str, **kwargs: Any) -> HttpResponse:
        raw = request.POST.get("model", "")
        model_id = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else None
        return host_view(request, code, model_id=model_id, **kwargs)

    view.__name__ = action.__name__
    return view


set_public = _host_action(_set_public, fields=("public",))
fill_with_bots = _host_action(_fill, fields=("strength",))
seat_bot = _host_action(_seat_bot, fields=("strength",))
set_bot_strength = _host_action(_set_strength, fields=("strength",))
replace_with_bot = _host_action(_replace)
remove = _host_action(_remove)
kick = _host_action(_kick)
start = _host_action(_start, fields=("anyway",))
fill_with_ais = _with_model(_fill_ai)
seat_ai = _with_model(_seat_ai)


# --- agent seats (issue 9: machines.agents) -------------------------------------------------------


def _agent_control(
    make: Callable[[Room, Person, HttpRequest, int], str | None],
) -> Callable[..., HttpResponse]:
    """A host control on an agent seat: 403 for non-hosts before anything is read, 409 with
    the reason for a refused change; a new token is shown once, to the host only (this
    response), and never again."""

    @require_POST
    @answers_throttle
    def view(request: HttpRequest, code: str, index: int) -> HttpResponse:
        room = _room_or_404(request, code)
        person = person_of(request)
        if not services.is_host(room, person):
            raise PermissionDenied
        try:
            token = make(room, person, request, index)
        except services.NotHost:
            raise PermissionDenied from None
        except (services.RoomError, AgentNameRefused) as error:
            status = 400 if isinstance(error, AgentNameRefused) else 409
            if getattr(request, "htmx", False):
                return HttpResponse(
                    str(error.message), status=status, content_type="text/plain; charset=utf-8"
                )
            messages.error(request, str(error.message))
            return redirect("lobby:room", room.code)
        fresh = Room.objects.select_related("host", "current_match").get(pk=room.pk)
        token_html = _agent_token_html(request, fresh, index, token) if token else ""
        if getattr(request, "htmx", False):
            origin = f"{request.scheme}://{request.get_host()}"
            return HttpResponse(room_fragment(fresh, person, origin=origin) + token_html)
        if token_html:
            context = {"room": fresh, "token_html": token_html}
            return render(request, "agents/token_page.html", context)
        return redirect("lobby:room", room.code)

    view.__name__ = make.__name__
    return view


class AgentNameRefused(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _agent_token_html(request: HttpRequest, room: Room, index: int, token: str) -> str:
    from django.template.loader import render_to_string

    seat = room.members.get(index=index)
    scheme = "wss" if request.is_secure() else "ws"
    context = {
        "token": token,
        "agent_name": seat.name,
        "number": seat.number,
        "ws_url": f"{scheme}://{request.get_host()}/ws/agent/",
    }
    return render_to_string("agents/_token.html", context, request=request)


def _seat_agent(room: Room, person: Person, request: HttpRequest, index: int) -> str:
    form = AgentNameForm(request.POST)
    if not form.is_valid():
        raise AgentNameRefused(form.error_text())
    name = form.cleaned_data["agent_name"]
    return services.seat_agent(room.pk, person, index, name, created_by=request.user)


def _new_agent_token(room: Room, person: Person, request: HttpRequest, index: int) -> str:
    return services.new_agent_token(room.pk, person, index, created_by=request.user)


def _revoke_agent_token(room: Room, person: Person, request: HttpRequest, index: int) -> None:
    services.revoke_agent_token(room.pk, person, index)


seat_agent = _agent_control(_seat_agent)
new_agent_token = _agent_control(_new_agent_token)
revoke_agent_token = _agent_control(_revoke_agent_token)
