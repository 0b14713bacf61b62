"""Cards as the table draws them: name, type colour, suit symbol and rank, one-line rule.

Card ids are opaque strings from the engine; nothing here reads their length or format, they
are only passed back in the actions a player sends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.html import format_html
from django.utils.safestring import SafeString

from bangarena_engine.cards import RED_SUITS
from game import catalogue
from game.links import card_url

if TYPE_CHECKING:
    from game.table.controls import Control

SUIT_SYMBOLS = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}


@dataclass
class CardFace:
    """A card as it is drawn: name, type colour, suit symbol and rank, one-line rule."""

    id: str
    kind: str
    name: str
    type: str
    suit: str
    suit_symbol: str
    rank: str
    red: bool
    rule: str
    tip: str
    playable: bool = False
    selectable: bool = False
    control: Control | None = None
    #: Why a hand card is dimmed (R45-R49 in words), for its tooltip and screen readers.
    why_not: str = ""

    @property
    def library_url(self) -> str:
        """This card's library entry with its own rank and suit (R139: tap a card for its
        text, tip, suit and rank)."""
        return card_url(self.kind, self.rank, self.suit)

    @property
    def suit_name(self) -> str:
        """The suit in words for screen readers ("Pik", "Черви"): the symbol is drawn only."""
        return str(catalogue.SUITS.get(self.suit, ""))

    @property
    def label(self) -> str:
        """Name, rank and suit symbol in one line ("Shot 7♣"), as buttons and log lines say."""
        return f"{self.name} {self.rank}{self.suit_symbol}"


def card_face(card: dict[str, Any]) -> CardFace:
    kind = card["kind"]
    text = catalogue.CARDS[kind]
    suit = card.get("suit") or ""
    return CardFace(
        id=card.get("id", ""),
        kind=kind,
        name=str(text.name),
        type=text.type,
        suit=suit,
        suit_symbol=SUIT_SYMBOLS.get(suit, ""),
        rank=card.get("rank") or "",
        red=suit in RED_SUITS,
        rule=str(text.rule),
        tip=str(text.tip),
    )


def card_label(card: dict[str, Any]) -> str:
    return card_face(card).label


def card_ref(card: dict[str, Any]) -> SafeString:
    """A card named inside a log sentence: name plus rank and suit symbol, linked to its
    library entry, which the table opens in a dialog (R139)."""
    face = card_face(card)
    return format_html(
        '<a class="cardref cardref--{}" href="{}" data-library-link>{} '
        '<span class="pip{}">{}{}</span></a>',
        face.type,
        face.library_url,
        face.name,
        " pip--red" if face.red else "",
        face.rank,
        face.suit_symbol,
    )
