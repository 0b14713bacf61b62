"""The rule facts the engine exports for bots, presenters and the SDK (issue 21, item 5).

They are derived from the character and upgrade classes, so these tests pin them to the
rules text: a bot reading ``BUILT_IN_COVER`` learns exactly what R105 says.
"""

from __future__ import annotations

import scenario

from bangarena_engine.cards import REVOLVER_RANGE, SELF_BLUE, UNLIMITED_SHOT_WEAPONS, WEAPON_RANGE
from bangarena_engine.characters import (
    BUILT_IN_COVER,
    BUILT_IN_HORSE,
    BUILT_IN_SCOPE,
    CHARACTER_BY_ID,
    CHARACTER_HP,
    CHARACTERS,
    OLD_CLASSIC_HP,
    TWO_TRIES,
    UNLIMITED_SHOTS,
    character_hp,
)
from bangarena_engine.upgrades import UPGRADES, range_bonus


def test_hp_of_every_character_as_section_15_gives_it():
    """R100-R115 (and R117 item 8 for Old Classic)."""
    assert CHARACTER_HP == scenario.CHARACTER_HP  # the tests' own copy of R1.4's table
    assert list(CHARACTERS) == list(CHARACTER_HP)  # the roster order the deal shuffles
    assert OLD_CLASSIC_HP == {"stone_leopard": 4}
    assert character_hp("stone_leopard", old_classic=True) == 4
    assert character_hp("stone_leopard", old_classic=False) == 3


def test_built_in_equipment_and_the_shot_limit():
    """R105 Cover, R108 Horse, R110/R115 Scope, R115 no Shot limit, R107 two tries."""
    assert set(BUILT_IN_COVER) == {"iron_brow"}
    assert set(BUILT_IN_HORSE) == {"pass_shadow"}
    assert set(BUILT_IN_SCOPE) == {"eagle_eye", "mad_dog"}
    assert set(UNLIMITED_SHOTS) == {"mad_dog"}
    assert set(TWO_TRIES) == {"lucky"}


def test_two_face_uses_a_shot_and_a_ricochet_for_each_other():
    """R102: in attacks, in answers to hits, and in Duel and Raid rounds."""
    two_face = CHARACTER_BY_ID["two_face"]
    assert set(two_face.shot_kinds) == set(two_face.dodge_kinds) == set(two_face.duel_kinds)
    assert set(two_face.shot_kinds) == {"shot", "ricochet"}
    anyone = CHARACTER_BY_ID["lucky"]
    assert (anyone.shot_kinds, anyone.dodge_kinds, anyone.duel_kinds) == (
        ("shot",),
        ("ricochet",),
        ("shot",),
    )


def test_card_facts():
    """R38 the Revolver, R40 the weapons, R43 the self-placed blue cards, R49 the Volcanic."""
    assert REVOLVER_RANGE == 1
    assert WEAPON_RANGE == {
        "volcanic": 1,
        "sawed_off": 2,
        "rifle": 3,
        "carbine": 4,
        "long_rifle": 5,
    }
    assert set(SELF_BLUE) == {"cover", "horse", "scope", "dynamite"}
    assert set(UNLIMITED_SHOT_WEAPONS) == {"volcanic"}


def test_upgrades_and_the_range_they_add():
    """R83-R86: offer order (→Q50) and one range per Accuracy star (R35)."""
    assert UPGRADES == ("accuracy", "fortitude", "instinct")
    assert range_bonus(["accuracy", "fortitude", "accuracy"]) == 2
    assert range_bonus([]) == 0
