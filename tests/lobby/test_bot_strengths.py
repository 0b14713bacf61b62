"""Bot strengths in the room (issue 22, R131, R141): the host chooses Easy, Normal or Hard for
each bot seat, where bots are seated and for a bot already there; every member reads it; the
match's bot seats get it at Start and keep it on Play again. Only the host, only a bot seat,
only between matches, only the three strengths: anything else is refused and changes nothing.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from game.models import Match
from lobby.models import Room
from tests.lobby.conftest import create_room, guest, host_post, join, player, post_settings

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def strengths(room: Room) -> dict[int, tuple[str, str]]:
    """Seat index -> (kind, strength) of everyone in the room."""
    rows = room.members.order_by("index").values_list("index", "kind", "strength")
    return {index: (kind, strength) for index, kind, strength in rows}


def match_strengths(match: Match) -> list[tuple[str, str, str]]:
    return list(match.seats.order_by("seat").values_list("kind", "label", "strength"))


def room_page(browser: Client, room: Room) -> str:
    return browser.get(reverse("lobby:room", args=[room.code])).content.decode()


def selected_strength(page: str, select_id: str) -> str:
    """The chosen option of the strength select with ``select_id`` on a room page."""
    select = re.search(rf'<select name="strength"[^>]*id="{select_id}"[^>]*>(.*?)</select>', page)
    assert select is not None, select_id
    chosen = re.findall(r'<option value="([a-z]+)" selected>', select.group(1))
    assert len(chosen) == 1, select.group(1)
    return chosen[0]


def test_the_host_fills_and_seats_bots_at_the_strength_chosen_beside_the_button_r131_r141(
    room_with_guests,
):
    room, (host, _friend) = room_with_guests(others=1)
    host_post(host, room, "lobby:seat_bot", 4, data={"strength": "easy"})
    host_post(host, room, "lobby:fill", data={"strength": "hard"})
    assert strengths(room) == {
        0: ("human", "normal"),
        1: ("human", "normal"),
        2: ("bot", "hard"),
        3: ("bot", "hard"),
        4: ("bot", "easy"),
    }


def test_a_form_without_a_strength_seats_normal_bots_as_before_r131(room_with_guests):
    room, (host, _friend) = room_with_guests(others=1)
    host_post(host, room, "lobby:seat_bot", 2)
    host_post(host, room, "lobby:fill")
    assert {strength for kind, strength in strengths(room).values() if kind == "bot"} == {"normal"}


def test_the_host_changes_one_bots_strength_and_every_member_reads_it_r141(room_with_guests):
    room, (host, friend) = room_with_guests(others=1)
    host_post(host, room, "lobby:fill")

    response = host_post(host, room, "lobby:bot_strength", 3, data={"strength": "hard"}, **HX)

    assert response.status_code == 200
    assert strengths(room)[3] == ("bot", "hard")
    assert strengths(room)[2] == ("bot", "normal")
    # The host's redrawn room shows each bot's own choice in its picker...
    body = response.content.decode()
    assert selected_strength(body, "bot-strength-4") == "hard"
    assert selected_strength(body, "bot-strength-3") == "normal"
    # ...and the friend reads it as a badge on the seat, with no picker of his own.
    seat = re.search(
        r'<li class="seat[^"]*" data-seat="4">(.*?)</li>', room_page(friend, room), re.S
    )
    assert seat is not None
    assert '<span class="badge badge--strength" title="Bot strength">Hard</span>' in seat.group(1)
    assert 'name="strength"' not in room_page(friend, room)


def test_the_bot_pickers_offer_the_three_strengths_with_normal_first_chosen(room_with_guests):
    room, (host, _friend) = room_with_guests(others=1)
    page = room_page(host, room)
    for select_id in ("fill-bot-strength", "new-bot-strength-3"):
        assert selected_strength(page, select_id) == "normal"
    select = re.search(
        r'<select name="strength"[^>]*id="fill-bot-strength"[^>]*>(.*?)</select>', page
    )
    assert select is not None
    options = re.findall(r'<option value="([a-z]+)"[^>]*>([^<]+)</option>', select.group(1))
    assert options == [("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")]


@pytest.mark.parametrize(
    ("control", "args"),
    [("lobby:fill", ()), ("lobby:seat_bot", (2,)), ("lobby:bot_strength", (4,))],
)
@pytest.mark.parametrize("forged", ["insane", "HARD", " hard", "normal\x00", "e" * 5000])
def test_an_unknown_strength_gets_a_clear_error_and_changes_nothing(
    room_with_guests, control, args, forged
):
    room, (host, _friend) = room_with_guests(others=1)
    host_post(host, room, "lobby:seat_bot", 4)
    before = strengths(room)

    response = host_post(host, room, control, *args, data={"strength": forged}, **HX)

    assert response.status_code == 400
    assert response.content.decode() == "Choose Easy, Normal or Hard for the bot."
    assert strengths(room) == before


def test_an_empty_strength_for_a_seated_bot_is_refused(room_with_guests):
    room, (host, _friend) = room_with_guests(others=1)
    host_post(host, room, "lobby:seat_bot", 4, data={"strength": "easy"})
    response = host_post(host, room, "lobby:bot_strength", 4, **HX)
    assert response.status_code == 400
    assert strengths(room)[4] == ("bot", "easy")


def test_a_players_seat_has_no_strength_to_choose_r121(room_with_guests):
    """The bot plays a player's seat (autopilot) at Normal; the host cannot choose otherwise."""
    room, (host, _friend) = room_with_guests(others=1)
    before = strengths(room)
    response = host_post(host, room, "lobby:bot_strength", 1, data={"strength": "hard"}, **HX)
    assert response.status_code == 409
    assert "the bot plays a player's seat at Normal" in response.content.decode()
    free = host_post(host, room, "lobby:bot_strength", 3, data={"strength": "hard"}, **HX)
    assert free.status_code == 409
    assert "Nobody sits in that seat." in free.content.decode()
    assert strengths(room) == before


