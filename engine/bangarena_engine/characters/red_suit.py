"""Red Suit (R101): shows his second draw; a red one earns him a third card."""

from __future__ import annotations

from bangarena_engine.cards import RED_SUITS
from bangarena_engine.characters.base import Character
from bangarena_engine.piles import draw_card, draw_into_hand
from bangarena_engine.state import Player, State


class RedSuit(Character):
    __slots__ = ()
    id = "red_suit"
    hp = 4
    has_draw_method = True

    def deck_draw(self, state: State, player: Player) -> None:
        """His method is his deck draw: the same 2 cards, the second one shown to everyone."""
        first = draw_card(state)
        second = draw_card(state)
        drawn = [card for card in (first, second) if card is not None]
        player.hand.extend(drawn)
        if drawn:
            state.emit({"type": "drew", "seat": player.seat, "count": len(drawn), "cause": "draw"})
        if second is not None:
            state.emit({"type": "revealed", "seat": player.seat, "card": second.public()})
            if second.suit in RED_SUITS:
                draw_into_hand(state, player, 1, cause=self.id)
