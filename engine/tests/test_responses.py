"""R67-R71: how a hit, a Buckshot, a Raid and a Duel are answered (RULES.md section 10).

Every scenario is stacked: explicit hands, an inert draw pile, explicit HP. Seat 0 is the
Marshal unless a test says otherwise, so the game opens on seat 0's play step.
"""

from __future__ import annotations

import pytest
from scenario import (
    act,
    can_play,
    card_in_hand,
    choose,
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

from bangarena_engine import IllegalAction

# Nobody here answers hits differently: three_eyes/grip/red_suit only change their own draw
# step (and none of them takes a turn in these single-turn scenarios), eagle_eye only the
# distances he sees. Seat 0 (the shooter) is lucky, which only matters for his own checks.
CAST = ["lucky", "red_suit", "grip", "three_eyes", "eagle_eye"]


def shot_at_seat_1(target_hand: list[str], target_hp: int | None = None, **knobs):
    """Seat 0 (Marshal) holds a Shot; seat 1 (at distance 1) holds `target_hand`."""
    knobs.setdefault("characters", CAST)
    return stacked(
        hands={0: ["shot:7:clubs"], 1: target_hand},
        health=None if target_hp is None else {1: target_hp},
        **knobs,
    )


def response_cards(game, seat: int) -> set[str]:
    """Kinds of the cards the seat may answer with right now."""
    ids = {card["id"]: card["kind"] for card in game.view(seat)["hand"]}
    kinds = set()
    for action in legal(game, seat, type="respond"):
        kinds.add(ids[action["card"]])
        if "card2" in action:
            kinds.add(ids[action["card2"]])
    return kinds


def in_play_step(game, seat: int) -> bool:
    """The seat alone is awaited, in its play step (pending is None or kind "play")."""
    now = pending(game)
    return game.awaiting() == [seat] and (now is None or now["kind"] == "play")


def pairs(actions) -> set[frozenset[str]]:
    """The card pairs offered by two-card responses (either order counts as one pair)."""
    assert all("card2" in action for action in actions), actions
    return {frozenset([action["card"], action["card2"]]) for action in actions}


# --- R67/R68: one hit, one target, one decision -----------------------------------------------


def test_r67_r68_a_shot_hit_awaits_only_its_target():
    game = shot_at_seat_1(["ricochet"])
    play(game, 0, "shot", target=1)

    assert game.awaiting() == [1]
    now = pending(game)
    assert now["kind"] == "respond_hit"
    assert now["seat"] == 1
    assert now["source"] == 0
    assert now["card"] == "shot"
    assert now["required"] == 1
    assert game.legal_actions(0) == []
    assert {"type": "pass"} in game.legal_actions(1)


def test_r68_ricochet_cancels_the_hit():
    game = shot_at_seat_1(["ricochet", "wagon"])
    before = hp(game, 1)
    play(game, 0, "shot", target=1)

    events = respond(game, 1, "ricochet")

    assert hp(game, 1) == before
    assert events_of(events, "damage") == []
    assert hand_kinds(game, 1) == ["wagon"]
    assert game.view(None)["discard_top"]["kind"] == "ricochet"
    assert in_play_step(game, 0)


def test_r68_passing_takes_exactly_one_damage_from_the_shooter():
    game = shot_at_seat_1(["ricochet"])
    before = hp(game, 1)
    play(game, 0, "shot", target=1)

    events = take(game, 1)

    assert hp(game, 1) == before - 1
    damage = events_of(events, "damage")
    assert len(damage) == 1
    assert damage[0]["seat"] == 1
    assert damage[0]["amount"] == 1
    assert damage[0]["source"] == 0
    assert damage[0]["cause"] == "shot"
    assert hand_kinds(game, 1) == ["ricochet"]  # declining keeps the card


@pytest.mark.parametrize("target_hand", [[], ["wagon", "toss"]], ids=["empty", "no-answer"])
def test_r68_a_hit_awaits_its_target_even_when_pass_is_the_only_move(target_hand):
    """Nobody may learn from the timing that the target had no answer (contract, R68)."""
    game = shot_at_seat_1(target_hand)
    before = hp(game, 1)
    play(game, 0, "shot", target=1)

    assert game.awaiting() == [1]
    assert game.legal_actions(1) == [{"type": "pass"}]
    assert hp(game, 1) == before  # nothing lands before the target decides

    take(game, 1)
    assert hp(game, 1) == before - 1


# --- R68 (b) / R51 (b): the Flask response -----------------------------------------------------


def test_r68_flask_answers_a_hit_at_exactly_1_hp():
    game = shot_at_seat_1(["flask"], target_hp=1)
    play(game, 0, "shot", target=1)
    assert response_cards(game, 1) == {"flask"}

    events = respond(game, 1, "flask")

    assert hp(game, 1) == 1
    assert player(game, 1)["alive"]
    assert events_of(events, "damage") == []
    assert hand_kinds(game, 1) == []
    assert game.view(None)["discard_top"]["kind"] == "flask"


def test_r68_flask_is_no_answer_above_1_hp_and_refusing_it_changes_nothing():
    game = shot_at_seat_1(["flask"], target_hp=2)
    play(game, 0, "shot", target=1)
    assert game.legal_actions(1) == [{"type": "pass"}]

    before = game.to_dict()
    with pytest.raises(IllegalAction):
        game.apply(1, {"type": "respond", "card": card_in_hand(game, 1, "flask")})
    assert game.to_dict() == before


def test_r68_flask_is_no_answer_during_high_noon():
    game = shot_at_seat_1(["flask"], target_hp=1, start_round=8)
    assert game.view(None)["high_noon"]
    play(game, 0, "shot", target=1)

    assert game.legal_actions(1) == [{"type": "pass"}]


def test_r68_flask_answers_a_buckshot_hit_at_1_hp():
    game = stacked(hands={0: ["buckshot"], 1: ["flask"]}, health={1: 1}, characters=CAST)
    play(game, 0, "buckshot")
    assert pending(game)["card"] == "buckshot"
    assert response_cards(game, 1) == {"flask"}

    respond(game, 1, "flask")
    assert hp(game, 1) == 1
    assert game.awaiting() == [2]  # the Buckshot goes on to the next target


def test_r68_flask_is_no_answer_with_only_two_players_alive():
    """A >= 3 counts the target too: with the Marshal and the target left, only pass remains."""
    game = stacked(
        seats=4,
        hands={0: ["volcanic", "shot", "shot", "shot"], 3: ["flask"]},
        health={1: 1, 2: 1, 3: 1},
        characters=["lucky", "red_suit", "grip", "three_eyes"],
    )
    play(game, 0, "volcanic")
    for victim in (1, 2):
        play(game, 0, "shot", target=victim)
        take(game, victim)
        assert not player(game, victim)["alive"]
        choose(game, 0, "fortitude")  # the Glory star of R83
    assert sum(row["alive"] for row in game.view(None)["players"]) == 2

    play(game, 0, "shot", target=3)

    assert game.awaiting() == [3]
    assert game.legal_actions(3) == [{"type": "pass"}]


def test_r68_ricochet_also_cancels_a_buckshot_hit():
    game = stacked(hands={0: ["buckshot"], 1: ["ricochet"]}, characters=CAST)
    before = hp(game, 1)
    play(game, 0, "buckshot")
    assert pending(game)["kind"] == "respond_hit"
    assert pending(game)["card"] == "buckshot"

    respond(game, 1, "ricochet")
    assert hp(game, 1) == before


# --- R68 step 1: Cover is checked before any response is asked -------------------------------


def test_r68_a_cover_success_ends_the_hit_before_any_response_old_classic():
    """Old Classic Cover flips the top card (R73): Hearts cancels, so no decision is awaited."""
    cast = ["lucky", "iron_brow", "grip", "three_eyes", "eagle_eye"]
    game = stacked(
        mode="old_classic",
        hands={0: ["shot:7:clubs"], 1: ["ricochet"]},
        deck=filler(2) + ["flask:6:hearts"] + filler(4),
        characters=cast,
    )
    before = hp(game, 1)

    events = play(game, 0, "shot", target=1)

    assert [e["seat"] for e in events_of(events, "check")] == [1]
    assert hp(game, 1) == before
    assert game.awaiting() == [0]
    assert hand_kinds(game, 1) == ["ricochet"]


def test_r68_after_a_cover_failure_the_target_still_chooses_a_response_old_classic():
    cast = ["lucky", "iron_brow", "grip", "three_eyes", "eagle_eye"]
    game = stacked(
        mode="old_classic",
        hands={0: ["shot:7:clubs"], 1: ["ricochet"]},
        deck=filler(2) + ["duel:8:clubs"] + filler(4),
        characters=cast,
    )
    before = hp(game, 1)

    events = play(game, 0, "shot", target=1)

    assert [e["seat"] for e in events_of(events, "check")] == [1]
    assert game.awaiting() == [1]
    assert response_cards(game, 1) == {"ricochet"}
    respond(game, 1, "ricochet")
    assert hp(game, 1) == before


# --- R68 step 2: Bonesetter heals before he responds -----------------------------------------


def test_r68_bonesetter_may_heal_in_his_response_window_before_answering():
    cast = ["lucky", "bonesetter", "grip", "three_eyes", "eagle_eye"]
    game = stacked(
        hands={0: ["shot:7:clubs"], 1: ["wagon", "toss", "ricochet"]},
        health={1: 3},
        characters=cast,
    )
    play(game, 0, "shot", target=1)
    wagon, toss = card_in_hand(game, 1, "wagon"), card_in_hand(game, 1, "toss")
    heal = [
        a
        for a in legal(game, 1, type="ability", ability="bonesetter")
        if sorted(a["cards"]) == sorted([wagon, toss])
    ]
    assert len(heal) == 1

    game.apply(1, heal[0])

    assert hp(game, 1) == 4
    assert game.awaiting() == [1]  # the hit still waits for his answer
    assert pending(game)["kind"] == "respond_hit"
    respond(game, 1, "ricochet")
    assert hp(game, 1) == 4


# --- R68 step 4: the automatic answer ----------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "target"), [("shot", 1), ("buckshot", None), ("raid", None), ("duel", 1)]
)
def test_r68_the_automatic_answer_to_any_attack_is_to_pass(card, target):
    """R68.4/R120: on timeout the hit is accepted (or the Duel/Raid round lost), even with a
    Ricochet, a Shot and a Flask in hand."""
    game = stacked(
        hands={0: [card], 1: ["ricochet", "shot:2:clubs", "flask"]},
        health={1: 1},
        characters=CAST,
    )
    play(game, 0, card, **({} if target is None else {"target": target}))
    assert game.awaiting() == [1]

    assert game.default_action(1) == {"type": "pass"}


