"""R78-R82: damage events, elimination and its order of effects (RULES.md section 12).

Seat 0 is the Marshal. Lethal situations come from the `health` knob; the cards a victim
leaves behind come from stacked hands and from blue cards the victim plays in its own turn.
"""

from __future__ import annotations

import pytest
from scenario import (
    choose,
    end_turn,
    events_of,
    filler,
    finish_turn,
    hand_kinds,
    hp,
    legal,
    pending,
    play,
    player,
    respond,
    stacked,
    take,
    turn,
)

# Seat 0 shoots; nobody else has an ability that acts on damage, eliminations or draws here.
CAST = ["double_barrel", "two_face", "pass_shadow", "lucky", "eagle_eye"]


def legal_play(game, seat: int, kind: str) -> list[dict]:
    """Legal plays of any card of this kind from the seat's hand."""
    ids = {card["id"] for card in game.view(seat)["hand"] if card["kind"] == kind}
    return [a for a in legal(game, seat, type="play") if a["card"] in ids]


def alive(game, seat: int) -> bool:
    return player(game, seat)["alive"]


def cards_owned(game, seat: int) -> int:
    """Everything a player holds: hand, blue cards in play, weapon."""
    row = player(game, seat)
    return row["hand_count"] + len(row["in_play"]) + (1 if row["weapon"] else 0)


def marshal_shoots_loner(**knobs):
    """Seat 0 (Marshal) shoots seat 4 (Loner, 1 HP, at distance 1)."""
    knobs.setdefault("characters", CAST)
    hands = knobs.pop("hands", {})
    hands.setdefault(0, ["shot:7:clubs"])
    game = stacked(hands=hands, health={4: 1}, **knobs)
    play(game, 0, "shot", target=4)
    return game


# --- R78: the damage event -----------------------------------------------------------------------


@pytest.mark.parametrize("card", ["shot", "buckshot", "raid", "duel"])
def test_r78_a_damage_event_names_target_amount_source_and_cause(card):
    game = stacked(hands={0: [card]}, characters=CAST)
    target = 1
    before = hp(game, target)
    play(game, 0, card, **({"target": target} if card in ("shot", "duel") else {}))

    events = take(game, target)

    [damage] = events_of(events, "damage")
    fields = (damage["seat"], damage["amount"], damage["source"], damage["cause"])
    assert fields == (target, 1, 0, card)
    assert hp(game, target) == before - 1


# --- R79: healing ---------------------------------------------------------------------------------


def test_r79_a_flask_heals_one_hp_and_never_above_max():
    game = stacked(hands={0: ["flask", "flask"]}, health={0: 3}, characters=CAST)

    events = play(game, 0, "flask")

    assert hp(game, 0) == 4
    assert events_of(events, "damage") == []
    assert not legal_play(game, 0, "flask")  # at max HP a Flask would do nothing (R45)


def test_r79_saloon_heals_everyone_one_hp_up_to_their_max():
    game = stacked(hands={0: ["saloon"]}, health={0: 2, 1: 2, 3: 3}, characters=CAST)
    maxima = [player(game, seat)["max_hp"] for seat in range(5)]
    before = [hp(game, seat) for seat in range(5)]

    play(game, 0, "saloon")

    assert [hp(game, seat) for seat in range(5)] == [
        min(hp_before + 1, top) for hp_before, top in zip(before, maxima, strict=True)
    ]
    assert hp(game, 0) == 3
    assert hp(game, 2) == maxima[2]  # already full: stays there


def test_r79_no_healing_during_high_noon():
    game = stacked(hands={0: ["flask", "saloon"]}, health={0: 2}, characters=CAST, start_round=8)
    assert game.view(None)["high_noon"]

    assert not legal_play(game, 0, "flask")
    assert not legal_play(game, 0, "saloon")
    assert hp(game, 0) == 2


# --- R80: elimination at 0 HP --------------------------------------------------------------------


