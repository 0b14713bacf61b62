"""A seat's perspective in a replay shows what that seat knew at that moment and nothing else
(issue 18; R4 hidden roles, R82 the eliminated reveal theirs, R10 the Double Agent team).

DESIGN section 2's no-leak test, on the replay: at positions of random matches in every mode,
for every seat k, change everything k could not know (the other living seats' hidden roles
among themselves, every other seat's hand, the order of the deck below its top) and require the
HTML of k's replay to stay byte for byte the same. Before the end nothing of another living
seat's hand or hidden role can then be in it.
"""

from __future__ import annotations

import random

import pytest
from django.utils.html import escape

from bangarena_engine import Game
from game.table import context
from game.table.cards import card_face
from replay import position, scene, store
from tests.replay.conftest import RANDOM_MATCHES, finished_match
from tests.stats.conftest import START

pytestmark = pytest.mark.django_db


def hidden_from(game: Game, seat: int) -> list[int]:
    """The living seats other than ``seat`` whose role ``seat`` does not see now."""
    view = game.view(seat)
    return [
        p["seat"] for p in view["players"] if p["seat"] != seat and p["alive"] and p["role"] is None
    ]


def altered(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game as ``seat`` knows it, with everything ``seat`` cannot know changed."""
    state = game.to_dict()
    players = state["players"]
    hidden = hidden_from(game, seat)
    roles = [players[s]["role"] for s in hidden]
    if len(set(roles)) > 1:
        while [players[s]["role"] for s in hidden] == roles:
            shuffled = roles[:]
            rng.shuffle(shuffled)
            for s, role in zip(hidden, shuffled, strict=True):
                players[s]["role"] = role
    others = [p for p in players if p["seat"] != seat]
    pool = [card for p in others for card in p["hand"]]
    rng.shuffle(pool)
    for p in others:
        count = len(p["hand"])
        p["hand"], pool = pool[:count], pool[count:]
    below = state["deck"][:-3]  # the top three may be a seat's to look at (R104 keep two)
    rng.shuffle(below)
    state["deck"][:-3] = below
    return Game.from_dict(state)


def drawn_html(match, timeline, base, game: Game, at: int, seat: int) -> str:  # noqa: ANN001
    ctx = scene.context(base, at, timeline.last, timeline.log_end[at], set())
    url = f"/match/{match.pk}/replay/"
    return position.draw_game(timeline, game, at, seat, ctx, base.signals or (), base_url=url).table


@pytest.mark.parametrize(("mode", "seats", "seed"), RANDOM_MATCHES)
def test_a_seat_never_sees_another_living_seats_hand_or_hidden_role(mode, seats, seed):
    match = finished_match([{"guest_key": "g"}], seats=seats, seed=seed, mode=mode)
    timeline = store.timeline(match)
    base = context.load(match, list(match.seats.all()), now=START)
    rng = random.Random(seed)
    points = sorted({0, 1, timeline.last - 1, *rng.sample(range(timeline.last), 8)})
    changed_roles = 0
    for at in points:
        game = timeline.game_at(at)
        assert game.result is None  # before the end
        for seat in range(seats):
            html = drawn_html(match, timeline, base, game, at, seat)
            other = altered(game, seat, rng)
            changed_roles += len(hidden_from(game, seat)) > 1
            assert drawn_html(match, timeline, base, other, at, seat) == html, (at, seat)
            # And it is really that seat's screen: its own role and hand are on it.
            own = game.view(seat)
            assert "seat__open-hand" not in html
            assert f"role-tag--{own['role']}" in html
            hand = html.split('id="table-hand"')[1]
            for card in own["hand"]:
                assert escape(card_face(card).library_url) in hand
    assert changed_roles  # the test did hide something to leak


def test_everything_shows_every_hand_and_role_at_any_moment():
    """The default perspective, once the match is over: all hands and roles (R140)."""
    match = finished_match([], seats=5, seed=21, mode="classic")
    timeline = store.timeline(match)
    base = context.load(match, list(match.seats.all()), now=START)
    at = timeline.last // 2
    game = timeline.game_at(at)
    ctx = scene.context(base, at, timeline.last, timeline.log_end[at], set())
    html = position.draw_game(timeline, game, at, None, ctx, (), base_url="/r/").table
    for seat in range(5):
        own = game.view(seat)
        assert f"role-tag--{own['role']}" in html
    alive_with_cards = [p for p in game.view(None)["players"] if p["alive"] and p["hand_count"]]
    assert html.count("seat__open-hand") == len(alive_with_cards)
