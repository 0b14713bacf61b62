"""Old Classic: each of the nine differences of R117, and that nothing else differs (Q46)."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import (
    can_play,
    filler,
    finish_turn,
    hp,
    in_play_kinds,
    legal,
    pending,
    play,
    player,
    respond,
    stacked,
    take,
    turn,
)

from bangarena_engine import Game, GameConfig

CAST = ["scavenger", "bonesetter", "lucky", "double_barrel", "mad_dog"]
# Seat 0 Marshal, seat 1 Bandit (the usual victim), seat 2 Deputy.
ROLES = ["marshal", "bandit", "deputy", "bandit", "loner"]


def old(**knobs: Any) -> Game:
    knobs.setdefault("characters", list(CAST))
    knobs.setdefault("roles", list(ROLES))
    return stacked(mode="old_classic", **knobs)


def classic(**knobs: Any) -> Game:
    knobs.setdefault("characters", list(CAST))
    knobs.setdefault("roles", list(ROLES))
    return stacked(mode="classic", **knobs)


# --- R117.1: role set ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "expected"),
    [
        (4, ["marshal", "bandit", "bandit", "loner"]),
        (5, ["marshal", "deputy", "bandit", "bandit", "loner"]),
        (6, ["marshal", "deputy", "bandit", "bandit", "bandit", "loner"]),
        (7, ["marshal", "deputy", "deputy", "bandit", "bandit", "bandit", "loner"]),
        (8, ["marshal", "deputy", "deputy", "bandit", "bandit", "bandit", "loner", "loner"]),
    ],
)
def test_r117_1_classic_role_set(seats: int, expected: list[str]) -> None:
    """R117.1/R15: Old Classic deals the classic role set (no Double Agent)."""
    game = Game.new(GameConfig(seats=seats, mode="old_classic", seed=seats))
    assert game.view(None)["roles_at_table"] == expected


# --- R117.2: no High Noon ------------------------------------------------------------------------


def test_r117_2_no_high_noon_but_the_round_is_shown() -> None:
    """R117.2/R30/Q25: from round 8 on there is no High Noon; the round counter still counts."""
    game = old(start_round=8, deck=filler(14))
    view = game.view(None)
    assert (view["round"], view["high_noon"]) == (8, False)
    for _ in range(5):
        finish_turn(game)
    assert turn(game) == 0
    assert (game.view(None)["round"], game.view(None)["high_noon"]) == (9, False)


def test_r117_2_round_eight_keeps_shot_limit_and_healing() -> None:
    """R117.2/R31: in round 8 the Shot limit holds and a Flask still heals."""
    hands = {0: ["shot:7:clubs", "shot:8:clubs", "flask:6:hearts"]}
    game = old(start_round=8, hands=hands, health={0: 3})
    assert can_play(game, 0, "flask")
    play(game, 0, "flask")
    assert hp(game, 0) == 4
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert not can_play(game, 0, "shot")


# --- R117.3 and R117.9: no Glory; Bandit reward --------------------------------------------------


def test_r117_3_r117_9_no_glory_and_three_cards_for_a_bandit() -> None:
    """R117.3/R117.9/R90: the Marshal eliminates a Bandit: no star, no upgrade choice, and he
    draws 3 cards."""
    characters = ["lucky", "bonesetter", "double_barrel", "empty_hands", "mad_dog"]
    hands = {0: ["shot:7:clubs"], 3: ["cover:K:spades"]}
    game = old(characters=characters, hands=hands, health={1: 1}, deck=filler(12))
    before = player(game, 0)["hand_count"]
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert not player(game, 1)["alive"]
    assert pending(game) is None or pending(game)["kind"] == "play"
    assert game.awaiting() == [0]
    assert not legal(game, 0, type="choose")
    row = player(game, 0)
    assert (row["stars"], row["upgrades"]) == (0, [])
    assert row["hand_count"] == before - 1 + 3


def test_r117_9_a_bandit_eliminating_a_bandit_also_draws_three() -> None:
    """R117.9/R90: any eliminator of a Bandit draws 3, even another Bandit."""
    characters = ["lucky", "bonesetter", "double_barrel", "empty_hands", "mad_dog"]
    roles = ["marshal", "bandit", "bandit", "deputy", "loner"]
    hands = {1: ["shot:7:clubs"], 3: ["cover:K:spades"]}
    game = old(roles=roles, characters=characters, hands=hands, health={2: 1}, deck=filler(12))
    finish_turn(game)
    before = player(game, 1)["hand_count"]
    play(game, 1, "shot", target=2)
    take(game, 2)
    assert not player(game, 2)["alive"]
    assert player(game, 1)["hand_count"] == before - 1 + 3


def test_r117_9_no_reward_for_eliminating_a_loner() -> None:
    """R117.9/R90: the reward is for Bandits only: eliminating the Loner draws nothing."""
    characters = ["lucky", "bonesetter", "double_barrel", "empty_hands", "mad_dog"]
    hands = {0: ["shot:7:clubs"], 3: ["cover:K:spades"]}
    game = old(characters=characters, hands=hands, health={4: 1}, deck=filler(12))
    before = player(game, 0)["hand_count"]
    play(game, 0, "shot", target=4)
    take(game, 4)
    assert not player(game, 4)["alive"]
    assert player(game, 0)["hand_count"] == before - 1


def test_r117_3_control_arena_eliminator_gets_a_star() -> None:
    """R83 (control for R117.3): the same elimination in classic awaits an upgrade choice."""
    characters = ["lucky", "bonesetter", "double_barrel", "empty_hands", "mad_dog"]
    hands = {0: ["shot:7:clubs"], 3: ["cover:K:spades"]}
    game = classic(characters=characters, hands=hands, health={1: 1}, deck=filler(12))
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert pending(game)["kind"] == "upgrade"
    game.apply(0, {"type": "choose", "option": "fortitude"})
    assert (player(game, 0)["stars"], player(game, 0)["upgrades"]) == (1, ["fortitude"])


# --- R117.4: Cover flips a card ------------------------------------------------------------------


def _cover_shot(game_of, check: list[str], character: str = "bonesetter") -> Game:
    """Seat 1 (`character`) puts Cover in play (unless iron_brow); seat 2 shoots him; the
    Cover check flips the cards `check` (top of the deck at that moment)."""
    characters = ["scavenger", character, "toll_collector", "double_barrel", "mad_dog"]
    hands = {1: ["cover:K:spades"], 2: ["shot:7:clubs"]}
    game = game_of(characters=characters, hands=hands, deck=filler(6) + check + filler(6))
    finish_turn(game)
    if character != "iron_brow":
        play(game, 1, "cover")
    finish_turn(game)
    return game


@pytest.mark.parametrize(
    ("check", "cancelled"), [("flask:6:hearts", True), ("shot:7:clubs", False)]
)
def test_r117_4_cover_flips_the_top_card_and_hearts_cancel(check: str, cancelled: bool) -> None:
    """R117.4/R73: Old Classic Cover turns over the deck's top card; a Heart cancels the hit."""
    game = _cover_shot(old, [check])
    deck_before = game.view(None)["deck_count"]
    play(game, 2, "shot", target=1)
    assert game.view(None)["deck_count"] == deck_before - 1
    assert game.view(None)["last_check"] is not None
    if cancelled:
        assert game.awaiting() == [2]
        assert hp(game, 1) == 5
    else:
        assert game.awaiting() == [1]
        take(game, 1)
        assert hp(game, 1) == 4


