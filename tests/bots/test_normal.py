"""The Normal bot's card counting and role play beyond the basics (issue 22): the Loner's
balance between the sides (R8, R92), the Double Agent's cover (R9, R10), Partners Loners
(R96), and the public card count (R27, R42)."""

from __future__ import annotations

import pytest

from bangarena_engine import Game
from machines.bots import BotMemory
from machines.bots.counting import FULL_DECK, CardCount, Odds
from tests.bots.table import QUIET, bot_move, new_game, play, simple_until
from tests.bots.test_decisions import harms, run_turn
from tests.bots.test_information import _twin_configs


def _shot_targets(actions: list[dict]) -> list[int]:
    return [a["target"] for a in actions if a["type"] == "play" and a.get("_kind") == "shot"]


# --- card counting (R42, R27) -----------------------------------------------------------------


def _ricochet_discards(count: int) -> list[dict]:
    return [
        {
            "type": "discarded",
            "seat": 2,
            "card": {"kind": "ricochet", "suit": "clubs", "rank": "K"},
            "cause": "respond",
        }
        for _ in range(count)
    ]


def test_after_every_ricochet_is_public_the_bot_knows_none_is_left_r42():
    """R42: the deck has 12 Ricochets. Once all 12 went face up to the discard pile, no
    other hand can hold one, so a Shot can only be stopped by Cover."""
    game = new_game(
        ["marshal", "bandit", "deputy", "bandit", "loner"],
        hands=[["shot", "wagon"], None, None, None, None],
    )
    view = game.view(0)
    count = CardCount.from_log(0, view["log"])
    fresh = Odds(count.unseen(view), count, view)
    assert fresh.holds(1, "ricochet") > 0.4  # four hidden cards, 12 Ricochets unseen

    count.observe(_ricochet_discards(11))
    one_left = Odds(count.unseen(view), count, view)
    assert one_left.unseen["ricochet"] == 1
    assert 0 < one_left.holds(1, "ricochet") < fresh.holds(1, "ricochet")

    count.observe(_ricochet_discards(1))
    none_left = Odds(count.unseen(view), count, view)
    assert none_left.unseen["ricochet"] == 0
    assert all(none_left.holds(seat, "ricochet") == 0.0 for seat in range(1, 5))
    assert none_left.expected(1, "ricochet") == 0.0


def test_a_reshuffle_hides_the_discard_pile_again_r27():
    """R27: the discard pile becomes the new deck, so its cards are unseen once more."""
    game = new_game(
        ["marshal", "bandit", "deputy", "bandit", "loner"],
        hands=[["shot", "wagon"], None, None, None, None],
    )
    view = game.view(0)
    count = CardCount.from_log(0, view["log"])
    count.observe(_ricochet_discards(12))
    count.observe([{"type": "reshuffled", "count": 12}])
    assert Odds(count.unseen(view), count, view).unseen["ricochet"] == FULL_DECK["ricochet"]


def test_a_card_seen_going_into_a_hand_is_known_to_be_there_r52():
    """R52: a Grab of a card in play is public; the grabber holds it until he plays it."""
    game = new_game(["marshal", "bandit", "deputy", "bandit", "loner"])
    view = game.view(0)
    count = CardCount.from_log(0, view["log"])
    card = {"kind": "ricochet", "suit": "hearts", "rank": "A"}
    count.observe([{"type": "took", "seat": 3, "from": 2, "card": card, "cause": "grab"}])
    assert Odds(count.unseen(view), count, view).holds(3, "ricochet") == 1.0
    count.observe([{"type": "discarded", "seat": 3, "card": card, "cause": "respond"}])
    assert count.known_in_hand(3, "ricochet") == 0


def test_a_card_seen_in_a_hand_is_no_longer_certain_once_a_random_card_is_taken_r52():
    """R52: a Grab from a hand takes a random card face down. The Ricochet seen going into
    seat 3's hand may be the card that left, so the count no longer calls it certain (it
    did: the bot fired as if seat 3 surely held a Ricochet)."""
    game = new_game(["marshal", "bandit", "deputy", "bandit", "loner"])
    view = game.view(0)
    count = CardCount.from_log(0, view["log"])
    card = {"kind": "ricochet", "suit": "hearts", "rank": "A"}
    count.observe([{"type": "took", "seat": 3, "from": 2, "card": card, "cause": "grab"}])
    count.observe([{"type": "took", "seat": 1, "from": 3, "card": None, "cause": "grab"}])
    assert count.known_in_hand(3, "ricochet") == 0
    assert 0.0 < Odds(count.unseen(view), count, view).holds(3, "ricochet") < 1.0