def test_r80_a_player_at_0_hp_is_eliminated_at_once():
    game = marshal_shoots_loner()

    events = take(game, 4)

    [out] = events_of(events, "eliminated")
    assert (out["seat"], out["role"], out["by"]) == (4, "loner", 0)
    assert hp(game, 4) == 0
    assert not alive(game, 4)
    assert 4 not in game.awaiting()
    assert game.legal_actions(4) == []


def test_r80_the_eliminated_role_is_revealed_to_everyone():
    game = marshal_shoots_loner()
    for viewer in (None, 0, 1, 2, 3):
        assert game.view(viewer)["players"][4]["role"] is None

    take(game, 4)

    for viewer in (None, 0, 1, 2, 3, 4):
        assert game.view(viewer)["players"][4]["role"] == "loner"


def test_r80_a_finished_game_is_decided_before_scavenger_takes_the_cards():
    """Step 2 before step 3: the last enemy's cards never reach the Scavenger."""
    cast = ["double_barrel", "scavenger", "pass_shadow", "lucky", "eagle_eye"]
    game = stacked(
        hands={0: ["buckshot"], 1: ["ricochet"], 4: ["horse:8:hearts", "scope:A:spades"]},
        health={2: 1, 3: 1, 4: 1},
        characters=cast,
    )
    play(game, 0, "buckshot")
    respond(game, 1, "ricochet")
    for victim in (2, 3):
        take(game, victim)
        choose(game, 0, "accuracy")

    events = take(game, 4)

    assert events_of(events, "game_over")
    assert game.result["team"] == "law"
    assert player(game, 1)["hand_count"] == 0
    assert hand_kinds(game, 1) == []


def scavenger_scene(scavenger_alive: bool):
    """Seat 1 (Bandit, 1 HP) puts a Scope and a Sawed-Off in play in its turn; seat 2 (the other
    Bandit) then shoots it. Seat 3 is the Scavenger, or a lucky Deputy."""
    cast = ["double_barrel", "two_face", "pass_shadow", "scavenger" if scavenger_alive else "lucky"]
    game = stacked(
        roles=["marshal", "bandit", "bandit", "deputy", "loner"],
        hands={1: ["scope:A:spades", "sawed_off:K:spades"], 2: ["shot:7:clubs"]},
        health={1: 1},
        characters=cast + ["eagle_eye"],
    )
    end_turn(game, 0)
    play(game, 1, "scope")
    play(game, 1, "sawed_off")
    finish_turn(game)  # at 1 HP the victim keeps one card in hand
    assert turn(game) == 2
    return game


def test_r80_scavenger_takes_every_card_of_the_eliminated_player():
    game = scavenger_scene(scavenger_alive=True)
    victim_cards = cards_owned(game, 1)
    assert victim_cards == 3  # one hand card, the Scope, the Sawed-Off
    held = player(game, 3)["hand_count"]
    discards = game.view(None)["discard_count"]
    play(game, 2, "shot", target=1)

    take(game, 1)

    assert cards_owned(game, 1) == 0
    assert player(game, 3)["hand_count"] == held + victim_cards
    assert {"scope", "sawed_off"} <= set(hand_kinds(game, 3))
    assert game.view(None)["discard_count"] == discards + 1  # only the Shot


def test_r80_without_scavenger_the_cards_go_to_the_discard_pile():
    game = scavenger_scene(scavenger_alive=False)
    victim_cards = cards_owned(game, 1)
    held = player(game, 3)["hand_count"]
    discards = game.view(None)["discard_count"]
    play(game, 2, "shot", target=1)

    take(game, 1)

    assert cards_owned(game, 1) == 0
    assert player(game, 3)["hand_count"] == held
    assert game.view(None)["discard_count"] == discards + 1 + victim_cards