def test_r117_4_control_arena_cover_flips_no_card() -> None:
    """R73 (control for R117.4): the Arena Cover check is a coin; the deck is untouched."""
    game = _cover_shot(classic, ["flask:6:hearts"])
    deck_before = game.view(None)["deck_count"]
    play(game, 2, "shot", target=1)
    assert game.view(None)["deck_count"] == deck_before
    assert game.view(None)["last_check"] is not None


def test_r117_4_iron_brow_builtin_cover_flips_too() -> None:
    """R117.4/R105: iron_brow's built-in Cover also flips a card in Old Classic."""
    game = _cover_shot(old, ["flask:6:hearts"], character="iron_brow")
    play(game, 2, "shot", target=1)
    assert game.awaiting() == [2]
    assert hp(game, 1) == 4


@pytest.mark.parametrize(
    ("check", "cancelled"),
    [(["shot:7:clubs", "flask:6:hearts"], True), (["shot:7:clubs", "shot:8:clubs"], False)],
)
def test_r117_4_lucky_flips_twice(check: list[str], cancelled: bool) -> None:
    """R117.4/R76: lucky's Cover flips two cards; either Heart cancels the hit."""
    game = _cover_shot(old, check, character="lucky")
    deck_before = game.view(None)["deck_count"]
    play(game, 2, "shot", target=1)
    assert game.view(None)["deck_count"] == deck_before - 2
    assert (game.awaiting() == [2]) is cancelled


# --- R117.5: failed Jail skips the whole turn ----------------------------------------------------


