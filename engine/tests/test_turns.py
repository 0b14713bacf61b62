"""Turn structure, hand limit, reshuffle, rounds and High Noon (R21-R32)."""

from __future__ import annotations

import pytest
from scenario import (
    act,
    advance_to,
    can_play,
    card_in_hand,
    events_of,
    filler,
    finish_turn,
    hand_kinds,
    hp,
    in_play_kinds,
    legal,
    pending,
    play,
    player,
    respond,
    settle,
    stacked,
    take,
    turn,
)

# --- R21: turn order ----------------------------------------------------------------------------


def test_r21_marshal_first_then_clockwise_wrapping() -> None:
    """R21/R2/R5: the Marshal opens; turns go up by seat and wrap from N-1 to 0."""
    roles = ["bandit", "deputy", "marshal", "bandit", "loner"]
    game = stacked(roles=roles, deck=filler(20))
    order = [turn(game)]
    for _ in range(5):
        finish_turn(game)
        order.append(turn(game))
    assert order == [2, 3, 4, 0, 1, 2]


def test_r21_eliminated_players_are_skipped() -> None:
    """R21/R2: once seat 1 is eliminated, the Marshal's turn passes straight to seat 2."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    game = stacked(roles=roles, hands={0: ["shot:7:clubs"]}, health={1: 1}, deck=filler(12))
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert not player(game, 1)["alive"]
    settle(game, 0)  # Glory upgrade choice (R83)
    finish_turn(game)
    assert turn(game) == 2
    seen = []
    for _ in range(4):
        finish_turn(game)
        seen.append(turn(game))
    assert seen == [3, 4, 0, 2]  # seat 1 never plays again


# --- R22/R23: steps and draw --------------------------------------------------------------------


def test_r22_dynamite_check_comes_before_the_jail_check() -> None:
    """R22/R75/R74: with both in front of him, the Dynamite is checked first: the 2 of Spades
    explodes it (3 damage), then the Heart frees him from Jail and he plays normally."""
    deck = (
        filler(10)  # opening draw of seat 0, then the draws of seats 1-4
        + ["shot:K:hearts"]  # round 2: seat 0's Dynamite check, no explosion: it passes on
        + filler(2)  # seat 0's draw
        + ["ricochet:2:spades", "flask:6:hearts"]  # seat 1: first check, second check
        + filler(2)
    )
    game = stacked(hands={0: ["dynamite:2:hearts", "jail:J:spades"]}, deck=deck)
    play(game, 0, "dynamite")
    assert in_play_kinds(game, 0) == ["dynamite"]
    finish_turn(game)
    advance_to(game, 0)
    assert in_play_kinds(game, 1) == ["dynamite"]  # passed on at seat 0's check
    play(game, 0, "jail", target=1)
    finish_turn(game)
    assert turn(game) == 1
    assert hp(game, 1) == 5 - 3
    assert in_play_kinds(game, 1) == []
    assert game.awaiting() == [1]  # escaped: his play step is awaited
    assert legal(game, 1, type="end_turn")


def test_r23_draw_two_from_the_top_of_the_deck() -> None:
    """R23: at the start of his turn the player draws the top 2 cards automatically."""
    deck = filler(2) + ["horse:8:hearts", "scope:A:spades", "wagon:9:spades"]
    game = stacked(hands={1: ["cover:K:spades"]}, deck=deck)
    before = game.view(None)["deck_count"]
    events = finish_turn(game)
    assert turn(game) == 1
    assert hand_kinds(game, 1) == ["cover", "horse", "scope"]
    assert game.view(None)["deck_count"] == before - 2
    assert {"type": "drew", "seat": 1, "count": 2}.items() <= next(
        e for e in events if e["type"] == "drew"
    ).items()


# --- R24-R26: play step, end of turn, hand limit ----------------------------------------------


def test_r24_any_number_of_cards_in_any_order() -> None:
    """R24: several legal plays in one play step, the player still acting after each."""
    game = stacked(hands={0: ["horse:8:hearts", "scope:A:spades", "wagon:9:spades"]})
    play(game, 0, "wagon")
    play(game, 0, "scope")
    play(game, 0, "horse")
    assert in_play_kinds(game, 0) == ["horse", "scope"]
    assert game.awaiting() == [0]
    assert turn(game) == 0


def test_r25_end_turn_discards_excess_chosen_by_the_player() -> None:
    """R25: 6 cards at 4 HP: after End turn he discards 2 cards of his choice, then the next
    player's turn begins."""
    hands = {0: ["horse:8:hearts", "scope:A:spades", "jail:4:hearts", "cover:K:spades"]}
    game = stacked(hands=hands, deck=["caravan:3:hearts", "saloon:5:hearts", *filler(10)])
    assert player(game, 0)["hand_count"] == 6
    act(game, 0, type="end_turn")
    assert game.awaiting() == [0]
    assert pending(game)["kind"] == "discard"
    assert pending(game)["count"] == 2
    assert {a["card"] for a in legal(game, 0, type="discard")} == {
        c["id"] for c in game.view(0)["hand"]
    }
    assert not legal(game, 0, type="end_turn")
    act(game, 0, type="discard", card=card_in_hand(game, 0, "horse"))
    assert pending(game)["count"] == 1
    act(game, 0, type="discard", card=card_in_hand(game, 0, "jail"))
    assert hand_kinds(game, 0) == ["caravan", "cover", "saloon", "scope"]
    assert game.view(None)["discard_count"] == 2
    assert turn(game) == 1