@pytest.mark.parametrize("who", ["member", "outsider", "signed-in outsider"])
def test_only_the_host_changes_a_bots_strength_r131(room_with_guests, who):
    room, (host, member) = room_with_guests(others=1)
    host_post(host, room, "lobby:fill", data={"strength": "easy"})
    forger = {"member": member, "outsider": guest()}.get(who) or player("forger")
    before = strengths(room)
    response = host_post(forger, room, "lobby:bot_strength", 2, data={"strength": "hard"}, **HX)
    assert response.status_code == 403
    assert strengths(room) == before


def test_start_gives_every_bot_seat_its_strength_r141(room_with_guests):
    room, (host, _friend) = room_with_guests(others=1, here=True)
    host_post(host, room, "lobby:fill", data={"strength": "easy"})
    host_post(host, room, "lobby:bot_strength", 3, data={"strength": "hard"})

    host_post(host, room, "lobby:start_match")

    assert match_strengths(Match.objects.get()) == [
        ("human", "", "normal"),
        ("human", "", "normal"),
        ("bot", "Bot 1", "easy"),
        ("bot", "Bot 2", "hard"),
        ("bot", "Bot 3", "easy"),
    ]


def test_a_bots_strength_cannot_change_while_its_match_runs_q59(room_with_guests):
    """The running match keeps the strengths it started with: the room refuses the change,
    as it refuses every seat change during a match, and neither room nor match changes."""
    room, (host, _friend) = room_with_guests(others=1, here=True)
    host_post(host, room, "lobby:fill", data={"strength": "easy"})
    host_post(host, room, "lobby:start_match")
    match = Match.objects.get()
    before = (strengths(room), match_strengths(match))

    response = host_post(host, room, "lobby:bot_strength", 2, data={"strength": "hard"}, **HX)

    assert response.status_code == 409
    assert "seats can no longer change" in response.content.decode()
    assert (strengths(room), match_strengths(match)) == before
    # The host's page shows no picker while the match runs, only each bot's badge.
    page = room_page(host, room)
    assert 'name="strength"' not in page
    assert page.count('<span class="badge badge--strength" title="Bot strength">Easy</span>') == 3


