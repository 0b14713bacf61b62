"""The start screen (R129, R130): settings with clear errors, remembered for next time, and
Play straight to a table of bots."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from game.models import Match
from lobby.models import LobbyPreferences, Room, RoomSeat
from tests.lobby.conftest import SETTINGS, guest, player, post_settings

pytestmark = pytest.mark.django_db


def checked(page: str, field: str) -> str:
    """The value of the checked radio button of ``field``."""
    found = re.findall(rf'<input type="radio" name="{field}" value="([^"]+)"[^>]*checked', page)
    assert len(found) == 1, found
    return found[0]


def test_start_screen_offers_every_setting_and_the_four_ways_in_r129_r130():
    page = guest().get(reverse("lobby:start")).content.decode()
    for seats in range(4, 9):
        assert f'name="seats" value="{seats}"' in page
    for mode in ["classic", "partners", "double_agent", "old_classic"]:
        assert f'name="mode" value="{mode}"' in page
    for seconds in [15, 30, 60, 90]:
        assert f'name="move_time" value="{seconds}"' in page
    for tempo in ["slow", "normal", "fast"]:
        assert f'name="tempo" value="{tempo}"' in page
    for button in ["play-button", "create-button", "join-button", "watch-button"]:
        assert f'id="{button}"' in page


def test_double_agent_notice_says_four_seats_play_classic_r134():
    page = guest().get(reverse("lobby:start")).content.decode()
    assert "with 4 seats the table plays Classic" in page


def test_nav_and_home_link_to_the_start_screen():
    home = guest().get(reverse("home")).content.decode()
    assert f'href="{reverse("lobby:start")}"' in home
    assert home.count(f'href="{reverse("lobby:start")}"') >= 2  # the nav and the hero


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("", "Enter a name to show at the table"),
        ("    ", "Enter a name to show at the table"),
        ("x" * 21, "at most 20 characters (it has 21)"),
        ("Bad\u202ename", "Use visible characters only"),
        ("Tab\tname", "Use visible characters only"),
    ],
)
def test_a_bad_name_gets_a_clear_error_and_creates_nothing_r129(job_queue, name, error):
    response = post_settings(guest(), "lobby:create", name=name)
    assert response.status_code == 400
    assert error in response.content.decode()
    assert not Room.objects.exists()


def test_the_name_is_trimmed_r129(job_queue):
    browser = guest()
    post_settings(browser, "lobby:create", name="  Doc Holliday  ")
    assert RoomSeat.objects.get().name == "Doc Holliday"


def test_twenty_characters_are_allowed(job_queue):
    post_settings(guest(), "lobby:create", name="y" * 20)
    assert RoomSeat.objects.get().name == "y" * 20


@pytest.mark.parametrize(
    ("field", "value"), [("seats", "3"), ("seats", "9"), ("move_time", "45"), ("mode", "poker")]
)
def test_settings_outside_the_rules_are_refused_r129(job_queue, field, value):
    response = post_settings(guest(), "lobby:create", **{field: value})
    assert response.status_code == 400
    assert not Room.objects.exists()


def test_a_guest_finds_their_settings_again_next_time(job_queue):
    browser = guest()
    post_settings(browser, "lobby:create", name="Belle", seats="7", mode="partners", tempo="fast")
    page = browser.get(reverse("lobby:start")).content.decode()
    assert 'value="Belle"' in page
    assert checked(page, "seats") == "7"
    assert checked(page, "mode") == "partners"
    assert checked(page, "tempo") == "fast"


def test_an_account_keeps_its_settings_on_the_profile_across_devices(job_queue):
    first = player("wyatt")
    post_settings(first, "lobby:create", name="Marshal W", seats="8", move_time="90")
    prefs = LobbyPreferences.objects.get(user__username="wyatt")
    assert prefs.settings["seats"] == 8
    assert prefs.settings["name"] == "Marshal W"

    other_device = guest()
    other_device.force_login(prefs.user)
    page = other_device.get(reverse("lobby:start")).content.decode()
    assert 'value="Marshal W"' in page
    assert checked(page, "move_time") == "90"


def test_an_account_starts_with_its_public_name():
    page = player("annie").get(reverse("lobby:start")).content.decode()
    assert 'value="annie"' in page


def test_play_starts_a_table_with_bots_everywhere_else_and_the_player_as_host_r130(job_queue):
    browser = guest()
    response = post_settings(browser, "lobby:play", name="Solo", seats="6", move_time="15")
    match = Match.objects.get()
    assert response["Location"] == reverse("game:table", args=[match.pk])
    seats = list(match.seats.order_by("seat"))
    humans = [seat for seat in seats if seat.kind == "human"]
    assert len(seats) == 6
    assert len(humans) == 1
    assert humans[0].name == "Solo"
    assert [seat.label for seat in seats if seat.kind == "bot"] == [f"Bot {n}" for n in range(1, 6)]
    assert match.host_seat == humans[0].seat
    assert match.move_time == 15
    room = Room.objects.get()
    assert room.status == Room.Status.PLAYING
    assert room.current_match == match
    assert match.room_url == reverse("lobby:room", args=[room.code])
    # The guest's session owns the seat: the table recognises them on the next request.
    assert humans[0].guest_key == browser.session.session_key
    table = browser.get(response["Location"])
    assert table.status_code == 200


def test_play_seats_the_player_at_a_random_seat_r130(job_queue, monkeypatch):
    import secrets

    monkeypatch.setattr(secrets, "randbelow", lambda n: n - 1)
    post_settings(guest(), "lobby:play", name="Last", seats="5")
    assert Match.objects.get().seats.get(kind="human").seat == 4


def test_watch_bot_match_starts_one_when_none_runs_and_reuses_it_r130(job_queue):
    first = post_settings(guest(), "lobby:watch", name="")
    match = Match.objects.get()
    assert first["Location"] == reverse("game:table", args=[match.pk])
    assert not match.seats.filter(kind="human").exists()
    second = post_settings(guest(), "lobby:watch", name="")
    assert second["Location"] == first["Location"]
    assert Match.objects.count() == 1


def test_watch_does_not_pick_a_match_with_humans(job_queue):
    post_settings(guest(), "lobby:play", name="Solo")
    post_settings(guest(), "lobby:watch", name="")
    assert Match.objects.count() == 2
    watched = Match.objects.exclude(seats__kind="human").get()
    assert watched.seats.count() == int(SETTINGS["seats"])


@pytest.mark.parametrize(("seats", "noted"), [("4", True), ("5", False)])
def test_a_double_agent_room_says_when_it_plays_classic_r134(job_queue, seats, noted):
    from tests.lobby.conftest import create_room

    browser = guest()
    room = create_room(browser, seats=seats, mode="double_agent")
    page = browser.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert ("with 4 seats the table plays Classic" in page) is noted
    assert "Double Agent (beta)" in page


@pytest.mark.parametrize("target", ["lobby:play", "lobby:create", "lobby:join", "lobby:watch"])
def test_switching_language_on_a_refused_form_returns_to_the_start_screen(job_queue, target):
    """Issue 10: a refused start-screen form shows the start screen at the form's own URL;
    the language switch there returns to that URL and must land on the start screen in the
    new language, not on an empty "405 Method Not Allowed"."""
    from django.conf import settings

    browser = guest()
    refused = post_settings(browser, target, name="x" * 21)
    assert refused.status_code == 400
    switch = {"language": "de", "next": reverse(target)}
    landed = browser.post(reverse("set_language"), switch, follow=True)
    assert landed.redirect_chain[-1][0] == reverse("lobby:start")
    assert landed.status_code == 200
    assert '<html lang="de"' in landed.content.decode()
    assert browser.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert not Room.objects.exists()


def test_each_role_mode_is_explained_in_one_line_where_it_is_chosen_r12_r13_r117():
    page = guest().get(reverse("lobby:start")).content.decode()

    for note_id, words in [
        ("classic-note", "the Loner plays alone"),
        ("partners-note", "Only at 8 seats: the two Loners win together"),
        ("double-agent-note", "with 4 seats the table plays Classic"),
        ("old-classic-note", "no High Noon and no Glory"),
    ]:
        start = page.index(f'id="{note_id}"')
        assert words in page[start : start + 200]


@pytest.mark.parametrize(("seats", "noted"), [("5", True), ("7", True), ("8", False)])
def test_a_partners_room_says_before_the_match_when_it_plays_classic_r13(job_queue, seats, noted):
    from tests.lobby.conftest import create_room

    browser = guest()
    room = create_room(browser, seats=seats, mode="partners")
    page = browser.get(reverse("lobby:room", args=[room.code])).content.decode()
    assert ("with fewer seats the table plays Classic" in page) is noted
