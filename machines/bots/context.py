"""Everything one decision needs, computed once: the view, the outlook and the own hand.

A decision asks the same questions many times (the kind and worth of each card in hand for
every legal action, issue 22), so the answers are worked out once per decision and kept here;
the generator that breaks ties is only seeded when a tie has to be broken.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from machines.bots.cards import hand_order, keep_value
from machines.bots.memory import BotMemory
from machines.bots.outlook import Outlook


@dataclass
class Decision:
    view: dict
    legal: list[dict]
    outlook: Outlook
    seed: int = 0

    @classmethod
    def build(cls, view: dict, legal: list[dict], memory: BotMemory, seed: int) -> Decision:
        return cls(view, legal, Outlook.read(view, memory), seed)

    @cached_property
    def rng(self) -> random.Random:
        """The seeded tie-breaker (seeding one costs more than most decisions: made lazily)."""
        return random.Random(self.seed)

    @property
    def me(self) -> dict:
        return self.outlook.me

    @property
    def hand(self) -> list[dict]:
        return self.view["hand"]

    @property
    def high_noon(self) -> bool:
        return bool(self.view["high_noon"])

    @cached_property
    def _by_id(self) -> dict[str, dict]:
        return {c["id"]: c for c in self.hand}

    @cached_property
    def _kinds(self) -> list[str]:
        return [c["kind"] for c in self.hand]

    @cached_property
    def _known(self) -> dict[tuple, float]:
        return {}

    def once(self, key: tuple, work: Callable[[], float]) -> float:
        """``work()``, worked out once per decision for ``key`` (what it depends on): a hand
        holds several copies of a card, and each copy is a legal action of its own."""
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = work()
        return known

    def card(self, card_id: str) -> dict:
        return self._by_id[card_id]

    def kind(self, card_id: str) -> str:
        return self._by_id[card_id]["kind"]

    def value(self, card_id: str) -> float:
        return self.once(
            ("keep", card_id),
            lambda: keep_value(self.kind(card_id), self.me, self._kinds, self.high_noon),
        )

    def cheapest(self) -> list[dict]:
        """Own cards from least to most worth keeping."""
        return hand_order(self.hand, self.me, self.high_noon)

    def count(self, *kinds: str) -> int:
        return sum(1 for kind in self._kinds if kind in kinds)

    def best(self, scored: list[tuple[float, dict]]) -> tuple[float, dict] | None:
        """The highest score; equal scores are broken by the seeded generator only."""
        if not scored:
            return None
        top = max(score for score, _ in scored)
        ties = [action for score, action in scored if score == top]
        return top, ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]
