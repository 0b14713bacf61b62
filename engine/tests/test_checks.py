"""R72-R77: Jail, Dynamite and Cover checks (RULES.md section 11).

Flipped cards come from stacked decks, so each check's outcome is chosen by the test. The Arena
Cover coin comes from the game's seeded generator: tests find a winning and a losing seed by
trying seeds, then assert on what the table shows.
"""

from __future__ import annotations

import pytest
from scenario import (
    checked_cards,
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
    stacked,
    take,
    turn,
)

# Seats that take turns here draw automatically (no grip, three_eyes, vulture_jr, red_suit).
CAST = ["double_barrel", "pass_shadow", "two_face", "eagle_eye", "bonesetter"]


def in_play_kinds(game, seat: int) -> list[str]:
    return sorted(card["kind"] for card in player(game, seat)["in_play"])


def check_events(events, seat: int) -> list[dict]:
    return [e for e in events_of(events, "check") if e["seat"] == seat]


# --- R74: Jail ----------------------------------------------------------------------------------


def jailed_seat_1(check_cards: list[str], mode: str = "classic", characters=None):
    """The Marshal jails seat 1 and ends his turn; seat 1's turn starts with the Jail check.

    Deck: 2 cards for the Marshal's opening draw, then the check card(s), then seat 1's draw.
    Returns the game and the events of the Marshal's end_turn (which run seat 1's checks).
    """
    game = stacked(
        mode=mode,
        hands={0: ["jail:J:spades"], 1: ["shot:7:clubs"]},
        deck=filler(2) + check_cards + ["wagon:9:spades", "wagon:9:spades"] + filler(6),
        characters=characters or CAST,
    )
    play(game, 0, "jail", target=1)
    assert in_play_kinds(game, 1) == ["jail"]
    return game, end_turn(game, 0)


@pytest.mark.parametrize("mode", ["classic", "old_classic"])
def test_r74_a_hearts_check_escapes_and_the_turn_is_played_normally(mode):
    game, events = jailed_seat_1(["flask:6:hearts"], mode=mode)

    assert [e["seat"] for e in events_of(events, "check")] == [1]
    assert game.awaiting() == [1]
    assert sorted(hand_kinds(game, 1)) == ["shot", "wagon", "wagon"]  # drew 2 (R23)
    assert legal(game, 1, type="play")  # the play step is there
    assert in_play_kinds(game, 1) == []  # R61: discarded after the check
    assert checked_cards(game.view(None)) == [("6", "hearts")]
    assert game.view(None)["discard_count"] == 2  # the Jail and the flipped card


def test_r74_a_failed_check_in_arena_modes_draws_but_plays_nothing():
    game, events = jailed_seat_1(["duel:8:clubs"])

    assert [e["seat"] for e in events_of(events, "check")] == [1]
    assert sorted(hand_kinds(game, 1)) == ["shot", "wagon", "wagon"]  # the draw still happens
    assert in_play_kinds(game, 1) == []
    assert checked_cards(game.view(None)) == [("8", "clubs")]
    assert game.view(None)["discard_count"] == 2
    if turn(game) == 1:
        # Straight to the end-and-discard step: nothing can be played (R47).
        assert 1 in game.awaiting()
        assert not legal(game, 1, type="play")
        finish_turn(game)
    assert turn(game) == 2
    assert hand_kinds(game, 1).count("shot") == 1  # the Shot stayed in hand, unplayed


def test_r74_a_failed_check_in_old_classic_skips_the_whole_turn():
    game, events = jailed_seat_1(["duel:8:clubs"], mode="old_classic")

    assert [e["seat"] for e in events_of(events, "check")] == [1]
    assert hand_kinds(game, 1) == ["shot"]  # no draw (Q24)
    assert turn(game) == 2
    assert game.awaiting() == [2]
    assert player(game, 2)["hand_count"] == 2  # seat 2 drew the cards seat 1 did not
    assert in_play_kinds(game, 1) == []
    assert game.view(None)["discard_count"] == 2


def test_r74_q23_a_failed_arena_jail_turn_keeps_the_character_draw_method():
    """three_eyes still looks at 3 and keeps 2 in a jailed turn; only the play step goes."""
    cast = ["double_barrel", "three_eyes", "two_face", "eagle_eye", "bonesetter"]
    game, _ = jailed_seat_1(["duel:8:clubs"], characters=cast)

    assert game.awaiting() == [1]
    now = game.view(1)["pending"]
    assert now["kind"] == "keep_two"
    assert [card["kind"] for card in now["looking_at"]][:2] == ["wagon", "wagon"]
    choose(game, 1, "return", card=now["looking_at"][2]["id"])

    assert sorted(hand_kinds(game, 1)) == ["shot", "wagon", "wagon"]
    if turn(game) == 1:
        assert not legal(game, 1, type="play")
        finish_turn(game)
    assert turn(game) == 2


