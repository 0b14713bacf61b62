"""Addresses into the library: a card's entry (with the physical card's rank and suit, R139),
a character's entry, a section of the rules page, and the For AI developers pages.

Everything that links into the library (the table's hand, seats and log, the rules page's
inline links) builds its address here, so the URL scheme lives in one place.
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urlencode

from django.urls import reverse

from bangarena_engine.cards import RANKS, SUITS

#: Inline link targets of the rules files that point outside the library (issue 9's pages).
EXTERNAL_TARGETS = {"ai_docs": "ai_docs:index", "rules_json": "ai_docs:rules_json"}


def physical_card(rank: str | None, suit: str | None) -> tuple[str, str] | None:
    """A (rank, suit) pair from untrusted input, or None unless both are a real rank and suit."""
    if rank in RANKS and suit in SUITS:
        return rank, suit
    return None


@lru_cache(maxsize=2048)
def card_url(kind: str, rank: str | None = None, suit: str | None = None) -> str:
    """A card's library entry; with the physical card's rank and suit when given (R44, R139).

    Cached (22 kinds x 53 corners at most): the table renders this for every card in every
    seat's log at each update, and one reverse() costs about as much as the rest of a card.
    """
    url = reverse("library:card", args=[kind])
    pair = physical_card(rank, suit)
    if pair:
        url += "?" + urlencode({"rank": pair[0], "suit": pair[1]})
    return url


def character_url(character: str) -> str:
    return reverse("library:character", args=[character])


def card_anchor(kind: str) -> str:
    return f"card-{kind}"


def character_anchor(character: str) -> str:
    return f"character-{character}"


def section_url(key: str) -> str:
    return reverse("library:index") + "#" + key


def external_url(target: str) -> str:
    """The For AI developers page or the machine-readable rules (issue 9)."""
    return reverse(EXTERNAL_TARGETS[target])
