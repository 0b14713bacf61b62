"""Whole games played by bots: only legal moves, sound weapons, and every game ends."""

from __future__ import annotations

import pytest

from bangarena_engine import Game, GameConfig
from machines.bots import BotMemory, choose

RANGE = {"volcanic": 1, "sawed_off": 2, "rifle": 3, "carbine": 4, "long_rifle": 5}
MAX_ACTIONS = 20_000


def play_out(seats: int, mode: str, seed: int) -> Game:
    """An all-bot game, each decision made the way the backend makes it (memory from log),
    checking every chosen action is one of the legal ones."""
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    for step in range(MAX_ACTIONS):
        if game.result is not None:
            return game
        seat = game.awaiting()[0]
        view = game.view(seat)
        legal = game.legal_actions(seat)
        action = choose(view, legal, BotMemory.from_log(seat, view["log"]), seed=seed + step)
        assert action in legal
        game.apply(seat, action)
    raise AssertionError(f"{seats} seats {mode} seed {seed} did not end")


@pytest.mark.parametrize("seats", [4, 5, 6, 7, 8])
@pytest.mark.parametrize("mode", ["classic", "partners", "double_agent", "old_classic"])
def test_bots_choose_only_legal_actions_and_every_game_ends_r120_r141(seats, mode):
    """R141/R142: a bot picks one move from the legal list; games between bots end (R91)."""
    for seed in range(4):
        game = play_out(seats, mode, seed)
        assert game.result["winners"]


@pytest.mark.parametrize("seats", [5, 7])
def test_no_bot_ever_trades_a_gun_for_a_worse_one_r39(seats):
    """R39: playing a weapon discards the old one; in 15 bot games every replacement has a
    longer range than the gun it replaced, and a Volcanic only replaces the Revolver."""
    replacements = 0
    for seed in range(15):
        log = play_out(seats, "classic", seed).view(None)["log"]
        for before, after in zip(log, log[1:], strict=False):
            if after["type"] == "discarded" and after["cause"] == "replaced":
                assert before["type"] == "played"
                new, old = before["card"]["kind"], after["card"]["kind"]
                assert new != "volcanic"
                assert RANGE[new] > RANGE[old]
                replacements += 1
    assert replacements > 0  # the situation did arise
