"""Stone Leopard (R100): draws after each damage event he survives."""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.piles import draw_into_hand
from bangarena_engine.state import Player, State


class StoneLeopard(Character):
    __slots__ = ()
    id = "stone_leopard"
    hp = 3
    old_classic_hp = 4

    def on_damaged(self, state: State, player: Player, source: int | None) -> None:
        """1 card, or 2 if he is down to 2 HP or less; one Dynamite blast is one event (→Q41)."""
        draw_into_hand(state, player, 2 if player.hp <= 2 else 1, cause=self.id)
