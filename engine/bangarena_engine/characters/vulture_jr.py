"""Vulture Jr. (R109): may draw the discard top first; draws 2 at every elimination."""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.piles import draw_into_hand
from bangarena_engine.state import Player, State
from bangarena_engine.types import Action


class VultureJr(Character):
    __slots__ = ()
    id = "vulture_jr"
    hp = 4
    has_draw_method = True

    def add_draw_options(self, state: State, player: Player, options: list[Action]) -> None:
        if state.discard:
            options.append({"type": "choose", "option": "discard_pile"})

    def draw_by_option(self, state: State, player: Player, action: Action) -> None:
        """The top of the discard pile, seen by everyone, then one card from the deck."""
        card = state.discard.pop()
        player.hand.append(card)
        state.emit(
            {
                "type": "drew",
                "seat": player.seat,
                "count": 1,
                "cause": "discard_pile",
                "card": card.public(),
            }
        )
        draw_into_hand(state, player, 1)

    def on_elimination(self, state: State, player: Player, victim: Player) -> None:
        """Whoever the eliminator, himself included."""
        draw_into_hand(state, player, 2, cause=self.id)
