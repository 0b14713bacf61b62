"""Distance, range and weapons (R33-R40), read from the ↔ distances in each seat's view."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import (
    act,
    can_play,
    finish_turn,
    legal,
    play,
    player,
    settle,
    stacked,
    take,
)

from bangarena_engine import Game

# A cast with no distance ability at all (CALM_CAST with mad_dog swapped for two_face).
PLAIN_CAST = [
    "scavenger",
    "bonesetter",
    "double_barrel",
    "lucky",
    "two_face",
    "toll_collector",
    "stone_leopard",
    "iron_brow",
]


def plain(seats: int = 5, **knobs: Any) -> Game:
    knobs.setdefault("characters", PLAIN_CAST[:seats])
    return stacked(seats=seats, **knobs)


def distances(game: Game, viewer: int) -> list[int | None]:
    return [row["distance"] for row in game.view(viewer)["players"]]


def shot_targets(game: Game, seat: int) -> set[int]:
    """Seats the player may legally Shoot now (R36)."""
    ids = {c["id"] for c in game.view(seat)["hand"] if c["kind"] == "shot"}
    return {a["target"] for a in legal(game, seat, type="play") if a["card"] in ids}


# --- R33: base distance --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "expected"),
    [
        (4, [None, 1, 2, 1]),
        (5, [None, 1, 2, 2, 1]),
        (6, [None, 1, 2, 3, 2, 1]),
        (7, [None, 1, 2, 3, 3, 2, 1]),
        (8, [None, 1, 2, 3, 4, 3, 2, 1]),
    ],
)
def test_r33_base_distance_is_the_shorter_way_round(seats: int, expected: list) -> None:
    """R33: base(X,Y) = min(k, A-k); neighbours at 1; the viewer's own row has None."""
    assert distances(plain(seats), 0) == expected


def test_r33_spectator_sees_no_distances() -> None:
    """R33/Q56 (view contract): distances are from the viewer, so a spectator has none."""
    assert distances(plain(5), None) == [None] * 5


def test_r33_circle_closes_after_an_elimination() -> None:
    """R33: when seat 1 is eliminated, seat 2 becomes seat 0's neighbour; the dead row has None."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = plain(roles=roles, hands={0: ["shot:7:clubs"]}, health={1: 1})
    assert distances(game, 0)[2] == 2
    play(game, 0, "shot", target=1)
    take(game, 1)
    settle(game, 0)
    assert distances(game, 0) == [None, None, 1, 2, 1]
    assert distances(game, 2)[0] == 1


# --- R34: modifiers ------------------------------------------------------------------------------


def test_r34_r63_horse_makes_its_holder_one_further_for_others_only() -> None:
    """R34/R63: seat 0's Horse: others see him 1 further; his own view is unchanged."""
    game = plain(hands={0: ["horse:8:hearts"]})
    play(game, 0, "horse")
    assert [distances(game, s)[0] for s in range(1, 5)] == [2, 3, 3, 2]
    assert distances(game, 0) == [None, 1, 2, 2, 1]


def test_r34_r64_scope_brings_others_one_closer_never_below_one() -> None:
    """R34/R64: seat 0's Scope: he sees everyone 1 closer, but neighbours stay at 1."""
    game = plain(hands={0: ["scope:A:spades"]})
    play(game, 0, "scope")
    assert distances(game, 0) == [None, 1, 1, 1, 1]
    assert distances(game, 2)[0] == 2  # not symmetric


def test_r34_r108_pass_shadow_builtin_horse() -> None:
    """R34/R108: pass_shadow is seen 1 further by everybody, with no card."""
    characters = ["pass_shadow", *PLAIN_CAST[1:5]]
    game = plain(characters=characters)
    assert [distances(game, s)[0] for s in range(1, 5)] == [2, 3, 3, 2]
    assert distances(game, 0) == [None, 1, 2, 2, 1]


def test_r34_q39_pass_shadow_horse_card_stacks_to_two() -> None:
    """R34/Q39/Q40: pass_shadow with a Horse card is 2 further: his neighbours see him at 3."""
    characters = ["pass_shadow", *PLAIN_CAST[1:5]]
    game = plain(characters=characters, hands={0: ["horse:8:hearts"]})
    play(game, 0, "horse")
    assert [distances(game, s)[0] for s in range(1, 5)] == [3, 4, 4, 3]


