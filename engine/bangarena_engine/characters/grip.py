"""Grip (R104): may take his first draw at random from another player's hand."""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.piles import draw_into_hand, take_random_from_hand
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
        target = action["target"]
        card = take_random_from_hand(state, state.players[target])
        if card is not None:
            player.hand.append(card)
            state.emit(
                {
                    "type": "took",
                    "seat": player.seat,
                    "from": target,
                    "card": None,
                    "cause": self.id,
                }
            )
        draw_into_hand(state, player, 1)
