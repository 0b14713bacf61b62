"""The automatic move for every kind of decision: R118-R121 and the table of R120.

`default_action(seat)` is what the server plays when a decision's time runs out. Each test
checks that it is one of the seat's legal actions and that it is exactly the move R120 names.
"""

from __future__ import annotations

import random

import pytest
from scenario import (
    advance_to,
    choose,
    end_turn,
    filler,
    finish_turn,
    hand,
    hp,
    legal,
    pending,
    play,
    player,
    stacked,
    take,
)
from test_characters import (
    BANDIT_AT_1,
    grip_marshal,
    red_suit_with_instinct,
    three_eyes_marshal,
)

from bangarena_engine import Game, GameConfig

UPGRADE_ORDER = ["accuracy", "fortitude", "instinct"]


def default_of(game: Game, seat: int) -> dict:
    """The automatic move, asserted to be one of the seat's legal actions (R120, R142)."""
    action = game.default_action(seat)
    assert action in game.legal_actions(seat), f"default {action} is not legal"
    return action


def test_r120_play_step_times_out_with_end_turn():
    game = stacked(hands={0: ["shot:7:clubs", "wagon:9:spades"]})
    assert default_of(game, 0) == {"type": "end_turn"}


def test_r120_end_of_turn_discard_drops_the_most_recently_received_cards_first():
    """→Q49. Dealt horse/scope/cover, drew rifle then carbine, then Wagon drew long_rifle and
    sawed_off: at 4 HP with 7 cards, sawed_off, long_rifle, carbine go, in that order."""
    game = stacked(
        hands={0: ["horse:8:hearts", "wagon:9:spades", "scope:A:spades", "cover:Q:spades"]},
        deck=[
            "rifle:K:clubs",
            "carbine:A:clubs",
            "long_rifle:8:spades",
            "sawed_off:K:spades",
            *filler(10),
        ],
    )
    play(game, 0, "wagon")
    end_turn(game, 0)
    discarded = []
    while (now := pending(game)) and now["kind"] == "discard":
        action = default_of(game, 0)
        assert action["type"] == "discard"
        kind = {c["id"]: c["kind"] for c in hand(game, 0)}[action["card"]]
        discarded.append(kind)
        game.apply(0, action)
    assert discarded == ["sawed_off", "long_rifle", "carbine"]
    assert sorted(c["kind"] for c in hand(game, 0)) == ["cover", "horse", "rifle", "scope"]


def test_r120_a_hit_times_out_as_pass_even_with_a_ricochet_or_a_flask_at_one_hp():
    game = stacked(
        hands={0: ["shot:7:clubs"], 1: ["ricochet:2:spades", "flask:6:hearts"]},
        health={1: 1},
        roles=BANDIT_AT_1,
    )
    play(game, 0, "shot", target=1)
    assert pending(game)["kind"] == "respond_hit"
    assert legal(game, 1, type="respond"), "both responses were possible"
    assert default_of(game, 1) == {"type": "pass"}
    game.apply(1, game.default_action(1))
    assert player(game, 1)["alive"] is False


def test_r120_duel_and_raid_time_out_as_pass():
    game = stacked(
        hands={0: ["duel:J:spades", "raid:K:diamonds"], 1: ["shot:7:clubs", "shot:8:clubs"]},
    )
    play(game, 0, "duel", target=1)
    assert pending(game)["kind"] == "duel"
    assert default_of(game, 1) == {"type": "pass"}
    game.apply(1, game.default_action(1))
    assert hp(game, 1) == 4  # bonesetter: 5 HP
    play(game, 0, "raid")
    assert pending(game)["kind"] == "raid"
    assert default_of(game, 1) == {"type": "pass"}
    game.apply(1, game.default_action(1))
    assert hp(game, 1) == 3


def test_r120_grip_times_out_with_a_normal_deck_draw():
    game = grip_marshal()
    assert default_of(game, 0) == {"type": "choose", "option": "deck"}


def test_r120_vulture_jr_times_out_with_a_normal_deck_draw():
    game = stacked(
        hands={0: ["shot:7:clubs"]},
        characters=["scavenger", "vulture_jr", "double_barrel", "lucky", "bonesetter"],
    )
    play(game, 0, "shot", target=4)
    take(game, 4)
    finish_turn(game)
    assert pending(game)["kind"] == "draw_choice"
    assert default_of(game, 1) == {"type": "choose", "option": "deck"}


def test_r120_keep_two_times_out_keeping_the_first_two_looked_at():
    game = three_eyes_marshal()
    looking = game.view(0)["pending"]["looking_at"]
    assert default_of(game, 0) == {"type": "choose", "option": "return", "card": looking[2]["id"]}
    game.apply(0, game.default_action(0))
    kinds = sorted(c["kind"] for c in hand(game, 0))
    assert kinds == ["horse", "long_rifle", "wagon"]


def test_r120_instinct_keep_two_also_keeps_the_first_two():
    game = red_suit_with_instinct()
    choose(game, 0, "instinct")
    looking = game.view(0)["pending"]["looking_at"]
    assert default_of(game, 0) == {"type": "choose", "option": "return", "card": looking[2]["id"]}


def test_r120_method_choice_times_out_with_the_character_method():
    """R116: Red Suit holding Instinct gets Red Suit's draw, not Instinct."""
    game = red_suit_with_instinct()
    action = default_of(game, 0)
    assert action["option"] != "instinct"
    game.apply(0, action)
    assert pending(game) is None or pending(game)["kind"] == "play"


