"""Card knowledge a player has from the rules text, and how much a card is worth keeping.

Values are on one rough scale (about 0-10): a Ricochet in hand is worth about one hit avoided,
a duplicate blue card or a worse gun is nearly worthless. The same scale orders discards
(R25), keep-2-of-3 (R86, R106), Grab targets (R52) and Bonesetter's payment (R111).
"""

from __future__ import annotations

from bangarena_engine.cards import (
    REVOLVER_RANGE,
    SELF_BLUE,
    UNLIMITED_SHOT_WEAPONS,
    WEAPON_RANGE,
)
from bangarena_engine.characters import (
    BUILT_IN_COVER,
    BUILT_IN_SCOPE,
    CHARACTER_BY_ID,
    UNLIMITED_SHOTS,
)
from bangarena_engine.upgrades import range_bonus


def weapon_rank(kind: str | None) -> float:
    """How good a gun is: range first; the Volcanic ranks just above the bare Revolver."""
    if kind is None:
        return float(REVOLVER_RANGE)
    if kind == "volcanic":
        return 1.5
    return float(WEAPON_RANGE[kind])


def is_better_weapon(new: str, current: str | None) -> bool:
    """Never swap a gun for a worse or equal one (R39, R66)."""
    return weapon_rank(new) > weapon_rank(current)


def shot_range(player: dict) -> int:
    """R35: weapon range plus what the upgrades add (one per Accuracy)."""
    weapon = player["weapon"]
    base = WEAPON_RANGE[weapon["kind"]] if weapon else REVOLVER_RANGE
    return base + range_bonus(player["upgrades"])


def has_unlimited_shots(me: dict, high_noon: bool) -> bool:
    """R49: Volcanic, Mad Dog and High Noon lift the one-Shot limit."""
    weapon = me["weapon"]
    volcanic = weapon is not None and weapon["kind"] in UNLIMITED_SHOT_WEAPONS
    return high_noon or volcanic or me["character"] in UNLIMITED_SHOTS


def in_play_kinds(player: dict) -> set[str]:
    return {card["kind"] for card in player["in_play"]}


def keep_value(kind: str, me: dict, hand_kinds: list[str], high_noon: bool) -> float:
    """How much ``kind`` is worth in ``me``'s hand (hand_kinds includes the card itself)."""
    # The character is looked up only where it matters: this runs for every card a bot weighs.
    if kind == "ricochet":
        shoots_with_it = kind in CHARACTER_BY_ID[me["character"]].shot_kinds  # Two-Face
        return 6.5 if shoots_with_it else 7.0
    if kind == "flask":
        if high_noon:
            return 0.5  # R32: useless until the game ends
        return 6.5 if me["hp"] <= 2 else 5.0
    if kind == "shot":
        shots = hand_kinds.count("shot")
        if (
            has_unlimited_shots(me, high_noon)
            or kind in CHARACTER_BY_ID[me["character"]].dodge_kinds
        ):
            return 5.0
        return 5.5 if shots <= 1 else 3.0  # one Shot per turn (R49); spares answer Duels
    if kind in WEAPON_RANGE:
        current = me["weapon"]["kind"] if me["weapon"] else None
        if not is_better_weapon(kind, current):
            return 0.3
        return 4.0 + weapon_rank(kind)
    if kind in SELF_BLUE:
        if kind in in_play_kinds(me):
            return 0.2  # a second copy cannot be played (R43)
        if kind == "dynamite":
            return 1.5
        if kind == "cover" and me["character"] in BUILT_IN_COVER:
            return 1.0  # built-in Cover already (R105)
        if kind == "scope" and me["character"] in BUILT_IN_SCOPE:
            return 4.5
        return 6.0
    if kind == "saloon":
        return 0.5 if high_noon else 3.5
    return _PLAIN_VALUE.get(kind, 3.0)


_PLAIN_VALUE = {
    "caravan": 7.5,
    "wagon": 6.5,
    "grab": 5.0,
    "jail": 4.5,
    "raid": 4.5,
    "buckshot": 4.5,
    "toss": 4.0,
    "duel": 4.0,
    "bazaar": 3.0,
}


def hand_order(hand: list[dict], me: dict, high_noon: bool) -> list[dict]:
    """Hand cards from least to most worth keeping; ties keep the hand's own order."""
    kinds = [card["kind"] for card in hand]
    valued = [(keep_value(card["kind"], me, kinds, high_noon), i) for i, card in enumerate(hand)]
    return [hand[i] for _, i in sorted(valued)]
