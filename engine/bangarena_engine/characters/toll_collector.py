"""Toll Collector (R103): takes a random card from whoever hurt him."""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.piles import steal_random_card
from bangarena_engine.state import Player, State


class TollCollector(Character):
    __slots__ = ()
    id = "toll_collector"
    hp = 3

    def on_damaged(self, state: State, player: Player, source: int | None) -> None:
        """Only damage another player caused (not Dynamite, not his own); in a Duel the other
        duellist is the source (→Q42)."""
        if source is not None and source != player.seat:
            steal_random_card(state, player, state.players[source], cause=self.id)