@pytest.mark.parametrize("character", ["eagle_eye", "mad_dog"])
def test_r34_builtin_scope(character: str) -> None:
    """R34/R110/R115: eagle_eye and mad_dog see everyone 1 closer, never below 1."""
    characters = [character, *PLAIN_CAST[1:8]]
    game = plain(8, characters=characters)
    assert distances(game, 0) == [None, 1, 1, 2, 3, 2, 1, 1]
    assert distances(game, 4)[0] == 4  # others see him as usual


@pytest.mark.parametrize("character", ["eagle_eye", "mad_dog"])
def test_r34_q40_builtin_scope_stacks_with_scope_card(character: str) -> None:
    """R34/Q40: built-in Scope + Scope card = 2 closer (8 seats: 4 -> 2, 3 -> 1)."""
    characters = [character, *PLAIN_CAST[1:8]]
    game = plain(8, characters=characters, hands={0: ["scope:A:spades"]})
    play(game, 0, "scope")
    assert distances(game, 0) == [None, 1, 1, 1, 2, 1, 1, 1]


def test_r34_horse_and_scope_cancel_out() -> None:
    """R34: X's Scope against Y's Horse: base + 1 - 1."""
    game = plain(hands={1: ["horse:8:hearts"], 2: ["scope:A:spades"]}, deck=[])
    finish_turn(game)
    play(game, 1, "horse")
    finish_turn(game)
    play(game, 2, "scope")
    assert distances(game, 2)[1] == 1
    assert distances(game, 2)[4] == 1  # base 2 - 1
    assert distances(game, 3)[1] == 3  # base 2 + 1, no Scope


# --- R35-R38: range ------------------------------------------------------------------------------


def test_r36_r38_revolver_reaches_only_distance_one() -> None:
    """R36/R38: with no weapon card (Revolver, range 1) only the neighbours can be shot."""
    game = plain(hands={0: ["shot:7:clubs"]})
    assert player(game, 0)["weapon"] is None
    assert shot_targets(game, 0) == {1, 4}


def test_r36_horse_puts_a_neighbour_out_of_revolver_range() -> None:
    """R36/R63: seat 1's Horse makes him distance 2 for seat 0's Revolver."""
    hands = {0: ["shot:7:clubs", "shot:8:clubs"], 1: ["horse:8:hearts"]}
    game = plain(hands=hands, deck=[])
    finish_turn(game)
    play(game, 1, "horse")
    finish_turn(game)
    for _ in range(3):
        finish_turn(game)
    assert shot_targets(game, 0) == {4}


def test_r36_scope_brings_distance_two_into_revolver_range() -> None:
    """R36/R64: with a Scope the Revolver reaches base distance 2."""
    game = plain(hands={0: ["shot:7:clubs", "scope:A:spades"]})
    play(game, 0, "scope")
    assert shot_targets(game, 0) == {1, 2, 3, 4}


WEAPON_REACH = [
    ("volcanic:10:clubs", {1, 7}),
    ("sawed_off:J:clubs", {1, 2, 6, 7}),
    ("rifle:K:clubs", {1, 2, 3, 5, 6, 7}),
    ("carbine:A:clubs", {1, 2, 3, 4, 5, 6, 7}),
    ("long_rifle:8:spades", {1, 2, 3, 4, 5, 6, 7}),
]


@pytest.mark.parametrize(("weapon", "targets"), WEAPON_REACH)
def test_r40_weapon_ranges_at_eight_seats(weapon: str, targets: set[int]) -> None:
    """R35/R36/R40: ranges 1, 2, 3, 4, 5 against distances 1,2,3,4,3,2,1."""
    game = plain(8, hands={0: [weapon, "shot:7:clubs"]})
    play(game, 0, weapon.split(":")[0])
    assert player(game, 0)["weapon"]["kind"] == weapon.split(":")[0]
    assert shot_targets(game, 0) == targets


def test_r40_long_rifle_reaches_past_a_horse_at_distance_five() -> None:
    """R40: Long Rifle range 5 hits seat 4 behind a Horse (4 + 1); Carbine (4) cannot."""
    hands = {0: ["long_rifle:8:spades", "carbine:A:clubs", "shot:7:clubs"], 4: ["horse:9:hearts"]}
    game = plain(8, hands=hands, deck=[])
    for _ in range(4):
        finish_turn(game)
    play(game, 4, "horse")
    for _ in range(4):
        finish_turn(game)
    assert distances(game, 0)[4] == 5
    play(game, 0, "carbine")
    assert 4 not in shot_targets(game, 0)
    play(game, 0, "long_rifle")
    assert 4 in shot_targets(game, 0)