def test_the_count_in_memory_equals_the_count_from_the_log():
    """``BotMemory`` keeps the count as it observes; stepwise and from_log agree, and the
    own hand and every card in play are never counted as unseen."""
    game = new_game(["marshal", "bandit", "deputy", "bandit", "loner"], seed=5)
    stepwise = BotMemory.from_log(0, game.view(0)["log"])
    for _ in range(120):
        if game.result is not None:
            break
        seat = game.awaiting()[0]
        stepwise.observe(game.apply(seat, bot_move(game, seat, 3)))
    view = game.view(0)
    rebuilt = BotMemory.from_log(0, view["log"])
    assert stepwise.cards == rebuilt.cards
    unseen = rebuilt.cards.unseen(view)
    in_sight = len(view["hand"]) + sum(
        len(p["in_play"]) + (p["weapon"] is not None) for p in view["players"]
    )
    assert sum(unseen.values()) <= 80 - in_sight


@pytest.mark.parametrize("k", range(6))
def test_the_count_is_the_same_whatever_the_seat_cannot_see_r141(k):
    """R141: twin tables that differ only in other hands, the deck and hidden roles give the
    Marshal the same unseen cards and the same odds for every other hand, after a Shot."""
    config_a, config_b = _twin_configs(k, observer_hand_of=1)
    config_a.hands[0] = config_b.hands[0] = ["shot:9:clubs", "ricochet:K:hearts"]
    odds = []
    for config in (config_a, config_b):
        game = Game.new(config)
        play(game, 0, "shot", target=1)
        view = game.view(0)
        count = BotMemory.from_log(0, view["log"]).cards
        table = Odds(count.unseen(view), count, view)
        odds.append((table.unseen, [table.holds(s, "ricochet") for s in range(1, 5)]))
    assert odds[0] == odds[1]


# --- the Loner (R8, R92, R95) -----------------------------------------------------------------


def _loner_table(marshal_hp: int | None):
    """5 seats, one Bandit already out: the Marshal shot seat 4 (a Bandit at 1 HP), then the
    other Bandit (seat 2) shot the Marshal. The Loner (seat 1) holds a Rifle and a Shot, with
    both the Bandit and the Deputy (seat 3) in his range."""
    roles = ["marshal", "loner", "bandit", "deputy", "bandit"]
    game = new_game(
        roles,
        hands=[["shot"], ["rifle", "shot"], ["shot", "rifle"], ["wagon"], ["wagon"]],
        health=[marshal_hp, None, None, None, 1],
    )
    play(game, 0, "shot", target=4)
    simple_until(game, 2)
    play(game, 2, "rifle")
    play(game, 2, "shot", target=0)
    simple_until(game, 1)
    view = game.view(1)
    assert not view["players"][4]["alive"]
    return game, view["players"][0]["hp"]


def test_loner_hunts_the_deputy_and_leaves_the_last_bandit_to_the_law_r8_r92():
    """R92, R93: if the last Bandit falls while a Deputy lives, the Loner faces two. So while
    the Marshal is safe he shoots the likely Deputy, not the Bandit who shot the Marshal."""
    game, marshal_hp = _loner_table(None)
    assert marshal_hp >= 3
    shots = _shot_targets(run_turn(game, 1))
    assert shots == [3]


def test_loner_saves_a_marshal_in_danger_from_the_bandit_r8_r92():
    """R92: if the Marshal falls while others live, the Bandits win and the Loner loses. At
    2 HP the Marshal is in danger, so the Loner shoots the Bandit who attacked him."""
    game, marshal_hp = _loner_table(3)
    assert marshal_hp == 2
    shots = _shot_targets(run_turn(game, 1))
    assert shots == [2]


@pytest.mark.parametrize("bandit_shoots", [False, True])
def test_loner_shoots_only_a_player_whose_acts_show_a_bandit_before_the_first_fall_r8(
    bandit_shoots,
):
    """R8, R4: before anyone falls, two of the Loner's three unknowns are Bandits, but a shot
    on that prior alone may hit the hidden Deputy and turn the law on him. He holds his fire
    until a player acts as a Bandit (seat 1 shot the Marshal), and then shoots that one."""
    roles = ["marshal", "bandit", "loner", "deputy", "bandit"]
    game = new_game(roles, hands=[[], ["shot"], ["shot"], [], []])
    simple_until(game, 1)
    if bandit_shoots:
        play(game, 1, "shot", target=0)
    simple_until(game, 2)
    shots = _shot_targets(run_turn(game, 2))
    assert shots == ([1] if bandit_shoots else [])


