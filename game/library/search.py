"""Library search: names, effects, tips and abilities of every card and character, and the
rules page's sections, in the active language.

Matching is a plain substring test after folding case and accents ("duello" finds "Düello",
"schuss" finds "Schuß"), which is enough for some ninety short texts and needs no index.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from game.library import links, rulespage
from game.library.content import CARD_INFO, CHARACTER_INFO, CardInfo, CharacterInfo

#: Longer queries are cut to this many characters (issue 8).
MAX_QUERY = 100
SNIPPET_RADIUS = 60


def fold(text: str) -> str:
    """Lower case without accents, so a query typed without them still matches."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def clean_query(raw: str | None) -> str:
    return " ".join((raw or "").split())[:MAX_QUERY].strip()


@dataclass(frozen=True)
class SectionHit:
    key: str
    heading: str
    snippet: str

    @property
    def url(self) -> str:
        return links.section_url(self.key)


@dataclass
class Results:
    query: str
    cards: list[CardInfo] = field(default_factory=list)
    characters: list[CharacterInfo] = field(default_factory=list)
    sections: list[SectionHit] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.cards) + len(self.characters) + len(self.sections)


def _matches(needle: str, texts: list[str]) -> bool:
    return any(needle in fold(text) for text in texts)


def _snippet(text: str, needle: str) -> str:
    """A few words of ``text`` around the first match (best effort when folding moved
    characters: then the start of the text)."""
    at = fold(text).find(needle)
    if at < 0 or len(fold(text)) != len(text):
        at = 0
    start = max(0, at - SNIPPET_RADIUS)
    end = min(len(text), at + len(needle) + SNIPPET_RADIUS)
    return ("…" if start else "") + text[start:end].strip() + ("…" if end < len(text) else "")


def search(raw: str | None) -> Results:
    """Everything in the library that mentions the query; nothing for an empty query."""
    query = clean_query(raw)
    results = Results(query)
    if not query:
        return results
    needle = fold(query)
    # Names first: a player typing "Sho" wants the Shot before cards that mention Shots.
    cards = [c for c in CARD_INFO.values() if _matches(needle, c.searchable())]
    results.cards = sorted(cards, key=lambda c: needle not in fold(c.name))
    people = [c for c in CHARACTER_INFO.values() if _matches(needle, c.searchable())]
    results.characters = sorted(people, key=lambda c: needle not in fold(c.name))
    for section in rulespage.load().sections:
        for block_text in [section.heading, *(b.plain for b in section.blocks)]:
            if needle in fold(block_text):
                hit = SectionHit(section.key, section.heading, _snippet(block_text, needle))
                results.sections.append(hit)
                break
    return results
