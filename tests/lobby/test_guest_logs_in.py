"""A guest who logs in or signs up keeps their seats (issue 7's guest path, R130).

Logging in rotates the session key, and a guest's seats are tied to that key: without the
hand-over the new account would find itself outside its own room and watching its own match.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from game.models import MatchSeat
from lobby.models import RoomSeat
from tests.lobby.conftest import create_room, guest, host_post, join

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "Tumbleweed-Saloon-42"


def sign_up(browser: Client, username: str) -> None:
    response = browser.post(
        reverse("signup"),
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302, response.content.decode()[:1500]


def log_in(browser: Client, username: str) -> None:
    response = browser.post(reverse("login"), {"username": username, "password": PASSWORD})
    assert response.status_code == 302, response.content.decode()[:1500]


def test_a_guest_who_signs_up_in_a_room_keeps_the_seat(job_queue):
    host = guest()
    room = create_room(host, "Host")
    visitor = guest("10.0.0.2")
    join(visitor, room, "Calamity")

    sign_up(visitor, "calamity")

    seat = RoomSeat.objects.get(room=room, name="Calamity")
    assert seat.user.username == "calamity"
    assert seat.guest_key == ""
    page = visitor.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert "Leave" in page or "leave" in page  # still a member, not a stranger at the door


def test_a_guest_who_logs_in_mid_match_is_still_seated_at_the_table(job_queue, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from bangarena_site.accounts.models import User

    User.objects.create_user(username="wyatt", password=PASSWORD)
    host = guest()
    room = create_room(host, "Host")
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match")
    room.refresh_from_db()
    match = room.current_match
    before = host.get(reverse("game:table", args=[match.pk])).content.decode()
    assert "You are watching." not in before

    log_in(host, "wyatt")

    assert MatchSeat.objects.get(match=match, name="Host").user.username == "wyatt"
    after = host.get(reverse("game:table", args=[match.pk])).content.decode()
    assert "You are watching." not in after
    assert "You are:" in after


def test_an_account_already_seated_keeps_its_own_seat_and_the_guest_seat_stays(job_queue):
    """Two seats in one room for one account would break the room's one-seat rule."""
    host = guest()
    room = create_room(host, "Host")
    member = Client(REMOTE_ADDR="10.0.0.3")
    sign_up(member, "doc")
    join(member, room, "Doc")
    visitor = guest("10.0.0.4")
    join(visitor, room, "Visitor")

    log_in(visitor, "doc")

    assert RoomSeat.objects.filter(room=room, user__username="doc").count() == 1
    assert RoomSeat.objects.get(room=room, name="Visitor").user is None
