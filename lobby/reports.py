"""Reporting a player to the moderators (issue 23).

Any member of a room (guest or account) may report another player of it, with a reason and
a few words. The report keeps the room's match of that moment and the seat, so the admin
(lobby.admin.PlayerReportAdmin) shows the match and what that seat signalled in it. Reports
are limited per reporter, so nobody floods the moderators.
"""

from __future__ import annotations

from bangarena_site.limits import SlidingWindow
from lobby import blocks, services
from lobby.identity import Person
from lobby.models import PlayerReport, Room

#: A player rarely needs more than a few reports an hour; a flood is refused.
REPORTS_PER_HOUR = 10

report_limit = SlidingWindow("player-reports", REPORTS_PER_HOUR, 60 * 60)


class Throttled(Exception):
    def __init__(self, seconds: int) -> None:
        super().__init__(seconds)
        self.seconds = seconds


def reportable(room: Room, person: Person, index: int):  # noqa: ANN201 (a RoomSeat)
    """The player ``person`` may report at ``index``: ``blocks.NotAllowed`` for anyone not
    in the room (403), ``RoomError`` for an empty, non-human or own seat."""
    me = services.member_of(room, person)
    if me is None:
        raise blocks.NotAllowed
    return blocks.other_player(room, me, index, bot="report_bot", self_="report_self")


def file_report(
    room: Room, person: Person, index: int, *, reason: str, details: str
) -> PlayerReport:
    target = reportable(room, person, index)
    key = person.limit_key
    wait = report_limit.seconds_until_allowed(key)
    if wait:
        raise Throttled(wait)
    report_limit.record(key)
    me = services.member_of(room, person)
    return PlayerReport.objects.create(
        room=room,
        match_id=room.current_match_id,
        seat=target.index,
        reported_user_id=target.user_id,
        reported_guest_key="" if target.user_id is not None else target.guest_key,
        reported_name=target.name,
        reporter_id=person.user_id,
        reporter_guest_key="" if person.user_id is not None else person.guest_key,
        reporter_name=me.name if me is not None else "",
        reason=reason,
        details=details,
        created_at=services.clock(),
    )
