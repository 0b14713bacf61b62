"""The card catalogue (RULES.md section 1.3) and the deck of Appendix A.

Copied in as plain data so the engine works without ../shared at run time.
"""

from __future__ import annotations

BROWN = "brown"
BLUE = "blue"
WEAPON = "weapon"

#: card id -> (type, count), in the order of section 1.3.
CARD_TYPES: dict[str, tuple[str, int]] = {
    "shot": (BROWN, 25),
    "ricochet": (BROWN, 12),
    "flask": (BROWN, 6),
    "grab": (BROWN, 4),
    "toss": (BROWN, 4),
    "duel": (BROWN, 3),
    "raid": (BROWN, 2),
    "wagon": (BROWN, 2),
    "bazaar": (BROWN, 2),
    "saloon": (BROWN, 1),
    "caravan": (BROWN, 1),
    "buckshot": (BROWN, 1),
    "jail": (BLUE, 3),
    "cover": (BLUE, 2),
    "horse": (BLUE, 2),
    "scope": (BLUE, 1),
    "dynamite": (BLUE, 1),
    "volcanic": (WEAPON, 2),
    "sawed_off": (WEAPON, 3),
    "rifle": (WEAPON, 1),
    "carbine": (WEAPON, 1),
    "long_rifle": (WEAPON, 1),
}

#: Weapon ranges (R40); the Revolver is the default range 1 and is not a card (R38).
WEAPON_RANGE: dict[str, int] = {
    "volcanic": 1,
    "sawed_off": 2,
    "rifle": 3,
    "carbine": 4,
    "long_rifle": 5,
}
REVOLVER_RANGE = 1
#: Weapons that lift the one-Shot limit (R49).
UNLIMITED_SHOT_WEAPONS = frozenset(("volcanic",))

#: Blue cards a player puts in front of themself, at most one of each (R43); the Jail goes in
#: front of its target instead.
SELF_BLUE = frozenset(("cover", "horse", "scope", "dynamite"))

SUITS = ("hearts", "diamonds", "clubs", "spades")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RED_SUITS = frozenset(("hearts", "diamonds"))
#: Spades of these ranks make the Dynamite explode (R75).
DYNAMITE_RANKS = frozenset(("2", "3", "4", "5", "6", "7", "8", "9"))

_SUIT_LETTER = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}

# Appendix A, written as RANK+SUIT-letter tokens to stay readable next to the rules text.
_APPENDIX_A = {
    "shot": "AS 2D 3D 4D 5H 6D 7D 8D 9D 10D JD QD KD AD 2C 3S 4S 5C 6C 7C 8C 9C QH KH AH",
    "ricochet": "10C JC QC KC AC 2S 3S 4S 5S 6S 7S 8S",
    "flask": "6H 7H 8H 9H 10H JH",
    "grab": "JH QH AH 8D",
    "toss": "KH 9D 10D JD",
    "duel": "QD JS 8C",
    "raid": "KD AD",
    "wagon": "9S 9S",
    "bazaar": "9C QS",
    "saloon": "5H",
    "caravan": "3H",
    "buckshot": "10H",
    "jail": "JS 10S 4H",
    "cover": "QS KS",
    "horse": "8H 9H",
    "scope": "AS",
    "dynamite": "2H",
    "volcanic": "10S 10C",
    "sawed_off": "JC QC KS",
    "rifle": "KC",
    "carbine": "AC",
    "long_rifle": "8S",
}

#: (kind, rank, suit) for all 80 cards of Appendix A.
APPENDIX_A: list[tuple[str, str, str]] = [
    (kind, token[:-1], _SUIT_LETTER[token[-1]])
    for kind, tokens in _APPENDIX_A.items()
    for token in tokens.split()
]


def parse_spec(spec: str) -> tuple[str, str | None, str | None]:
    """Split a card spec ("shot" or "jail:Q:spades") into (kind, rank, suit).

    Rank and suit are None for a bare kind; the deck builder then picks the next unused
    Appendix A entry of that kind.
    """
    if not isinstance(spec, str):
        raise ValueError(f"card spec must be a string, got {spec!r}")
    parts = spec.split(":")
    kind = parts[0]
    if kind not in CARD_TYPES:
        raise ValueError(f"unknown card id {kind!r} in spec {spec!r}")
    if len(parts) == 1:
        return kind, None, None
    if len(parts) != 3:
        raise ValueError(f"card spec {spec!r} must be 'id' or 'id:RANK:SUIT'")
    rank, suit = parts[1].upper(), parts[2].lower()
    if rank not in RANKS:
        raise ValueError(f"unknown rank {parts[1]!r} in spec {spec!r}")
    if suit not in SUITS:
        raise ValueError(f"unknown suit {parts[2]!r} in spec {spec!r}")
    return kind, rank, suit


def resolve_specs(
    spec_groups: list[list[str]], fill_rest: bool
) -> tuple[list[list[tuple[str, str, str]]], list[tuple[str, str, str]]]:
    """Turn groups of card specs into concrete (kind, rank, suit) triples.

    Bare kinds take the next unused Appendix A entry of their kind (wrapping round when a test
    asks for more copies than the deck has). Explicit specs use up their matching entry, or any
    entry of the same kind, so that ``fill_rest`` can return the rest of the 80-card deck.
    """
    used = [False] * len(APPENDIX_A)
    parsed = [[parse_spec(spec) for spec in group] for group in spec_groups]

    def take(kind: str, rank: str | None, suit: str | None) -> int | None:
        for i, (entry_kind, entry_rank, entry_suit) in enumerate(APPENDIX_A):
            if (
                not used[i]
                and entry_kind == kind
                and (rank is None or (entry_rank == rank and entry_suit == suit))
            ):
                used[i] = True
                return i
        return None

    # Explicit specs first, so a bare kind never steals the entry a test named exactly.
    resolved: list[list[tuple[str, str, str] | None]] = [[None] * len(g) for g in parsed]
    for gi, group in enumerate(parsed):
        for ci, (kind, rank, suit) in enumerate(group):
            if rank is not None and suit is not None:
                if take(kind, rank, suit) is None:
                    take(kind, None, None)
                resolved[gi][ci] = (kind, rank, suit)
    cycle: dict[str, int] = {}
    for gi, group in enumerate(parsed):
        for ci, (kind, rank, _suit) in enumerate(group):
            if rank is None:
                index = take(kind, None, None)
                if index is None:
                    entries = [e for e in APPENDIX_A if e[0] == kind]
                    n = cycle.get(kind, 0)
                    cycle[kind] = n + 1
                    resolved[gi][ci] = entries[n % len(entries)]
                else:
                    resolved[gi][ci] = APPENDIX_A[index]
    rest = [APPENDIX_A[i] for i in range(len(APPENDIX_A)) if not used[i]] if fill_rest else []
    return resolved, rest  # type: ignore[return-value]
