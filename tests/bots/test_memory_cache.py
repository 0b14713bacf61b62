"""A bot's memory kept between moves decides exactly like one rebuilt from the log (issue 22).

machines.autoplay keeps each (match, seat)'s BotMemory in a per-process MemoryCache and feeds
it only the events since its last decision. These tests hold it to the contract of
docs/decisions.md: the memory is always ``BotMemory.from_log(seat, view["log"])``, so every
move is the one the rebuilt memory gives (R121: the same bot seed gives the same move; R141:
only the seat's view, legal list and public memory decide).
"""

from __future__ import annotations

import copy
import random

import pytest

from bangarena_engine import Game, GameConfig
from machines import autoplay
from machines.bots import STRENGTHS, BotMemory, choose
from machines.bots.memory import MemoryCache


def _awaited(game: Game) -> tuple[int, dict, list[dict]]:
    seat = game.awaiting()[0]
    return seat, dict(game.view(seat)), game.legal_actions(seat)


@pytest.mark.parametrize("strength", STRENGTHS)
def test_kept_memory_plays_the_same_game_as_rebuilt_memory_r121(strength: str) -> None:
    """Two whole bot games from one seed, one rebuilding every memory from the log and one
    using the cache: the same move at every decision, and the cached memory equals the rebuilt
    one each time."""
    cache = MemoryCache()
    steps = 80 if strength == "hard" else 400  # Hard searches for tens of ms a decision
    for seed in (2, 3):  # seed 3's classic game outlasts Hard's 80 steps
        config = GameConfig(seats=5, mode="double_agent" if seed == 2 else "classic", seed=seed)
        rebuilt, kept = Game.new(config), Game.new(config)
        for step in range(steps):
            if rebuilt.result is not None:
                break
            seat, view, legal = _awaited(rebuilt)
            fresh = BotMemory.from_log(seat, view["log"])
            expected = choose(view, legal, fresh, seed=step, strength=strength)
            seat2, view2, legal2 = _awaited(kept)
            memory = cache.take(("m", seed, seat2), seat2, view2["log"])
            assert memory == fresh
            action = choose(view2, legal2, memory, seed=step, strength=strength)
            cache.keep(("m", seed, seat2), memory)
            assert action == expected
            rebuilt.apply(seat, expected)
            kept.apply(seat2, action)
        assert kept.to_dict() == rebuilt.to_dict()
        assert step > 40


def test_autoplay_with_a_match_key_moves_as_without_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's path (game.hooks.bot_move with the match's key) against the key-less one
    that rebuilds from the log, over a whole game at every seat."""
    monkeypatch.setattr(autoplay, "MEMORIES", MemoryCache())
    game = Game.new(GameConfig(seats=6, seed=9))
    for step in range(600):
        if game.result is not None:
            break
        seat, view, legal = _awaited(game)
        keyless = autoplay.bot_move(seat, view, legal, step, "normal")
        keyed = autoplay.bot_move(seat, view, legal, step, "normal", match=77)
        assert keyed == keyless
        game.apply(seat, keyed)
    assert game.result is not None
    assert len(autoplay.MEMORIES) == 6


def test_same_memory_same_action_and_choose_does_not_change_it() -> None:
    """A kept memory is reused, so choose must leave it as it found it: asking twice with the
    same memory gives the same action, and the memory still equals the rebuilt one."""
    game = Game.new(GameConfig(seats=5, seed=3))
    rng = random.Random(3)
    for step in range(150):
        if game.result is not None:
            break
        seat, view, legal = _awaited(game)
        memory = BotMemory.from_log(seat, view["log"])
        before = copy.deepcopy(memory)
        for strength in STRENGTHS:
            if strength == "hard" and step % 10:
                continue  # Hard's search is slow: every tenth decision is enough
            first = choose(view, legal, memory, seed=step, strength=strength)
            assert choose(view, legal, memory, seed=step, strength=strength) == first
        assert memory == before
        game.apply(seat, legal[rng.randrange(len(legal))])


def _played(game: Game, moves: int, seed: int) -> Game:
    rng = random.Random(seed)
    for _ in range(moves):
        if game.result is not None:
            break
        seat = game.awaiting()[0]
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rng.randrange(len(legal))])
    return game


def test_moves_another_process_made_are_read_as_new_events() -> None:
    """Another worker played many moves meanwhile and the game was loaded again from its
    stored form (new event objects): the kept memory takes the whole gap and still equals the
    rebuilt one."""
    cache = MemoryCache()
    game = _played(Game.new(GameConfig(seats=5, seed=4)), 30, 4)
    cache.keep("k", cache.take("k", 1, game.view(1)["log"]))
    reloaded = Game.from_dict(copy.deepcopy(_played(game, 40, 5).to_dict()))
    log = reloaded.view(1)["log"]
    assert cache.take("k", 1, log) == BotMemory.from_log(1, log)


@pytest.mark.parametrize("case", ["other game", "earlier position", "other seat"])
def test_a_log_that_does_not_extend_what_was_seen_is_rebuilt(case: str) -> None:
    """The key is reused for another game, a replay goes back to an earlier position, or the
    seat differs: the kept memory is not used, the rebuilt one is."""
    cache = MemoryCache()
    game = _played(Game.new(GameConfig(seats=5, seed=6)), 40, 6)
    seen = game.view(2)["log"]
    cache.keep("k", cache.take("k", 2, seen))
    seat = 3 if case == "other seat" else 2
    if case == "other game":
        log = _played(Game.new(GameConfig(seats=5, seed=7)), 100, 7).view(seat)["log"]
        assert len(log) > len(seen)  # long enough that only its content tells it apart
    else:
        log = game.view(seat)["log"][:-5]  # what the view said five events earlier
        if case == "other seat":
            log = game.view(seat)["log"]
    assert cache.take("k", seat, log) == BotMemory.from_log(seat, log)


def test_the_cache_forgets_the_oldest_matches() -> None:
    """Bounded: a long-running worker keeps at most ``size`` seats' memories."""
    cache = MemoryCache(size=3)
    log = Game.new(GameConfig(seats=5, seed=1)).view(0)["log"]
    for key in range(5):
        cache.keep(key, cache.take(key, 0, log))
    assert len(cache) == 3