@pytest.mark.parametrize("hp", [1, None])
def test_loner_finishes_a_player_at_1_hp_for_the_star_r83(hp):
    """R83: whoever eliminates a player gains a star and an upgrade, and a player at 1 HP
    falls soon whoever shoots him. Before anyone has fallen the Loner holds his fire on a
    player who did nothing (R8, above), but not on one at 1 HP: that kill is worth most to
    the player who ends alone against the Marshal's bonus HP (R19, R95)."""
    roles = ["marshal", "bandit", "loner", "deputy", "bandit"]
    game = new_game(roles, hands=[[], [], ["shot"], [], []], health=[None, None, None, hp, None])
    simple_until(game, 2)
    shots = _shot_targets(run_turn(game, 2))
    assert shots == ([3] if hp == 1 else [])


@pytest.mark.parametrize("seats", [5, 6])
def test_loner_helps_the_law_against_three_bandits_but_not_two_r8_r92(seats):
    """R92: the Bandits win if the Marshal falls while others live. A Bandit (seat 2) shot
    the Deputy dead, so every player left but the Marshal and the Loner is a Bandit (R4,
    R80). Two Bandits wear a healthy Marshal down for the Loner, who leaves them alone;
    three (6 seats) would overwhelm him, so the Loner shoots the one in his range."""
    roles = ["marshal", "loner", "bandit", "deputy", "bandit", "bandit"][:seats]
    hands: list[list[str]] = [[], ["shot"], ["shot"], [], [], []]
    health = [None, None, None, 1, None, None]
    game = new_game(roles, hands=hands[:seats], health=health[:seats])
    simple_until(game, 2)
    play(game, 2, "shot", target=3)
    simple_until(game, 1)
    view = game.view(1)
    assert not view["players"][3]["alive"]
    assert view["players"][0]["hp"] == view["players"][0]["max_hp"]
    shots = _shot_targets(run_turn(game, 1))
    assert shots == ([2] if seats == 6 else [])


def _law_only_table(marshal_hp: int | None) -> Game:
    """5 seats, round 2: the Marshal shot one Bandit (seat 4, at 1 HP) and the Deputy (seat 3)
    the other (seat 2), after the Deputy put on a Horse. The Loner (seat 1) holds a Shot and
    a Revolver: only the Marshal is within his range."""
    roles = ["marshal", "loner", "bandit", "deputy", "bandit"]
    game = new_game(
        roles,
        hands=[["shot"], ["shot"], [], ["horse", "shot"], []],
        health=[marshal_hp, None, 1, None, 1],
    )
    play(game, 0, "shot", target=4)
    simple_until(game, 3)
    play(game, 3, "horse")
    play(game, 3, "shot", target=2)
    simple_until(game, 1)
    assert [p["seat"] for p in game.view(1)["players"] if p["alive"]] == [0, 1, 3]
    return game


@pytest.mark.parametrize("marshal_hp", [None, 2])
def test_loner_wears_a_healthy_marshal_down_once_only_the_law_is_left_r92_r95(marshal_hp):
    """R95: with the Bandits gone the Loner must beat the Marshal and his Deputy, and the
    final duel goes to whoever has more HP left. So he wounds the healthy Marshal when the
    Deputy is out of reach, but not at 2 HP: if the Marshal fell while his Deputy lives, the
    Bandits would win (R92)."""
    game = _law_only_table(marshal_hp)
    actions = run_turn(game, 1)
    assert any(harms(a, 0) for a in actions) == (marshal_hp is None), actions


def test_the_law_leaves_a_likely_loner_for_last_while_a_bandit_lives_r5_r92():
    """R92: until the Bandits are gone the Loner needs the Marshal alive as much as the law
    does. Seat 1 shot a Bandit dead and seat 2 killed the Deputy, so the Marshal reads seat 1
    as the Loner (R4: one Loner and one Bandit are left). Only seat 1 is in his range, and he
    keeps his Shot rather than weaken the one player fighting the Bandit beside him."""
    roles = ["marshal", "loner", "bandit", "deputy", "bandit"]
    game = new_game(
        roles,
        hands=[["shot"], ["rifle", "shot"], ["horse", "shot"], [], []],
        health=[None, None, None, 1, 1],
    )
    simple_until(game, 1)
    play(game, 1, "rifle")
    play(game, 1, "shot", target=4)
    simple_until(game, 2)
    play(game, 2, "horse")
    play(game, 2, "shot", target=3)
    simple_until(game, 0, "upgrade")  # R88: his last Deputy fell; range would reach seat 2
    game.apply(0, {"type": "choose", "option": "fortitude"})
    simple_until(game, 0)
    assert [p["seat"] for p in game.view(0)["players"] if p["alive"]] == [0, 1, 2]
    actions = run_turn(game, 0)
    assert not any(harms(a, 1) for a in actions), actions


