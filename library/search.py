"""Library search: names, effects, tips and abilities of every card and character, and the
rules page's sections, in the active language.

Texts and the query are folded (case and accents: "duello" finds "Düello"), then a card or a
character is found when the query is in its texts, starts one of the words of its name
("rico" finds Ricochet) or is a near miss of one (a typo: "ricochett", "rikoshet"). Names
come first: a name that starts with the query, then a name that holds it, then a near miss,
then a mention in a rule or tip. Some ninety short texts need no index.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from game import links
from library import rulespage
from library.content import CARD_INFO, CHARACTER_INFO, CardInfo, CharacterInfo

#: Longer queries are cut to this many characters (issue 8).
MAX_QUERY = 100
SNIPPET_RADIUS = 60


# Letters whose accent is part of the letter in Unicode (no decomposition to strip): a
# Turkish or Polish player typing on an English keyboard writes "atis" for Atış, "strzal"
# for Strzał.
_UNACCENTED = str.maketrans({"ı": "i", "ł": "l", "đ": "d", "ø": "o", "ħ": "h"})


def fold(text: str) -> str:
    """Lower case without accents, so a query typed without them still matches."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).translate(_UNACCENTED)


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


#: A near miss is at least this similar to a word (difflib's ratio: one slip in a
#: 6-letter word is 0.83-0.92) and the query at least this long: "gun" is nobody's typo.
NEAR_MISS_RATIO = 0.8
NEAR_MISS_MIN_LENGTH = 4

_WORD = re.compile(r"\w+")

# Ranks of a hit, best first (sorted ascending).
NAME_PREFIX, NAME_CONTAINS, NAME_NEAR, TEXT_CONTAINS, TEXT_NEAR = range(5)


def _words(folded: str) -> list[str]:
    return _WORD.findall(folded)


def _near(needle: str, words: list[str]) -> bool:
    """True if the query is one slip away from a word (or from the start of a longer one)."""
    if len(needle) < NEAR_MISS_MIN_LENGTH:
        return False
    for word in words:
        for candidate in (word, word[: len(needle)]):
            if abs(len(candidate) - len(needle)) > 2:
                continue
            if SequenceMatcher(None, needle, candidate).ratio() >= NEAR_MISS_RATIO:
                return True
    return False


def _rank(needle: str, name: str, texts: list[str]) -> int | None:
    """How well an entry matches the query (a rank constant), or None if it does not."""
    folded_name = fold(name)
    name_words = _words(folded_name)
    if folded_name.startswith(needle) or any(word.startswith(needle) for word in name_words):
        return NAME_PREFIX
    if needle in folded_name:
        return NAME_CONTAINS
    if _near(needle, name_words) or _near(needle, [folded_name.replace(" ", "")]):
        return NAME_NEAR
    folded_texts = [fold(text) for text in texts if text]
    if any(needle in text for text in folded_texts):
        return TEXT_CONTAINS
    if len(needle) >= NEAR_MISS_MIN_LENGTH + 2 and any(
        _near(needle, _words(text)) for text in folded_texts
    ):
        return TEXT_NEAR
    return None


def _ranked(needle: str, entries: list) -> list:  # noqa: ANN001 (CardInfo or CharacterInfo)
    """The entries that match, best first; ties keep the library's own order."""
    hits = []
    for order, entry in enumerate(entries):
        texts = entry.searchable()
        rank = _rank(needle, texts[0], texts[1:])
        if rank is not None:
            hits.append((rank, order, entry))
    return [entry for _rank_, _order, entry in sorted(hits, key=lambda hit: hit[:2])]


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
    results.cards = _ranked(needle, list(CARD_INFO.values()))
    results.characters = _ranked(needle, list(CHARACTER_INFO.values()))
    for section in rulespage.load().sections:
        texts = [section.heading, *(b.plain for b in section.blocks)]
        found = next((text for text in texts if needle in fold(text)), None)
        if found is None and _near(needle, _words(fold(section.heading))):
            found = section.heading
        if found is not None:
            results.sections.append(
                SectionHit(section.key, section.heading, _snippet(found, needle))
            )
    return results
