"""R133 / Q60: a host away for 30 seconds hands the room to the connected human who has been
in it longest; everyone sees it, and during a match the table's host follows."""

from __future__ import annotations

import pytest

from game.models import Match, MatchSeat
from lobby import services, tasks
from lobby.identity import Person
from lobby.models import Room
from tests.lobby.conftest import host_post

pytestmark = pytest.mark.django_db


def person(browser) -> Person:
    return Person(None, browser.session.session_key)


@pytest.fixture
def room_of_three(room_with_guests, clock):
    """Host, then Guest 1 (joined first) and Guest 2, all with the room page open."""
    room, browsers = room_with_guests(others=0)
    for number in (1, 2):
        clock.advance(5)
        from tests.lobby.conftest import guest, join

        browser = guest()
        join(browser, room, f"Guest {number}")
        browsers.append(browser)
    for browser in browsers:
        services.socket_opened(room.pk, person(browser))
    return room, browsers


def host_name(room: Room) -> str:
    room.refresh_from_db()
    return room.host.name


def test_host_away_for_29_seconds_stays_host_r133(room_of_three, clock):
    room, (host, _a, _b) = room_of_three
    services.socket_closed(room.pk, person(host))
    clock.advance(29)
    assert tasks.watch_hosts() == 0
    assert host_name(room) == "Host"


def test_host_away_for_30_seconds_hands_over_to_the_longest_present_human_r133_q60(
    room_of_three, clock
):
    room, (host, first, _second) = room_of_three
    services.socket_closed(room.pk, person(host))
    clock.advance(30)
    assert tasks.watch_hosts() == 1
    assert host_name(room) == "Guest 1"
    # The new host's controls work, and the old host's no longer do.
    assert host_post(first, room, "lobby:seat_bot", 4).status_code == 302
    assert host_post(host, room, "lobby:seat_bot", 3).status_code == 403


def test_the_handover_skips_humans_who_are_away_too_q60(room_of_three, clock):
    room, (host, first, _second) = room_of_three
    services.socket_closed(room.pk, person(first))
    services.socket_closed(room.pk, person(host))
    clock.advance(31)
    tasks.watch_hosts()
    assert host_name(room) == "Guest 2"


def test_bots_never_become_host_q60(room_with_guests, clock):
    room, (host,) = room_with_guests(others=0)
    services.socket_opened(room.pk, person(host))
    host_post(host, room, "lobby:fill")
    services.socket_closed(room.pk, person(host))
    clock.advance(120)
    assert tasks.watch_hosts() == 0
    assert host_name(room) == "Host"


def test_a_host_who_comes_back_in_time_stays_host(room_of_three, clock):
    room, (host, _a, _b) = room_of_three
    services.socket_closed(room.pk, person(host))
    clock.advance(20)
    services.socket_opened(room.pk, person(host))
    clock.advance(20)
    assert tasks.watch_hosts() == 0
    assert host_name(room) == "Host"


def test_the_hosts_disconnect_arms_a_check_30_seconds_later(
    room_of_three, clock, job_queue, django_capture_on_commit_callbacks
):
    room, (host, _a, _b) = room_of_three
    job_queue.jobs.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.socket_closed(room.pk, person(host))
    assert job_queue.delays() == [31.0]
    job_queue.run_next()
    assert host_name(room) == "Guest 1"


def test_everyone_sees_the_new_host(room_of_three, clock):
    room, (host, first, second) = room_of_three
    services.socket_closed(room.pk, person(host))
    clock.advance(30)
    tasks.watch_hosts()
    page = second.get(f"/r/{room.code}/").content.decode()
    guest_one = page.split('data-seat="2"')[1].split("</li>")[0]
    assert "★ Host" in guest_one
    assert "★ Host" not in page.split('data-seat="1"')[1].split("</li>")[0]
    # Only the new host sees host controls.
    assert 'id="fill-bots"' in first.get(f"/r/{room.code}/").content.decode()
    assert 'id="fill-bots"' not in page


def test_during_the_match_presence_is_the_tables_and_the_table_host_follows_r133(
    room_of_three, clock
):
    room, (host, _first, _second) = room_of_three
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match")
    room.refresh_from_db()
    match = room.current_match
    assert match.host_seat == 0
    # At the table: Guest 2 (seat 2) is connected, Guest 1 (seat 1) is not; the host left.
    MatchSeat.objects.filter(match=match, seat=2).update(connected=True, last_seen=clock())
    MatchSeat.objects.filter(match=match, seat__in=[0, 1]).update(
        connected=False, last_seen=clock()
    )
    clock.advance(29)
    assert tasks.watch_hosts() == 0
    clock.advance(1)
    assert tasks.watch_hosts() == 1
    assert host_name(room) == "Guest 2"
    assert Match.objects.get(pk=match.pk).host_seat == 2


def test_a_host_present_at_the_table_keeps_the_room(room_of_three, clock):
    room, (host, _a, _b) = room_of_three
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match")
    room.refresh_from_db()
    MatchSeat.objects.filter(match=room.current_match).update(connected=True)
    # The room sockets are closed (everyone went to the table), which does not count.
    for browser in _a, _b, host:
        services.socket_closed(room.pk, person(browser))
    clock.advance(300)
    assert tasks.watch_hosts() == 0
    assert host_name(room) == "Host"
