"""Host controls before the match (R131, Q59): each works for the host; a non-host who forges
one gets 403 and nothing changes; every control needs the CSRF token."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from game.models import Match
from lobby.identity import Person
from lobby.models import Room
from lobby.presenters import room_fragment
from tests.lobby.conftest import create_room, guest, host_post, join

pytestmark = pytest.mark.django_db


def seat_map(room: Room) -> list[tuple[int, str, str]]:
    return list(room.members.order_by("index").values_list("index", "kind", "name"))


def snapshot(room: Room) -> tuple:
    room.refresh_from_db()
    strengths = list(room.members.order_by("index").values_list("strength", flat=True))
    return (seat_map(room), strengths, room.status, room.host_id, Match.objects.count())


def test_fill_with_bots_takes_every_free_seat_r131(room_with_guests):
    room, (host, _guest) = room_with_guests(others=1)
    response = host_post(host, room, "lobby:fill", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert 'id="room"' in response.content.decode()
    assert [kind for _i, kind, _n in seat_map(room)] == ["human", "human", "bot", "bot", "bot"]


def test_a_bots_seat_reads_its_name_once_and_what_it_is_r141(room_with_guests):
    """R141: bots are named "Bot 1", "Bot 2"... in table order. The seat's badge says what it
    is ("Bot", as at the table), not the name a second time ("Bot 1 Bot 1")."""
    room, (host, _guest) = room_with_guests(others=1)
    host_post(host, room, "lobby:fill")
    page = host.get(reverse("lobby:room", args=[room.code])).content.decode()
    seat = re.search(r'<li class="seat[^"]*" data-seat="3">(.*?)</li>', page, re.S)
    assert seat is not None
    assert re.findall(r">\s*Bot 1\s*<", seat.group(1)) == [">Bot 1<"]
    assert '<span class="badge badge--bot">Bot</span>' in seat.group(1)
    assert '<span class="badge badge--human">Human</span>' in page


def test_seat_a_bot_takes_one_chosen_free_seat_r131(room_with_guests):
    room, (host, _guest) = room_with_guests(others=1)
    host_post(host, room, "lobby:seat_bot", 3)
    assert seat_map(room) == [(0, "human", "Host"), (1, "human", "Guest 1"), (3, "bot", "")]


def test_seat_a_bot_on_a_taken_seat_is_refused(room_with_guests):
    room, (host, _guest) = room_with_guests(others=1)
    response = host_post(host, room, "lobby:seat_bot", 1, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "That seat is already taken." in response.content.decode()
    assert seat_map(room) == [(0, "human", "Host"), (1, "human", "Guest 1")]


def test_seat_a_bot_outside_the_table_is_refused(room_with_guests):
    room, (host, _guest) = room_with_guests(others=1)
    assert host_post(host, room, "lobby:seat_bot", 5, HTTP_HX_REQUEST="true").status_code == 409


def test_replace_with_bot_puts_a_bot_in_a_players_seat_r131(room_with_guests):
    room, (host, gone) = room_with_guests(others=1)
    host_post(host, room, "lobby:replace", 1)
    assert seat_map(room) == [(0, "human", "Host"), (1, "bot", "")]
    # The replaced player is out of the room: their page offers a seat again.
    page = gone.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert 'id="take-seat"' in page


def test_replace_with_bot_on_a_bot_is_refused(room_with_guests):
    room, (host, _guest) = room_with_guests(others=1)
    host_post(host, room, "lobby:seat_bot", 2)
    response = host_post(host, room, "lobby:replace", 2, HTTP_HX_REQUEST="true")
    assert response.status_code == 409


def test_remove_frees_an_occupied_seat_r131(room_with_guests):
    room, (host, _guest) = room_with_guests(others=1)
    host_post(host, room, "lobby:seat_bot", 4)
    host_post(host, room, "lobby:remove", 4)
    host_post(host, room, "lobby:remove", 1)
    assert seat_map(room) == [(0, "human", "Host")]


def test_the_host_cannot_remove_or_replace_themself(room_with_guests):
    room, (host, _guest) = room_with_guests(others=1)
    for control in ["lobby:remove", "lobby:replace"]:
        response = host_post(host, room, control, 0, HTTP_HX_REQUEST="true")
        assert response.status_code == 409
        assert "use ← Back" in response.content.decode()
    assert seat_map(room)[0] == (0, "human", "Host")


def test_remove_on_a_free_seat_is_refused(room_with_guests):
    room, (host, _guest) = room_with_guests(others=1)
    response = host_post(host, room, "lobby:remove", 3, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "Nobody sits in that seat." in response.content.decode()


def test_start_needs_every_seat_filled_r131(room_with_guests):
    room, (host, _guest) = room_with_guests(others=1)
    response = host_post(host, room, "lobby:start_match", HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "Every seat must be filled" in response.content.decode()
    assert not Match.objects.exists()


def test_start_creates_the_match_in_room_order_and_sends_everyone_to_the_table(
    room_with_guests,
):
    room, (host, other) = room_with_guests(others=1, here=True, mode="partners", tempo="slow")
    host_post(host, room, "lobby:fill")
    response = host_post(host, room, "lobby:start_match", HTTP_HX_REQUEST="true")
    match = Match.objects.get()
    # The host's page goes to the table through the table link of the fresh room, exactly
    # once, like every member's page (an HX-Redirect raced the socket's navigation).
    body = response.content.decode()
    assert "HX-Redirect" not in response
    assert re.search(
        r'href="%s"[^>]*data-navigate|data-navigate[^>]*href="%s"'
        % ((re.escape(reverse("game:table", args=[match.pk])),) * 2),
        body,
    )
    seats = list(match.seats.order_by("seat").values_list("kind", "name", "label"))
    assert seats == [
        ("human", "Host", ""),
        ("human", "Guest 1", ""),
        ("bot", "Bot 1", "Bot 1"),
        ("bot", "Bot 2", "Bot 2"),
        ("bot", "Bot 3", "Bot 3"),
    ]
    assert match.config["mode"] == "partners"
    assert match.tempo == "slow"
    assert match.host_seat == 0
    room.refresh_from_db()
    assert room.status == Room.Status.PLAYING
    assert match.room_url == f"/r/{room.code}/"
    # The other member's room page now points at the table (the socket does the same live).
    page = other.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert f'href="/match/{match.pk}/" data-navigate' in page


def test_each_match_gets_a_fresh_random_seed(job_queue):
    seeds = set()
    for _ in range(3):
        host = guest()
        room = create_room(host, seats="4")
        host_post(host, room, "lobby:fill")
        host_post(host, room, "lobby:start_match")
        seeds.add(Match.objects.latest("created_at").seed)
    assert len(seeds) == 3


def test_seats_cannot_change_once_the_match_started_q59(room_with_guests):
    room, (host, _guest) = room_with_guests(others=1, here=True)
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match")
    before = snapshot(room)
    response = host_post(host, room, "lobby:remove", 2, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "seats can no longer change" in response.content.decode()
    assert snapshot(room) == before


# --- forged host actions --------------------------------------------------------------------

CONTROLS = [
    ("lobby:fill", ()),
    ("lobby:seat_bot", (3,)),
    ("lobby:bot_strength", (2,)),
    ("lobby:replace", (1,)),
    ("lobby:remove", (1,)),
    ("lobby:start_match", ()),
]


@pytest.mark.parametrize(("control", "args"), CONTROLS, ids=[c for c, _ in CONTROLS])
@pytest.mark.parametrize("who", ["member", "outsider", "signed-in outsider"])
def test_a_forged_host_action_gets_403_and_changes_nothing_r131(
    room_with_guests, control, args, who
):
    room, (host, member) = room_with_guests(others=1)
    host_post(host, room, "lobby:seat_bot", 2)
    host_post(host, room, "lobby:seat_bot", 4)
    if control == "lobby:start_match":
        host_post(host, room, "lobby:seat_bot", 3)  # full, so only the host check stops it
    forger: Client = {"member": member, "outsider": guest()}.get(who) or _signed_in()
    before = snapshot(room)
    # A strength for the controls that take one (issue 22): refused all the same.
    response = host_post(forger, room, control, *args, data={"strength": "hard"})
    assert response.status_code == 403
    assert snapshot(room) == before


def _signed_in() -> Client:
    from tests.lobby.conftest import player

    return player("forger")


@pytest.mark.parametrize(("control", "args"), CONTROLS, ids=[c for c, _ in CONTROLS])
def test_every_host_control_needs_the_csrf_token(room_with_guests, control, args):
    room, (host, _member) = room_with_guests(others=1)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = host.cookies
    before = snapshot(room)
    assert host_post(strict, room, control, *args).status_code == 403
    assert snapshot(room) == before


@pytest.mark.parametrize(("control", "args"), CONTROLS, ids=[c for c, _ in CONTROLS])
def test_host_controls_are_post_only(room_with_guests, control, args):
    room, (host, _member) = room_with_guests(others=1)
    response = host.get(reverse(control, args=[room.code, *args]))
    assert response.status_code == 405


# --- ← Back (R131, Q59) ------------------------------------------------------------------------


def test_back_frees_the_seat_and_the_next_human_becomes_host(room_with_guests, clock):
    room, (host, first, second) = room_with_guests(others=2)
    host_post(host, room, "lobby:seat_bot", 4)
    response = host_post(host, room, "lobby:leave")
    assert response["Location"] == reverse("lobby:start")
    room.refresh_from_db()
    assert room.host.name == "Guest 1"
    assert [name for _i, _k, name in seat_map(room)] == ["Guest 1", "Guest 2", ""]
    # The new host's controls work; the old host's do not.
    assert host_post(first, room, "lobby:fill").status_code == 302
    assert host_post(host, room, "lobby:remove", 1).status_code == 403


def test_back_by_the_last_human_closes_the_room_q59(job_queue):
    host = guest()
    room = create_room(host)
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:leave", HTTP_HX_REQUEST="true")
    room.refresh_from_db()
    assert room.status == Room.Status.CLOSED
    assert "This room has been closed." in join(guest(), room, "Late").content.decode()


def test_a_member_who_leaves_before_the_match_frees_the_seat(room_with_guests):
    room, (_host, member) = room_with_guests(others=1)
    host_post(member, room, "lobby:leave")
    assert [name for _i, _k, name in seat_map(room)] == ["Host"]


def test_during_the_match_the_seat_is_kept(room_with_guests):
    room, (host, member) = room_with_guests(others=1, here=True)
    host_post(host, room, "lobby:fill")
    host_post(host, room, "lobby:start_match")
    response = host_post(member, room, "lobby:leave", follow=True)
    assert "still being played" in response.content.decode()
    assert [name for _i, _k, name in seat_map(room)][:2] == ["Host", "Guest 1"]


# --- the ready check (issue 17) -------------------------------------------------------------


def test_start_waits_for_every_player_and_says_for_whom(room_with_guests):
    """Start is offered when every human seat is here; otherwise the host reads who is
    missing, and a plain Start is refused (409, no match)."""
    room, (host, _guest) = room_with_guests(others=1)
    host_post(host, room, "lobby:fill")

    page = host.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert "Waiting for Guest 1 to open this room." in page
    response = host_post(host, room, "lobby:start_match", HTTP_HX_REQUEST="true")

    assert response.status_code == 409
    assert "Not every player is here yet" in response.content.decode()
    assert not Match.objects.exists()


def test_the_host_may_start_anyway_and_the_absent_seat_begins_on_autopilot_r121(
    room_with_guests,
):
    room, (host, _guest) = room_with_guests(others=1)
    host_post(host, room, "lobby:fill")

    response = host_post(
        host, room, "lobby:start_match", data={"anyway": "1"}, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 200
    match = Match.objects.get()
    humans = dict(match.seats.filter(kind="human").values_list("name", "autopilot"))
    assert humans == {"Host": False, "Guest 1": True}
    assert not match.seats.get(name="Guest 1").connected  # away until he opens the table
    assert match.seats.get(name="Host").connected


def test_when_everyone_is_here_start_is_offered_and_nobody_is_on_autopilot(room_with_guests):
    room, (host, _guest) = room_with_guests(others=1, here=True)
    host_post(host, room, "lobby:fill")

    page = host.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert "Waiting for" not in page
    host_post(host, room, "lobby:start_match")

    match = Match.objects.get()
    assert not match.seats.filter(autopilot=True).exists()
    assert set(match.seats.filter(kind="human").values_list("connected", flat=True)) == {True}


# --- before htmx binds the page ------------------------------------------------------------------


class _Forms(HTMLParser):
    """Each ``<form>`` of a page: its attributes and the names of the inputs inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[dict[str, str], dict[str, str]]] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append((values, {}))
            self._open = True
        elif tag == "input" and self._open and "name" in values:
            self.forms[-1][1][values["name"]] = values.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._open = False


