"""Toll Collector (R103): takes a random card from whoever hurt him."""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.piles import take_random_from_hand
from bangarena_engine.state import Player, State


class TollCollector(Character):
    __slots__ = ()
    id = "toll_collector"
    hp = 3

    def on_damaged(self, state: State, player: Player, source: int | None) -> None:
        """Only damage another player caused (not Dynamite, not his own); in a Duel the other
        duellist is the source (→Q42)."""
        if source is None or source == player.seat:
            return
        card = take_random_from_hand(state, state.players[source])
        if card is not None:
            player.hand.append(card)
            state.emit(
                {
                    "type": "took",
                    "seat": player.seat,
                    "from": source,
                    "card": None,
                    "cause": self.id,
                }
            )
