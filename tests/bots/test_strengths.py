"""The three strengths (issue 22): Easy, Normal and Hard decide from the seat's view alone.

No-peek permutation tests (R141, R143): in real seeded games, at decisions of one seat, a twin
of the stored game is made that differs only in what that seat cannot see (the other players'
hands, shuffled among them with their sizes kept; the hidden roles, permuted; the deck order).
The seat's view is the same in both, and every strength must give the same decision in both.
Hard builds worlds and plays them on, so its decision would change if any hidden part leaked
into them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bangarena_engine import Game, GameConfig
from bangarena_engine.cards import WEAPON_RANGE
from bangarena_engine.worlds import can_build
from machines.bots import STRENGTHS, BotMemory, choose, easy, hard
from machines.bots.normal import choose_normal
from machines.bots.outlook import Outlook
from machines.bots.reading import RoleReading
from tests.bots.table import new_game, play, simple_until


def _twin(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game with everything ``seat`` cannot see permuted."""
    data: dict[str, Any] = game.to_dict()
    view = game.view(seat)
    hidden = [p for p in data["players"] if p["seat"] != seat and p["alive"]]
    cards = [card for p in hidden for card in p["hand"]]
    rng.shuffle(cards)
    for p in hidden:
        size = len(p["hand"])
        p["hand"], cards = cards[:size], cards[size:]
    unseen = [p for p in data["players"] if view["players"][p["seat"]]["role"] is None]
    roles = [p["role"] for p in unseen]
    rng.shuffle(roles)
    for p, role in zip(unseen, roles, strict=True):
        p["role"] = role
    rng.shuffle(data["deck"])
    return Game.from_dict(data)


def _decisions(seed: int, seat: int, mode: str = "classic", seats: int = 5):
    """(game, view, legal) at each of ``seat``'s decisions of a Normal-bot game."""
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    for moves in range(2000):
        if game.result is not None:
            return
        [who] = game.awaiting()
        view = game.view(who)
        legal = game.legal_actions(who)
        if who == seat and len(legal) > 1:
            yield game, view, legal
        game.apply(who, choose(view, legal, BotMemory.from_log(who, view["log"]), seed=moves))


def _decide(game: Game, seat: int, seed: int, strength: str) -> dict:
    view = game.view(seat)
    memory = BotMemory.from_log(seat, view["log"])
    return choose(view, game.legal_actions(seat), memory, seed=seed, strength=strength)


@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize(("seed", "seat", "mode"), [(1, 0, "classic"), (2, 3, "classic")])
def test_no_strength_peeks_at_what_the_seat_cannot_see_r141(strength, seed, seat, mode):
    """R141, R143: permuting other hands, hidden roles and the deck never changes a decision
    of any strength, at every kind of decision the seat meets in a real game."""
    rng = random.Random(seed)
    checked = searched = 0
    for game, view, _legal in _decisions(seed, seat, mode):
        twin = _twin(game, seat, rng)
        assert twin.view(seat) == view  # the permutation is invisible to the seat...
        if twin.to_dict() == game.to_dict():
            continue
        decision_seed = seed * 1000 + checked
        assert _decide(game, seat, decision_seed, strength) == _decide(
            twin, seat, decision_seed, strength
        )  # ...and so to its bot
        checked += 1
        searched += can_build(view)
        if checked >= 25:
            break
    assert checked >= 10
    assert searched >= 3


def test_hard_compares_several_moves_at_some_play_steps():
    """The twin test is not empty for Hard: at some of its play steps it does weigh several
    moves on sampled worlds, so a leak into those worlds would show."""
    compared = 0
    for _game, view, legal in _decisions(4, 1):
        memory = BotMemory.from_log(1, view["log"])
        if not can_build(view):
            continue
        normal = choose_normal(view, legal, memory, 0)
        candidates = hard._candidates(view, legal, Outlook.read(view, memory), normal)
        compared += len(candidates) > 1
    assert compared >= 2


