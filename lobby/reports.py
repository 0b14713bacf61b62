"""Reporting a player to the moderators (issue 23).

Anyone who sat at a table (guest or account) may report another human player of it, with a
reason and a few words: from the room page (a member, about another member), and from the
table or the summary of a match they played (about another seat of that match, during the
match and after it). The report keeps the match and the seat, so the admin
(lobby.admin.PlayerReportAdmin) shows the match and what that seat signalled in it. Reports
are limited per reporter, so nobody floods the moderators.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import Resolver404, resolve

from bangarena_site.limits import SlidingWindow
from game.models import Match, MatchSeat
from lobby import blocks, services
from lobby.identity import Person
from lobby.models import PlayerReport, Room, RoomSeat

#: A player rarely needs more than a few reports an hour; a flood is refused.
REPORTS_PER_HOUR = 10

report_limit = SlidingWindow("player-reports", REPORTS_PER_HOUR, 60 * 60)


class Throttled(Exception):
    def __init__(self, seconds: int) -> None:
        super().__init__(seconds)
        self.seconds = seconds


@dataclass(frozen=True)
class Reported:
    """Who is reported and by whom, wherever the report was made."""

    room: Room
    match_id: int | None
    seat: int
    target: RoomSeat | MatchSeat
    reporter_name: str


def reportable_in_room(room: Room, person: Person, index: int) -> Reported:
    """The player ``person`` may report at ``index`` of ``room``, with the room's match of this
    moment: ``blocks.NotAllowed`` for anyone not in the room (403), ``RoomError`` for an empty,
    non-human or own seat."""
    me = services.member_of(room, person)
    if me is None:
        raise blocks.NotAllowed
    target = blocks.other_player(room, me, index, bot="report_bot", self_="report_self")
    return Reported(room, room.current_match_id, target.index, target, me.name)


def reportable_in_match(match: Match, person: Person, seat: int) -> Reported:
    """The player ``person`` may report at engine seat ``seat`` of ``match``, from its table
    or its summary: ``blocks.NotAllowed`` for anyone who held no human seat in it (watchers,
    strangers: 403) or for a match played from no room (only bots to report there);
    ``RoomError`` for a bot's, an AI's or one's own seat."""
    me = (
        match.seats.filter(person.seat_filter(), kind=MatchSeat.Kind.HUMAN).first()
        if person.known
        else None
    )
    room = room_of_match(match)
    if me is None or room is None:
        raise blocks.NotAllowed
    target = match.seats.get(seat=seat)  # the view checked the seat exists
    if not target.is_human:
        raise services.RoomError("report_bot")
    if target.pk == me.pk:
        raise services.RoomError("report_self")
    return Reported(room, match.pk, seat, target, me.name)


def room_of_match(match: Match) -> Room | None:
    """The room a match was played from: its ``room_url`` is the room's page."""
    try:
        found = resolve(match.room_url) if match.room_url else None
    except Resolver404:
        return None
    if found is None or found.view_name != "lobby:room":
        return None
    return Room.objects.filter(code=found.kwargs["code"]).first()


def store_report(reported: Reported, person: Person, *, reason: str, details: str) -> PlayerReport:
    """Store the report, unless ``person`` sent too many this hour (``Throttled``)."""
    key = person.limit_key
    wait = report_limit.seconds_until_allowed(key)
    if wait:
        raise Throttled(wait)
    report_limit.record(key)
    target = reported.target
    return PlayerReport.objects.create(
        room=reported.room,
        match_id=reported.match_id,
        seat=reported.seat,
        reported_user_id=target.user_id,
        reported_guest_key="" if target.user_id is not None else target.guest_key,
        reported_name=target.name,
        reporter_id=person.user_id,
        reporter_guest_key="" if person.user_id is not None else person.guest_key,
        reporter_name=reported.reporter_name,
        reason=reason,
        details=details,
        created_at=services.clock(),
    )