def _jailed(game_of, check: str) -> Game:
    game = game_of(hands={0: ["jail:4:hearts"]}, deck=filler(2) + [check] + filler(10))
    play(game, 0, "jail", target=1)
    finish_turn(game)
    return game


def test_r117_5_failed_jail_skips_draw_play_and_discard() -> None:
    """R117.5/R74/Q24: a failed check in Old Classic: no draw, no play, next player's turn."""
    game = _jailed(old, "shot:7:clubs")
    assert player(game, 1)["hand_count"] == 0
    assert in_play_kinds(game, 1) == []
    assert turn(game) == 2


def test_r117_5_control_arena_failed_jail_still_draws() -> None:
    """R74 (control for R117.5): in classic the jailed player still draws 2."""
    game = _jailed(classic, "shot:7:clubs")
    assert player(game, 1)["hand_count"] == 2
    assert turn(game) == 2


def test_r117_5_heart_escapes_in_old_classic_too() -> None:
    """R74: a Heart frees him in Old Classic as well: normal turn."""
    game = _jailed(old, "flask:6:hearts")
    assert turn(game) == 1
    assert player(game, 1)["hand_count"] == 2
    assert legal(game, 1, type="end_turn")


# --- R117.6: no Flask heal with two alive --------------------------------------------------------


def _two_left(mode: str) -> Game:
    """4 seats: the hurt Marshal (seat 0, Volcanic) eliminates both Bandits: A = 2."""
    roles = ["marshal", "bandit", "bandit", "loner"]
    hands = {
        0: ["volcanic:10:clubs", "shot:7:clubs", "shot:8:clubs", "flask:6:hearts"],
        3: ["flask:7:hearts"],
    }
    game = stacked(
        seats=4,
        mode=mode,
        roles=roles,
        characters=CAST[:4],
        hands=hands,
        health={0: 3, 1: 1, 2: 1},
        deck=filler(12),
    )
    play(game, 0, "volcanic")
    for victim in (1, 2):
        play(game, 0, "shot", target=victim)
        take(game, victim)
        while game.legal_actions(0) and legal(game, 0, type="choose"):
            game.apply(0, game.default_action(0))
    assert [row["alive"] for row in game.view(None)["players"]] == [True, False, False, True]
    return game


def test_r117_6_flask_does_not_heal_with_two_alive() -> None:
    """R117.6/R51: with 2 alive, an Old Classic Flask heals nobody (refused or no effect)."""
    game = _two_left("old_classic")
    before = hp(game, 0)
    if can_play(game, 0, "flask"):
        play(game, 0, "flask")
    assert hp(game, 0) == before


def test_r117_6_control_arena_flask_heals_with_two_alive() -> None:
    """R51a/Q10 (control for R117.6): in classic it heals."""
    game = _two_left("classic")
    before = hp(game, 0)
    play(game, 0, "flask")
    assert hp(game, 0) == before + 1


# --- R117.7 and R117.8: HP -----------------------------------------------------------------------


def test_r117_7_marshal_bonus_is_one_at_five_seats() -> None:
    """R117.7/R19: at 5 seats the Arena Marshal has no bonus; the Old Classic one has +1."""
    assert player(old(), 0)["max_hp"] == 5
    assert player(classic(), 0)["max_hp"] == 4


def test_r117_8_stone_leopard_has_four_hp() -> None:
    """R117.8: stone_leopard has 4 HP in Old Classic and 3 in the Arena modes."""
    characters = ["scavenger", "stone_leopard", "lucky", "double_barrel", "mad_dog"]
    assert player(old(characters=characters), 1)["max_hp"] == 4
    assert player(classic(characters=characters), 1)["max_hp"] == 3


# --- Q46: nothing else differs -------------------------------------------------------------------


def test_r117_bonesetter_keeps_five_hp() -> None:
    """R117/Q46/R111: Bonesetter has 5 HP in Old Classic too."""
    assert player(old(), 1)["max_hp"] == 5


def test_r117_penalty_still_applies() -> None:
    """R117/R89: a Marshal who eliminates his Deputy discards hand, blue cards and weapon."""
    characters = ["lucky", "bonesetter", "double_barrel", "empty_hands", "mad_dog"]
    hands = {0: ["sawed_off:J:clubs", "horse:8:hearts", "shot:7:clubs", "wagon:9:spades"]}
    hands[3] = ["cover:K:spades"]
    game = old(characters=characters, hands=hands, health={2: 1})
    play(game, 0, "sawed_off")
    play(game, 0, "horse")
    play(game, 0, "shot", target=2)
    take(game, 2)
    assert not player(game, 2)["alive"]
    row = player(game, 0)
    assert (row["hand_count"], row["in_play"], row["weapon"]) == (0, [], None)