def test_hard_weighs_a_play_for_the_whole_table_against_keeping_the_card_r51_r57_r58_r65():
    """A Bazaar deals every player a card (R57), a Saloon heals every player (R58), a Flask
    drunk now cannot cancel a hit at 1 HP later (R51) and Dynamite may come back (R65, R75): where
    Normal would play one, Hard also weighs ending the turn with it in hand (and its attacks).
    A card that only helps its owner (a better gun, a Horse) is played without a search."""
    whole_table = {"bazaar", "saloon", "flask", "dynamite"}
    doubtful: set[str] = set()
    equipped = 0
    for seed, seat in ((2, 3), (3, 3)):
        for _game, view, legal in _decisions(seed, seat):
            if not can_build(view):
                continue
            memory = BotMemory.from_log(seat, view["log"])
            normal = choose_normal(view, legal, memory, 0)
            kind = {c["id"]: c["kind"] for c in view["hand"]}.get(normal.get("card", ""))
            moves = hard.searched_moves(view, legal, memory, 0)
            assert moves[0] == normal
            if kind in whole_table:
                doubtful.add(kind)
                assert any(move["type"] == "end_turn" for move in moves[1:])
            elif kind in ("horse", "scope", *WEAPON_RANGE):
                equipped += 1
                assert moves == [normal]
    assert doubtful == whole_table
    assert equipped >= 1


def test_hards_imagined_play_leaves_the_memory_it_was_given_as_it_was():
    """The worlds' seats observe imagined events into copies of the deciding seat's memory:
    none may reach the memory itself, its card count included (R42), or the memory the match
    keeps between moves (machines.autoplay) would hold cards that were never played."""
    searched = 0
    for _game, view, legal in _decisions(4, 1):
        if not can_build(view):
            continue
        memory = BotMemory.from_log(1, view["log"])
        choose(view, legal, memory, seed=searched, strength="hard")
        rebuilt = BotMemory.from_log(1, view["log"])
        assert memory == rebuilt
        assert memory.cards == rebuilt.cards
        assert memory.hostility({}) == rebuilt.hostility({})
        searched += 1
    assert searched >= 3


def test_hard_spends_the_same_work_at_every_play_step_whatever_its_hand(monkeypatch):
    """No timing tell (R141, docs/security.md "Response times"): how long Hard thinks must not
    say what its hidden hand offers. It plays out the same number of worlds and moves at every
    play step (a public moment: its turn, nothing pending), with one sensible move or four,
    and none elsewhere."""
    played: list[int] = []
    rollout = hard._rollout

    def counted(*args: Any) -> float:
        played[-1] += 1
        return rollout(*args)

    monkeypatch.setattr(hard, "_rollout", counted)
    work: dict[bool, set[int]] = {True: set(), False: set()}
    choices: set[int] = set()
    for _game, view, legal in _decisions(4, 1):
        memory = BotMemory.from_log(1, view["log"])
        played.append(0)
        choose(view, legal, memory, seed=len(played), strength="hard")
        work[can_build(view)].add(played[-1])
        if can_build(view):
            choices.add(len(hard.searched_moves(view, legal, memory, len(played))))
    assert work[True] == {hard.ROLLOUTS}
    assert work[False] == {0}
    assert len(choices) > 1  # the hands did offer different numbers of moves


def test_the_benchs_unpadded_hard_plays_the_same_moves(monkeypatch):
    """bench/strength.py skips the work Hard spends at a single-choice play step only to hide
    its hand (PAD_SINGLE_CHOICE); that must not change a single decision, or the bench would
    measure another bot than the one at the table."""
    assert hard.PAD_SINGLE_CHOICE  # at a table the work is always done

    def decisions() -> list[dict]:
        chosen = []
        for _game, view, legal in _decisions(2, 3):
            memory = BotMemory.from_log(3, view["log"])
            chosen.append(choose(view, legal, memory, seed=len(chosen), strength="hard"))
        return chosen

    padded = decisions()
    monkeypatch.setattr(hard, "PAD_SINGLE_CHOICE", False)
    assert decisions() == padded


@pytest.mark.parametrize("strength", STRENGTHS)
def test_each_strength_is_reproducible_and_plays_whole_games(strength):
    """The same seed gives the same game at every strength, and every game ends with legal
    moves only (the engine refuses anything else)."""

    def game_moves(seed: int) -> list[dict]:
        game = Game.new(GameConfig(seats=5, seed=seed))
        moves: list[dict] = []
        while game.result is None and len(moves) < 3000:
            [who] = game.awaiting()
            view = game.view(who)
            legal = game.legal_actions(who)
            action = choose(
                view,
                legal,
                BotMemory.from_log(who, view["log"]),
                seed=len(moves),
                strength=strength,
            )
            assert action in legal
            game.apply(who, action)
            moves.append(action)
        assert game.result is not None
        return moves

    assert game_moves(6) == game_moves(6)


