"""The table page and the result page (issue 6, R82, R135-R140).

Seat holders get their own table with their controls and the match socket; anyone else
watches the public table; unknown matches are 404. After the match, the result page names the
winners and every player's role and character.
"""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from game import catalogue
from game.models import Match
from tests.game.conftest import (
    FakeClock,
    JobQueue,
    bot_seats,
    guest_cookie,
    human_seats,
    seed_with_marshal_at,
    start,
)

pytestmark = pytest.mark.django_db(transaction=True)


def guest_client(session_key: str) -> Client:
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = session_key
    return client


def action_forms(page: str) -> list[str]:
    return re.findall(r"<button type=\"submit\" name=\"action\" value='([^']*)'", page)


def human_match(session_key: str) -> Match:
    seats = human_seats(1)
    seats[0] = type(seats[0])(kind="human", name="Calamity", guest_key=session_key)
    # The guest holds the Marshal, who plays first (R21), so the page has live controls.
    return start(seats + bot_seats(3), seed=seed_with_marshal_at(0, seats=4))


def test_a_seated_guest_gets_the_own_table_with_the_socket(clock: FakeClock, job_queue: JobQueue):
    """R135: the seat holder sees the table from their seat, connected to the match socket."""
    session_key, _ = guest_cookie()
    match = human_match(session_key)

    response = guest_client(session_key).get(reverse("game:table", args=[match.pk]))

    assert response.status_code == 200
    page = response.content.decode()
    assert f'ws-connect="/ws/match/{match.pk}/"' in page
    assert 'hx-ext="ws"' in page
    seats = re.findall(r'data-seat="(\d+)"', page)
    assert seats[-1] == "0"
    game = match.game()
    hand = game.view(0)["hand"]
    assert hand
    assert page.count('class="hand__slot"') == len(hand)
    legal = game.legal_actions(0)
    assert legal
    assert len(action_forms(page)) == len(legal)


def test_a_visitor_without_a_seat_watches_the_public_table(clock: FakeClock, job_queue: JobQueue):
    """R82/Q55: a spectator of a match with humans sees no hand and has no controls."""
    session_key, _ = guest_cookie()
    match = human_match(session_key)

    response = Client().get(reverse("game:table", args=[match.pk]))

    assert response.status_code == 200
    page = response.content.decode()
    assert action_forms(page) == []
    assert "You are watching." in page
    state = match.game().to_dict()
    for player in state["players"]:
        for card in player["hand"]:
            assert card[0] not in page


def test_watchers_of_an_all_bot_match_see_every_hand(clock: FakeClock, job_queue: JobQueue):
    """Issue 6: watchers of an all-bot table may see every hand, each from its own seat's view."""
    match = start(bot_seats(4), seed=5)
    page = Client().get(reverse("game:table", args=[match.pk])).content.decode()
    game = match.game()
    for seat in range(4):
        names = [html.escape(str(catalogue.card_name(c["kind"]))) for c in game.view(seat)["hand"]]
        assert names
        assert all(name in page for name in names)
    assert action_forms(page) == []


def test_unknown_matches_are_not_found(client: Client):
    assert client.get(reverse("game:table", args=[999999])).status_code == 404
    assert client.get(reverse("game:result", args=[999999])).status_code == 404


def test_the_result_names_winners_and_every_role(clock: FakeClock, job_queue: JobQueue):
    """R140: after the match, the winning team, the winners and every role and character."""
    match = start(bot_seats(5), seed=3)
    job_queue.run_until_finished(match.pk)
    match.refresh_from_db()
    outcome = match.game().result

    for client in (Client(), guest_client(guest_cookie()[0])):
        response = client.get(reverse("game:result", args=[match.pk]))
        assert response.status_code == 200
        page = response.content.decode()
        if outcome["team"] == "loner":  # R95: the Loner wins alone and is named
            assert "The Loner wins:" in page
        else:
            assert str(catalogue.TEAMS[outcome["team"]]) in page
        state = match.game().to_dict()
        for player in state["players"]:
            assert str(catalogue.role_name(player["role"])) in page
            assert html.escape(str(catalogue.character_name(player["character"]))) in page
        assert page.count("result__won") == len(outcome["winners"])
        assert reverse("home") in page


