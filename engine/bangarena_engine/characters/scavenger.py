"""Scavenger (R114): takes every card of an eliminated player into his hand."""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.state import Card, Player, State


class Scavenger(Character):
    __slots__ = ()
    id = "scavenger"
    hp = 4

    def takes_eliminated_cards(
        self, state: State, player: Player, victim: Player, cards: list[Card]
    ) -> bool:
        """Hand, blue cards and weapon, face down: only how many is announced."""
        player.hand.extend(cards)
        if cards:
            state.emit(
                {"type": "scavenged", "seat": player.seat, "from": victim.seat, "count": len(cards)}
            )
        return True
