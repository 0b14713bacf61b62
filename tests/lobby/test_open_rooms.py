"""Open tables (issue 23): the host's public switch (a host control, R131) lists the room at
/play/ for strangers, who take a free seat from the list (a way in, R130). A private room,
the default, never appears on any public page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from game import catalogue
from game.models import Match
from lobby import open_rooms, services
from lobby.models import Room
from tests.lobby.conftest import create_room, guest, host_post, join, player

pytestmark = pytest.mark.django_db

EVIL = '<b onclick="x">'  # 15 characters: a valid name


def make_public(browser: Client, room: Room, *, language: str = "en") -> object:
    return host_post(
        browser,
        room,
        "lobby:public",
        data={"public": "1"},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE=language,
    )


def list_page(browser: Client | None = None) -> str:
    return (browser or guest()).get(reverse("lobby:start")).content.decode()


def take_listed_seat(browser: Client, room: Room, name: str, **extra: str) -> object:
    return browser.post(reverse("lobby:join_open", args=[room.code]), {"name": name, **extra})


# --- the host's switch ------------------------------------------------------------------------


def test_the_host_makes_a_room_public_and_private_again_r131(job_queue):
    host = guest()
    room = create_room(host, "Annie")
    response = make_public(host, room, language="de")
    assert response.status_code == 200
    assert 'id="make-private"' in response.content.decode()
    room.refresh_from_db()
    assert room.is_public
    assert room.language == "de"
    assert room.public_since is not None

    response = host_post(host, room, "lobby:public", data={"public": "0"}, HTTP_HX_REQUEST="true")
    assert 'id="make-public"' in response.content.decode()
    room.refresh_from_db()
    assert not room.is_public
    assert room.public_since is None
    assert room.code not in list_page()


def test_a_new_room_is_private_and_says_so_to_its_members(job_queue):
    host = guest()
    room = create_room(host)
    assert not room.is_public
    page = host.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert "only people with the code or the link can join" in page
    assert 'id="make-public"' in page


@pytest.mark.parametrize("who", ["member", "outsider", "signed-in outsider"])
def test_only_the_host_may_flip_the_switch_r131(job_queue, who):
    host = guest()
    room = create_room(host)
    member = guest()
    join(member, room, "Member")
    forger = {"member": member, "outsider": guest()}.get(who) or player("forger")
    response = host_post(forger, room, "lobby:public", data={"public": "1"})
    assert response.status_code == 403
    room.refresh_from_db()
    assert not room.is_public
    page = member.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert 'id="make-public"' not in page


def test_the_switch_needs_the_csrf_token_and_a_post(job_queue):
    host = guest()
    room = create_room(host)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = host.cookies
    assert host_post(strict, room, "lobby:public", data={"public": "1"}).status_code == 403
    assert host.get(reverse("lobby:public", args=[room.code])).status_code == 405
    room.refresh_from_db()
    assert not room.is_public


def test_the_switch_is_refused_once_the_match_started(job_queue):
    host = guest()
    room = create_room(host)
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match")
    assert make_public(host, room).status_code == 409
    room.refresh_from_db()
    assert not room.is_public


# --- the list at /play/ ---------------------------------------------------------------------


def test_a_public_room_is_listed_with_what_a_stranger_needs_to_choose(job_queue, clock):
    host = guest()
    room = create_room(host, "Annie", seats="6", mode="old_classic", move_time="60")
    join(guest(), room, "Bill")
    make_public(host, room, language="de")
    clock.advance(3 * 60 + 5)

    page = list_page()
    entry = page[page.index(f'data-room="{room.code}"') :]
    entry = entry[: entry.index("</li>")]
    assert str(catalogue.mode_name("old_classic")) in entry
    assert "2/6 seated · 4 seats free" in entry
    assert "60" in entry  # the move time
    assert "Deutsch" in entry  # the host's language
    assert "waiting for 3 minutes" in entry
    assert "Host: Annie" in entry
    assert reverse("lobby:join_open", args=[room.code]) in entry


def test_a_private_room_never_appears_on_any_public_page(job_queue):
    host = guest()
    private = create_room(host, "Secretive")
    join(guest(), private, "Friend")
    stranger = player("stranger")
    for page in (
        list_page(),
        list_page(stranger),
        guest().get(reverse("home")).content.decode(),
        stranger.get(reverse("home")).content.decode(),
        open_rooms.open_rooms_fragment(services.Person(None, "")),
    ):
        assert private.code not in page
        assert "Secretive" not in page
    assert "No open tables right now" in list_page()


def test_a_full_or_started_public_room_leaves_the_list(job_queue):
    host = guest()
    room = create_room(host, "Annie")
    make_public(host, room)
    assert room.code in list_page()
    host_post(host, room, "lobby:fill")
    assert room.code not in list_page()  # no free seat
    host_post(host, room, "lobby:start_match")
    assert room.code not in list_page()
    assert Match.objects.count() == 1


def test_the_room_closest_to_starting_comes_first(job_queue, clock):
    rooms = []
    for seated in (1, 3, 2):
        host = guest()
        room = create_room(host, f"Host {seated}", seats="4")
        for number in range(seated - 1):
            join(guest(), room, f"P{number}")
        make_public(host, room)
        clock.advance(10)
        rooms.append(room)
    oldest_single = rooms[0]
    another_single = create_room(guest(), "Later")
    make_public(Client(), another_single)  # not the host: refused, stays private
    page = list_page()
    order = sorted(rooms, key=lambda room: page.index(f'data-room="{room.code}"'))
    assert [r.members.count() for r in order] == [3, 2, 1]
    assert order[-1] == oldest_single
    assert another_single.code not in page


def test_names_in_the_list_are_escaped(job_queue):
    host = guest()
    room = create_room(host, EVIL)
    make_public(host, room)
    page = list_page()
    assert EVIL not in page
    assert "&lt;b onclick=&quot;x&quot;&gt;" in page


def test_the_list_is_translated(job_queue):
    host = guest()
    room = create_room(host)
    make_public(host, room)
    reader = Client(HTTP_ACCEPT_LANGUAGE="pl")
    page = reader.get(reverse("lobby:start")).content.decode()
    assert room.code in page
    assert "Open tables" not in page


# --- taking a seat from the list (R130) -------------------------------------------------------


@pytest.mark.parametrize("who", ["guest", "signed-in"])
def test_a_stranger_takes_a_free_seat_from_the_list_r130(job_queue, who):
    host = guest()
    room = create_room(host, "Annie")
    make_public(host, room)
    stranger = guest() if who == "guest" else player("drifter")
    response = take_listed_seat(stranger, room, "Drifter")
    assert response.status_code == 302
    assert response["Location"] == reverse("lobby:room", args=[room.code])
    assert list(room.members.order_by("index").values_list("name", flat=True)) == [
        "Annie",
        "Drifter",
    ]
    page = list_page(stranger)
    entry = page[page.index(f'data-room="{room.code}"') :]
    assert "Your room" in entry[: entry.index("</li>")]


def test_the_list_never_seats_anyone_in_a_private_room(job_queue):
    host = guest()
    room = create_room(host, "Annie")
    stranger = guest()
    response = take_listed_seat(stranger, room, "Drifter")
    assert response["Location"] == reverse("lobby:start")
    assert room.members.count() == 1
    page = stranger.get(reverse("lobby:start")).content.decode()
    assert "That table is no longer open to strangers." in page
    # The same answer as a code that does not exist: the list's door tells nothing.
    unknown = take_listed_seat(guest(), Room(code="ZZZZZZ"), "Drifter")
    assert unknown["Location"] == reverse("lobby:start")


def test_a_seat_from_the_list_needs_a_name_and_the_csrf_token(job_queue):
    host = guest()
    room = create_room(host, "Annie")
    make_public(host, room)
    response = take_listed_seat(guest(), room, "")
    assert response.status_code == 400
    assert "Enter a name to show at the table" in response.content.decode()
    strict = Client(enforce_csrf_checks=True)
    assert take_listed_seat(strict, room, "Drifter").status_code == 403
    assert room.members.count() == 1


def test_the_last_free_seat_goes_to_one_stranger_only(job_queue):
    host = guest()
    room = create_room(host, "Annie", seats="4")
    join(guest(), room, "B")
    join(guest(), room, "C")
    make_public(host, room)
    take_listed_seat(guest(), room, "First")
    late = guest()
    response = take_listed_seat(late, room, "Second")
    assert response["Location"] == reverse("lobby:start")
    assert "This room is full" in late.get(reverse("lobby:start")).content.decode()
    assert room.members.count() == 4
