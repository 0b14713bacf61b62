"""Report a player (issue 23): a member of a room reports another player of it with a reason;
the moderators' admin list shows the report with the room's match and the signals the
reported seat sent in it (R122-R128). Everyone but a member gets 403; the form needs the CSRF
token; reports are limited per reporter."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from game import table_signals
from game.models import Match, TableSignal
from lobby import reports
from lobby.models import PlayerReport, Room
from tests.accounts.helpers import make_user
from tests.lobby.conftest import create_room, guest, host_post, join, player

pytestmark = pytest.mark.django_db


def report_url(room: Room, index: int) -> str:
    return reverse("lobby:report", args=[room.code, index])


def send_report(browser: Client, room: Room, index: int, **fields: str) -> object:
    return browser.post(report_url(room, index), {"reason": "abuse", "details": "", **fields})


@pytest.fixture
def table(job_queue):  # noqa: ANN001, ANN201
    """A room with Host (guest), Annie (account) and Rude (account)."""
    host, annie, rude = guest(), player("annie"), player("rude")
    room = create_room(host, "Host")
    join(annie, room, "Annie")
    join(rude, room, "Rude")
    return room, host, annie, rude


def test_a_member_reports_another_player_with_a_reason(table):
    room, _host, annie, _rude = table
    page = annie.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert report_url(room, 2) in page
    assert report_url(room, 1) not in page  # not her own seat

    form = annie.get(report_url(room, 2)).content.decode()
    assert "Report Rude" in form
    response = send_report(annie, room, 2, reason="cheating", details="Teamed up with Bill.")
    assert response.status_code == 302
    assert response["Location"] == reverse("lobby:room", args=[room.code])
    stored = PlayerReport.objects.get()
    assert (stored.reported_name, stored.reason, stored.details) == (
        "Rude",
        "cheating",
        "Teamed up with Bill.",
    )
    assert stored.reported_user.username == "rude"
    assert stored.reporter.username == "annie"
    assert stored.reporter_name == "Annie"
    assert (
        "the moderators will look into it"
        in annie.get(reverse("lobby:room", args=[room.code])).content.decode()
    )


def test_a_guest_member_may_report_too(table):
    room, host, _annie, _rude = table
    assert send_report(host, room, 2).status_code == 302
    stored = PlayerReport.objects.get()
    assert stored.reporter is None
    assert stored.reporter_guest_key


def test_a_report_needs_a_reason(table):
    room, _host, annie, _rude = table
    response = annie.post(report_url(room, 2), {"reason": "", "details": "x"})
    assert response.status_code == 400
    assert "Choose what happened." in response.content.decode()
    response = annie.post(report_url(room, 2), {"reason": "made-up"})
    assert response.status_code == 400
    assert not PlayerReport.objects.exists()


@pytest.mark.parametrize("who", ["guest outsider", "signed-in outsider"])
def test_only_members_may_report_403(table, who):
    room, _host, _annie, _rude = table
    outsider = guest() if who == "guest outsider" else player("nosy")
    assert outsider.get(report_url(room, 2)).status_code == 403
    assert send_report(outsider, room, 2).status_code == 403
    assert not PlayerReport.objects.exists()


def test_nobody_reports_himself_a_bot_or_an_empty_seat(table):
    room, host, annie, _rude = table
    host_post(host, room, "lobby:seat_bot", 3)
    for index in (1, 3, 4):
        response = send_report(annie, room, index)
        assert response["Location"] == reverse("lobby:room", args=[room.code])
    assert not PlayerReport.objects.exists()


def test_the_report_form_needs_the_csrf_token(table):
    room, _host, annie, _rude = table
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = annie.cookies
    assert send_report(strict, room, 2).status_code == 403
    assert not PlayerReport.objects.exists()


def test_reports_are_limited_per_reporter(table, monkeypatch):
    room, _host, annie, rude = table
    monkeypatch.setattr(reports.report_limit, "limit", 2)
    assert send_report(annie, room, 2).status_code == 302
    assert send_report(annie, room, 2).status_code == 302
    response = send_report(annie, room, 2)
    assert response.status_code == 429
    assert "You have sent many reports" in response.content.decode()
    assert send_report(rude, room, 1).status_code == 302  # someone else still may
    assert PlayerReport.objects.count() == 3


def test_the_admin_lists_the_report_with_its_match_and_the_seats_signals(table):
    room, host, annie, rude = table
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match", data={"anyway": "1"})
    room.refresh_from_db()
    match = room.current_match
    table_signals.send_signal(match.pk, 2, TableSignal.Kind.REACTION, "suspicious")
    send_report(annie, room, 2, reason="spam", details="<script>alert(1)</script>")
    stored = PlayerReport.objects.get()
    assert stored.match_id == match.pk
    assert stored.seat == 2

    staff = Client()
    staff.force_login(make_user("sheriff", is_staff=True, is_superuser=True))
    listing = staff.get(reverse("admin:lobby_playerreport_changelist")).content.decode()
    assert "Rude" in listing
    assert reverse("admin:game_match_change", args=[match.pk]) in listing
    detail = staff.get(
        reverse("admin:lobby_playerreport_change", args=[stored.pk])
    ).content.decode()
    assert "suspicious" in detail
    assert "<script>alert(1)</script>" not in detail
    assert "&lt;script&gt;" in detail

    response = staff.post(
        reverse("admin:lobby_playerreport_changelist"),
        {"action": "mark_handled", "_selected_action": [stored.pk]},
    )
    assert response.status_code == 302
    stored.refresh_from_db()
    assert stored.handled
    assert rude.get(reverse("admin:lobby_playerreport_changelist")).status_code == 302


# --- from the table and the match summary (issue 23: not only from the room page) --------------


def started(table):  # noqa: ANN001, ANN201
    """The room's match, bots in the free seats, with Host, Annie and Rude at seats 0-2."""
    room, host, _annie, _rude = table
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match", data={"anyway": "1"})
    room.refresh_from_db()
    return room.current_match


