"""Smoke test of the engine contract: random legal play reaches a result (R91-R97)."""

import random

import pytest

from bangarena_engine import Game, GameConfig, IllegalAction


@pytest.mark.parametrize("mode", ["classic", "partners", "double_agent", "old_classic"])
@pytest.mark.parametrize("seats", [4, 5, 8])
def test_random_legal_play_ends_with_winners_r91(mode, seats):
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seats * 31 + len(mode)))
    chooser = random.Random(1)
    for _ in range(20000):
        if game.result is not None:
            break
        (seat,) = game.awaiting()
        game.apply(seat, chooser.choice(game.legal_actions(seat)))
    assert game.result is not None
    assert game.result["winners"]
    assert game.awaiting() == []


def test_illegal_action_leaves_state_unchanged():
    game = Game.new(GameConfig(seats=5, seed=3))
    before = game.to_dict()
    (seat,) = game.awaiting()
    other = (seat + 1) % 5
    with pytest.raises(IllegalAction, match="not your decision"):
        game.apply(other, {"type": "end_turn"})
    with pytest.raises(IllegalAction):
        game.apply(seat, {"type": "play", "card": "no-such-card"})
    assert game.to_dict() == before
