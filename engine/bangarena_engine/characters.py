"""Characters (RULES.md section 1.4 and section 15) as data.

The abilities themselves live where they act (draw step, damage, distance...); this module
only holds the numbers and the groups the rules refer to.
"""

from __future__ import annotations

#: character id -> HP in the Arena modes.
CHARACTER_HP: dict[str, int] = {
    "stone_leopard": 3,
    "red_suit": 4,
    "two_face": 4,
    "toll_collector": 3,
    "grip": 4,
    "iron_brow": 4,
    "three_eyes": 4,
    "lucky": 4,
    "pass_shadow": 3,
    "vulture_jr": 4,
    "eagle_eye": 4,
    "bonesetter": 5,
    "double_barrel": 4,
    "empty_hands": 4,
    "scavenger": 4,
    "mad_dog": 4,
}

#: Old Classic HP where it differs (R117 item 8).
OLD_CLASSIC_HP: dict[str, int] = {"stone_leopard": 4}

#: Characters with a built-in Scope (R34, R110, R115).
BUILT_IN_SCOPE = frozenset(("eagle_eye", "mad_dog"))

CHARACTERS: tuple[str, ...] = tuple(CHARACTER_HP)


def character_hp(character: str, old_classic: bool) -> int:
    if old_classic:
        return OLD_CLASSIC_HP.get(character, CHARACTER_HP[character])
    return CHARACTER_HP[character]
