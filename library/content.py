"""Library entries built from the one catalogue, the engine's data and the library texts.

A card entry joins its name and type (game/catalogue.py), its count and every suit and rank it
has in the deck (the engine's Appendix A list), and its full effect and tip (texts.py); a
character entry joins name, HP (the engine's Arena number), portrait recipe,
ability, tip and Old Classic difference. Pages and search read only these records.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from bangarena_engine.cards import APPENDIX_A, CARD_TYPES, RED_SUITS, WEAPON_RANGE
from bangarena_engine.characters import CHARACTER_HP
from game import catalogue, links
from game.table.cards import SUIT_SYMBOLS, CardFace, card_face
from game.table.portraits import PORTRAITS
from library.texts import CARD_ENTRIES, CHARACTER_ENTRIES

#: The three kinds of card (R41), as the library's groups and each entry's type line.
TYPE_ORDER = ("brown", "blue", "weapon")
TYPE_GROUPS = {
    "brown": _("Brown cards: play and discard"),
    "blue": _("Blue cards: stay in play"),
    "weapon": _("Weapons"),
}
TYPE_LABELS = {
    "brown": pgettext_lazy("card type", "Brown card"),
    "blue": pgettext_lazy("card type", "Blue card"),
    "weapon": pgettext_lazy("card type", "Weapon"),
}
SUIT_ORDER = ("hearts", "diamonds", "clubs", "spades")


@dataclass(frozen=True)
class Pip:
    """One physical card's corner: rank and suit (symbol AND name, never colour alone)."""

    rank: str
    suit: str

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    @property
    def red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def suit_name(self) -> str:
        return str(catalogue.SUITS[self.suit])


@dataclass(frozen=True)
class CardInfo:
    kind: str
    type: str
    count: int
    range: int | None
    copies: tuple[Pip, ...]

    @property
    def name(self) -> str:
        return str(catalogue.card_name(self.kind))

    @property
    def type_label(self) -> str:
        return str(TYPE_LABELS[self.type])

    @property
    def rule(self) -> str:
        """The one line printed on the card (the same as at the table)."""
        return str(catalogue.CARDS[self.kind].rule)

    @property
    def effect(self) -> str:
        return str(CARD_ENTRIES[self.kind].effect)

    @property
    def tip(self) -> str:
        return str(CARD_ENTRIES[self.kind].tip)

    @property
    def anchor(self) -> str:
        return links.card_anchor(self.kind)

    @property
    def face(self) -> CardFace:
        """The card's art as the table draws it (game/card.html), without a corner."""
        return card_face({"kind": self.kind})

    @property
    def url(self) -> str:
        return links.card_url(self.kind)

    def searchable(self) -> list[str]:
        return [self.name, self.effect, self.tip, self.rule]


@dataclass(frozen=True)
class CharacterInfo:
    id: str
    hp: int

    @property
    def name(self) -> str:
        return str(catalogue.character_name(self.id))

    @property
    def ability(self) -> str:
        return str(CHARACTER_ENTRIES[self.id].ability)

    @property
    def tip(self) -> str:
        return str(CHARACTER_ENTRIES[self.id].tip)

    @property
    def old_classic(self) -> str:
        text = CHARACTER_ENTRIES[self.id].old_classic
        return str(text) if text is not None else ""

    @property
    def portrait(self) -> dict[str, str]:
        return PORTRAITS[self.id]

    @property
    def anchor(self) -> str:
        return links.character_anchor(self.id)

    @property
    def url(self) -> str:
        return links.character_url(self.id)

    def searchable(self) -> list[str]:
        return [self.name, self.ability, self.tip, self.old_classic]


def _copies(kind: str) -> tuple[Pip, ...]:
    return tuple(Pip(rank, suit) for k, rank, suit in APPENDIX_A if k == kind)


CARD_INFO: dict[str, CardInfo] = {
    kind: CardInfo(kind, card_type, count, WEAPON_RANGE.get(kind), _copies(kind))
    for kind, (card_type, count) in CARD_TYPES.items()
}
CHARACTER_INFO: dict[str, CharacterInfo] = {
    character: CharacterInfo(character, hp) for character, hp in CHARACTER_HP.items()
}


def cards_by_type() -> list[tuple[str, str, list[CardInfo]]]:
    """(type, group heading, cards) in the deck's order (section 1.3)."""
    return [
        (kind, str(TYPE_GROUPS[kind]), [c for c in CARD_INFO.values() if c.type == kind])
        for kind in TYPE_ORDER
    ]


# Every card and character the game knows has an entry: a missing one would 404 or crash.
assert set(CARD_INFO) == set(catalogue.CARDS) == set(CARD_ENTRIES)
assert set(CHARACTER_INFO) == set(catalogue.CHARACTERS) == set(CHARACTER_ENTRIES)
assert all(len(c.copies) == c.count for c in CARD_INFO.values())
