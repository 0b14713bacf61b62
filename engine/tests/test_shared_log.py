"""The event log is shared, not copied (issue 22): what that must never change.

A view's ``log`` holds the very event objects the game logged (a copy per view made long bot
games quadratic), so these tests pin down what makes sharing safe: an event never changes once
logged, every seat still reads the same public log (R141), a view's list is its own, and
to_dict / from_dict still round-trip exactly.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from bangarena_engine import Game, GameConfig

MODES = ("classic", "partners", "double_agent", "old_classic")


def random_game(mode: str, seed: int, seats: int = 5) -> tuple[Game, list[list[dict]]]:
    """A random game played to the end, with a deep copy of the public log after every move."""
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    rng = random.Random(seed)
    logs = [copy.deepcopy(game.view(None)["log"])]
    while game.result is None:
        seat = game.awaiting()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
        logs.append(copy.deepcopy(game.view(None)["log"]))
    return game, logs


@pytest.mark.parametrize("mode", MODES)
def test_a_logged_event_never_changes_afterwards(mode: str) -> None:
    """Every event read at move k is, at the end of the game, still equal to what it was then:
    the engine never edits an event after State.emit, so sharing them is invisible."""
    game, logs = random_game(mode, 7)
    final = game.view(None)["log"]
    for earlier in logs:
        assert final[: len(earlier)] == earlier


def test_every_seat_reads_the_same_public_log_r141() -> None:
    """Sharing changed nothing of who sees what: one public log, identical in every view."""
    game, _ = random_game("double_agent", 3, seats=7)
    public = game.view(None)["log"]
    for seat in range(7):
        assert game.view(seat)["log"] == public


def test_a_view_log_is_its_own_list() -> None:
    """A reader may append to, cut or replace its view's log without touching the game or a
    later view (the list is the view's; only the events are shared)."""
    game = Game.new(GameConfig(seats=5, mode="classic", seed=11))
    before = copy.deepcopy(game.to_dict())
    view = game.view(0)
    length = len(view["log"])
    view["log"].append({"type": "turn", "seat": 4, "round": 99})
    del view["log"][:2]
    assert len(game.view(0)["log"]) == length == game.log_length
    assert game.to_dict() == before


def test_apply_returns_events_the_caller_owns() -> None:
    """apply's events are copies: a caller editing them does not rewrite the shared log."""
    game = Game.new(GameConfig(seats=5, mode="classic", seed=5))
    seat = game.awaiting()[0]
    start = game.log_length
    events = game.apply(seat, game.legal_actions(seat)[0])
    logged = copy.deepcopy(game.view(None)["log"][start:])
    assert events == logged
    for event in events:
        event["type"] = "edited"
    assert game.view(None)["log"][start:] == logged


@pytest.mark.parametrize("mode", MODES)
def test_to_dict_from_dict_still_round_trip_and_play_on_identically(mode: str) -> None:
    """The stored form is unchanged JSON, and a restored game plays on exactly like the
    original although both share the logged events."""
    game = Game.new(GameConfig(seats=5, mode=mode, seed=23))
    rng = random.Random(23)
    for _ in range(60):
        if game.result is not None:
            break
        seat = game.awaiting()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    data = game.to_dict()
    restored = Game.from_dict(json.loads(json.dumps(data)))
    shared = Game.from_dict(data)
    assert restored.to_dict() == shared.to_dict() == data
    for _ in range(80):
        if game.result is not None:
            break
        seat = game.awaiting()[0]
        legal = game.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        assert (
            restored.apply(seat, action) == shared.apply(seat, action) == game.apply(seat, action)
        )
    assert restored.to_dict() == shared.to_dict() == game.to_dict()