def test_r25_no_discard_when_the_hand_fits() -> None:
    """R25: at or below the limit, End turn passes the turn at once."""
    game = stacked(hands={0: ["horse:8:hearts", "scope:A:spades"]})
    act(game, 0, type="end_turn")
    assert turn(game) == 1
    assert player(game, 0)["hand_count"] == 4


def test_r26_hand_limit_is_current_hp_not_max() -> None:
    """R26: at 2 of 4 HP, holding 3 cards, one card must go."""
    game = stacked(hands={0: ["horse:8:hearts"]}, health={0: 2})
    act(game, 0, type="end_turn")
    assert pending(game)["kind"] == "discard"
    assert pending(game)["count"] == 1


# --- R27: reshuffle ----------------------------------------------------------------------------


def test_r27_empty_deck_reshuffles_the_discard_pile_and_an_empty_pair_gives_nothing() -> None:
    """R27/Q9: seat 1 draws from an empty deck: the discard pile (one Shot) becomes the deck, so
    he gets that Shot; the second draw finds both piles empty and gives nothing."""
    hands = {0: ["shot:7:clubs", "horse:8:hearts", "scope:A:spades"]}
    game = stacked(hands=hands, deck=filler(2))
    assert game.view(None)["deck_count"] == 0
    act(game, 0, type="end_turn")
    act(game, 0, type="discard", card=card_in_hand(game, 0, "shot"))
    assert turn(game) == 1
    assert hand_kinds(game, 1) == ["shot"]
    view = game.view(None)
    assert (view["deck_count"], view["discard_count"]) == (0, 0)


def test_r27_draw_with_both_piles_empty_gives_nothing() -> None:
    """R27: the Marshal's opening draw from an empty deck and empty discard gives no card."""
    game = stacked(hands={0: ["horse:8:hearts"]}, deck=[])
    assert hand_kinds(game, 0) == ["horse"]
    assert game.awaiting() == [0]


# --- R28: out-of-turn acting ---------------------------------------------------------------------


def test_r28_others_only_respond_to_attacks_on_them() -> None:
    """R28/R47: during the play step nobody else may act; a Shot awaits only its target, who may
    only respond or pass."""
    game = stacked(hands={0: ["shot:7:clubs"], 1: ["ricochet:10:clubs"], 4: ["shot:8:clubs"]})
    for seat in range(1, 5):
        assert game.legal_actions(seat) == []
    play(game, 0, "shot", target=1)
    assert game.awaiting() == [1]
    assert {a["type"] for a in game.legal_actions(1)} <= {"respond", "pass", "ability"}
    for seat in (0, 2, 3, 4):
        assert game.legal_actions(seat) == []


# --- R29/R30: rounds and High Noon ---------------------------------------------------------------


def test_r29_round_counter_goes_up_only_at_the_marshal_turn() -> None:
    """R29: round 1 opens with the Marshal (seat 2 here); other turns leave it alone."""
    roles = ["bandit", "deputy", "marshal", "bandit", "loner"]
    game = stacked(roles=roles, deck=filler(24))
    rounds = [game.view(None)["round"]]
    for _ in range(6):
        finish_turn(game)
        rounds.append(game.view(1)["round"])
    assert rounds == [1, 1, 1, 1, 1, 2, 2]  # turns 2,3,4,0,1 | 2,3