def _reading_act_by_act(memory: BotMemory, known: dict[int, str]) -> dict[int, float]:
    """Hostility as it was read before issue 22: every act on its own, three passes."""
    from machines.bots import memory as module

    scores: dict[int, float] = {}
    for _ in range(3):
        previous, scores = scores, {}
        for act in memory.acts:
            if known.get(act.actor) == "marshal":
                if known.get(act.target) is None:
                    scores[act.target] = scores.get(act.target, 0.0) + 0.3 * act.weight
                continue
            role = known.get(act.target)
            if role is not None:
                delta = module._READING[role] * act.weight
            else:
                seen = max(-1.5, min(1.5, previous.get(act.target, 0.0)))
                delta = -module._HEARSAY * seen * act.weight
            scores[act.actor] = scores.get(act.actor, 0.0) + delta
        for eliminator, role in memory.kills:
            if known.get(eliminator) != "marshal":
                scores[eliminator] = scores.get(eliminator, 0.0) + module._KILL_READING.get(
                    role, 0.0
                )
    return scores


def test_hostility_summed_per_pair_reads_like_every_act_on_its_own_r141() -> None:
    """Acts between the same two players are read once with their summed weight: the
    suspicion each seat holds is the act-by-act reading (up to rounding), move after move."""
    game = Game.new(GameConfig(seats=7, mode="double_agent", seed=12))
    memory = BotMemory.from_log(3, game.view(3)["log"])
    rng = random.Random(12)
    checked = 0
    while game.result is None:
        seat, view, legal = _awaited(game)
        memory.observe(game.apply(seat, legal[rng.randrange(len(legal))]))
        known = {p["seat"]: p["role"] for p in game.view(3)["players"] if p["role"]}
        expected = _reading_act_by_act(memory, known)
        assert memory.hostility(known) == pytest.approx(expected, abs=1e-9)
        checked += bool(memory.acts)
    assert checked > 50


def test_a_shallow_copy_observing_more_leaves_the_original_as_it_was() -> None:
    """Hard plays imagined seats on copy.copy of the memory with their own acts list: the
    copy's reading must not leak into the kept memory's (the sums are never shared)."""
    game = _played(Game.new(GameConfig(seats=5, seed=8)), 50, 8)
    memory = BotMemory.from_log(1, game.view(1)["log"])
    known = {0: "marshal"}
    before = dict(memory.hostility(known))
    mind = copy.copy(memory)
    mind.acts, mind.kills, mind.revealed = list(memory.acts), list(memory.kills), {}
    mind._cache_key, mind._cache = None, {}
    start = game.log_length
    mind.observe(_played(game, 60, 9).view(1)["log"][start:])
    assert len(mind.acts) > len(memory.acts)
    mind.hostility(known)
    memory._cache_key = None
    assert memory.hostility(known) == before
    mind.acts = mind.acts[: len(memory.acts) // 2]  # replaced by other acts: summed afresh
    assert mind.hostility(known) == pytest.approx(_reading_act_by_act(mind, known), abs=1e-9)


@pytest.mark.parametrize("k", range(6))
def test_kept_memories_decide_the_same_whatever_the_seat_cannot_see_r141(
    k: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R141, R143 through the server's path: on twin tables that differ only in other hands,
    the deck below the Marshal's draw and the hidden roles, the Marshal's bot with a kept
    memory per table makes the same moves for his whole turn, at every strength, or until a
    move shows him a card of a hidden hand (a Grab or Toss of a random hand card, R52, R53):
    the twins' hands differ, so from then on they differ in what he can see."""
    from tests.bots.test_information import _twin_configs

    monkeypatch.setattr(autoplay, "MEMORIES", MemoryCache())
    config_a, config_b = _twin_configs(k, observer_hand_of=1)
    for strength in STRENGTHS:
        game_a, game_b = Game.new(config_a), Game.new(config_b)
        moves = 0
        while game_a.awaiting() == [0] and game_a.result is None:
            view_a, view_b = game_a.view(0), game_b.view(0)
            assert view_a == view_b
            legal = game_a.legal_actions(0)
            a = autoplay.bot_move(0, view_a, legal, k, strength, match=("a", strength))
            b = autoplay.bot_move(0, view_b, game_b.legal_actions(0), k, strength, ("b", strength))
            assert a == b
            game_a.apply(0, a)
            game_b.apply(0, b)
            moves += 1
            if a.get("target_card") == "hand":
                break
        assert moves >= 1
