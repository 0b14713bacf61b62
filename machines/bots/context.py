"""Everything one decision needs, computed once: the view, the outlook and the own hand."""

from __future__ import annotations

import random
from dataclasses import dataclass

from machines.bots.cards import hand_order, keep_value
from machines.bots.memory import BotMemory
from machines.bots.outlook import Outlook


@dataclass
class Decision:
    view: dict
    legal: list[dict]
    outlook: Outlook
    rng: random.Random

    @classmethod
    def build(cls, view: dict, legal: list[dict], memory: BotMemory, seed: int) -> Decision:
        return cls(view, legal, Outlook.read(view, memory), random.Random(seed))

    @property
    def me(self) -> dict:
        return self.outlook.me

    @property
    def hand(self) -> list[dict]:
        return self.view["hand"]

    @property
    def high_noon(self) -> bool:
        return bool(self.view["high_noon"])

    def card(self, card_id: str) -> dict:
        return next(c for c in self.hand if c["id"] == card_id)

    def kind(self, card_id: str) -> str:
        return self.card(card_id)["kind"]

    def value(self, card_id: str) -> float:
        kinds = [c["kind"] for c in self.hand]
        return keep_value(self.kind(card_id), self.me, kinds, self.high_noon)

    def cheapest(self) -> list[dict]:
        """Own cards from least to most worth keeping."""
        return hand_order(self.hand, self.me, self.high_noon)

    def count(self, *kinds: str) -> int:
        return sum(1 for c in self.hand if c["kind"] in kinds)

    def best(self, scored: list[tuple[float, dict]]) -> tuple[float, dict] | None:
        """The highest score; equal scores are broken by the seeded generator only."""
        if not scored:
            return None
        top = max(score for score, _ in scored)
        ties = [action for score, action in scored if score == top]
        return top, ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]