def test_r120_upgrade_times_out_with_the_first_of_accuracy_fortitude_instinct():
    """→Q50."""
    game = stacked(
        hands={0: ["shot:7:clubs"]},
        health={1: 1},
        roles=BANDIT_AT_1,
    )
    play(game, 0, "shot", target=1)
    take(game, 1)
    options = pending(game)["options"]
    assert options == UPGRADE_ORDER
    assert default_of(game, 0) == {"type": "choose", "option": "accuracy"}
    game.apply(0, game.default_action(0))
    assert player(game, 0)["upgrades"] == ["accuracy"]


def test_r120_bounty_times_out_taking_the_victims_earliest_star():
    """→Q35. Seat 1 wins Fortitude, then Accuracy; the Marshal then eliminates him."""
    game = stacked(
        seats=7,
        hands={0: ["duel:J:spades", "shot:7:clubs"], 1: ["duel:Q:diamonds", "duel:8:clubs"]},
        deck=filler(40),
        health={1: 1, 2: 1, 3: 1},
        roles=["marshal", "bandit", "bandit", "loner", "deputy", "deputy", "bandit"],
        characters=[
            "lucky",
            "double_barrel",
            "mad_dog",
            "eagle_eye",
            "two_face",
            "bonesetter",
            "iron_brow",
        ],
    )
    finish_turn(game)
    for victim, upgrade in ((2, "fortitude"), (3, "accuracy")):
        duel = next(c["id"] for c in hand(game, 1) if c["kind"] == "duel")
        game.apply(1, {"type": "play", "card": duel, "target": victim})
        take(game, victim)
        choose(game, 1, upgrade)
    assert player(game, 1)["upgrades"] == ["fortitude", "accuracy"]
    assert hp(game, 1) == 2
    finish_turn(game)
    advance_to(game, 0)
    play(game, 0, "duel", target=1)
    take(game, 1)
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert player(game, 1)["alive"] is False
    while pending(game)["kind"] == "upgrade":
        choose(game, 0, "accuracy")
    assert pending(game)["kind"] == "bounty"
    assert default_of(game, 0) == {"type": "choose", "option": "fortitude"}
    game.apply(0, game.default_action(0))
    assert "fortitude" in player(game, 0)["upgrades"]


def test_r120_bonesetter_ability_is_never_the_automatic_move():
    """R111: in his play step, his response window and his discard, all while it is legal."""
    game = stacked(
        hands={0: ["shot:7:clubs"], 1: ["rifle:K:clubs", "long_rifle:8:spades", "scope:A:spades"]},
        health={1: 2},
    )
    play(game, 0, "shot", target=1)
    assert legal(game, 1, type="ability")
    assert default_of(game, 1) == {"type": "pass"}
    take(game, 1)
    finish_turn(game)
    assert legal(game, 1, type="ability")
    assert default_of(game, 1) == {"type": "end_turn"}
    end_turn(game, 1)
    assert pending(game)["kind"] == "discard"
    assert legal(game, 1, type="ability")
    assert default_of(game, 1)["type"] == "discard"


def expected_default_kind(pending_kind: str) -> str:
    """The action type R120 names for each kind of decision."""
    return {
        "play": "end_turn",
        "discard": "discard",
        "respond_hit": "pass",
        "duel": "pass",
        "raid": "pass",
        "draw_choice": "choose",
        "keep_two": "choose",
        "upgrade": "choose",
        "bounty": "choose",
    }[pending_kind]


@pytest.mark.parametrize("mode", ["classic", "partners", "double_agent", "old_classic"])
def test_r120_every_awaited_decision_has_a_legal_automatic_move_of_the_right_kind(mode):
    """Random legal play over several seeds: at every step, each awaited seat's default is
    legal and of the type R120 names; upgrades follow →Q50, keep-2-of-3 keeps the first two."""
    kinds_seen = set()
    for seed in range(6):
        seats = 4 + seed % 5
        game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
        rng = random.Random(seed)
        for _ in range(3000):
            if game.result is not None:
                break
            for seat in game.awaiting():
                now = game.view(seat)["pending"] or {"kind": "play"}
                kinds_seen.add(now["kind"])
                action = default_of(game, seat)
                assert action["type"] == expected_default_kind(now["kind"]), now
                if now["kind"] == "upgrade":
                    first = next(u for u in UPGRADE_ORDER if u in now["options"])
                    assert action["option"] == first
                if now["kind"] == "keep_two":
                    assert action["card"] == now["looking_at"][2]["id"]
                if now["kind"] == "draw_choice":
                    # R116: never Instinct over a character method; R104/R109: decline.
                    assert action["option"] not in ("instinct", "player", "discard_pile")
            seat = rng.choice(game.awaiting())
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert {"play", "discard", "respond_hit"} <= kinds_seen


def test_r120_q51_a_card_play_is_one_complete_action_so_nothing_is_left_unfinished():
    """R120 cancels a multi-step play left unfinished; with →Q51 every play already carries
    all its targets and choices, so a timeout can only ever end the turn."""
    game = stacked(
        hands={
            0: ["shot:7:clubs", "grab:J:hearts", "toss:K:hearts", "duel:J:spades", "jail:J:spades"],
            1: ["long_rifle:8:spades"],
        },
    )
    kinds = {c["id"]: c["kind"] for c in hand(game, 0)}
    plays = legal(game, 0, type="play")
    assert {kinds[a["card"]] for a in plays} >= {"shot", "grab", "toss", "duel", "jail"}
    for action in plays:
        kind = kinds[action["card"]]
        if kind in ("shot", "duel", "jail", "grab", "toss"):
            assert isinstance(action.get("target"), int), action
        if kind in ("grab", "toss"):
            assert action.get("target_card"), action
    assert default_of(game, 0) == {"type": "end_turn"}
