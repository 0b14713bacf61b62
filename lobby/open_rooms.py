"""The list of open (public) rooms at /play/ (issue 23): which rooms strangers may join.

The one place that decides what is listed, so every public page (the list, its live
fragment, the socket that pushes it) shows the same rooms: a room is listed only while its
host has made it public, it waits for players (open, no match running) and a seat is free.
A private room (the default) is never listed. Rooms closest to starting come first (fewest
free seats), then those that have waited longest.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, F, Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language_info, ngettext
from django.utils.translation import gettext as _

from game import catalogue
from game.models import Match, MoveTime
from lobby import blocks, services
from lobby.identity import Person
from lobby.models import Room, RoomKick, RoomSeat

#: The list shows at most this many rooms (the closest to starting).
LIST_LIMIT = 30


@dataclass(frozen=True)
class OpenRoom:
    """One listed room, as every viewer may see it (nothing about who sits there but the
    host's chosen name, which the room shows to anyone with its link anyway)."""

    code: str
    host_name: str
    mode_name: str
    seats: int
    taken: int
    move_time_name: str
    language_name: str
    waited: str
    is_mine: bool

    @property
    def free(self) -> int:
        return self.seats - self.taken

    @property
    def room_url(self) -> str:
        return reverse("lobby:room", args=[self.code])

    @property
    def join_url(self) -> str:
        return reverse("lobby:join_open", args=[self.code])


def listed_rooms():  # noqa: ANN201 (a Room queryset)
    """Public rooms waiting for players with a free seat, closest to starting first."""
    return (
        Room.objects.filter(is_public=True, status=Room.Status.OPEN, host__isnull=False)
        .annotate(taken=Count("members"))
        .filter(taken__lt=F("seats"))
        .annotate(free=F("seats") - F("taken"))
        .select_related("host")
        .order_by("free", "public_since", "pk")
    )


def open_rooms(person: Person, now: datetime | None = None) -> list[OpenRoom]:
    """The listed rooms as ``person`` sees them, in the active language."""
    now = now or services.clock()
    listed = listed_rooms()
    if person.known:
        # A player the host kicked out never sees that room again.
        listed = listed.exclude(pk__in=RoomKick.objects.filter(person.seat_filter()).values("room"))
        # Nor a table where someone they blocked, or who blocked them, sits.
        listed = listed.exclude(pk__in=blocks.rooms_kept_from(person).values("pk"))
    rooms = list(listed[:LIST_LIMIT])
    mine: set[int] = set()
    if person.known:
        mine = set(
            RoomSeat.objects.filter(room__in=rooms, kind=RoomSeat.Kind.HUMAN)
            .filter(person.seat_filter())
            .values_list("room_id", flat=True)
        )
    return [
        OpenRoom(
            code=room.code,
            host_name=room.host.name if room.host else "",
            mode_name=str(catalogue.mode_name(room.mode)),
            seats=room.seats,
            taken=room.taken,
            move_time_name=str(MoveTime(room.move_time).label),
            language_name=_language_name(room.language),
            waited=_waited(now, room.public_since or room.created_at),
            is_mine=room.pk in mine,
        )
        for room in rooms
    ]


@dataclass(frozen=True)
class WatchableTable:
    """A running match of a public room, for anyone to watch (the table's public view)."""

    match_id: int
    mode_name: str
    seats: int
    humans: int
    playing_for: str

    @property
    def watch_url(self) -> str:
        return reverse("game:table", args=[self.match_id])


def watchable_tables(now: datetime | None = None) -> list[WatchableTable]:
    """Running matches of public rooms, newest first (spectating strangers, issue 23). A
    private room's match is never offered; all-bot tables stay behind Watch bot match."""
    now = now or services.clock()
    rooms = (
        Room.objects.filter(
            is_public=True,
            status=Room.Status.PLAYING,
            current_match__status=Match.Status.RUNNING,
        )
        .annotate(humans=Count("members", filter=Q(members__kind=RoomSeat.Kind.HUMAN)))
        .order_by("-last_activity", "-pk")[:LIST_LIMIT]
    )
    return [
        WatchableTable(
            match_id=room.current_match_id,  # type: ignore[arg-type]  # running: the filter above
            mode_name=str(catalogue.mode_name(room.mode)),
            seats=room.seats,
            humans=room.humans,
            playing_for=_playing_for(now, room.last_activity),
        )
        for room in rooms
    ]


def _playing_for(now: datetime, since: datetime) -> str:
    minutes = max(0, int((now - since).total_seconds() // 60))
    if minutes < 1:
        return _("started just now")
    return ngettext(
        "playing for %(minutes)d minute", "playing for %(minutes)d minutes", minutes
    ) % {"minutes": minutes}


def is_listed(room: Room) -> bool:
    return listed_rooms().filter(pk=room.pk).exists()


def _language_name(code: str) -> str:
    if not code:
        return ""
    try:
        return get_language_info(code)["name_local"].capitalize()
    except KeyError:
        return ""


def _waited(now: datetime, since: datetime) -> str:
    minutes = max(0, int((now - since).total_seconds() // 60))
    if minutes < 1:
        return _("opened just now")
    return ngettext(
        "waiting for %(minutes)d minute", "waiting for %(minutes)d minutes", minutes
    ) % {"minutes": minutes}


def open_rooms_fragment(person: Person) -> str:
    """``<section id="open-rooms" hx-swap-oob="true">`` for this viewer, in the active
    language (the /play/ page and every push of its socket)."""
    context = {"open_rooms": open_rooms(person), "watchable": watchable_tables()}
    return render_to_string("lobby/_open_rooms.html", context)
