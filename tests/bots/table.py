"""Helpers for bot decision tests: stack a real game with GameConfig knobs, drive it through
the public contract, and ask a seat's bot for its decision exactly as the backend does."""

from __future__ import annotations

from typing import Any

from bangarena_engine import Game, GameConfig
from machines.bots import BotMemory, choose

QUIET = [
    "lucky",
    "scavenger",
    "empty_hands",
    "stone_leopard",
    "red_suit",
    "toll_collector",
    "grip",
    "bonesetter",
]
"""Characters whose abilities do not change distance, the Shot limit or the draw step much."""


def new_game(roles: list[str], seed: int = 1, **knobs: Any) -> Game:
    knobs.setdefault("characters", QUIET[: len(roles)])
    return Game.new(GameConfig(seats=len(roles), seed=seed, roles=roles, **knobs))


def bot_move(game: Game, seat: int, seed: int = 0) -> dict:
    """The contract call: view, legal actions and a memory rebuilt from the view's log."""
    view = game.view(seat)
    return choose(view, game.legal_actions(seat), BotMemory.from_log(seat, view["log"]), seed)


def card_id(game: Game, seat: int, kind: str) -> str:
    for card in game.view(seat)["hand"]:
        if card["kind"] == kind:
            return card["id"]
    raise AssertionError(f"seat {seat} holds no {kind}")


def play(game: Game, seat: int, kind: str, **fields: Any) -> list[dict]:
    """Play the seat's first card of ``kind`` with the given target fields."""
    return game.apply(seat, {"type": "play", "card": card_id(game, seat, kind), **fields})


def simple_until(game: Game, seat: int, pending: str | None = None) -> None:
    """Let every other decision take its automatic move (R120) until ``seat`` is awaited for
    a decision of kind ``pending`` (None = its play step)."""
    for _ in range(500):
        awaited = game.awaiting()
        assert awaited, "the game ended first"
        who = awaited[0]
        view_pending = game.view(who)["pending"]
        kind = view_pending["kind"] if view_pending else None
        if who == seat and kind == pending:
            return
        game.apply(who, game.default_action(who))
    raise AssertionError("never reached the decision")


def end_turn(game: Game, seat: int) -> None:
    game.apply(seat, {"type": "end_turn"})


def targets(action: dict) -> int | None:
    return action.get("target")