def test_easy_forgets_all_but_the_latest_acts():
    """Easy remembers only the last RECALL acts, each misread, and no eliminations."""
    log = [
        {"type": "played", "seat": 1 + i % 3, "card": {"kind": "shot"}, "target": 0}
        for i in range(20)
    ] + [{"type": "eliminated", "seat": 4, "role": "bandit", "by": 2}]
    memory = BotMemory.from_log(0, log)
    poor = easy.forgetful(memory, random.Random(0))
    assert len(poor.acts) == easy.RECALL
    assert [(a.actor, a.target) for a in poor.acts] == [
        (a.actor, a.target) for a in memory.acts[-easy.RECALL :]
    ]
    assert poor.kills == []
    assert poor.revealed == {4: "bandit"}
    assert [a.weight for a in poor.acts] != [a.weight for a in memory.acts[-easy.RECALL :]]


def test_easy_beginner_loner_slips_onto_the_marshal_r8():
    """R8, R92: the Loner needs the Marshal alive until the end, which a newcomer misses.
    When Easy's Loner slips, his Shot goes to the Marshal (seat 0) instead of the Bandit
    who shot him (seat 2); an Easy seat of any other role but a Bandit never slips onto him.
    Over 60 decision seeds: some slips, every one of them at the Marshal (every draw is a
    Flask, so the Shot is his only attack)."""
    roles = ["marshal", "loner", "bandit", "deputy", "bandit"]
    hands = [[], ["shot"], ["rifle", "shot"], [], []]
    game = new_game(roles, hands=hands, deck=["flask"] * 30)
    simple_until(game, 2)
    play(game, 2, "rifle")
    play(game, 2, "shot", target=0)
    simple_until(game, 1)
    view = game.view(1)
    memory = BotMemory.from_log(1, view["log"])
    legal = game.legal_actions(1)
    shots = {c["id"] for c in view["hand"] if c["kind"] == "shot"}
    targets = [
        action.get("target")
        for seed in range(60)
        if (action := choose(view, legal, memory, seed=seed, strength="easy")).get("card") in shots
    ]
    assert 0 in targets, targets
    assert set(targets) <= {0, 2}, targets


def _attacks_weighed(seed: int, seats: int, mode: str):
    """(Hard's reread harm wishes, an attack it compares besides Normal's move) at the Loner's
    play steps of a Normal-bot game; taking a Jail or Dynamite away is a favour, left out."""
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    loners = [s for s in range(seats) if game.view(s)["role"] == "loner"]
    for _game, view, legal in _decisions(seed, loners[0], mode, seats):
        if not can_build(view):
            continue
        memory = BotMemory.from_log(loners[0], view["log"])
        outlook = Outlook.read(view, memory).reread(RoleReading.of(view).odds())
        for move in hard.searched_moves(view, legal, memory, 0)[1:]:
            if move["type"] == "play" and "target" in move and not hard._frees(view, move):
                yield outlook, move


def test_hards_loner_weighs_hitting_players_his_rules_spare_for_now_but_not_the_marshal_r8_r92():
    """R8: the Loner wins only as the last one standing, so every other player is his enemy
    sooner or later; when to hit whom is for his look-ahead to judge. Hard's Loner compares
    attacks on players Normal's rules spare for now (a Bandit while the Marshal is safe, a
    player who fights the Bandits), but never on the Marshal while he must outlive the
    Bandits (R92)."""
    spared = 0
    for seed in range(1, 7):
        for outlook, move in _attacks_weighed(seed, 5, "classic"):
            harm = outlook.harm[move["target"]]
            if move["target"] == outlook.marshal:
                assert harm > 0
            spared += harm <= 0
    assert spared >= 3


def test_hards_partners_loner_never_weighs_hitting_a_player_he_spares_r96():
    """R96: in Partners the other Loner is a teammate, so Hard's Loner keeps to the players
    his reading wants hurt, as every other role does."""
    weighed = 0
    for seed in range(1, 5):
        for outlook, move in _attacks_weighed(seed, 8, "partners"):
            assert outlook.harm[move["target"]] > 0
            weighed += 1
    assert weighed >= 3