# --- R69: the Double Barrel rule ----------------------------------------------------------------

DB_CAST = ["double_barrel", "red_suit", "grip", "three_eyes", "eagle_eye"]


def double_barrel_shot(target_hand, target_hp=None, **knobs):
    knobs.setdefault("characters", DB_CAST)
    return shot_at_seat_1(target_hand, target_hp, **knobs)


def test_r69_double_barrel_at_distance_1_needs_two_ricochets_together():
    game = double_barrel_shot(["ricochet", "ricochet", "wagon"])
    before = hp(game, 1)
    discards = game.view(None)["discard_count"]
    play(game, 0, "shot", target=1)
    assert pending(game)["required"] == 2

    pair = legal(game, 1, type="respond")
    assert pairs(pair) == {
        frozenset([card_in_hand(game, 1, "ricochet", 0), card_in_hand(game, 1, "ricochet", 1)])
    }
    game.apply(1, pair[0])

    assert hp(game, 1) == before
    assert hand_kinds(game, 1) == ["wagon"]
    assert game.view(None)["discard_count"] == discards + 3  # the Shot and both Ricochets


def test_r69_one_ricochet_is_no_partial_answer_to_double_barrel():
    game = double_barrel_shot(["ricochet"])
    before = hp(game, 1)
    play(game, 0, "shot", target=1)
    assert game.legal_actions(1) == [{"type": "pass"}]

    snapshot = game.to_dict()
    with pytest.raises(IllegalAction):
        game.apply(1, {"type": "respond", "card": card_in_hand(game, 1, "ricochet")})
    assert game.to_dict() == snapshot

    take(game, 1)
    assert hp(game, 1) == before - 1
    assert hand_kinds(game, 1) == ["ricochet"]


