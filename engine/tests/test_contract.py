"""The public engine contract: refusals change nothing, everything is JSON, config validation.

Rule references: R47 (only the current player plays, only legal plays), R36 (range), R46 (no
self-target), R120 (the automatic move is a legal one), R1 (seat count), R11/R16 (ids).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from scenario import card_in_hand, legal, play, stacked, take

from bangarena_engine import Game, GameConfig, IllegalAction


def table() -> Game:
    """Seat 0 to play with a Shot, a Wagon and a Horse; seat 1 holds a Ricochet."""
    hands = {0: ["shot:7:clubs", "wagon:9:spades", "horse:8:hearts"], 1: ["ricochet:10:clubs"]}
    return stacked(hands=hands)


def assert_refused(game: Game, seat: Any, action: Any) -> str:
    """The action raises IllegalAction (a ValueError with a message) and changes nothing."""
    before = game.to_dict()
    views = [game.view(s) for s in (None, 0, 1, 2, 3, 4)]
    with pytest.raises(IllegalAction) as refused:
        game.apply(seat, action)
    assert isinstance(refused.value, ValueError)
    assert str(refused.value).strip()
    assert game.to_dict() == before
    assert [game.view(s) for s in (None, 0, 1, 2, 3, 4)] == views
    return str(refused.value)


def test_illegal_action_is_a_value_error() -> None:
    """R142 (contract): a move not on the legal list is refused with IllegalAction, which
    subclasses ValueError."""
    assert issubclass(IllegalAction, ValueError)


def test_r47_card_not_in_hand_is_refused() -> None:
    """R47: seat 0 cannot play seat 1's Ricochet, nor a made-up card id."""
    game = table()
    assert_refused(game, 0, {"type": "play", "card": card_in_hand(game, 1, "ricochet")})
    assert_refused(game, 0, {"type": "play", "card": "no-such-card"})


def test_r47_wrong_seat_is_refused() -> None:
    """R47: a seat that is not awaited cannot act, whatever the action."""
    game = table()
    assert_refused(game, 1, {"type": "end_turn"})
    assert_refused(game, 2, {"type": "pass"})
    assert_refused(game, 1, {"type": "respond", "card": card_in_hand(game, 1, "ricochet")})
    # seat 0's own legal action, sent as another seat
    assert_refused(game, 3, legal(game, 0, type="end_turn")[0])


def test_r47_unknown_seats_are_refused() -> None:
    """R1: seats outside 0..N-1 (or no seat at all) cannot act."""
    game = table()
    for seat in (5, -1, None, "0"):
        assert_refused(game, seat, {"type": "end_turn"})


def test_r36_target_out_of_range_is_refused() -> None:
    """R36: a Revolver Shot at seat 2 (distance 2) is refused."""
    game = table()
    assert_refused(game, 0, {"type": "play", "card": card_in_hand(game, 0, "shot"), "target": 2})


def test_r46_self_target_is_refused() -> None:
    """R46: a Shot at oneself is refused."""
    game = table()
    assert_refused(game, 0, {"type": "play", "card": card_in_hand(game, 0, "shot"), "target": 0})


def test_made_up_fields_and_shapes_are_refused() -> None:
    """R47/R142 (contract): anything not exactly in legal_actions is refused: extra fields, a
    missing target, unknown types, wrong value types, non-dict actions."""
    game = table()
    shot = card_in_hand(game, 0, "shot")
    wagon = card_in_hand(game, 0, "wagon")
    for action in (
        {"type": "play", "card": wagon, "bogus": 1},
        {"type": "play", "card": wagon, "target": 1},
        {"type": "play", "card": shot},
        {"type": "play", "card": shot, "target": "1"},
        {"type": "play", "card": [shot], "target": 1},
        {"type": "teleport"},
        {"type": "end_turn", "card": wagon},
        {"type": "discard", "card": wagon},
        {"type": "choose", "option": "accuracy"},
        {"type": "ability", "ability": "bonesetter", "cards": [wagon, shot]},
        {},
        "end_turn",
        None,
        ["end_turn"],
    ):
        assert_refused(game, 0, action)


def test_key_order_of_a_legal_action_does_not_matter() -> None:
    """R24/R142 (contract): a legal move is accepted whatever its dict key order."""
    game = table()
    wagon = card_in_hand(game, 0, "wagon")
    game.apply(0, {"card": wagon, "type": "play"})
    assert game.view(None)["discard_top"]["kind"] == "wagon"