def match_report_url(match_id: int, seat: int) -> str:
    return reverse("game:report_player", args=[match_id, seat])


def send_match_report(browser: Client, match_id: int, seat: int, **fields: str) -> object:
    data = {"reason": "abuse", "details": "", **fields}
    return browser.post(match_report_url(match_id, seat), data)


def test_a_player_reports_another_seat_from_the_table_during_the_match(table):
    room, _host, annie, _rude = table
    match = started(table)
    table_signals.send_signal(match.pk, 2, TableSignal.Kind.REACTION, "angry")
    page = annie.get(reverse("game:table", args=[match.pk])).content.decode()
    assert match_report_url(match.pk, 2) in page

    form = annie.get(match_report_url(match.pk, 2)).content.decode()
    assert "Report Rude" in form
    assert reverse("game:table", args=[match.pk]) in form  # back to the table
    response = send_match_report(annie, match.pk, 2, reason="cheating", details="Teaming up.")

    assert response.status_code == 302
    assert response["Location"] == reverse("game:table", args=[match.pk])
    stored = PlayerReport.objects.get()
    assert (stored.room, stored.match_id, stored.seat) == (room, match.pk, 2)
    assert (stored.reported_name, stored.reporter_name) == ("Rude", "Annie")
    assert stored.reported_user.username == "rude"
    assert (stored.reason, stored.details) == ("cheating", "Teaming up.")


def test_after_the_match_a_player_reports_from_its_summary(table):
    """The summary of a finished match lists every other human to report; the form leads
    back to the summary. The room has no current match any more: the report keeps the one it
    was made from."""
    from stats.recording import record_match
    from tests.stats.conftest import finished_match

    room, _host, annie, _rude = table
    people = [
        {"user": seat.user} if seat.user else {"guest_key": seat.guest_key, "name": seat.name}
        for seat in room.members.order_by("index")
    ]
    match = finished_match(people, seats=4, seed=2)
    Match.objects.filter(pk=match.pk).update(room_url=reverse("lobby:room", args=[room.code]))
    record_match(match)

    summary = annie.get(reverse("game:result", args=[match.pk])).content.decode()
    assert match_report_url(match.pk, 2) in summary
    assert match_report_url(match.pk, 0) in summary  # the host, a guest, is a player too
    assert match_report_url(match.pk, 1) not in summary  # not herself
    assert match_report_url(match.pk, 3) not in summary  # a bot
    visitor = Client().get(reverse("game:result", args=[match.pk])).content.decode()
    assert "/report/" not in visitor

    response = send_match_report(annie, match.pk, 2)

    assert response["Location"] == reverse("game:result", args=[match.pk])
    stored = PlayerReport.objects.get()
    assert (stored.room, stored.match_id, stored.reported_name) == (room, match.pk, "rude")


@pytest.mark.parametrize("who", ["watcher", "anonymous"])
def test_only_players_of_the_match_may_report_from_it_403(table, who):
    match = started(table)
    outsider = player("watcher") if who == "watcher" else Client()
    assert outsider.get(match_report_url(match.pk, 2)).status_code == 403
    assert send_match_report(outsider, match.pk, 2).status_code == 403
    assert not PlayerReport.objects.exists()


def test_nobody_reports_himself_or_a_bot_from_the_table(table):
    _room, _host, annie, _rude = table
    match = started(table)
    for seat in (1, 3):
        response = send_match_report(annie, match.pk, seat)
        assert response.status_code == 302
    assert not PlayerReport.objects.exists()
    assert annie.get(match_report_url(match.pk, 9)).status_code == 404


def test_reports_from_the_table_share_the_limit_and_the_csrf_check(table, monkeypatch):
    room, _host, annie, _rude = table
    match = started(table)
    monkeypatch.setattr(reports.report_limit, "limit", 2)
    assert send_report(annie, room, 2).status_code == 302
    assert send_match_report(annie, match.pk, 2).status_code == 302
    response = send_match_report(annie, match.pk, 2)
    assert response.status_code == 429
    assert "You have sent many reports" in response.content.decode()

    strict = Client(enforce_csrf_checks=True)
    strict.cookies = annie.cookies
    assert send_match_report(strict, match.pk, 2).status_code == 403
    assert PlayerReport.objects.count() == 2
