"""Kick (issue 23, a host control before the match, R131): the host takes a player out of the
room for good. The kicked player's page says so, and no way in (code, link, open list) seats
them in that room again; nobody but the host may kick, and every kick needs the CSRF token."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from lobby.models import Room, RoomKick
from tests.lobby.conftest import create_room, guest, host_post, join, player

pytestmark = pytest.mark.django_db


def names(room: Room) -> list[str]:
    return list(room.members.order_by("index").values_list("name", flat=True))


def room_page(browser: Client, room: Room) -> str:
    return browser.get(reverse("lobby:room", args=[room.code])).content.decode()


@pytest.fixture
def room_with_drifter(job_queue):  # noqa: ANN001, ANN201
    host = guest()
    room = create_room(host, "Annie")
    drifter = guest()
    join(drifter, room, "Drifter")
    return room, host, drifter


def test_the_host_kicks_a_player_who_is_told_and_cannot_rejoin_r131(room_with_drifter):
    room, host, drifter = room_with_drifter
    response = host_post(host, room, "lobby:kick", 1, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert names(room) == ["Annie"]

    page = room_page(drifter, room)
    assert 'id="kicked-notice"' in page
    assert "The host removed you from this room" in page
    assert 'id="take-seat"' not in page

    # Neither the room link nor the code seats them again.
    drifter.post(reverse("lobby:join_room", args=[room.code]), {"name": "Drifter"})
    response = join(drifter, room, "Drifter again")
    assert response.status_code == 409
    assert "cannot take a seat in it again" in response.content.decode()
    assert names(room) == ["Annie"]


def test_a_kicked_player_no_longer_sees_the_room_in_the_open_list(room_with_drifter):
    room, host, drifter = room_with_drifter
    host_post(host, room, "lobby:public", data={"public": "1"})
    host_post(host, room, "lobby:kick", 1)
    assert room.code in guest().get(reverse("lobby:start")).content.decode()
    assert room.code not in drifter.get(reverse("lobby:start")).content.decode()
    drifter.post(reverse("lobby:join_open", args=[room.code]), {"name": "Drifter"})
    assert names(room) == ["Annie"]


def test_a_kicked_account_stays_out_from_every_browser(job_queue):
    host = guest()
    room = create_room(host, "Annie")
    join(player("drifter"), room, "Drifter")
    host_post(host, room, "lobby:kick", 1)
    elsewhere = Client()
    elsewhere.force_login(RoomKick.objects.get().user)
    assert join(elsewhere, room, "Drifter").status_code == 409
    assert names(room) == ["Annie"]


def test_a_kicked_guest_stays_out_after_signing_up(room_with_drifter):
    room, host, drifter = room_with_drifter
    host_post(host, room, "lobby:kick", 1)
    response = drifter.post(
        reverse("signup"),
        {
            "username": "drifter",
            "email": "drifter@example.com",
            "password1": "saloon-door-swings-7",
            "password2": "saloon-door-swings-7",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    assert RoomKick.objects.get().user.username == "drifter"
    assert join(drifter, room, "Drifter").status_code == 409


def test_others_may_still_take_the_freed_seat(room_with_drifter):
    room, host, _drifter = room_with_drifter
    host_post(host, room, "lobby:kick", 1)
    join(guest(), room, "Newcomer")
    assert names(room) == ["Annie", "Newcomer"]


@pytest.mark.parametrize("who", ["the kicked player", "another member", "outsider", "account"])
def test_nobody_but_the_host_may_kick_r131(room_with_drifter, who):
    room, _host, drifter = room_with_drifter
    member = guest()
    join(member, room, "Member")
    forger = {
        "the kicked player": drifter,
        "another member": member,
        "outsider": guest(),
    }.get(who) or player("forger")
    assert host_post(forger, room, "lobby:kick", 1).status_code == 403
    assert host_post(forger, room, "lobby:kick", 2).status_code == 403
    assert names(room) == ["Annie", "Drifter", "Member"]
    assert not RoomKick.objects.exists()


def test_a_kick_needs_the_csrf_token_and_a_post(room_with_drifter):
    room, host, _drifter = room_with_drifter
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = host.cookies
    assert host_post(strict, room, "lobby:kick", 1).status_code == 403
    assert host.get(reverse("lobby:kick", args=[room.code, 1])).status_code == 405
    assert names(room) == ["Annie", "Drifter"]


def test_only_players_can_be_kicked_and_not_the_host(room_with_drifter):
    room, host, _drifter = room_with_drifter
    host_post(host, room, "lobby:seat_bot", 2)
    assert host_post(host, room, "lobby:kick", 2, HTTP_HX_REQUEST="true").status_code == 409
    assert host_post(host, room, "lobby:kick", 0, HTTP_HX_REQUEST="true").status_code == 409
    assert host_post(host, room, "lobby:kick", 3, HTTP_HX_REQUEST="true").status_code == 409
    assert not RoomKick.objects.exists()


def test_the_host_sees_kick_on_players_and_remove_on_bots(room_with_drifter):
    room, host, drifter = room_with_drifter
    host_post(host, room, "lobby:seat_bot", 2)
    page = room_page(host, room)
    assert reverse("lobby:kick", args=[room.code, 1]) in page
    assert "Kick Drifter? They cannot come back to this room." in page
    assert reverse("lobby:kick", args=[room.code, 2]) not in page
    assert reverse("lobby:remove", args=[room.code, 2]) in page
    assert reverse("lobby:kick", args=[room.code, 1]) not in room_page(drifter, room)


def test_a_kick_question_escapes_the_name(job_queue):
    host = guest()
    room = create_room(host, "Annie")
    join(guest(), room, '"><b x="1')
    page = room_page(host, room)
    assert '"><b x="1' not in page
    assert "Kick &quot;&gt;&lt;b x=&quot;1?" in page
