"""Grip (R104): may take his first draw at random from another player's hand."""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.piles import draw_into_hand, steal_random_card
from bangarena_engine.state import Player, State
from bangarena_engine.types import Action


class Grip(Character):
    __slots__ = ()
    id = "grip"
    hp = 4
    has_draw_method = True

    def add_draw_options(self, state: State, player: Player, options: list[Action]) -> None:
        """Any alive player with a card in hand, at any distance."""
        for other in state.players:
            if other.alive and other is not player and other.hand:
                options.append({"type": "choose", "option": "player", "target": other.seat})

    def draw_by_option(self, state: State, player: Player, action: Action) -> None:
        """A random card from the chosen hand, then one from the deck."""
        steal_random_card(state, player, state.players[action["target"]], cause=self.id)
        draw_into_hand(state, player, 1)
