"""Issue 20: the home page as a newcomer finds it: how busy the saloon is, a way to watch, a
language picker without a separate button, and one welcome after sign-up."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from bangarena_site.live.presence import site_activity
from game.models import Match, MatchSeat
from lobby.models import Room, RoomSeat
from tests.accounts.helpers import STRONG_PASSWORD, make_user

pytestmark = pytest.mark.django_db


def _match(status: str = Match.Status.RUNNING) -> Match:
    return Match.objects.create(
        seed=1, config={}, state={}, status=status, move_time=30, tempo="normal"
    )


def _seat(match: Match, seat: int, *, here: bool, kind: str = "human", **who) -> MatchSeat:
    """A seat; ``here``: present at the table as its heartbeats keep it (Q48)."""
    return MatchSeat.objects.create(
        match=match, seat=seat, kind=kind, name=f"P{seat}", connected=here, **who
    )


def _room_seat(room: Room, index: int, *, sockets: int, **who) -> RoomSeat:
    return RoomSeat.objects.create(
        room=room,
        index=index,
        kind="human",
        name=f"R{index}",
        joined_at=timezone.now(),
        sockets=sockets,
        **who,
    )


def _room(code: str) -> Room:
    now = timezone.now()
    return Room.objects.create(
        code=code,
        seats=4,
        mode="classic",
        move_time=30,
        tempo="normal",
        created_at=now,
        last_activity=now,
    )


def test_players_online_counts_each_person_present_once():
    ann, bob = make_user("ann"), make_user("bob")
    running = _match()
    _seat(running, 0, here=True, user=ann)
    _seat(running, 1, here=True, guest_key="g" * 32)
    _seat(running, 2, here=False, user=bob)  # away
    _seat(running, 3, here=False, kind="bot")
    finished = _match(Match.Status.FINISHED)
    _seat(finished, 0, here=True, user=bob)  # a finished table is not "online"
    room = _room("ABCDEF")
    _room_seat(room, 0, sockets=1, user=ann)  # also at the table: still one person
    _room_seat(room, 1, sockets=1, user=bob)
    _match()  # an all-bot match still runs

    activity = site_activity()

    assert activity.players_online == 3  # ann, the guest and bob (in the room)
    assert activity.matches_running == 2


def test_activity_takes_at_most_two_queries(django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        site_activity()


def test_home_shows_the_live_counts_and_nothing_private(client):
    ann = make_user("ann", display_name="Annie Oakley")
    _seat(_match(), 0, here=True, user=ann)

    page = client.get(reverse("home")).content.decode()

    assert 'id="live-count"' in page
    assert "1 player online" in page
    assert "1 match running" in page
    assert "Annie Oakley" not in page
    assert ">ann<" not in page


def test_home_counts_speak_the_readers_language(client):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()

    assert "0 игроков онлайн" in page


def test_the_navigation_has_a_watch_entry(client):
    page = client.get(reverse("home")).content.decode()

    assert f'href="{reverse("lobby:start")}#watch"' in page
    start = client.get(reverse("lobby:start")).content.decode()
    assert 'id="watch"' in start
    assert 'id="watch-button"' in start


def test_the_language_picker_sends_itself_on_selection(client):
    page = client.get(reverse("home")).content.decode()
    form = page[
        page.index('class="language-switch"') : page.index(
            "</form>", page.index('class="language-switch"')
        )
    ]

    assert "data-submit-on-change" in form
    # No separate button for players with scripts; one stays for those without.
    assert form.count("<button") == 1
    assert "<noscript><button" in form
    assert "js/site.js" in page


def test_one_welcome_after_sign_up(client, monkeypatch):
    scheduled = []
    monkeypatch.setattr(
        "bangarena_site.live.notifications.schedule", lambda *args: scheduled.append(args)
    )

    response = client.post(
        reverse("signup"),
        {"username": "newcomer", "password1": STRONG_PASSWORD, "password2": STRONG_PASSWORD},
        follow=True,
    )

    page = response.content.decode()
    assert page.count("Welcome to BangArena, newcomer!") == 1
    assert "Howdy" not in page
    assert scheduled == []  # no welcome toast on top of the message


def test_logging_in_still_sends_the_live_toast(monkeypatch):
    scheduled = []
    monkeypatch.setattr(
        "bangarena_site.live.notifications.schedule", lambda *args: scheduled.append(args)
    )
    make_user("regular")

    assert Client().login(username="regular", password=STRONG_PASSWORD)
    assert len(scheduled) == 1
