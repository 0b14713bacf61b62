"""Empty Hands (R113): draws 1 the moment his hand becomes empty (→Q44)."""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.piles import draw_into_hand
from bangarena_engine.state import Player, State


class EmptyHands(Character):
    __slots__ = ()
    id = "empty_hands"
    hp = 4

    def on_hand_empty(self, state: State, player: Player) -> None:
        draw_into_hand(state, player, 1, cause=self.id)