def test_r30_high_noon_starts_at_round_eight() -> None:
    """R30: round 7 is ordinary; the Marshal's next turn opens round 8 with High Noon on."""
    game = stacked(start_round=7, deck=filler(24))
    assert (game.view(None)["round"], game.view(None)["high_noon"]) == (7, False)
    for _ in range(4):
        finish_turn(game)
        assert game.view(None)["high_noon"] is False
    finish_turn(game)
    assert turn(game) == 0
    assert (game.view(2)["round"], game.view(2)["high_noon"]) == (8, True)
    for _ in range(5):
        finish_turn(game)
        assert game.view(None)["high_noon"] is True  # lasts until the game ends


def test_r30_start_round_eight_is_high_noon_from_the_start() -> None:
    """R30: start_round=8 means High Noon from the Marshal's first turn."""
    view = stacked(start_round=8).view(None)
    assert (view["round"], view["high_noon"]) == (8, True)


# --- R31/R32: High Noon effects -----------------------------------------------------------------


def test_r31a_no_shot_limit_during_high_noon() -> None:
    """R31a/R49: with a Revolver, two Shots in one turn during High Noon."""
    game = stacked(start_round=8, hands={0: ["shot:7:clubs", "shot:8:clubs"]})
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert can_play(game, 0, "shot", target=1)
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert hp(game, 1) == 5 - 2


def test_r31a_control_shot_limit_outside_high_noon() -> None:
    """R49 (control for R31a): the same turn in round 1 allows only one Shot."""
    game = stacked(hands={0: ["shot:7:clubs", "shot:8:clubs"]})
    play(game, 0, "shot", target=1)
    take(game, 1)
    assert not can_play(game, 0, "shot")


def _cover_then_shot(start_round: int, character: str = "bonesetter") -> tuple:
    """Seat 1 puts Cover in play (or is iron_brow), then seat 2 shoots him at distance 1."""
    characters = ["scavenger", character, "lucky", "double_barrel", "mad_dog"]
    hands = {1: ["cover:K:spades"], 2: ["shot:7:clubs"]}
    game = stacked(start_round=start_round, hands=hands, characters=characters, deck=filler(12))
    finish_turn(game)
    if character != "iron_brow":
        play(game, 1, "cover")
    finish_turn(game)
    assert game.view(None)["last_check"] is None
    events = play(game, 2, "shot", target=1)
    return game, events


def test_r31b_cover_card_has_no_effect_during_high_noon() -> None:
    """R31b/R73: no Cover check in High Noon: nothing flipped, the target must answer."""
    game, events = _cover_then_shot(start_round=8)
    assert events_of(events, "check") == []
    assert game.view(None)["last_check"] is None
    assert game.awaiting() == [1]
    take(game, 1)
    assert hp(game, 1) == 4


def test_r31b_iron_brow_builtin_cover_has_no_effect_during_high_noon() -> None:
    """R31b/R105: iron_brow's built-in Cover makes no check in High Noon."""
    game, events = _cover_then_shot(start_round=8, character="iron_brow")
    assert game.view(None)["last_check"] is None
    assert game.awaiting() == [1]


def test_r31b_control_cover_is_checked_outside_high_noon() -> None:
    """R62/R73 (control for R31b): in round 1 the same Shot triggers a Cover check."""
    game, _ = _cover_then_shot(start_round=1)
    assert game.view(None)["last_check"] is not None


def test_r31_ricochet_still_works_during_high_noon() -> None:
    """R31: Ricochet keeps working in High Noon."""
    game = stacked(start_round=8, hands={0: ["shot:7:clubs"], 1: ["ricochet:10:clubs"]})
    play(game, 0, "shot", target=1)
    respond(game, 1, "ricochet")
    assert hp(game, 1) == 5


def test_r32_flask_and_saloon_cannot_be_played_during_high_noon() -> None:
    """R31c/R32/R45: hurt, holding Flask and Saloon in High Noon: neither is a legal play."""
    hands = {0: ["flask:6:hearts", "saloon:5:hearts"]}
    game = stacked(start_round=8, hands=hands, health={0: 2})
    assert not can_play(game, 0, "flask")
    assert not can_play(game, 0, "saloon")