def test_stale_actions_are_refused() -> None:
    """R47: an action that was legal earlier is refused once the state moved on."""
    game = table()
    shot_action = legal(game, 0, type="play", card=card_in_hand(game, 0, "shot"), target=1)[0]
    play(game, 0, "shot", target=1)
    pass_action = legal(game, 1, type="pass")[0]
    ricochet = legal(game, 1, type="respond")[0]
    assert_refused(game, 0, shot_action)  # the shooter waits for the response
    take(game, 1)
    assert_refused(game, 0, shot_action)  # the card is gone
    assert_refused(game, 1, pass_action)  # the hit is resolved
    assert_refused(game, 1, ricochet)


def test_refusal_during_a_response_changes_nothing() -> None:
    """R47/R68: while seat 1 answers a Shot, a forged pass from seat 0 is refused."""
    game = table()
    play(game, 0, "shot", target=1)
    assert_refused(game, 0, {"type": "pass"})
    assert_refused(game, 1, {"type": "respond", "card": "no-such-card"})
    assert_refused(game, 1, {"type": "end_turn"})


# --- JSON and awaiting ---------------------------------------------------------------------------


def json_round_trip(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize(("seats", "mode"), [(5, "classic"), (8, "partners"), (6, "double_agent")])
def test_views_actions_and_events_are_json_and_only_the_awaited_act(seats: int, mode: str) -> None:
    """Contract/R28/R120: along a played game, every view, action list and event list survives
    a JSON round trip unchanged; exactly the awaited seats have legal actions; the automatic
    move is one of them."""
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seats))
    for step in range(250):
        if game.result is not None:
            assert game.awaiting() == []
            break
        awaited = game.awaiting()
        assert awaited
        for seat in range(seats):
            actions = game.legal_actions(seat)
            if seat in awaited:
                assert actions
                assert json_round_trip(actions) == actions
            else:
                assert actions == []
        if step % 5 == 0:
            for viewer in [None, *range(seats)]:
                view = game.view(viewer)
                assert json_round_trip(view) == view
        seat = awaited[0]
        actions = game.legal_actions(seat)
        automatic = game.default_action(seat)
        assert automatic in actions
        choice = actions[(step * 7) % len(actions)]
        events = game.apply(seat, choice)
        assert isinstance(events, list)
        assert json_round_trip(events) == events
        assert all(isinstance(event.get("type"), str) for event in events)
    result = game.result
    assert result is None or json_round_trip(result) == result


# --- GameConfig validation -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "knobs",
    [
        {"seats": 3},
        {"seats": 9},
        {"seats": 5, "mode": "wild_west"},
        {"seats": 5, "roles": ["marshal", "deputy", "bandit", "bandit", "sheriff"]},
        {"seats": 5, "characters": ["lucky", "grip", "scavenger", "mad_dog", "calamity"]},
        {"seats": 5, "characters": ["lucky", "grip", "scavenger", "mad_dog", "lucky"]},
        {"seats": 5, "hands": [["laser"], [], [], [], []]},
        {"seats": 5, "hands": [["shot:1:clubs"], [], [], [], []]},
        {"seats": 5, "hands": [["shot:7:stars"], [], [], [], []]},
        {"seats": 5, "hands": [[], [], [], [], []], "deck": ["shot:7:clubs", "ricochet:Z:clubs"]},
        {"seats": 5, "characters": ["lucky", "grip", "scavenger"]},
        {"seats": 5, "roles": ["marshal", "bandit"]},
    ],
)
def test_invalid_config_raises_value_error(knobs: dict[str, Any]) -> None:
    """R1/R11/R16 and the card-spec format: invalid configurations raise ValueError."""
    with pytest.raises(ValueError, match=r".+"):
        Game.new(GameConfig(**knobs))


def test_turn_and_log_length_say_what_the_public_view_says() -> None:
    """R2 (turn order): ``Game.turn`` and ``Game.log_length`` answer what every view shows,
    without building one, through a whole random game."""
    game = Game.new(GameConfig(seats=5, seed=11))
    chance = random.Random(11)
    while game.result is None:
        public = game.view(None)
        assert game.turn == public["turn"]
        assert game.log_length == len(public["log"])
        seat = game.awaiting()[0]
        game.apply(seat, chance.choice(game.legal_actions(seat)))
    assert game.log_length == len(game.view(None)["log"])