@pytest.mark.parametrize("role", ["marshal", "deputy", "bandit"])
def test_only_the_outlaws_pass_dynamite_on_to_an_enemy_r75_r92(role):
    """R75: Dynamite in play moves clockwise from player to player until it blows. A Bandit
    with Health to spare plays it with an enemy next to him; the law does not, since it may
    come round to the Marshal, the player the law must keep alive (R92). Seat 0 holds the
    Dynamite with Health to spare, and seat 1, next clockwise, has just shot him."""
    roles = {
        "marshal": ["marshal", "bandit", "deputy", "loner", "bandit"],
        "deputy": ["deputy", "bandit", "marshal", "loner", "bandit"],
        "bandit": ["bandit", "deputy", "marshal", "loner", "bandit"],
    }[role]
    game = new_game(
        roles,
        hands=[["dynamite"], ["shot"], [], [], []],
        deck=["ricochet"] * 40,  # draws the bot cannot play in its turn
    )
    simple_until(game, 1)
    play(game, 1, "shot", target=0)
    simple_until(game, 0)
    assert game.view(0)["players"][0]["hp"] >= 3  # and Lucky has two tries at a check (R76)
    played = [a["_kind"] for a in run_turn(game, 0) if a["type"] == "play"]
    assert ("dynamite" in played) == (role == "bandit"), played


def test_loner_takes_an_even_duel_against_a_bandit_r8_r54():
    """R54: the challenged player answers first, so a Duel is won by holding as many Shots
    as the target. The Loner, alone against every side (R8), does not wait for a spare Shot:
    with one Shot in hand he duels the Bandit (seat 4) who shot the Marshal, out of reach,
    whose short hand is likely to hold less than one. Every draw is a Flask."""
    roles = ["marshal", "loner", "deputy", "bandit", "bandit"]
    hands = [[], ["duel", "shot"], ["horse"], [], ["shot"]]
    game = new_game(roles, hands=hands, deck=["flask"] * 30)
    simple_until(game, 2)
    play(game, 2, "horse")  # out of the Loner's range
    simple_until(game, 4)
    play(game, 4, "shot", target=0)
    simple_until(game, 1)
    actions = run_turn(game, 1)
    duels = [a["target"] for a in actions if a.get("_kind") == "duel"]
    assert duels == [4], actions


def test_partners_loner_spares_his_partner_and_turns_on_the_marshal_r96():
    """R96: in Partners the Loners win together once only Loners are alive. With the Marshal
    and the other Loner (his role follows from the composition, R4) left, the Loner shoots
    the Marshal and not his partner; in classic he would have to be the last one (R95)."""
    roles = ["marshal", "loner", "bandit", "deputy", "bandit", "deputy", "loner", "bandit"]
    game = new_game(
        roles,
        mode="partners",
        characters=QUIET,
        hands=[[], ["buckshot", "shot", "rifle"], [], [], [], [], ["wagon"], []],
        health=[None, None, 1, 1, 1, 1, None, 1],
    )
    simple_until(game, 1)
    play(game, 1, "buckshot")  # R60: every other player is hit; the five at 1 HP fall
    simple_until(game, 1)
    alive = [p["seat"] for p in game.view(1)["players"] if p["alive"]]
    assert alive == [0, 1, 6]
    actions = run_turn(game, 1)
    assert any(harms(a, 0) for a in actions), actions
    assert not any(harms(a, 6) for a in actions), actions


# --- the Double Agent (R9, R10) ---------------------------------------------------------------


@pytest.mark.parametrize("marshal_hp", [None, 2])
def test_double_agent_keeps_his_cover_until_the_marshal_is_low_r9_r10(marshal_hp):
    """R10 a: the Marshal was told the Double Agent may be his Deputy. While the Marshal is
    healthy and the Bandits live, the Agent does not shoot him and keeps that cover; at 2 HP
    he strikes (R9: the team wins when the Marshal falls)."""
    roles = ["marshal", "double_agent", "bandit", "deputy", "loner"]
    game = new_game(
        roles,
        mode="double_agent",
        hands=[[], ["shot", "rifle"], [], [], []],
        health=[marshal_hp, None, None, None, None],
    )
    simple_until(game, 1)
    actions = run_turn(game, 1)
    if marshal_hp is None:
        assert not any(harms(a, 0) for a in actions), actions
        assert not any(harms(a, 2) for a in actions), actions  # a known teammate (R10 b)
    else:
        assert _shot_targets(actions) == [0]
