"""Double Barrel (R112): his Shots at distance 1 need two Ricochet-equivalents (R69)."""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.distance import distance
from bangarena_engine.state import Player, State


class DoubleBarrel(Character):
    __slots__ = ()
    id = "double_barrel"
    hp = 4

    def dodges_needed(self, state: State, shooter: Player, target: Player) -> int:
        return 2 if distance(state, shooter.seat, target.seat) == 1 else 1