def test_r32_control_flask_and_saloon_playable_outside_high_noon() -> None:
    """R51a/R58 (control for R32): the same hand in round 1 may play both."""
    hands = {0: ["flask:6:hearts", "saloon:5:hearts"]}
    game = stacked(start_round=1, hands=hands, health={0: 2})
    assert can_play(game, 0, "flask")
    assert can_play(game, 0, "saloon")


def test_r32_unplayable_flasks_count_toward_the_hand_limit() -> None:
    """R32/R26: two Flasks kept in hand at 2 HP with 2 drawn cards: 2 must be discarded."""
    game = stacked(start_round=8, hands={0: ["flask:6:hearts", "flask:7:hearts"]}, health={0: 2})
    act(game, 0, type="end_turn")
    assert pending(game)["kind"] == "discard"
    assert pending(game)["count"] == 2


def test_r31c_no_flask_response_during_high_noon() -> None:
    """R31c/R51b: at 1 HP facing a Shot in High Noon, Flask is not a legal response."""
    hands = {0: ["shot:7:clubs"], 1: ["flask:6:hearts"]}
    game = stacked(start_round=8, hands=hands, health={1: 1})
    play(game, 0, "shot", target=1)
    assert not legal(game, 1, type="respond")
    take(game, 1)
    assert not player(game, 1)["alive"]


def test_r31c_bonesetter_ability_unavailable_during_high_noon() -> None:
    """R31c/R111: hurt Bonesetter holding 2+ cards gets no heal ability in High Noon."""
    hands = {1: ["horse:8:hearts", "scope:A:spades", "jail:4:hearts"]}
    game = stacked(start_round=8, hands=hands, health={1: 3})
    finish_turn(game)
    assert turn(game) == 1
    assert not legal(game, 1, type="ability")


def test_r31c_control_bonesetter_ability_offered_outside_high_noon() -> None:
    """R111 (control for R31c): the same Bonesetter in round 1 is offered the heal."""
    hands = {1: ["horse:8:hearts", "scope:A:spades", "jail:4:hearts"]}
    game = stacked(hands=hands, health={1: 3})
    finish_turn(game)
    assert legal(game, 1, type="ability")


def test_r27_q9_a_check_with_no_card_to_flip_keeps_him_jailed() -> None:
    """R27/Q9/R74: deck and discard pile both empty at seat 1's Jail check: nothing to flip,
    so no escape. The Jail is then discarded, and his draw reshuffles that one-card discard
    pile: he draws the Jail itself, plays nothing, and the turn passes on."""
    game = stacked(hands={0: ["jail:4:hearts"]}, deck=[])
    play(game, 0, "jail", target=1)
    assert game.view(None)["discard_count"] == 0
    act(game, 0, type="end_turn")
    assert in_play_kinds(game, 1) == []
    assert hand_kinds(game, 1) == ["jail"]
    assert turn(game) == 2
    assert (game.view(None)["deck_count"], game.view(None)["discard_count"]) == (0, 0)


def test_r21_r80_a_player_eliminated_in_his_own_turn_passes_the_turn_on() -> None:
    """R21/R80.8: seat 1 (1 HP) loses the Duel he started in his own turn: he is eliminated,
    the winner chooses his upgrade, and seat 2's turn begins at once."""
    roles = ["marshal", "bandit", "deputy", "bandit", "loner"]
    hands = {1: ["duel:J:spades"], 3: ["shot:7:clubs"]}
    game = stacked(roles=roles, hands=hands, health={1: 1}, deck=filler(12))
    finish_turn(game)
    play(game, 1, "duel", target=3)
    respond(game, 3, "shot")
    take(game, 1)
    assert not player(game, 1)["alive"]
    settle(game, 3)  # the other duellist is the eliminator (R81)
    assert player(game, 3)["stars"] == 1
    assert turn(game) == 2
    assert game.awaiting() == [2]


@pytest.mark.parametrize(
    ("mode", "high_noon"),
    [("classic", True), ("partners", True), ("double_agent", True), ("old_classic", False)],
)
def test_r30_high_noon_in_every_arena_mode_only(mode: str, high_noon: bool) -> None:
    """R30: High Noon from round 8 in the three Arena modes, never in Old Classic."""
    roles = ["marshal", "deputy", "bandit", "double_agent", "loner"]
    knobs = {"roles": roles} if mode == "double_agent" else {}
    view = stacked(mode=mode, start_round=8, **knobs).view(None)
    assert (view["round"], view["high_noon"]) == (8, high_noon)