def test_r74_q24_a_failed_old_classic_jail_turn_has_no_draw_at_all():
    cast = ["double_barrel", "three_eyes", "two_face", "eagle_eye", "bonesetter"]
    game, _ = jailed_seat_1(["duel:8:clubs"], mode="old_classic", characters=cast)

    assert turn(game) == 2
    assert hand_kinds(game, 1) == ["shot"]


def test_r76_lucky_escapes_jail_if_either_of_two_flips_is_hearts():
    cast = ["double_barrel", "lucky", "two_face", "eagle_eye", "bonesetter"]
    game, events = jailed_seat_1(["duel:8:clubs", "flask:7:hearts"], characters=cast)

    assert game.awaiting() == [1]
    assert legal(game, 1, type="play")
    assert checked_cards(game.view(None)) == [("8", "clubs"), ("7", "hearts")]
    assert game.view(None)["discard_count"] == 3  # both flipped cards and the Jail (Q8)


def test_r76_lucky_stays_jailed_when_neither_flip_is_hearts():
    cast = ["double_barrel", "lucky", "two_face", "eagle_eye", "bonesetter"]
    game, _ = jailed_seat_1(["duel:8:clubs", "ricochet:3:spades"], characters=cast)

    if turn(game) == 1:
        assert not legal(game, 1, type="play")
    assert checked_cards(game.view(None)) == [("8", "clubs"), ("3", "spades")]
    assert game.view(None)["discard_count"] == 3


# --- R75: Dynamite ------------------------------------------------------------------------------

DYNAMITE_CAST = ["double_barrel", "pass_shadow", "two_face", "eagle_eye"]


def dynamite_round(check_cards: list[str], marshal: str = "double_barrel", health=None):
    """4 seats: the Marshal plays Dynamite, everyone passes, his next turn opens with the check.

    Deck: Marshal's opening 2, 2 each for seats 1-3, then the check card(s), then his draw.
    """
    game = stacked(
        seats=4,
        hands={0: ["dynamite"]},
        deck=filler(8) + check_cards + ["horse:8:clubs", "scope:9:clubs"] + filler(6),
        characters=[marshal] + DYNAMITE_CAST[1:],
        health=health,
    )
    play(game, 0, "dynamite")
    assert in_play_kinds(game, 0) == ["dynamite"]
    for seat in (0, 1, 2):
        end_turn(game, seat)
    return game, end_turn(game, 3)


@pytest.mark.parametrize("check", ["ricochet:2:spades", "wagon:9:spades", "ricochet:5:spades"])
def test_r75_spades_2_to_9_explode_for_3_damage_with_no_source(check):
    game, events = dynamite_round([check])

    assert hp(game, 0) == 3  # 4 HP + 2 Marshal bonus at 4 seats, minus 3
    [damage] = [e for e in events_of(events, "damage") if e["seat"] == 0]
    assert (damage["amount"], damage["source"], damage["cause"]) == (3, None, "dynamite")
    assert all("dynamite" not in in_play_kinds(game, seat) for seat in range(4))
    assert len(check_events(events, 0)) == 1
    # R75: a holder who survives goes on with his turn (and draws).
    assert game.awaiting() == [0]
    assert {"horse", "scope"} <= set(hand_kinds(game, 0))


@pytest.mark.parametrize(
    "check",
    [
        "volcanic:10:spades",
        "scope:A:spades",
        "ricochet:5:clubs",
        "flask:6:hearts",
        "duel:Q:diamonds",
    ],
)
def test_r75_any_other_card_passes_the_dynamite_to_the_next_player(check):
    game, events = dynamite_round([check])

    assert hp(game, 0) == 6
    assert events_of(events, "damage") == []
    assert in_play_kinds(game, 0) == []
    assert in_play_kinds(game, 1) == ["dynamite"]
    rank, suit = check.split(":")[1:]
    assert checked_cards(game.view(None)) == [(rank, suit)]
    assert game.awaiting() == [0]


def test_r75_the_flipped_card_goes_to_the_discard_pile():
    game, _ = dynamite_round(["duel:Q:diamonds"])
    top = game.view(None)["discard_top"]
    assert (top["kind"], top["rank"], top["suit"]) == ("duel", "Q", "diamonds")


def test_r75_an_explosion_cannot_take_hp_below_zero_r78():
    game, events = dynamite_round(["ricochet:4:spades"], health={0: 2})

    assert hp(game, 0) == 0
    assert not player(game, 0)["alive"]
    [out] = events_of(events, "eliminated")
    assert (out["seat"], out["by"]) == (0, None)
    assert game.result == {"winners": [1, 2], "team": "bandits"}