def _glory_kill(upgrade: str) -> Game:
    """Seat 0 (Volcanic) eliminates seat 1 and picks `upgrade` for his Glory star (R83)."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    hands = {0: ["volcanic:10:clubs", "shot:7:clubs", "shot:8:clubs", "grab:8:diamonds"]}
    hands[2] = ["cover:K:spades"]
    hands[3] = ["cover:Q:spades"]
    characters = ["lucky", "bonesetter", "double_barrel", "scavenger", "iron_brow"]
    game = plain(roles=roles, hands=hands, health={1: 1}, characters=characters)
    play(game, 0, "volcanic")
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert game.awaiting() == [0]
    act(game, 0, type="choose", option=upgrade)
    return game


def test_r35_r84_accuracy_adds_one_to_shot_range() -> None:
    """R35/R84: after choosing Accuracy, the Volcanic (range 1) reaches distance 2."""
    game = _glory_kill("accuracy")
    assert player(game, 0)["upgrades"] == ["accuracy"]
    assert distances(game, 0)[3] == 2
    assert shot_targets(game, 0) == {2, 3, 4}


def test_r35_control_without_accuracy_range_stays() -> None:
    """R35 (control): choosing Fortitude instead leaves the Volcanic at range 1."""
    game = _glory_kill("fortitude")
    assert shot_targets(game, 0) == {2, 4}


def test_r37_q31_accuracy_does_not_widen_grab() -> None:
    """R37/Q31: Grab stays at distance 1 even with Accuracy."""
    game = _glory_kill("accuracy")
    assert can_play(game, 0, "grab", target=2)
    assert not can_play(game, 0, "grab", target=3)


def test_r37_grab_needs_distance_one_whatever_the_weapon() -> None:
    """R37: a Long Rifle does not help Grab; Toss, Duel and Jail reach everyone."""
    hands = {
        0: ["long_rifle:8:spades", "grab:J:hearts", "toss:K:hearts", "duel:J:spades"],
        **{seat: ["cover:Q:spades"] for seat in range(1, 5)},
    }
    hands[0].append("jail:4:hearts")
    game = plain(hands=hands)
    play(game, 0, "long_rifle")
    assert {a["target"] for a in legal(game, 0, type="play") if _kind(game, a) == "grab"} == {
        1,
        4,
    }
    for kind in ("toss", "duel", "jail"):
        assert {a["target"] for a in legal(game, 0, type="play") if _kind(game, a) == kind} == {
            1,
            2,
            3,
            4,
        }


def _kind(game: Game, action: dict) -> str | None:
    for card in game.view(0)["hand"]:
        if card["id"] == action["card"]:
            return card["kind"]
    return None


def test_r38_revolver_cannot_be_taken() -> None:
    """R38: a player with no weapon card offers no weapon to Grab or Toss."""
    hands = {0: ["grab:J:hearts", "toss:K:hearts"], 1: ["cover:Q:spades"]}
    game = plain(hands=hands, deck=[])
    assert player(game, 1)["weapon"] is None
    takes = legal(game, 0, type="play", target=1)
    assert len(takes) == 2  # one Grab and one Toss, both at a random hand card
    assert all(a.get("target_card") == "hand" for a in takes)


# --- R39: one weapon -----------------------------------------------------------------------------


def test_r39_new_weapon_replaces_the_old_one() -> None:
    """R39/R66: playing Sawed-Off over a Rifle sends the Rifle to the discard pile."""
    game = plain(hands={0: ["rifle:K:clubs", "sawed_off:K:spades"]})
    play(game, 0, "rifle")
    assert player(game, 0)["weapon"]["kind"] == "rifle"
    play(game, 0, "sawed_off")
    view = game.view(0)
    assert view["players"][0]["weapon"]["kind"] == "sawed_off"
    assert view["discard_top"]["kind"] == "rifle"
    assert view["discard_count"] == 1
    assert "rifle" not in [c["kind"] for c in view["hand"]]


def test_r66_same_weapon_again_is_legal_and_discards_the_old_copy() -> None:
    """R66: a second Volcanic over the first is legal; the old copy goes to the discard."""
    game = plain(hands={0: ["volcanic:10:clubs", "volcanic:10:spades"]})
    play(game, 0, "volcanic")
    first = player(game, 0)["weapon"]["id"]
    assert can_play(game, 0, "volcanic")
    play(game, 0, "volcanic")
    view = game.view(None)
    assert view["players"][0]["weapon"]["kind"] == "volcanic"
    assert view["players"][0]["weapon"]["id"] != first
    assert view["discard_top"]["id"] == first