def test_r69_double_barrel_at_distance_2_needs_only_one_ricochet():
    game = stacked(
        hands={0: ["sawed_off", "shot:7:clubs"], 2: ["ricochet"]},
        characters=DB_CAST,
    )
    before = hp(game, 2)
    play(game, 0, "sawed_off")
    assert player(game, 2, viewer=0)["distance"] == 2

    play(game, 0, "shot", target=2)
    assert pending(game)["required"] == 1

    respond(game, 2, "ricochet")
    assert hp(game, 2) == before


def test_r69_q15_a_horse_on_the_target_counts_in_the_double_barrel_distance():
    """pass_shadow's built-in Horse puts a neighbour at effective distance 2: one Ricochet."""
    cast = ["double_barrel", "pass_shadow", "grip", "three_eyes", "eagle_eye"]
    game = stacked(hands={0: ["sawed_off", "shot:7:clubs"], 1: ["ricochet"]}, characters=cast)
    play(game, 0, "sawed_off")
    assert player(game, 1, viewer=0)["distance"] == 2

    play(game, 0, "shot", target=1)
    assert pending(game)["required"] == 1


def test_r69_q15_a_scope_brings_a_target_into_the_double_barrel_rule():
    """With a Scope, seat 2 (2 seats away) is at effective distance 1: two Ricochets."""
    game = stacked(
        hands={0: ["scope", "shot:7:clubs"], 2: ["ricochet", "ricochet"]}, characters=DB_CAST
    )
    play(game, 0, "scope")
    assert player(game, 2, viewer=0)["distance"] == 1

    play(game, 0, "shot", target=2)
    assert pending(game)["required"] == 2


