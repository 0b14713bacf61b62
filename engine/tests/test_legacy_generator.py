"""Matches dealt before generators were named replay exactly (docs/security.md, R20).

``fixtures/legacy_games.json`` was recorded with the engine as it was before the secret
generator (commit 4291718): four complete games of random legal play, one per mode, with
62-bit seeds as the live services drew them. Each is replayed here from a config without a
``generator`` (as the old rows are stored) and must give the same deal, accept every stored
action (their card ids included) and end in the same state, byte for byte.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from bangarena_engine import Game, GameConfig
from bangarena_engine.rng import CURRENT_GENERATOR, LEGACY_GENERATOR

RECORDED = json.loads((Path(__file__).parent / "fixtures" / "legacy_games.json").read_text())


def digest(state: dict) -> str:
    """The recorded states had no generator in their config: compare them without it."""
    old = {**state, "config": {k: v for k, v in state["config"].items() if k != "generator"}}
    return hashlib.sha256(
        json.dumps(old, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()


def stored_config(recorded: dict) -> dict:
    """The config as an old Match row holds it: every field but a generator."""
    config = GameConfig(**recorded["config"]).to_dict()
    del config["generator"]
    return config


@pytest.mark.parametrize("recorded", RECORDED["games"], ids=lambda g: g["config"]["mode"])
def test_a_legacy_game_replays_byte_for_byte(recorded):
    config = GameConfig.from_dict(stored_config(recorded))
    assert config.generator == LEGACY_GENERATOR
    game = Game.new(config)
    assert digest(game.to_dict()) == recorded["opening_sha256"]
    assert game.to_dict()["players"][0]["hand"] == recorded["opening_hand_of_seat_0"]
    for seat, action in recorded["actions"]:
        game.apply(seat, action)
    assert game.result is not None
    assert digest(game.to_dict()) == recorded["final_sha256"]


@pytest.mark.parametrize("recorded", RECORDED["games"][:2], ids=lambda g: g["config"]["mode"])
def test_a_legacy_snapshot_restores_and_plays_on_identically(recorded):
    """A snapshot saved mid-game by the old code (no generator anywhere) plays on exactly."""
    game = Game.new(GameConfig(**recorded["config"], generator=LEGACY_GENERATOR))
    half = len(recorded["actions"]) // 2
    for seat, action in recorded["actions"][:half]:
        game.apply(seat, action)
    snapshot = game.to_dict()
    snapshot["config"] = {k: v for k, v in snapshot["config"].items() if k != "generator"}
    restored = Game.from_dict(json.loads(json.dumps(snapshot)))
    for seat, action in recorded["actions"][half:]:
        restored.apply(seat, action)
    assert digest(restored.to_dict()) == recorded["final_sha256"]


def test_new_games_use_the_secret_generator_and_the_same_seed_deals_the_same_game():
    config = GameConfig(seats=6, seed=2**200 + 17)
    assert config.generator == CURRENT_GENERATOR
    first, second = Game.new(config), Game.new(GameConfig(seats=6, seed=2**200 + 17))
    assert first.to_dict() == second.to_dict()
    legacy = Game.new(GameConfig(seats=6, seed=2**200 + 17, generator=LEGACY_GENERATOR))
    assert legacy.to_dict()["deck"] != first.to_dict()["deck"]


def test_an_unknown_generator_is_refused():
    with pytest.raises(ValueError, match="generator"):
        Game.new(GameConfig(seats=4, seed=1, generator="mersenne"))
