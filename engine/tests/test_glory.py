"""R83-R90: Glory stars and upgrades, Bounty, Last Bullet, the Penalty, the Old Classic reward.

Seat 0 is the Marshal. Kills come from Duels and Shots at players set to 1 HP; stars a victim
holds are earned in earlier turns of the same stacked game.
"""

from __future__ import annotations

import pytest
from scenario import (
    can_play,
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
    settle,
    stacked,
    take,
    turn,
)

UPGRADES = {"accuracy", "fortitude", "instinct"}
# Nobody here changes distances to others, draws differently or reacts to damage.
CAST = ["lucky", "two_face", "double_barrel", "pass_shadow", "bonesetter"]


def upgrade_options(game, seat: int) -> set[str]:
    assert game.awaiting() == [seat]
    assert pending(game)["kind"] == "upgrade"
    return {a["option"] for a in legal(game, seat, type="choose")}


def duel_kill(game, killer: int, victim: int) -> list[dict]:
    """The killer duels a victim at 1 HP that holds no Shot: the victim can only pass."""
    play(game, killer, "duel", target=victim)
    return take(game, victim)


def marshal_duels_loner(**knobs):
    """Seat 0 (Marshal) duels seat 4 (Loner at 1 HP) and wins: the star is his (R83)."""
    knobs.setdefault("characters", CAST)
    hands = knobs.pop("hands", {})
    hands.setdefault(0, ["duel"])
    health = {4: 1, **knobs.pop("health", {})}
    game = stacked(hands=hands, health=health, **knobs)
    duel_kill(game, 0, 4)
    assert not player(game, 4)["alive"]
    return game


# --- R83: the Glory star ------------------------------------------------------------------------


def test_r83_the_eliminator_gains_a_star_and_chooses_an_upgrade_at_once():
    game = marshal_duels_loner()

    assert upgrade_options(game, 0) == UPGRADES
    assert pending(game)["seat"] == 0
    assert set(pending(game)["options"]) == UPGRADES
    choose(game, 0, "accuracy")

    for viewer in (None, 0, 1, 2, 3, 4):  # stars and upgrades are public (Q34)
        row = game.view(viewer)["players"][0]
        assert row["stars"] == 1
        assert row["upgrades"] == ["accuracy"]
    assert game.awaiting() == [0]
    assert pending(game) is None or pending(game)["kind"] == "play"


def test_r83_q33_eliminating_a_teammate_also_earns_a_star():
    game = stacked(
        roles=["marshal", "bandit", "bandit", "deputy", "loner"],
        hands={1: ["duel"]},
        health={2: 1},
        characters=CAST,
    )
    end_turn(game, 0)
    duel_kill(game, 1, 2)

    assert upgrade_options(game, 1) == UPGRADES
    choose(game, 1, "fortitude")
    assert player(game, 1)["stars"] == 1


# --- R84: Accuracy ------------------------------------------------------------------------------


def test_r84_accuracy_adds_shot_range_but_not_grab_distance():
    game = marshal_duels_loner(
        hands={0: ["duel", "shot:7:clubs", "grab"], 1: ["wagon:2:clubs"], 2: ["wagon:3:clubs"]}
    )
    # Seat 4 is gone: seats 1 and 3 neighbour the Marshal, seat 2 is 2 away.
    assert player(game, 2, viewer=0)["distance"] == 2
    choose(game, 0, "accuracy")

    assert player(game, 2, viewer=0)["distance"] == 2  # range grew, not the distance
    assert can_play(game, 0, "shot", target=2)
    assert not can_play(game, 0, "grab", target=2)  # Grab stays at distance 1 (Q31)
    assert can_play(game, 0, "grab", target=1)


def test_r84_without_accuracy_the_same_shot_is_out_of_range():
    game = marshal_duels_loner(hands={0: ["duel", "shot:7:clubs"]})
    choose(game, 0, "fortitude")
    assert not can_play(game, 0, "shot", target=2)
    assert can_play(game, 0, "shot", target=1)


def test_r84_accuracy_does_not_bring_targets_into_the_double_barrel_rule():
    """Q31: at distance 2, one Ricochet still answers a double_barrel Shot with Accuracy."""
    cast = ["double_barrel", "two_face", "lucky", "pass_shadow", "bonesetter"]
    game = marshal_duels_loner(
        hands={0: ["duel", "shot:7:clubs"], 2: ["ricochet"]}, characters=cast
    )
    choose(game, 0, "accuracy")
    play(game, 0, "shot", target=2)

    assert pending(game)["required"] == 1