def test_r80_an_eliminated_scavenger_does_not_keep_his_own_cards():
    cast = ["double_barrel", "two_face", "pass_shadow", "lucky", "scavenger"]
    game = marshal_shoots_loner(characters=cast, hands={4: ["horse:9:hearts", "wagon:2:clubs"]})
    discards = game.view(None)["discard_count"]

    take(game, 4)

    assert game.view(None)["discard_count"] == discards + 2
    assert cards_owned(game, 4) == 0


def test_r80_a_jail_in_front_of_the_eliminated_player_leaves_play_with_him():
    game = stacked(hands={0: ["jail", "duel"]}, health={4: 1}, characters=CAST)
    play(game, 0, "jail", target=4)
    discards = game.view(None)["discard_count"]
    play(game, 0, "duel", target=4)

    take(game, 4)

    assert player(game, 4)["in_play"] == []
    assert game.view(None)["discard_count"] == discards + 2  # the Jail and the Duel


def test_r80_q7_the_dynamite_of_an_eliminated_holder_is_not_passed_on():
    game = stacked(
        roles=["marshal", "bandit", "bandit", "deputy", "loner"],
        hands={1: ["dynamite"], 2: ["shot:7:clubs"]},
        health={1: 1},
        characters=CAST,
    )
    end_turn(game, 0)
    play(game, 1, "dynamite")
    finish_turn(game)
    play(game, 2, "shot", target=1)
    discards, owned = game.view(None)["discard_count"], cards_owned(game, 1)
    assert [card["kind"] for card in player(game, 1)["in_play"]] == ["dynamite"]

    take(game, 1)

    assert all(
        "dynamite" not in [card["kind"] for card in player(game, seat)["in_play"]]
        for seat in range(5)
    )
    assert game.view(None)["discard_count"] == discards + owned


def test_r80_vulture_jr_draws_two_on_an_elimination_by_someone_else():
    cast = ["double_barrel", "two_face", "pass_shadow", "vulture_jr", "eagle_eye"]
    game = marshal_shoots_loner(characters=cast)
    held, deck = player(game, 3)["hand_count"], game.view(None)["deck_count"]

    take(game, 4)

    assert player(game, 3)["hand_count"] == held + 2
    assert game.view(None)["deck_count"] == deck - 2


@pytest.mark.parametrize("marshal", ["scavenger", "vulture_jr"])
def test_r80_scavenger_and_vulture_jr_come_before_the_penalty(marshal):
    """Q38: a Marshal who gains cards from his own Deputy's elimination then discards them all."""
    game = stacked(
        hands={0: ["shot:7:clubs"], 1: ["horse:8:hearts", "wagon:2:clubs"]},
        health={1: 1},
        characters=[marshal, "two_face", "pass_shadow", "lucky", "eagle_eye"],
    )
    play(game, 0, "shot", target=1)
    assert game.view(0)["hand"]  # the two cards of the opening draw

    events = take(game, 1)

    assert events_of(events, "penalty")
    assert hand_kinds(game, 0) == []
    assert cards_owned(game, 0) == 0
    assert cards_owned(game, 1) == 0
    # Rewards come after the Penalty: the Glory upgrade is still to be chosen.
    assert game.awaiting() == [0]
    assert pending(game)["kind"] == "upgrade"


# --- R80 step 8: a player eliminated in their own turn -------------------------------------------


def test_r80_losing_your_own_duel_ends_your_turn_and_the_next_player_begins():
    game = stacked(
        roles=["marshal", "bandit", "deputy", "bandit", "loner"],
        hands={1: ["duel"], 2: ["shot:7:clubs"]},
        health={1: 1},
        characters=CAST,
    )
    end_turn(game, 0)
    play(game, 1, "duel", target=2)
    respond(game, 2, "shot")

    events = take(game, 1)

    [out] = events_of(events, "eliminated")
    assert (out["seat"], out["by"]) == (1, 2)  # R81: the other duellist
    choose(game, 2, "fortitude")
    assert turn(game) == 2
    assert game.awaiting() == [2]
    assert legal(game, 2, type="end_turn")
    assert player(game, 2)["hand_count"] == 2  # seat 2's own draw step ran


