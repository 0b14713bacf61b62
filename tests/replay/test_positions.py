"""A replay position is exactly the game after the first n actions of the stored log, and
the viewer's turn and round steps land where those turns and rounds begin (issue 18; DESIGN
section 2: a match is config + action log and replays exactly)."""

from __future__ import annotations

import random

import pytest

from bangarena_engine import Game, GameConfig
from bangarena_engine.roles import MODES
from replay.timeline import Move, Timeline
from tests.stats.conftest import play


def random_match(mode: str, seats: int, seed: int) -> tuple[GameConfig, list[Move]]:
    config = GameConfig(seats=seats, mode=mode, seed=seed)
    return config, [Move(seat, action) for seat, action in play(config, seed=seed)]


def replayed(config: GameConfig, moves: list[Move], n: int) -> Game:
    """The reference: a fresh game with the first ``n`` actions applied, nothing cached."""
    game = Game.new(config)
    for move in moves[:n]:
        game.apply(move.seat, move.action)
    return game


@pytest.mark.parametrize("mode", MODES)
def test_every_position_equals_replaying_the_first_n_actions(mode: str):
    """?at=n is exact at every n, across checkpoint boundaries, with small checkpoints so a
    short match crosses several (the engine's determinism)."""
    config, moves = random_match(mode, 5, seed=17)
    timeline = Timeline.build(config, moves, every=7)
    for n in range(len(moves) + 1):
        assert timeline.game_at(n).to_dict() == replayed(config, moves, n).to_dict(), n
    assert timeline.game_at(timeline.last).result is not None


def test_a_position_is_a_fresh_game_the_caller_may_change():
    """Handing out a position never alters the kept checkpoints: the next viewer of the same
    position sees the same game."""
    config, moves = random_match("classic", 4, seed=5)
    timeline = Timeline.build(config, moves, every=10)
    before = timeline.game_at(10).to_dict()
    game = timeline.game_at(10)
    [seat] = game.awaiting()
    game.apply(seat, game.legal_actions(seat)[0])
    assert timeline.game_at(10).to_dict() == before


def test_positions_out_of_range_are_the_deal_and_the_end():
    config, moves = random_match("classic", 4, seed=6)
    timeline = Timeline.build(config, moves)
    assert timeline.game_at(-5).to_dict() == Game.new(config).to_dict()
    assert timeline.game_at(10**9).to_dict() == timeline.game_at(timeline.last).to_dict()


@pytest.mark.parametrize("mode", MODES)
def test_turn_and_round_steps_land_on_the_first_move_of_a_turn(mode: str):
    """R21/R22: a turn begins with its "turn" event; a step forward one turn shows the position
    whose log first holds the next turn's event, and a step back the previous one."""
    config, moves = random_match(mode, 6, seed=23)
    timeline = Timeline.build(config, moves)
    starts = timeline.turn_starts
    assert starts == sorted(starts)
    assert len(starts) >= 2
    for number, start in enumerate(starts, start=1):
        turns = [e for e in timeline.game_at(start).view(None)["log"] if e["type"] == "turn"]
        # This position shows the turn's start (a turn whose play a failed Jail check skips,
        # R22/R74, starts the next one in the same move) and the one before did not yet.
        assert len(turns) >= number
        assert turns[number - 1]["seat"] == timeline.turn_seats[number - 1]
        if start > 0:
            earlier = timeline.game_at(start - 1).view(None)["log"]
            assert len([e for e in earlier if e["type"] == "turn"]) < number
        assert timeline.turn_start(number) == start
    rng = random.Random(1)
    for at in rng.sample(range(timeline.last + 1), 20):
        forward = timeline.next_turn(at)
        assert forward > at or forward == timeline.last
        assert not [s for s in starts if at < s < forward]
        back = timeline.previous_turn(at)
        assert back < at or at == 0
        assert not [s for s in starts if back < s < at]
        assert timeline.next_round(at) >= at
        assert timeline.previous_round(at) <= at


def test_each_event_belongs_to_the_position_that_added_it():
    config, moves = random_match("double_agent", 5, seed=9)
    timeline = Timeline.build(config, moves)
    for at in range(timeline.last + 1):
        log = timeline.game_at(at).view(None)["log"]
        assert len(log) == timeline.log_end[at]
        for index in timeline.new_events(at):
            assert timeline.position_of_event(index) == at