def test_r75_dynamite_passes_over_an_eliminated_player():
    game = stacked(
        seats=4,
        hands={0: ["dynamite", "duel"]},
        health={1: 1},
        deck=filler(6) + ["duel:8:clubs"] + filler(6),
        characters=DYNAMITE_CAST,
    )
    play(game, 0, "dynamite")
    play(game, 0, "duel", target=1)
    take(game, 1)
    assert not player(game, 1)["alive"]
    choose(game, 0, "accuracy")
    for seat in (0, 2, 3):
        end_turn(game, seat)

    assert in_play_kinds(game, 0) == []
    assert in_play_kinds(game, 2) == ["dynamite"]


def test_r75_q7_dynamite_skips_a_player_who_already_holds_one():
    """Only one Dynamite exists in the real deck; a stacked deck can hold two (R65, Q7)."""
    game = stacked(
        seats=4,
        hands={0: ["dynamite:2:hearts"], 1: ["dynamite:3:hearts"]},
        deck=filler(8) + ["duel:8:clubs"] + filler(6),
        characters=DYNAMITE_CAST,
    )
    play(game, 0, "dynamite")
    end_turn(game, 0)
    play(game, 1, "dynamite")
    for seat in (1, 2, 3):
        end_turn(game, seat)

    assert in_play_kinds(game, 0) == []
    assert in_play_kinds(game, 1) == ["dynamite"]
    assert in_play_kinds(game, 2) == ["dynamite"]


def test_r76_lucky_dynamite_explodes_only_if_both_flips_are_spades_2_to_9():
    game, events = dynamite_round(["ricochet:5:spades", "ricochet:6:spades"], marshal="lucky")
    assert hp(game, 0) == 3
    assert checked_cards(game.view(None)) == [("5", "spades"), ("6", "spades")]

    game, events = dynamite_round(["ricochet:5:spades", "duel:8:clubs"], marshal="lucky")
    assert hp(game, 0) == 6
    assert in_play_kinds(game, 1) == ["dynamite"]
    assert checked_cards(game.view(None)) == [("5", "spades"), ("8", "clubs")]


def test_r75_the_dynamite_check_comes_before_the_jail_check():
    """Seat 1 holds both. The first flip explodes only as a Dynamite check, the second is a
    Hearts escape only as a Jail check: both happen only in the order Dynamite, Jail."""
    game = stacked(
        seats=4,
        hands={0: ["dynamite", "jail:4:hearts"]},
        deck=filler(8)
        + ["duel:8:clubs"]  # the Marshal's Dynamite check in round 2: it passes to seat 1
        + filler(2)
        + ["ricochet:5:spades", "flask:6:hearts"]  # seat 1: Dynamite, then Jail
        + filler(6),
        characters=["double_barrel", "two_face", "pass_shadow", "eagle_eye"],  # seat 1: 4 HP
    )
    play(game, 0, "dynamite")
    for seat in (0, 1, 2, 3):
        end_turn(game, seat)
    assert in_play_kinds(game, 1) == ["dynamite"]
    play(game, 0, "jail", target=1)
    assert in_play_kinds(game, 1) == ["dynamite", "jail"]
    before = hp(game, 1)

    events = end_turn(game, 0)

    assert hp(game, 1) == before - 3  # exploded on the Spade
    assert in_play_kinds(game, 1) == []
    assert len(check_events(events, 1)) == 2
    assert game.awaiting() == [1]  # escaped on the Heart: the play step is there
    assert legal(game, 1, type="play")


# --- R73: Cover ---------------------------------------------------------------------------------

COVER_CAST = ["lucky", "iron_brow", "grip", "three_eyes", "eagle_eye"]


def shoot_iron_brow(seed: int, **knobs):
    game = stacked(
        seed=seed, hands={0: ["shot:7:clubs"], 1: ["ricochet"]}, characters=COVER_CAST, **knobs
    )
    piles = (game.view(None)["deck_count"], game.view(None)["discard_count"])
    return game, play(game, 0, "shot", target=1), piles


def covered(game) -> bool:
    """The hit was cancelled by Cover: no response was asked of seat 1."""
    return 1 not in game.awaiting()


def test_r73_arena_cover_is_a_coin_that_can_win_or_lose_and_flips_no_card():
    outcomes = {}
    for seed in range(64):
        game, events, piles = shoot_iron_brow(seed)
        outcomes.setdefault(covered(game), (game, events, piles))
        if len(outcomes) == 2:
            break
    assert set(outcomes) == {True, False}, "the coin never varied over 64 seeds"

    game, events, (deck, discard) = outcomes[True]
    assert len(check_events(events, 1)) == 1
    assert hp(game, 1) == 4
    assert hand_kinds(game, 1) == ["ricochet"]  # never asked
    assert game.awaiting() == [0]
    assert game.view(None)["deck_count"] == deck  # no card flipped in Arena modes
    assert game.view(None)["discard_count"] == discard + 1  # only the Shot
    assert game.view(None)["last_check"] is not None
    assert checked_cards(game.view(None)) == []

    game, events, (deck, discard) = outcomes[False]
    assert len(check_events(events, 1)) == 1
    assert game.awaiting() == [1]
    assert pending(game)["kind"] == "respond_hit"
    assert game.view(None)["deck_count"] == deck
    assert game.view(None)["discard_count"] == discard + 1
    take(game, 1)
    assert hp(game, 1) == 3


