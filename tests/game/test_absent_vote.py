"""Issue 23: "a vote to hand an absent stranger to the bot during a match".

When a human seat is away (presence, Q48), the other humans present at the table may vote to
let the server bot play it now (R121), the host's R132 control for tables whose host is not
there: a majority of them passes it. Only seated players who are present vote, never the
absent player himself nor a watcher (403); the vote is a CSRF-checked, rate-limited POST that
goes through game.services; a vote after the player came back changes nothing, and he takes
his seat back with "I'm back" as ever.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from game import notices, services, views_host
from game.models import Match, MatchSeat, TableSignal
from game.services import SeatSpec
from game.table import context, screens
from game.table.regions import private_slices, seat_private_id
from tests.game.conftest import JobQueue, bot_seats, start
from tests.game.test_signals import eliminate
from tests.live.conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(job_queue: JobQueue) -> dict[str, Any]:
    """Ann (seat 0), Bob (seat 1) and Cy (seat 2) with two bots, a quick table whose host is
    Cy; Cy's screen stopped beating: he is away."""
    people = {name: make_user(name) for name in ("ann", "bob", "cy")}
    match = start(
        [
            *(
                SeatSpec(kind="human", name=name.title(), user_id=user.pk)
                for name, user in people.items()
            ),
            *bot_seats(2),
        ]
    )
    services.set_host(match.pk, 2)
    services.mark_away(match.pk, {2: services.clock()})
    return {"match": match, **people}