# --- R85: Fortitude -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start_hp", "start_round"), [(2, 1), (4, 1), (2, 8)], ids=["hurt", "full", "high-noon"]
)
def test_r85_fortitude_adds_one_max_hp_and_one_hp_now(start_hp, start_round):
    game = marshal_duels_loner(health={0: start_hp}, start_round=start_round)
    assert player(game, 0)["max_hp"] == 4

    choose(game, 0, "fortitude")

    assert player(game, 0)["max_hp"] == 5
    assert hp(game, 0) == start_hp + 1  # not healing: it works in High Noon too (Q32)


def test_r85_q30_fortitude_stacks():
    game = stacked(hands={0: ["duel", "duel"]}, health={3: 1, 4: 1}, characters=CAST)
    duel_kill(game, 0, 4)
    choose(game, 0, "fortitude")
    duel_kill(game, 0, 3)
    choose(game, 0, "fortitude")

    assert player(game, 0)["max_hp"] == 6
    assert player(game, 0)["upgrades"] == ["fortitude", "fortitude"]
    assert player(game, 0)["stars"] == 2


# --- R86: Instinct ------------------------------------------------------------------------------


def instinct_marshal():
    """4 seats: the Marshal takes Instinct for a kill, then the round comes back to him.

    His second draw step looks at scope, horse, volcanic (in that order); rifle lies below."""
    game = stacked(
        seats=4,
        hands={0: ["duel", "wagon:2:clubs"]},
        health={1: 1},
        deck=filler(6)
        + ["scope:2:clubs", "horse:3:clubs", "volcanic:4:clubs", "rifle:5:clubs"]
        + filler(6),
        characters=["lucky", "two_face", "pass_shadow", "bonesetter"],
    )
    duel_kill(game, 0, 1)
    choose(game, 0, "instinct")
    assert player(game, 0)["upgrades"] == ["instinct"]
    end_turn(game, 0)
    end_turn(game, 2)
    end_turn(game, 3)
    if (pending(game) or {}).get(
        "kind"
    ) == "draw_choice":  # a player may be asked to pick the method
        choose(game, 0, "instinct")
    return game


def test_r86_instinct_looks_at_three_keeps_two_and_puts_one_back_on_top():
    game = instinct_marshal()
    now = game.view(0)["pending"]
    assert now["kind"] == "keep_two"
    assert now["seat"] == 0
    looked = [card["kind"] for card in now["looking_at"]]
    assert looked == ["scope", "horse", "volcanic"]
    for other in (None, 2, 3):  # only the deciding seat sees the three cards
        assert "looking_at" not in (game.view(other)["pending"] or {})
    horse = next(c["id"] for c in now["looking_at"] if c["kind"] == "horse")
    held = player(game, 0)["hand_count"]

    choose(game, 0, "return", card=horse)

    assert player(game, 0)["hand_count"] == held + 2
    assert {"scope", "volcanic"} <= set(hand_kinds(game, 0))
    assert "horse" not in hand_kinds(game, 0)
    # The returned card is the next one drawn, and Wagon is a plain draw: no second look.
    play(game, 0, "wagon")
    assert {"horse", "rifle"} <= set(hand_kinds(game, 0))
    assert pending(game) is None or pending(game)["kind"] == "play"


def test_r86_instinct_is_not_offered_to_a_player_who_has_it():
    game = stacked(seats=4, hands={0: ["duel", "duel"]}, health={1: 1, 2: 1}, characters=CAST[:4])
    duel_kill(game, 0, 1)
    choose(game, 0, "instinct")
    duel_kill(game, 0, 2)

    assert upgrade_options(game, 0) == {"accuracy", "fortitude"}


def test_r86_r116_instinct_is_not_offered_to_three_eyes():
    cast = ["three_eyes", "two_face", "pass_shadow", "double_barrel", "bonesetter"]
    game = stacked(hands={0: ["duel"]}, health={4: 1}, characters=cast)
    settle(game, 0)  # his own opening keep-2-of-3
    duel_kill(game, 0, 4)

    assert upgrade_options(game, 0) == {"accuracy", "fortitude"}


# --- R87: Bounty --------------------------------------------------------------------------------