def test_the_result_links_back_to_the_room(clock: FakeClock, job_queue: JobQueue):
    """Q61: Play again lives in the room, so the result page links there when there is one."""
    match = start(bot_seats(4), seed=3)
    Match.objects.filter(pk=match.pk).update(room_url="/room/ABCD/")
    page = Client().get(reverse("game:result", args=[match.pk])).content.decode()
    assert 'href="/room/ABCD/"' in page


def test_the_result_of_a_running_match_keeps_hidden_roles_hidden(
    clock: FakeClock, job_queue: JobQueue
):
    """R4: before the end the result page shows only the public roles (the Marshal)."""
    match = start(bot_seats(5), seed=3)
    page = Client().get(reverse("game:result", args=[match.pk])).content.decode()
    hidden = [p["role"] for p in match.game().to_dict()["players"] if p["role"] != "marshal"]
    for role in set(hidden):
        assert f"role-tag--{role}" not in page
    assert "role-tag--marshal" in page


def test_a_name_with_markup_is_escaped_on_the_page(clock: FakeClock, job_queue: JobQueue):
    """Security: a table name is text, never markup."""
    session_key, _ = guest_cookie()
    seats = human_seats(1)
    seats[0] = type(seats[0])(kind="human", name="<script>x()</script>", guest_key=session_key)
    match = start(seats + bot_seats(3), seed=21)
    for client in (guest_client(session_key), Client()):
        page = client.get(reverse("game:table", args=[match.pk])).content.decode()
        assert "<script>x()" not in page
        assert "&lt;script&gt;x()" in page


def test_bots_and_ais_are_named_in_the_readers_language(clock: FakeClock, job_queue: JobQueue):
    """R141/R142, issue 10: "Bot 2" and "AI 1" are labels, not names: a Russian reader sees
    "Бот 2" and "ИИ 1" at the table and on the summary, and a player who chose the name
    "Bot 1" keeps it."""
    from game.services import SeatSpec

    session_key, _ = guest_cookie()
    seats = [
        SeatSpec(kind="human", name="Bot 1", guest_key=session_key),
        SeatSpec(kind="ai", name="AI 1"),
        *bot_seats(3),
    ]
    match = start(seats, seed=seed_with_marshal_at(2, seats=5))
    reader = guest_client(session_key)
    reader.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"

    table = reader.get(reverse("game:table", args=[match.pk])).content.decode()
    names = re.findall(r'class="seat__name"[^>]*>([^<]*)<', table)
    assert sorted(name.strip() for name in names) == ["Bot 1", "Бот 1", "Бот 2", "Бот 3", "ИИ 1"]

    job_queue.run_until_finished(match.pk)
    summary = reader.get(reverse("game:result", args=[match.pk])).content.decode()
    assert "Бот 3" in summary
    assert "ИИ 1" in summary
    assert "Bot 3" not in summary


def test_the_table_page_has_a_heading_and_a_skip_link_to_the_own_hand(
    clock: FakeClock, job_queue: JobQueue
):
    """Issue 16: a level-one heading names the table; a seated player's first links skip to
    the content and to their own hand (the keyboard path to the hand is short); a watcher has
    no hand to skip to."""
    session_key, _ = guest_cookie()
    match = human_match(session_key)
    url = reverse("game:table", args=[match.pk])

    page = guest_client(session_key).get(url).content.decode()

    assert re.search(rf"<h1[^>]*>Table {match.pk}</h1>", page)
    links = re.findall(r'<a class="skip-link" href="([^"]+)">([^<]+)</a>', page)
    assert links == [("#main", "Skip to content"), ("#table-hand", "Go to my hand")]
    assert 'id="table-hand"' in page
    watched = Client().get(url).content.decode()
    assert "Go to my hand" not in watched


def test_the_table_fragment_is_answered_to_htmx_alone(clock: FakeClock, job_queue: JobQueue):
    """Issue 16: a screen that missed a frame fetches the whole table once: htmx gets only the
    table's fragment (with its table version), a browser the page."""
    session_key, _ = guest_cookie()
    match = human_match(session_key)
    url = reverse("game:table", args=[match.pk])

    fragment = guest_client(session_key).get(url, headers={"HX-Request": "true"})

    body = fragment.content.decode()
    assert body.lstrip().startswith('<div id="table" hx-swap-oob="true"')
    assert "<html" not in body
    match.refresh_from_db()
    assert f'data-table-version="{match.table_version}"' in body
