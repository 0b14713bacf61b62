"""The bots' side of the strength contract the site plays through (issue 22, R141):
``machines.bots.STRENGTHS`` and ``choose(view, legal, memory, *, seed, strength="normal")``,
and the match's hook handing the seat's strength on to ``choose``."""

from __future__ import annotations

from typing import Any

import pytest

from bangarena_engine import Game, GameConfig
from machines import autoplay, bots


def a_decision() -> tuple[int, dict, list[dict], bots.BotMemory]:
    """The Marshal's first decision of a 5-seat game: (seat, its view, legal actions, memory)."""
    game = Game.new(GameConfig(seats=5, seed=7))
    [seat] = game.awaiting()
    view: dict = game.view(seat)  # type: ignore[assignment]
    return seat, view, game.legal_actions(seat), bots.BotMemory.from_log(seat, view["log"])  # type: ignore[return-value]


@pytest.mark.parametrize("strength", bots.STRENGTHS)
def test_every_strength_chooses_one_of_the_legal_actions_r141(strength: str):
    _seat, view, legal, memory = a_decision()
    assert bots.choose(view, legal, memory, seed=3, strength=strength) in legal


@pytest.mark.parametrize("strength", ["", "Hard", "brutal", None])
def test_an_unknown_strength_is_refused(strength: Any):
    _seat, view, legal, memory = a_decision()
    with pytest.raises(ValueError, match="strength"):
        bots.choose(view, legal, memory, seed=3, strength=strength)


def test_the_match_hook_plays_the_seats_strength(monkeypatch: pytest.MonkeyPatch):
    """machines.autoplay.bot_move (game.hooks.bot_move's provider) asks choose at the strength
    the match gives the seat, and plays what choose answers."""
    seat, view, legal, _memory = a_decision()
    seen: list[dict[str, Any]] = []
    real = bots.choose

    def spy(*args: Any, **kwargs: Any) -> dict:
        seen.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(bots, "choose", spy)
    for strength in bots.STRENGTHS:
        action = autoplay.bot_move(seat, view, legal, 11, strength)  # type: ignore[arg-type]
        assert action in legal
    assert [(call["seed"], call["strength"]) for call in seen] == [
        (11, "easy"),
        (11, "normal"),
        (11, "hard"),
    ]
