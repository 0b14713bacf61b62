"""Card counting: which cards of the 80-card deck (R42) are out of every hidden place.

Every card that reaches the discard pile face up is public (played brown cards, discards, the
cards a check flips, a Penalty, an eliminated player's cards), and so is every card in play. A
bot that remembers them knows what is left for the deck and the other hands, so it can tell
how likely an opponent is to hold a Ricochet before it fires, or how many Shots a Duel will
meet. The count restarts when the discard pile is shuffled into a new deck (R27), since those
cards are hidden again.

``CardCount`` has the shape of ``BotMemory``: ``from_log(seat, log)`` and step-by-step
``observe(events)`` give equal counts. It reads only public events; with the deciding seat's
own hand and the cards in play (both in its view) it gives the *unseen* cards: those that may
sit in the deck or in another player's hand (R141).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bangarena_engine.cards import BROWN, CARD_TYPES

#: The full deck by kind (R42: 80 cards).
FULL_DECK: Counter[str] = Counter({kind: count for kind, (_, count) in CARD_TYPES.items()})


@dataclass
class CardCount:
    """Public card knowledge of one seat: the face-up discard pile since the last reshuffle,
    and cards seen going into a hand (a Grab of a card in play, Vulture Jr.'s pick, R109)."""

    seat: int
    gone: Counter[str] = field(default_factory=Counter)
    held: dict[int, Counter[str]] = field(default_factory=dict)  # seat -> kinds known in hand

    @classmethod
    def from_log(cls, seat: int, log: Sequence[Mapping[str, Any]]) -> CardCount:
        count = cls(seat=seat)
        count.observe(log)
        return count

    def observe(self, events: Sequence[Mapping[str, Any]]) -> None:
        for event in events:
            self.observe_one(event)

    def copy_for(self, seat: int) -> CardCount:
        """The same public count held by ``seat``; observing into it never changes this one."""
        return CardCount(seat, Counter(self.gone), {s: Counter(c) for s, c in self.held.items()})

    def observe_one(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        if kind == "played":
            card = event["card"]["kind"]
            self._leaves_hand(event["seat"], card)
            if CARD_TYPES[card][0] == BROWN:
                self.gone[card] += 1
        elif kind == "discarded":
            cards = event["cards"] if "cards" in event else [event["card"]]
            for card in cards:
                self.gone[card["kind"]] += 1
                if event.get("cause") not in ("replaced", "eliminated"):
                    self._leaves_hand(event["seat"], card["kind"])
            if event.get("cause") == "eliminated":
                self.held.pop(event["seat"], None)
        elif kind == "penalty":
            for card in event["cards"]:
                self.gone[card["kind"]] += 1
            self.held.pop(event["seat"], None)
        elif kind == "check":
            for card in event.get("cards", ()):
                self.gone[card["kind"]] += 1
            if event["check"] == "jail":
                self.gone["jail"] += 1  # the Jail itself goes to the discard pile (R74)
        elif kind == "reshuffled":
            self.gone.clear()  # R27: the pile is the new deck, hidden again
        elif kind == "drew" and event.get("card") is not None:
            card = event["card"]["kind"]  # Vulture Jr. takes the discard top (R109)
            if self.gone[card] > 0:
                self.gone[card] -= 1
            self.held.setdefault(event["seat"], Counter())[card] += 1
        elif kind == "took":
            if event.get("card") is not None:
                self.held.setdefault(event["seat"], Counter())[event["card"]["kind"]] += 1
            elif event.get("from") is not None:
                # A random card of that hand went face down to the taker (Grab from a hand,
                # Grip, Toll Collector): any card seen going into it may be the one that left.
                self.held.pop(event["from"], None)
        elif kind == "eliminated":
            self.held.pop(event["seat"], None)

    def _leaves_hand(self, seat: int, card: str) -> None:
        known = self.held.get(seat)
        if known and known[card] > 0:
            known[card] -= 1

    def unseen(self, view: Mapping[str, Any]) -> Counter[str]:
        """Cards by kind that may be in the deck or another player's hand, as far as the
        view's seat can tell: the deck minus the face-up pile, every card in play, its own hand
        and the cards it saw going into other hands."""
        left = FULL_DECK.copy()
        left.subtract(self.gone)
        for player in view["players"]:
            if player["weapon"] is not None:
                left[player["weapon"]["kind"]] -= 1
            for card in player["in_play"]:
                left[card["kind"]] -= 1
        for card in view["hand"]:
            left[card["kind"]] -= 1
        for seat, known in self.held.items():
            if seat != view["seat"]:
                left.subtract(known)
        return Counter({k: n for k, n in left.items() if n > 0})

    def known_in_hand(self, seat: int, kind: str) -> int:
        known = self.held.get(seat)
        return known[kind] if known else 0


@dataclass
class Odds:
    """The unseen cards at one decision, and what they say about one player's hand."""

    unseen: Counter[str]
    count: CardCount
    view: Mapping[str, Any]
    total: int = 0

    def __post_init__(self) -> None:
        self.total = sum(self.unseen.values())

    def _hidden_hand(self, seat: int) -> int:
        held = self.count.held.get(seat)
        return max(
            0, self.view["players"][seat]["hand_count"] - (sum(held.values()) if held else 0)
        )

    def holds(self, seat: int, *kinds: str) -> float:
        """Chance that ``seat`` holds at least one card of ``kinds``: certain when it was seen
        taking one, else a draw of its unknown hand cards from the unseen cards
        (hypergeometric)."""
        if any(self.count.known_in_hand(seat, k) for k in kinds):
            return 1.0
        n = self._hidden_hand(seat)
        good = sum(self.unseen[k] for k in kinds)
        if n == 0 or good == 0 or self.total == 0:
            return 0.0
        miss = 1.0
        for i in range(min(n, self.total)):
            rest = self.total - i
            miss *= max(0, rest - good) / rest
        return 1.0 - miss

    def expected(self, seat: int, *kinds: str) -> float:
        """Expected number of ``kinds`` cards in ``seat``'s hand."""
        known = sum(self.count.known_in_hand(seat, k) for k in kinds)
        if self.total == 0:
            return float(known)
        share = sum(self.unseen[k] for k in kinds) / self.total
        return known + self._hidden_hand(seat) * share
