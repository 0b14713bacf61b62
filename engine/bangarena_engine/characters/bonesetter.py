"""Bonesetter (R111): discards 2 hand cards to heal 1, again and again, whenever he is asked."""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.damage import heal
from bangarena_engine.piles import discard_from_hand
from bangarena_engine.state import Player, State
from bangarena_engine.types import Action


class Bonesetter(Character):
    __slots__ = ()
    id = "bonesetter"
    hp = 5
    has_ability = True

    def can_use_ability(self, state: State, player: Player) -> bool:
        """Wounded but alive, 2 cards in hand, no High Noon (→Q43); never automatic."""
        return (
            player.alive
            and 1 <= player.hp < player.max_hp
            and not state.high_noon
            and len(player.hand) >= 2
        )

    def ability_actions(self, player: Player) -> list[Action]:
        """One action per pair of hand cards."""
        hand = player.hand
        return [
            {"type": "ability", "ability": self.id, "cards": sorted((hand[i].id, hand[j].id))}
            for i in range(len(hand))
            for j in range(i + 1, len(hand))
        ]

    def use_ability(self, state: State, player: Player, action: Action) -> None:
        """Discard the two named hand cards and heal 1."""
        for card_id in action["cards"]:
            discard_from_hand(state, player, card_id, cause=self.id)
        heal(state, player, self.id)