def test_r73_r77_arena_cover_is_a_fair_coin_over_many_seeds():
    wins = sum(covered(shoot_iron_brow(seed)[0]) for seed in range(200))
    assert 70 <= wins <= 130, wins  # 50% expected


def lucky_under_cover(seed: int):
    """Seat 1 (lucky) plays a Cover card in his turn; seat 2 then shoots him."""
    game = stacked(
        seed=seed,
        hands={1: ["cover:Q:spades"], 2: ["shot:7:clubs"]},
        characters=["double_barrel", "lucky", "two_face", "eagle_eye", "bonesetter"],
    )
    end_turn(game, 0)
    play(game, 1, "cover")
    end_turn(game, 1)
    events = play(game, 2, "shot", target=1)
    return game, events


def test_r76_r77_lucky_gets_two_coins_for_cover():
    results = [lucky_under_cover(seed) for seed in range(200)]
    for _game, events in results:
        assert len(check_events(events, 1)) == 1  # one check, made with two tries
    wins = sum(1 not in game.awaiting() for game, _ in results)
    assert 125 <= wins <= 175, wins  # 75% expected, 50% would fail


def test_r73_old_classic_cover_flips_a_card_and_hearts_cancels():
    game, events, (deck, discard) = shoot_iron_brow(
        1, mode="old_classic", deck=filler(2) + ["flask:9:hearts"] + filler(4)
    )
    assert covered(game)
    assert hp(game, 1) == 4
    assert len(check_events(events, 1)) == 1
    assert checked_cards(game.view(None)) == [("9", "hearts")]
    assert game.view(None)["deck_count"] == deck - 1
    assert game.view(None)["discard_count"] == discard + 2  # the Shot and the flipped card


def test_r73_old_classic_cover_fails_on_any_other_suit():
    game, _, _ = shoot_iron_brow(
        1, mode="old_classic", deck=filler(2) + ["raid:K:diamonds"] + filler(4)
    )
    assert game.awaiting() == [1]
    assert checked_cards(game.view(None)) == [("K", "diamonds")]


def test_r76_old_classic_lucky_cover_flips_two_and_either_hearts_cancels():
    game = stacked(
        mode="old_classic",
        hands={1: ["cover:Q:spades"], 2: ["shot:7:clubs"]},
        deck=filler(6) + ["duel:8:clubs", "flask:8:hearts"] + filler(4),
        characters=["double_barrel", "lucky", "two_face", "eagle_eye", "bonesetter"],
    )
    end_turn(game, 0)
    play(game, 1, "cover")
    end_turn(game, 1)
    play(game, 2, "shot", target=1)

    assert 1 not in game.awaiting()
    assert checked_cards(game.view(None)) == [("8", "clubs"), ("8", "hearts")]


def test_r73_iron_brow_with_a_cover_card_still_gets_one_check():
    game = stacked(
        mode="old_classic",
        hands={1: ["cover:Q:spades"], 2: ["shot:7:clubs"]},
        deck=filler(6) + ["duel:8:clubs", "flask:8:hearts"] + filler(4),
        characters=["double_barrel", "iron_brow", "two_face", "eagle_eye", "bonesetter"],
    )
    end_turn(game, 0)
    play(game, 1, "cover")
    end_turn(game, 1)
    deck = game.view(None)["deck_count"]

    events = play(game, 2, "shot", target=1)

    assert len(check_events(events, 1)) == 1
    assert checked_cards(game.view(None)) == [("8", "clubs")]
    assert game.view(None)["deck_count"] == deck - 1
    assert game.awaiting() == [1]  # the second (Hearts) card was never flipped


def test_r73_no_cover_check_during_high_noon():
    for seed in range(16):
        game, events, _ = shoot_iron_brow(seed, start_round=8)
        assert events_of(events, "check") == []
        assert game.awaiting() == [1]
        assert game.view(None)["last_check"] is None


# --- R72 / Q8: the last flipped card shows in the middle of the table ---------------------------


def test_r72_last_check_is_public_and_shows_the_latest_flip_to_every_seat():
    game, _ = jailed_seat_1(["flask:6:hearts"])
    for viewer in (None, 0, 1, 2, 3, 4):
        assert checked_cards(game.view(viewer)) == [("6", "hearts")]