def test_r69_one_flask_cancels_a_whole_double_barrel_hit():
    game = double_barrel_shot(["flask", "ricochet"], target_hp=1)
    play(game, 0, "shot", target=1)
    assert response_cards(game, 1) == {"flask"}

    respond(game, 1, "flask")
    assert hp(game, 1) == 1
    assert hand_kinds(game, 1) == ["ricochet"]


def test_r69_two_face_pairs_a_shot_with_a_ricochet_against_double_barrel():
    cast = ["double_barrel", "two_face", "grip", "three_eyes", "eagle_eye"]
    game = double_barrel_shot(["shot:2:clubs", "ricochet"], characters=cast)
    before = hp(game, 1)
    play(game, 0, "shot", target=1)

    pair = legal(game, 1, type="respond")
    assert pairs(pair) == {
        frozenset([card_in_hand(game, 1, "shot"), card_in_hand(game, 1, "ricochet")])
    }
    game.apply(1, pair[0])
    assert hp(game, 1) == before


def test_r69_a_cover_success_counts_as_one_of_the_two_old_classic():
    cast = ["double_barrel", "iron_brow", "grip", "three_eyes", "eagle_eye"]
    game = stacked(
        mode="old_classic",
        hands={0: ["shot:7:clubs"], 1: ["ricochet"]},
        deck=filler(2) + ["flask:7:hearts"] + filler(4),
        characters=cast,
    )
    before = hp(game, 1)
    play(game, 0, "shot", target=1)

    assert game.awaiting() == [1]  # a Cover success alone is not enough
    assert pending(game)["required"] == 1
    respond(game, 1, "ricochet")
    assert hp(game, 1) == before


def test_r69_after_a_cover_failure_two_ricochets_are_still_needed_old_classic():
    cast = ["double_barrel", "iron_brow", "grip", "three_eyes", "eagle_eye"]
    game = stacked(
        mode="old_classic",
        hands={0: ["shot:7:clubs"], 1: ["ricochet"]},
        deck=filler(2) + ["duel:8:clubs"] + filler(4),
        characters=cast,
    )
    play(game, 0, "shot", target=1)

    assert pending(game)["required"] == 2
    assert game.legal_actions(1) == [{"type": "pass"}]


def test_r69_the_rule_covers_shots_only_not_buckshot():
    """Q15: a Buckshot hit from double_barrel is cancelled by one Ricochet, even adjacent."""
    game = stacked(hands={0: ["buckshot"], 1: ["ricochet"]}, characters=DB_CAST)
    before = hp(game, 1)
    play(game, 0, "buckshot")
    assert pending(game)["required"] == 1

    respond(game, 1, "ricochet")
    assert hp(game, 1) == before


# --- R70: Buckshot and Raid, one target at a time, clockwise -----------------------------------

# The Marshal sits at seat 2 here, so the clockwise order has to wrap past the last seat.
WRAP_ROLES = ["bandit", "deputy", "marshal", "bandit", "loner"]


@pytest.mark.parametrize(("card", "kind"), [("buckshot", "respond_hit"), ("raid", "raid")])
def test_r70_targets_answer_one_at_a_time_clockwise_after_the_player(card, kind):
    cast = ["red_suit", "grip", "lucky", "three_eyes", "eagle_eye"]
    game = stacked(hands={2: [card]}, roles=WRAP_ROLES, characters=cast)
    assert turn(game) == 2
    start = {seat: hp(game, seat) for seat in range(5)}
    play(game, 2, card)

    order = []
    while game.awaiting() != [2]:
        [target] = game.awaiting()
        assert pending(game)["kind"] == kind
        assert pending(game)["source"] == 2
        # Earlier targets are done, later ones untouched.
        for done in order:
            assert hp(game, done) == start[done] - 1
        take(game, target)
        order.append(target)

    assert order == [3, 4, 0, 1]
    assert hp(game, 2) == start[2]