def test_r80_dynamite_killing_its_holder_passes_the_turn_with_no_eliminator():
    game = stacked(
        seats=4,
        hands={1: ["dynamite"]},
        deck=filler(10) + ["ricochet:6:spades"] + filler(6),
        characters=["double_barrel", "pass_shadow", "two_face", "eagle_eye"],
    )
    end_turn(game, 0)
    play(game, 1, "dynamite")
    for seat in (1, 2, 3, 0):
        end_turn(game, seat)

    log = game.view(None)["log"]
    [out] = [e for e in log if e["type"] == "eliminated"]
    assert (out["seat"], out["by"]) == (1, None)  # R81: Dynamite has no eliminator
    assert turn(game) == 2
    assert game.awaiting() == [2]
    assert player(game, 2)["hand_count"] == 4  # seat 2 drew for its second turn
    assert all(row["stars"] == 0 for row in game.view(None)["players"])


# --- R81: who the eliminator is ------------------------------------------------------------------


@pytest.mark.parametrize("card", ["shot", "buckshot", "raid", "duel"])
def test_r81_the_player_of_the_card_is_the_eliminator(card):
    game = stacked(hands={0: [card]}, health={1: 1}, characters=CAST)
    play(game, 0, card, **({"target": 1} if card in ("shot", "duel") else {}))

    events = take(game, 1)

    [out] = events_of(events, "eliminated")
    assert (out["seat"], out["by"]) == (1, 0)
    assert pending(game)["kind"] == "upgrade"
    assert pending(game)["seat"] == 0


def test_r81_a_duel_lost_by_the_challenger_is_won_by_the_challenged():
    game = stacked(
        roles=["marshal", "bandit", "deputy", "bandit", "loner"],
        hands={1: ["duel"], 3: ["shot:7:clubs"]},
        health={1: 1},
        characters=CAST,
    )
    end_turn(game, 0)
    play(game, 1, "duel", target=3)
    respond(game, 3, "shot")

    events = take(game, 1)

    [out] = events_of(events, "eliminated")
    assert out["by"] == 3
    assert game.awaiting() == [3]
    choose(game, 3, "accuracy")
    assert player(game, 3)["stars"] == 1


# --- R82: the eliminated seat's view -------------------------------------------------------------


def test_r82_an_eliminated_seat_keeps_its_view_and_learns_no_hidden_role():
    game = marshal_shoots_loner(hands={1: ["wagon:2:clubs"], 2: ["toss:3:clubs"]})
    take(game, 4)

    mine = game.view(4)
    public = game.view(None)
    assert mine["seat"] == 4
    assert mine["role"] == "loner"
    assert mine["hand"] == []
    for seat in range(5):
        assert mine["players"][seat]["role"] == public["players"][seat]["role"]
    assert [mine["players"][seat]["role"] for seat in (1, 2, 3)] == [None, None, None]
    assert "hand" not in mine["players"][1]
    assert game.legal_actions(4) == []


def test_r82_an_eliminated_bandit_keeps_what_it_knew_in_double_agent_mode():
    """R10 (b): the bandit team knows itself from the deal; that knowledge stays."""
    game = stacked(
        mode="double_agent",
        roles=["marshal", "deputy", "bandit", "double_agent", "loner"],
        hands={0: ["duel"]},
        health={2: 1},
        characters=CAST,
    )
    assert game.view(2)["players"][3]["role"] == "double_agent"
    play(game, 0, "duel", target=2)
    take(game, 2)
    assert not alive(game, 2)

    assert game.view(2)["players"][3]["role"] == "double_agent"
    assert game.view(2)["players"][1]["role"] is None
    assert game.view(None)["players"][3]["role"] is None