def test_the_hosts_forms_also_post_without_htmx_r131(room_with_guests):
    """R131: in the room page's first moments htmx has not bound its controls yet, and a click
    submits the form as the browser would. Every form htmx posts (Seat a bot, Fill with bots,
    Start, Back, ...) posts natively to the same control with the page's CSRF token, and such a
    post does the control and brings the host back to the room. A Seat a bot clicked then once
    went as a GET that reloaded the page and seated nobody."""
    room, (host, _member) = room_with_guests(others=1)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = host.cookies
    page = strict.get(reverse("lobby:room", args=[room.code])).content.decode()
    parser = _Forms()
    parser.feed(page)
    posted = [(attrs, inputs) for attrs, inputs in parser.forms if "hx-post" in attrs]
    assert len(posted) >= 6  # Public, three Seat a bot, Fill with bots, Start, Back (+ Replace)
    for attrs, inputs in posted:
        assert (attrs.get("method"), attrs.get("action")) == ("post", attrs["hx-post"]), attrs
        assert inputs.get("csrfmiddlewaretoken"), attrs

    seat_bot = reverse("lobby:seat_bot", args=[room.code, 3])
    [inputs] = [inputs for attrs, inputs in posted if attrs["action"] == seat_bot]
    response = strict.post(seat_bot, {**inputs, "strength": "hard"})
    assert response.status_code == 302
    assert response["Location"] == reverse("lobby:room", args=[room.code])
    assert room.members.filter(index=3, kind="bot", strength="hard").exists()


def test_the_rooms_socket_redraw_carries_no_token(room_with_guests):
    """The room the socket pushes lands once htmx is bound (htmx sends the page's token in a
    header): it carries no token of its own, and no {% csrf_token %} without one."""
    room, (host, _member) = room_with_guests(others=1)
    person = Person(None, host.session.session_key)
    assert "csrfmiddlewaretoken" not in room_fragment(room, person)