def client_for(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def vote_url(match: Match, seat: int) -> str:
    return reverse("game:vote_hand_to_bot", args=[match.pk, seat])


def seat(match: Match, index: int) -> MatchSeat:
    return MatchSeat.objects.get(match=match, seat=index)


def notices_of(match: Match) -> list[tuple[int, str]]:
    rows = TableSignal.objects.filter(match=match, kind=TableSignal.Kind.NOTICE)
    return list(rows.order_by("pk").values_list("seat", "value"))


def test_a_majority_of_the_players_present_hands_the_absent_seat_to_the_bot(table):
    """Two players are present besides Cy: one vote is not a majority, two are (R121)."""
    match = table["match"]

    assert client_for(table["ann"]).post(vote_url(match, 2), **HTMX).status_code == 204
    assert not seat(match, 2).autopilot
    assert seat(match, 2).votes_to_hand_over() == [0]
    assert notices_of(match) == []

    assert client_for(table["bob"]).post(vote_url(match, 2), **HTMX).status_code == 204
    cy = seat(match, 2)
    assert cy.autopilot
    assert cy.votes_to_hand_over() == []
    assert notices_of(match) == [(2, notices.VOTED)]


def test_one_other_player_present_is_a_majority_on_his_own(table):
    match = table["match"]
    services.mark_away(match.pk, {1: services.clock()})  # Bob left too: Ann alone decides
    assert client_for(table["ann"]).post(vote_url(match, 2), **HTMX).status_code == 204
    assert seat(match, 2).autopilot


def test_voting_twice_counts_once(table):
    match = table["match"]
    ann = client_for(table["ann"])
    for _ in range(3):
        assert ann.post(vote_url(match, 2), **HTMX).status_code == 204
    assert seat(match, 2).votes_to_hand_over() == [0]
    assert not seat(match, 2).autopilot


@pytest.mark.parametrize("who", ["watcher", "anonymous", "absent_player", "away_player"])
def test_only_players_present_at_the_table_may_vote_403(table, who):
    """Watchers, strangers and the absent player himself get 403, and so does a seated
    player who is away himself; nothing changes."""
    match = table["match"]
    target = 2
    if who == "watcher":
        client = client_for(make_user("watcher"))
    elif who == "anonymous":
        client = Client()
    elif who == "absent_player":
        client = client_for(table["cy"])
    else:
        services.mark_away(match.pk, {1: services.clock()})
        services.mark_present(match.pk, 2)
        services.mark_away(match.pk, {0: services.clock()})
        client = client_for(table["bob"])  # away; votes on Ann, who is away as well
        target = 0
    before = list(MatchSeat.objects.filter(match=match).values())

    assert client.post(vote_url(match, target), **HTMX).status_code == 403

    assert list(MatchSeat.objects.filter(match=match).values()) == before
    assert notices_of(match) == []


def test_a_bots_seat_is_nobodys_to_vote_on_403(table):
    match = table["match"]
    assert client_for(table["ann"]).post(vote_url(match, 3), **HTMX).status_code == 403


def test_a_vote_on_an_eliminated_player_is_refused_in_words(table):
    """Out of the match (R80), the absent seat has no decision left for a bot to make: the vote
    is refused with the reason (409) and nothing changes, even from a majority."""
    match = table["match"]
    eliminate(match, 2)
    before = list(MatchSeat.objects.filter(match=match).values())

    for voter in ("ann", "bob"):
        response = client_for(table[voter]).post(vote_url(match, 2), **HTMX)
        assert response.status_code == 409
        assert "out of the match" in response.content.decode()

    assert list(MatchSeat.objects.filter(match=match).values()) == before
    assert notices_of(match) == []


def test_a_vote_after_the_player_came_back_changes_nothing(table):
    """Stale: the button was still on Bob's screen when Cy came back."""
    match = table["match"]
    client_for(table["ann"]).post(vote_url(match, 2), **HTMX)
    services.mark_present(match.pk, 2)
    before = list(MatchSeat.objects.filter(match=match).values())

    response = client_for(table["bob"]).post(vote_url(match, 2), **HTMX)

    assert response.status_code == 409
    assert "back at the table" in response.content.decode()
    assert list(MatchSeat.objects.filter(match=match).values()) == before
    assert not seat(match, 2).autopilot


def test_votes_belong_to_one_absence(table, clock):
    """Cy left, Ann voted, Cy came back and left again: Ann's old vote no longer counts, so
    Bob's alone is one of two."""
    match = table["match"]
    client_for(table["ann"]).post(vote_url(match, 2), **HTMX)
    services.mark_present(match.pk, 2)
    clock.advance(30)
    services.mark_away(match.pk, {2: clock()})

    assert seat(match, 2).votes_to_hand_over() == []
    client_for(table["bob"]).post(vote_url(match, 2), **HTMX)
    assert seat(match, 2).votes_to_hand_over() == [1]
    assert not seat(match, 2).autopilot


def test_the_player_takes_his_seat_back_with_im_back(table):
    match = table["match"]
    services.mark_away(match.pk, {1: services.clock()})
    client_for(table["ann"]).post(vote_url(match, 2), **HTMX)
    assert seat(match, 2).autopilot

    services.mark_present(match.pk, 2)
    cy = client_for(table["cy"])
    response = cy.post(reverse("game:return_to_player", args=[match.pk, 2]), **HTMX)

    assert response.status_code == 204
    assert not seat(match, 2).autopilot
    assert notices_of(match) == [(2, notices.VOTED), (2, notices.BACK)]


def test_the_vote_needs_the_csrf_token(table):
    match = table["match"]
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(table["ann"])
    assert strict.post(vote_url(match, 2), **HTMX).status_code == 403
    assert seat(match, 2).votes_to_hand_over() == []
    assert client_for(table["ann"]).get(vote_url(match, 2)).status_code == 405


def test_votes_are_limited_per_voter(table, monkeypatch):
    match = table["match"]
    monkeypatch.setattr(views_host.vote_limit, "limit", 2)
    ann = client_for(table["ann"])
    assert ann.post(vote_url(match, 2), **HTMX).status_code == 204
    assert ann.post(vote_url(match, 2), **HTMX).status_code == 204
    assert ann.post(vote_url(match, 2), **HTMX).status_code == 429
    assert client_for(table["bob"]).post(vote_url(match, 2), **HTMX).status_code == 204


# --- what the table shows ------------------------------------------------------------------


def table_html(match: Match, viewer: int | None) -> str:
    match = Match.objects.get(pk=match.pk)
    seats = list(match.seats.order_by("seat"))
    ctx = context.load(match, seats, now=services.clock())
    with translation.override("en"):
        return screens.full_table(match.game(), viewer, ctx)


def vote_control(html: str, seat: int) -> str:
    """The seat's own region on this screen, where its vote control is drawn."""
    return html.split(f'id="seat-{seat}-you"')[1].split('id="seat-')[0]


def test_the_players_present_see_the_vote_on_the_absent_seat_and_its_count(table):
    match = table["match"]
    ann = table_html(match, 0)
    assert vote_url(match, 2) in vote_control(ann, 2)
    assert "0 of 2 votes" in vote_control(ann, 2)
    assert vote_url(match, 0) not in ann  # never on one's own seat
    assert "vote-bot" not in table_html(match, None)  # watchers have no vote
    assert vote_url(match, 3) not in ann  # nor on a bot

    client_for(table["ann"]).post(vote_url(match, 2), **HTMX)

    assert "You voted for the bot" in vote_control(table_html(match, 0), 2)
    bob = vote_control(table_html(match, 1), 2)
    assert "Vote: bot plays" in bob
    assert "1 of 2 votes" in bob


def test_the_host_hands_the_seat_over_himself_and_gets_no_vote(table):
    match = table["match"]
    services.set_host(match.pk, 0)
    ann = vote_control(table_html(match, 0), 2)
    assert reverse("game:hand_to_bot", args=[match.pk, 2]) in ann
    assert vote_url(match, 2) not in ann


def test_a_vote_redraws_the_absent_seat_on_the_voters_screens(table):
    """The seat's region slice carries the vote, so the delta after a vote redraws it (and
    only on the screens of those who may vote)."""

    def slices(viewer: int | None) -> Any:
        current = Match.objects.get(pk=match.pk)
        seats = list(current.seats.order_by("seat"))
        ctx = context.load(current, seats, now=services.clock())
        return private_slices(screens.sight(current.game(), viewer, ctx))[seat_private_id(2)]

    match = table["match"]
    before = {viewer: slices(viewer) for viewer in (0, 1, None)}
    client_for(table["ann"]).post(vote_url(match, 2), **HTMX)
    assert slices(0) != before[0]
    assert slices(1) != before[1]
    assert slices(None) == before[None]


def test_the_vote_shows_only_while_the_seat_is_away():
    """Presence frames redraw only a seat's dot (game.presence): the stylesheet shows the
    vote while that dot says away, so it comes and goes with the player at once."""
    from pathlib import Path

    css = (Path(__file__).parents[2] / "game/static/game/table.css").read_text()
    assert ".seatvote { display: none; }" in css
    assert ".seat:has(.presence--away) .seatvote { display: block; }" in css


def test_a_seated_player_can_report_the_other_humans_from_the_table(table):
    """Reports from the table (issue 23): every other human's seat, during the match; no
    bots, not oneself, nothing for watchers."""
    match = table["match"]
    ann = table_html(match, 0)
    for other in (1, 2):
        assert reverse("game:report_player", args=[match.pk, other]) in ann
    for nobody in (0, 3, 4):
        assert reverse("game:report_player", args=[match.pk, nobody]) not in ann
    assert "/report/" not in table_html(match, None)
