"""Rooms that sat empty for a day close; moderators close rooms and kick members with a
reason that is logged; names are escaped on every page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from lobby import services, tasks
from lobby.identity import Person
from lobby.models import Room, RoomModerationLog, RoomSeat
from tests.accounts.helpers import make_user
from tests.lobby.conftest import create_room, guest, host_post, join

pytestmark = pytest.mark.django_db

EVIL = "<script>x</script>"  # 18 characters: a valid name


def person(browser) -> Person:
    return Person(None, browser.session.session_key)


def test_a_room_empty_for_a_day_is_closed(job_queue, clock):
    host = guest()
    room = create_room(host)
    services.socket_opened(room.pk, person(host))
    services.socket_closed(room.pk, person(host))
    clock.advance(23 * 3600)
    assert tasks.close_empty_rooms() == 0
    clock.advance(3600)
    assert tasks.close_empty_rooms() == 1
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED


def test_a_room_with_someone_in_it_stays_open(job_queue, clock):
    host = guest()
    room = create_room(host)
    services.socket_opened(room.pk, person(host))
    clock.advance(3 * 24 * 3600)
    assert tasks.close_empty_rooms() == 0


def test_a_room_whose_match_still_runs_stays_open(job_queue, clock):
    host = guest()
    room = create_room(host, seats="4")
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match")
    clock.advance(2 * 24 * 3600)
    assert tasks.close_empty_rooms() == 0


def test_the_periodic_jobs_are_registered_in_settings(settings):
    assert "lobby.watch_hosts" in settings.BANGARENA_PERIODIC_JOBS
    assert "lobby.close_empty_rooms" in settings.BANGARENA_PERIODIC_JOBS


@pytest.fixture
def moderator(client):
    staff = make_user("sheriff", is_staff=True, is_superuser=True)
    client.force_login(staff)
    return client


def test_admin_lists_rooms_with_their_members(job_queue, moderator):
    room = create_room(guest(), "Kate")
    page = moderator.get(reverse("admin:lobby_room_change", args=[room.pk])).content.decode()
    assert "Kate" in page


def test_admin_closes_a_room_with_a_logged_reason(job_queue, moderator):
    room = create_room(guest())
    url = reverse("admin:lobby_room_changelist")
    ask = moderator.post(url, {"action": "close_rooms", "_selected_action": [room.pk]})
    assert "Reason" in ask.content.decode()
    room.refresh_from_db()
    assert room.status == Room.Status.OPEN
    moderator.post(
        url,
        {"action": "close_rooms", "_selected_action": [room.pk], "apply": "1", "reason": "Spam"},
    )
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED
    entry = RoomModerationLog.objects.get()
    assert entry.action == "close"
    assert entry.reason == "Spam"
    assert entry.moderator.username == "sheriff"


def test_admin_kicks_a_member_with_a_logged_reason(job_queue, moderator):
    room = create_room(guest())
    rude = guest()
    join(rude, room, "Rude")
    seat = RoomSeat.objects.get(name="Rude")
    url = reverse("admin:lobby_roomseat_changelist")
    moderator.post(
        url,
        {"action": "kick_members", "_selected_action": [seat.pk], "apply": "1", "reason": "Abuse"},
    )
    assert not RoomSeat.objects.filter(name="Rude").exists()
    entry = RoomModerationLog.objects.get()
    assert (entry.action, entry.member_name, entry.reason) == ("kick", "Rude", "Abuse")
    assert 'id="take-seat"' in rude.get(f"/r/{room.code}/").content.decode()


def test_a_kicked_host_passes_the_room_on(job_queue, moderator):
    room = create_room(guest(), "Host")
    join(guest(), room, "Next")
    moderator.post(
        reverse("admin:lobby_roomseat_changelist"),
        {
            "action": "kick_members",
            "_selected_action": [room.host_id],
            "apply": "1",
            "reason": "Griefing",
        },
    )
    room.refresh_from_db()
    assert room.host.name == "Next"


def test_names_are_escaped_on_the_room_page(job_queue):
    host = guest()
    room = create_room(host, EVIL)
    join(guest(), room, "<b>bold</b>")
    page = host.get(f"/r/{room.code}/").content.decode()
    assert EVIL not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page
    assert "<b>bold</b>" not in page


def test_names_are_escaped_on_the_start_screen_after_an_error(job_queue):
    response = guest().post(
        reverse("lobby:create"), {"name": EVIL * 2, "seats": "5", "mode": "classic"}
    )
    assert EVIL not in response.content.decode()