def test_r70_an_elimination_is_processed_before_the_next_target_answers():
    game = stacked(hands={0: ["buckshot"]}, health={2: 1}, characters=CAST)
    play(game, 0, "buckshot")
    take(game, 1)

    events = take(game, 2)

    assert [e["seat"] for e in events_of(events, "eliminated")] == [2]
    assert game.view(3)["players"][2]["role"] == "bandit"  # revealed at once (R80)
    # The Marshal's Glory upgrade comes at once; seat 3 waits until it is made.
    assert game.awaiting() == [0]
    assert pending(game)["kind"] == "upgrade"
    choose(game, 0, "accuracy")
    assert game.awaiting() == [3]


@pytest.mark.parametrize("card", ["buckshot", "raid"])
def test_r70_when_the_game_ends_mid_effect_the_remaining_targets_are_skipped(card):
    """Marshal (seat 2) falls as the second target: seat 3 is never asked (R70, R91, Q14)."""
    game = stacked(
        seats=4,
        roles=["bandit", "loner", "marshal", "bandit"],
        hands={0: [card]},
        health={2: 1},
        characters=["double_barrel", "two_face", "lucky", "pass_shadow"],
    )
    assert turn(game) == 2
    finish_turn(game)  # the Marshal at 1 HP discards down to 1 card (R25)
    finish_turn(game)
    assert turn(game) == 0
    spared = hp(game, 3)

    play(game, 0, card)
    take(game, 1)
    events = take(game, 2)

    assert events_of(events, "game_over")
    assert game.result == {"winners": [0, 3], "team": "bandits"}
    assert hp(game, 3) == spared
    assert not any(e.get("seat") == 3 for e in events if e["type"] == "damage")
    assert game.awaiting() == []


def test_r70_raid_answered_with_a_shot_costs_nothing():
    game = stacked(hands={0: ["raid"], 1: ["shot:2:clubs"]}, characters=CAST)
    before = hp(game, 1)
    play(game, 0, "raid")
    assert game.awaiting() == [1]
    assert response_cards(game, 1) == {"shot"}

    respond(game, 1, "shot")
    assert hp(game, 1) == before
    assert game.awaiting() == [2]


def test_r70_raid_with_nothing_to_discard_still_awaits_the_target():
    game = stacked(hands={0: ["raid"], 1: ["ricochet", "flask"]}, characters=CAST)
    play(game, 0, "raid")

    assert game.awaiting() == [1]
    assert game.legal_actions(1) == [{"type": "pass"}]  # Ricochet and Flask do not apply


# --- R71: the Duel, one Shot per decision ------------------------------------------------------


def test_r71_duellists_discard_one_shot_per_decision_challenged_first():
    game = stacked(
        hands={0: ["duel", "shot:2:clubs"], 1: ["shot:3:clubs", "shot:4:clubs"]},
        characters=CAST,
    )
    marshal_hp, challenged_hp = hp(game, 0), hp(game, 1)
    play(game, 0, "duel", target=1)

    sequence = []
    for _ in range(3):
        [seat] = game.awaiting()
        assert pending(game)["kind"] == "duel"
        assert len(legal(game, seat, type="respond")) == len(
            [k for k in hand_kinds(game, seat) if k == "shot"]
        )
        sequence.append(seat)
        respond(game, seat, "shot")
    assert sequence == [1, 0, 1]

    assert game.awaiting() == [0]
    assert game.legal_actions(0) == [{"type": "pass"}]
    events = take(game, 0)

    assert hp(game, 0) == marshal_hp - 1
    assert hp(game, 1) == challenged_hp
    [damage] = events_of(events, "damage")
    assert (damage["seat"], damage["source"], damage["cause"]) == (0, 1, "duel")
    assert in_play_step(game, 0)


def test_r71_shots_discarded_in_a_duel_leave_the_shot_limit_untouched():
    """R47/R49: answering a Duel with a Shot is a response, so the turn's Shot is still there."""
    game = stacked(
        hands={0: ["duel", "shot:2:clubs", "shot:5:clubs"], 1: ["shot:3:clubs"]},
        characters=CAST,
    )
    play(game, 0, "duel", target=1)
    respond(game, 1, "shot")
    respond(game, 0, "shot")
    take(game, 1)

    assert can_play(game, 0, "shot", target=1)
    act(game, 0, type="play", card=card_in_hand(game, 0, "shot"), target=1)
    assert game.awaiting() == [1]