def bounty_table():
    """6 seats. Seat 2 (Bandit) eliminates seats 3 and 4 in its turn (stars: accuracy, then
    fortitude); in his next turn the Marshal duels seat 2 twice and eliminates it."""
    game = stacked(
        seats=6,
        hands={0: ["duel", "duel"], 2: ["duel", "shot:7:clubs"]},
        health={2: 1, 3: 1, 4: 1},
        deck=filler(10) + ["horse:2:clubs", "scope:3:clubs"] + filler(6),
        characters=["lucky", "double_barrel", "pass_shadow", "two_face", "eagle_eye", "bonesetter"],
    )
    end_turn(game, 0)
    end_turn(game, 1)
    duel_kill(game, 2, 3)
    choose(game, 2, "accuracy")
    play(game, 2, "shot", target=4)  # seat 3 is gone: seat 4 is now a neighbour
    take(game, 4)
    choose(game, 2, "fortitude")
    assert player(game, 2)["stars"] == 2
    assert hp(game, 2) == 2
    end_turn(game, 2)
    end_turn(game, 5)
    assert turn(game) == 0
    duel_kill(game, 0, 2)
    assert hp(game, 2) == 1
    return game


def test_r87_bounty_takes_a_chosen_star_with_its_upgrade_plus_a_card_per_star():
    game = bounty_table()
    max_hp, now_hp = player(game, 0)["max_hp"], hp(game, 0)

    events = duel_kill(game, 0, 2)
    assert events_of(events, "eliminated")

    seen = []
    while game.awaiting() == [0] and pending(game) and pending(game)["kind"] != "play":
        decision = pending(game)
        seen.append(decision["kind"])
        if decision["kind"] == "upgrade":
            choose(game, 0, "accuracy")
        else:
            assert decision["kind"] == "bounty"
            assert decision["victim"] == 2
            assert list(decision["options"]) == ["accuracy", "fortitude"]
            assert {a["option"] for a in legal(game, 0, type="choose")} == {
                "accuracy",
                "fortitude",
            }
            choose(game, 0, "fortitude")
    assert sorted(seen) == ["bounty", "upgrade"]

    marshal = player(game, 0)
    assert marshal["stars"] == 2  # his own star plus the taken one (Q36)
    assert sorted(marshal["upgrades"]) == ["accuracy", "fortitude"]
    assert marshal["max_hp"] == max_hp + 1  # the taken Fortitude works as if chosen
    assert marshal["hp"] == now_hp + 1
    assert {"horse", "scope"} <= set(hand_kinds(game, 0))  # one card per victim star
    assert player(game, 2)["stars"] == 0  # the other stars are lost


def test_r87_q35_the_automatic_bounty_choice_is_the_earliest_gained_star():
    game = bounty_table()
    duel_kill(game, 0, 2)
    while pending(game)["kind"] != "bounty":
        choose(game, 0, "fortitude")

    assert game.default_action(0) == {"type": "choose", "option": "accuracy"}


def test_r87_penalty_comes_before_the_bounty_so_bounty_cards_are_kept():
    """The Marshal eliminates his Deputy, who holds one star: he discards everything he has,
    then draws the one Bounty card (R89, R80 steps 5-6)."""
    game = stacked(
        hands={0: ["horse:8:hearts", "sawed_off:J:clubs", "shot:7:clubs"], 1: ["duel"]},
        health={1: 1, 2: 1},
        deck=filler(10) + ["scope:A:clubs"] + filler(6),
        characters=["lucky", "two_face", "pass_shadow", "double_barrel", "eagle_eye"],
    )
    finish_turn(game)  # the Marshal (4 HP) discards one of his five cards
    duel_kill(game, 1, 2)
    choose(game, 1, "accuracy")
    finish_turn(game)  # seat 1 at 1 HP discards down to one card
    end_turn(game, 3)
    end_turn(game, 4)
    play(game, 0, "horse")
    play(game, 0, "sawed_off")
    play(game, 0, "shot", target=1)

    events = take(game, 1)
    assert events_of(events, "penalty")
    settle(game, 0)  # his own upgrade and the Bounty star, both by the automatic move

    marshal = player(game, 0)
    assert hand_kinds(game, 0) == ["scope"]
    assert marshal["in_play"] == []
    assert marshal["weapon"] is None
    assert marshal["stars"] == 2


# --- R88: Last Bullet ---------------------------------------------------------------------------


def answer_upgrades(game, picks: dict[int, str]) -> list[int]:
    """Answer every pending upgrade choice with the seat's pick; returns who chose, in order."""
    order = []
    while game.awaiting() and pending(game) and pending(game)["kind"] == "upgrade":
        seat = pending(game)["seat"]
        assert game.awaiting() == [seat]
        choose(game, seat, picks[seat])
        order.append(seat)
    return order