@pytest.mark.django_db(transaction=True)
def test_play_again_keeps_each_bots_strength_and_a_change_between_matches_q61(job_queue):
    host, friend = guest(), guest()
    room = create_room(host, "Host", seats="4", move_time="15", tempo="fast")
    join(friend, room, "Friend")
    host_post(host, room, "lobby:seat_bot", 2, data={"strength": "hard"})
    host_post(host, room, "lobby:seat_bot", 3, data={"strength": "easy"})
    host_post(host, room, "lobby:start_match", data={"anyway": "1"})
    room.refresh_from_db()
    first = room.current_match
    job_queue.run_until_finished(first.pk)

    host_post(host, room, "lobby:start_match", data={"anyway": "1"})
    room.refresh_from_db()
    second = room.current_match
    assert second.pk != first.pk
    assert match_strengths(second) == match_strengths(first)
    assert [strength for _kind, _label, strength in match_strengths(second)][2:] == [
        "hard",
        "easy",
    ]

    # Between matches the host may change a bot; the next Play again plays it so.
    job_queue.run_until_finished(second.pk)
    host_post(host, room, "lobby:bot_strength", 3, data={"strength": "normal"})
    host_post(host, room, "lobby:start_match", data={"anyway": "1"})
    room.refresh_from_db()
    third = room.current_match
    assert [strength for _kind, _label, strength in match_strengths(third)][2:] == [
        "hard",
        "normal",
    ]


def test_waiting_for_a_player_says_the_bot_plays_their_seat_at_normal_r121(room_with_guests):
    room, (host, _friend) = room_with_guests(others=1)
    host_post(host, room, "lobby:fill", data={"strength": "hard"})
    page = room_page(host, room)
    hint = re.search(r'<p class="room__hint" id="ready-hint">(.*?)</p>', page, re.S)
    assert hint is not None
    assert "Until they come, the bot plays their seats at Normal strength." in hint.group(1)


# --- the start screen (R129, R130) -----------------------------------------------------------


def checked_strength(page: str) -> str:
    found = re.findall(r'<input type="radio" name="bot_strength" value="([^"]+)"[^>]*checked', page)
    assert len(found) == 1, found
    return found[0]


def bot_strengths(match: Match) -> set[str]:
    return set(match.seats.filter(kind="bot").values_list("strength", flat=True))


def test_the_start_screen_offers_the_three_strengths_normal_first_chosen_r129():
    page = guest().get(reverse("lobby:start")).content.decode()
    choices = re.findall(
        r'<input type="radio" name="bot_strength" value="([a-z]+)"[^>]*>\s*<span>([^<]+)</span>',
        page,
    )
    assert choices == [("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")]
    assert checked_strength(page) == "normal"


@pytest.mark.parametrize("strength", ["easy", "normal", "hard"])
def test_play_seats_bots_of_the_chosen_strength_and_remembers_it_r130(job_queue, strength):
    browser = guest()
    post_settings(browser, "lobby:play", name="Solo", bot_strength=strength)
    match = Match.objects.get()
    assert bot_strengths(match) == {strength}
    assert match.seats.get(kind="human").strength == "normal"
    assert checked_strength(browser.get(reverse("lobby:start")).content.decode()) == strength


def test_a_start_form_without_a_strength_plays_normal_bots(job_queue):
    post_settings(guest(), "lobby:play", name="Solo")
    assert bot_strengths(Match.objects.get()) == {"normal"}


@pytest.mark.parametrize("target", ["lobby:play", "lobby:watch", "lobby:create"])
def test_an_unknown_strength_on_the_start_screen_gets_a_clear_error_and_starts_nothing(
    job_queue, target
):
    response = post_settings(guest(), target, name="Solo", bot_strength="godlike")
    assert response.status_code == 400
    errors = re.search(
        r'<ul class="errorlist" id="bot-strength-errors"[^>]*>(.*?)</ul>', response.content.decode()
    )
    assert errors is not None
    assert "Choose Easy, Normal or Hard for the bots." in errors.group(1)
    assert not Match.objects.exists()
    assert not Room.objects.exists()


def test_watch_bot_match_shows_bots_of_the_chosen_strength_r130(job_queue):
    """A running all-bot table is shared by everyone who asks for its strength; asking for
    another strength starts a table of that strength."""
    easy = post_settings(guest(), "lobby:watch", name="", bot_strength="easy")
    [first] = Match.objects.all()
    assert bot_strengths(first) == {"easy"}

    hard = post_settings(guest(), "lobby:watch", name="", bot_strength="hard")
    second = Match.objects.exclude(pk=first.pk).get()
    assert bot_strengths(second) == {"hard"}
    assert hard["Location"] == reverse("game:table", args=[second.pk])

    again = post_settings(guest(), "lobby:watch", name="", bot_strength="easy")
    assert again["Location"] == easy["Location"]
    assert Match.objects.count() == 2