def test_r117_mad_dog_keeps_builtin_scope() -> None:
    """R117/Q46/R115: mad_dog (seat 4) still sees seat 2 at distance 1."""
    game = old()
    assert game.view(4)["players"][2]["distance"] == 1


def test_r117_double_barrel_rule_still_applies() -> None:
    """R117/Q46/R69: double_barrel's Shot at distance 1 needs two Ricochets."""
    characters = ["double_barrel", "bonesetter", "lucky", "scavenger", "mad_dog"]
    hands = {0: ["shot:7:clubs"], 1: ["ricochet:10:clubs"]}
    game = old(characters=characters, hands=hands)
    play(game, 0, "shot", target=1)
    assert pending(game)["required"] == 2
    assert not legal(game, 1, type="respond")


def test_r117_vulture_jr_still_draws_two_on_eliminations() -> None:
    """R117/Q46/R109: vulture_jr draws 2 when another player is eliminated."""
    characters = ["lucky", "bonesetter", "double_barrel", "vulture_jr", "mad_dog"]
    hands = {0: ["shot:7:clubs"], 3: ["cover:K:spades"]}
    game = old(characters=characters, hands=hands, health={1: 1}, deck=filler(12))
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert player(game, 3)["hand_count"] == 1 + 2


def test_r117_flask_response_at_one_hp_still_works() -> None:
    """R117/R51b: with 3+ alive, the Flask response at 1 HP works in Old Classic."""
    game = old(hands={0: ["shot:7:clubs"], 1: ["flask:6:hearts"]}, health={1: 1})
    play(game, 0, "shot", target=1)
    respond(game, 1, "flask")
    assert hp(game, 1) == 1


def test_r117_q2_bazaar_is_still_a_blind_draw_in_order() -> None:
    """R117/Q2/R57: Bazaar in Old Classic: each alive player draws one, clockwise."""
    top = ["horse:8:hearts", "scope:A:spades", "cover:K:spades", "jail:4:hearts", "wagon:9:spades"]
    game = old(hands={0: ["bazaar:Q:spades"]}, deck=filler(2) + top)
    play(game, 0, "bazaar")
    assert "horse" in [c["kind"] for c in game.view(0)["hand"]]
    assert [[c["kind"] for c in game.view(s)["hand"]] for s in (1, 2, 3, 4)] == [
        ["scope"],
        ["cover"],
        ["jail"],
        ["wagon"],
    ]


def _last_deputy_falls(game_of) -> tuple[Game, set[int]]:
    """Seat 1 (Bandit) eliminates seat 2, the only Deputy; every decision that follows is
    made automatically. Returns the game and the seats that were asked to decide."""
    characters = ["lucky", "bonesetter", "double_barrel", "empty_hands", "mad_dog"]
    hands = {1: ["shot:7:clubs"], 3: ["cover:K:spades"]}
    game = game_of(characters=characters, hands=hands, health={2: 1}, deck=filler(12))
    finish_turn(game)
    play(game, 1, "shot", target=2)
    take(game, 2)
    asked = set()
    while (now := pending(game)) and now.get("kind") not in (None, "play"):
        asked.add(now["seat"])
        game.apply(now["seat"], game.default_action(now["seat"]))
    return game, asked


def test_r117_3_no_last_bullet() -> None:
    """R117.3/R88: in Old Classic the Marshal gets nothing when his last Deputy falls."""
    game, asked = _last_deputy_falls(old)
    assert asked == set()
    assert player(game, 0)["stars"] == 0
    assert player(game, 1)["stars"] == 0


def test_r117_3_control_arena_last_bullet() -> None:
    """R88 (control for R117.3): in classic the Marshal gains a Last Bullet star."""
    game, asked = _last_deputy_falls(classic)
    assert asked == {0, 1}
    assert player(game, 0)["stars"] == 1
    assert player(game, 1)["stars"] == 1


def test_r117_5_failed_jail_skips_the_discard_too() -> None:
    """R117.5/Q24: the skipped turn has no discard step, even over the hand limit."""
    hands = {0: ["jail:4:hearts"], 1: ["horse:8:hearts", "scope:A:spades", "cover:K:spades"]}
    game = old(hands=hands, health={1: 2}, deck=filler(2) + ["shot:7:clubs"] + filler(10))
    play(game, 0, "jail", target=1)
    finish_turn(game)
    assert turn(game) == 2
    assert player(game, 1)["hand_count"] == 3
