"""The room as one viewer sees it: template context for the room fragment."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from game import catalogue, seat_labels
from game.models import BotStrength, MatchSeat, MoveTime, Tempo
from lobby import blocks, services
from lobby.forms import plays_as_classic
from lobby.identity import Person
from lobby.models import Room, RoomSeat


def _label(seat: RoomSeat, seats: list[RoomSeat]) -> str:
    """A bot's or AI's "Bot N" / "AI N" in the reader's language; '' for a human."""
    return seat_labels.shown(services.seat_label(seat, seats))


def _badge(seat: RoomSeat, name: str, label: str) -> str:
    """The kind of player at a seat, as the table's badge says it (game.table.seats)."""
    if seat.is_human:
        return gettext("Human")
    return seat_labels.kind_badge(seat.kind, label, name)


def room_context(room: Room, person: Person, *, origin: str = "") -> dict[str, Any]:
    members = list(room.members.order_by("index"))
    by_index = {seat.index: seat for seat in members}
    me = services.member_of(room, person)
    is_host = services.is_host(room, person)
    table_here = _table_presence(room)
    # Block (issue 23): signed-in members may block the other players of the room.
    can_block = me is not None and person.user_id is not None
    blocked = blocks.blocked_indices(room, person) if can_block else set()
    seats: list[dict[str, Any]] = []
    for index in range(room.seats):
        seat = by_index.get(index)
        if seat is None:
            seats.append({"index": index, "number": index + 1, "empty": True})
            continue
        present = table_here.get(index, seat.connected) if table_here else seat.connected
        label = _label(seat, members)
        name = seat.name or label
        seats.append(
            {
                "index": index,
                "number": index + 1,
                "empty": False,
                "name": name,
                "badge": _badge(seat, name, label),
                "kind": seat.kind,
                # A bot's strength (issue 22); the host chooses it while the room is open.
                "strength": seat.strength,
                "strength_name": seat_labels.strength_name(seat.kind, seat.strength),
                "is_host": seat.pk == room.host_id,
                "is_me": me is not None and seat.pk == me.pk,
                "present": present if seat.is_human else True,
                "blockable": can_block and me is not None and seat.is_human and seat.pk != me.pk,
                "blocked": index in blocked,
                # Report (issue 23): any member, on another player's seat.
                "reportable": me is not None and seat.is_human and seat.pk != me.pk,
            }
        )
    match = room.current_match
    path = services.room_url(room)
    filled = len(members) == room.seats
    # The ready check (issue 17): who the host would start without.
    here = services.players_here(room, members) if room.is_open else set()
    if me is not None:
        here.add(me.index)  # the viewer is here, on this very page
    waiting_for = [s.name for s in members if s.is_human and s.index not in here]
    return {
        "room": room,
        "seats": seats,
        "me": me,
        "is_member": me is not None,
        "is_host": is_host,
        "host_name": room.host.name if room.host else "",
        "filled": filled,
        "free_count": room.seats - len(members),
        "mode_name": catalogue.mode_name(room.mode),
        "seats_line": ngettext("%(count)d seat", "%(count)d seats", room.seats)
        % {"count": room.seats},
        "plays_classic": plays_as_classic(room.mode, room.seats),
        "tempo_name": Tempo(room.tempo).label,
        "move_time_name": MoveTime(room.move_time).label,
        "share_path": path,
        "share_url": f"{origin}{path}" if origin else path,
        "match": match,
        "match_running": match is not None and match.is_running,
        "table_url": reverse("game:table", args=[match.pk]) if match else "",
        "result_url": reverse("game:result", args=[match.pk]) if match else "",
        "play_again": room.is_open and match is not None and not match.is_running,
        "waiting_for": ", ".join(waiting_for),
        "is_public": room.is_public,
        "strengths": BotStrength.choices,
        "default_strength": BotStrength.NORMAL,
        "kicked": me is None and services.was_kicked(room, person),
    }


def _table_presence(room: Room) -> dict[int, bool]:
    """During a match a player is present at the table, not in the room."""
    if not room.is_playing or room.current_match_id is None:
        return {}
    return dict(
        MatchSeat.objects.filter(match_id=room.current_match_id).values_list("seat", "connected")
    )


def room_fragment(room: Room, person: Person, *, origin: str = "", csrf_token: str = "") -> str:
    """``<div id="room" hx-swap-oob="true">`` for this viewer, in the active language.
    ``csrf_token``: the page's own render gives it, so that its forms also post without htmx
    (lobby/_csrf.html); the socket's redraws need none."""
    context = room_context(room, person, origin=origin)
    if csrf_token:
        context["csrf_token"] = csrf_token
    return render_to_string("lobby/_room.html", context)


def quick_status_fragment(person: Person) -> str:
    """``<section id="quick-status" hx-swap-oob="true">``: the quick-match queue as this
    person sees it, in the active language (the page and every push of its socket)."""
    from lobby import quick_match

    return render_to_string("lobby/_quick_status.html", {"status": quick_match.status_of(person)})