def bandit_shoots_deputy(**knobs):
    """Seat 2 (Bandit) shoots seat 1 (Deputy at 1 HP) in its turn."""
    knobs.setdefault("characters", CAST)
    game = stacked(hands={2: ["shot:7:clubs"]}, health={1: 1}, **knobs)
    end_turn(game, 0)
    finish_turn(game)  # the Deputy at 1 HP discards down to one card
    play(game, 2, "shot", target=1)
    take(game, 1)
    assert not player(game, 1)["alive"]
    return game


def test_r88_the_last_deputy_falling_gives_the_marshal_a_star_without_firing():
    game = bandit_shoots_deputy()

    assert sorted(answer_upgrades(game, {0: "fortitude", 2: "accuracy"})) == [0, 2]
    marshal = player(game, 0)
    assert marshal["stars"] == 1
    assert marshal["upgrades"] == ["fortitude"]
    assert marshal["max_hp"] == 5
    assert turn(game) == 2  # the Bandit's turn goes on


def test_r88_last_bullet_ignores_the_double_agent():
    """The Marshal was shown the Double Agent as a 'Deputy'; it does not count (R88, Q37)."""
    game = bandit_shoots_deputy(
        mode="double_agent", roles=["marshal", "deputy", "bandit", "double_agent", "loner"]
    )
    answer_upgrades(game, {0: "accuracy", 2: "accuracy"})
    assert player(game, 0)["stars"] == 1


def test_r88_the_double_agent_falling_after_the_last_deputy_gives_no_second_star():
    """Seat 2's Buckshot hits seat 3 (the real Deputy) first, then seat 1 (the Double Agent):
    the Marshal gets one Last Bullet star, for the Deputy only (R88, Q37)."""
    game = stacked(
        mode="double_agent",
        roles=["marshal", "double_agent", "bandit", "deputy", "loner"],
        hands={2: ["buckshot"]},
        health={1: 1, 3: 1},
        characters=CAST,
    )
    end_turn(game, 0)
    finish_turn(game)  # the Double Agent at 1 HP discards down to one card
    play(game, 2, "buckshot")
    take(game, 3)
    assert sorted(answer_upgrades(game, {0: "accuracy", 2: "accuracy"})) == [0, 2]
    for target in (4, 0, 1):
        take(game, target)

    assert not player(game, 1)["alive"]
    assert answer_upgrades(game, {0: "accuracy", 2: "accuracy"}) == [2]
    assert player(game, 0)["stars"] == 1


def test_r88_no_last_bullet_while_another_deputy_lives():
    """7 seats, two Deputies (seats 1 and 5). A Buckshot from seat 2 hits 3,4,5,6,0,1 in turn."""
    game = stacked(
        seats=7,
        hands={2: ["buckshot"]},
        health={1: 1, 5: 1},
        characters=CAST + ["eagle_eye", "mad_dog"],
    )
    end_turn(game, 0)
    finish_turn(game)
    play(game, 2, "buckshot")
    for target in (3, 4):
        take(game, target)
    take(game, 5)
    assert answer_upgrades(game, {2: "accuracy"}) == [2]
    assert player(game, 0)["stars"] == 0  # seat 1 is still alive

    for target in (6, 0, 1):
        take(game, target)
    assert sorted(answer_upgrades(game, {0: "accuracy", 2: "accuracy"})) == [0, 2]
    assert player(game, 0)["stars"] == 1


def test_r88_no_last_bullet_when_the_marshal_shot_his_own_last_deputy():
    game = stacked(hands={0: ["shot:7:clubs"]}, health={1: 1}, characters=CAST)
    play(game, 0, "shot", target=1)
    take(game, 1)

    assert answer_upgrades(game, {0: "accuracy"}) == [0]  # only the eliminator's star
    assert player(game, 0)["stars"] == 1


def test_r88_no_last_bullet_at_4_seats_without_deputies():
    game = stacked(seats=4, hands={1: ["duel"]}, health={2: 1}, characters=CAST[:4])
    end_turn(game, 0)
    duel_kill(game, 1, 2)

    assert answer_upgrades(game, {1: "accuracy"}) == [1]
    assert player(game, 0)["stars"] == 0


def test_r88_a_dynamite_death_of_the_last_deputy_counts():
    game = stacked(
        hands={1: ["dynamite"]},
        deck=filler(12) + ["ricochet:6:spades"] + filler(6),
        characters=["lucky", "pass_shadow", "two_face", "double_barrel", "bonesetter"],
    )
    end_turn(game, 0)
    play(game, 1, "dynamite")
    for seat in (1, 2, 3, 4):
        end_turn(game, seat)
    events = end_turn(game, 0)  # seat 1 (3 HP) opens its turn with the explosion

    [out] = events_of(events, "eliminated")
    assert (out["seat"], out["by"]) == (1, None)
    assert answer_upgrades(game, {0: "fortitude"}) == [0]
    assert player(game, 0)["stars"] == 1
    assert all(player(game, seat)["stars"] == 0 for seat in (2, 3, 4))


# --- R89: the Penalty ---------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["classic", "old_classic"])
def test_r89_the_marshal_who_eliminates_his_deputy_discards_everything(mode):
    game = stacked(
        mode=mode,
        hands={0: ["horse:8:hearts", "sawed_off:J:clubs", "shot:7:clubs", "flask"]},
        health={1: 1},
        characters=CAST,
    )
    play(game, 0, "horse")
    play(game, 0, "sawed_off")
    play(game, 0, "shot", target=1)
    owned = player(game, 0)["hand_count"] + 2  # flask, two drawn cards, horse, sawed-off
    discards = game.view(None)["discard_count"]

    events = take(game, 1)

    [penalty] = events_of(events, "penalty")
    assert penalty["seat"] == 0
    assert hand_kinds(game, 0) == []
    assert player(game, 0)["in_play"] == []
    assert player(game, 0)["weapon"] is None
    assert game.view(None)["discard_count"] == discards + owned  # the Deputy held nothing


def test_r89_eliminating_the_double_agent_brings_no_penalty():
    game = stacked(
        mode="double_agent",
        roles=["marshal", "deputy", "bandit", "bandit", "double_agent"],
        hands={0: ["horse:8:hearts", "duel"]},
        health={4: 1},
        characters=CAST,
    )
    play(game, 0, "horse")
    events = duel_kill(game, 0, 4)

    assert not events_of(events, "penalty")
    assert player(game, 0)["hand_count"] == 2
    assert [card["kind"] for card in player(game, 0)["in_play"]] == ["horse"]


# --- R81/R83: Dynamite earns nobody a star ------------------------------------------------------


def test_r83_an_elimination_by_dynamite_earns_no_star():
    game = stacked(
        seats=4,
        hands={1: ["dynamite"]},
        deck=filler(10) + ["ricochet:6:spades"] + filler(6),
        characters=["lucky", "pass_shadow", "two_face", "double_barrel"],
    )
    end_turn(game, 0)
    play(game, 1, "dynamite")
    for seat in (1, 2, 3):
        end_turn(game, seat)
    events = end_turn(game, 0)

    assert events_of(events, "eliminated")
    assert game.awaiting() == [2]
    assert pending(game) is None or pending(game)["kind"] == "play"
    assert all(row["stars"] == 0 for row in game.view(None)["players"])


# --- R90 / R117: Old Classic --------------------------------------------------------------------


def test_r90_old_classic_has_no_stars_and_pays_3_cards_for_a_bandit():
    game = stacked(
        mode="old_classic", seats=4, hands={0: ["duel"]}, health={1: 1}, characters=CAST[:4]
    )
    held, deck = player(game, 0)["hand_count"], game.view(None)["deck_count"]

    duel_kill(game, 0, 1)

    assert player(game, 0)["hand_count"] == held - 1 + 3
    assert game.view(None)["deck_count"] == deck - 3
    assert player(game, 0)["stars"] == 0
    assert player(game, 0)["upgrades"] == []
    assert game.awaiting() == [0]
    assert pending(game) is None or pending(game)["kind"] == "play"


def test_r90_old_classic_pays_a_bandit_who_eliminates_another_bandit():
    game = stacked(
        mode="old_classic", seats=4, hands={1: ["duel"]}, health={2: 1}, characters=CAST[:4]
    )
    end_turn(game, 0)
    held = player(game, 1)["hand_count"]

    duel_kill(game, 1, 2)

    assert player(game, 1)["hand_count"] == held - 1 + 3
    assert player(game, 1)["stars"] == 0


def test_r90_old_classic_pays_nothing_for_a_loner():
    game = stacked(
        mode="old_classic", seats=4, hands={0: ["duel"]}, health={3: 1}, characters=CAST[:4]
    )
    held = player(game, 0)["hand_count"]

    duel_kill(game, 0, 3)

    assert player(game, 0)["hand_count"] == held - 1
    assert player(game, 0)["stars"] == 0
    assert game.awaiting() == [0]
