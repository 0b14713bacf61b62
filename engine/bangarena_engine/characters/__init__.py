"""The characters (RULES.md section 1.4 and section 15): the roster and the facts derived from it.

Each character is one class in its own module of this package (``grip.py`` holds everything
Grip does), a subclass of ``Character`` (``base.py``) overriding the hooks its ability needs.
The engine calls those hooks on ``player.character`` and never tests a character's id
(engine/tests/test_architecture.py). To add a character: write its module, add one instance
to ``ROSTER`` below, and give it its names in the site's catalogue.

The facts below (HP tables, built-in Scopes...) are derived from the classes, so bots,
presenters and the SDK read the rules from this one source.
"""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.characters.bonesetter import Bonesetter
from bangarena_engine.characters.double_barrel import DoubleBarrel
from bangarena_engine.characters.eagle_eye import EagleEye
from bangarena_engine.characters.empty_hands import EmptyHands
from bangarena_engine.characters.grip import Grip
from bangarena_engine.characters.iron_brow import IronBrow
from bangarena_engine.characters.lucky import Lucky
from bangarena_engine.characters.mad_dog import MadDog
from bangarena_engine.characters.pass_shadow import PassShadow
from bangarena_engine.characters.red_suit import RedSuit
from bangarena_engine.characters.scavenger import Scavenger
from bangarena_engine.characters.stone_leopard import StoneLeopard
from bangarena_engine.characters.three_eyes import ThreeEyes
from bangarena_engine.characters.toll_collector import TollCollector
from bangarena_engine.characters.two_face import TwoFace
from bangarena_engine.characters.vulture_jr import VultureJr

#: Every character, in the order of RULES.md section 15. The deal shuffles this order, so it
#: is part of every seeded game: a new character goes at the end.
ROSTER: tuple[Character, ...] = (
    StoneLeopard(),
    RedSuit(),
    TwoFace(),
    TollCollector(),
    Grip(),
    IronBrow(),
    ThreeEyes(),
    Lucky(),
    PassShadow(),
    VultureJr(),
    EagleEye(),
    Bonesetter(),
    DoubleBarrel(),
    EmptyHands(),
    Scavenger(),
    MadDog(),
)

#: character id -> its rules object (what ``player.character`` holds).
CHARACTER_BY_ID: dict[str, Character] = {character.id: character for character in ROSTER}

CHARACTERS: tuple[str, ...] = tuple(CHARACTER_BY_ID)

#: character id -> HP in the Arena modes.
CHARACTER_HP: dict[str, int] = {character.id: character.hp for character in ROSTER}

#: Old Classic HP where it differs (R117 item 8).
OLD_CLASSIC_HP: dict[str, int] = {
    character.id: character.old_classic_hp
    for character in ROSTER
    if character.old_classic_hp is not None
}

#: Characters with a built-in Scope (R34, R110, R115).
BUILT_IN_SCOPE: frozenset[str] = frozenset(c.id for c in ROSTER if c.scope_bonus)
#: Characters with a built-in Horse (R34, R108).
BUILT_IN_HORSE: frozenset[str] = frozenset(c.id for c in ROSTER if c.horse_bonus)
#: Characters with a built-in Cover (R105).
BUILT_IN_COVER: frozenset[str] = frozenset(c.id for c in ROSTER if c.built_in_cover)
#: Characters without the one-Shot limit in their own turn (R49, R115).
UNLIMITED_SHOTS: frozenset[str] = frozenset(c.id for c in ROSTER if c.unlimited_shots)
#: Characters with two tries at every check (R76, R107).
TWO_TRIES: frozenset[str] = frozenset(c.id for c in ROSTER if c.check_tries > 1)


def character_hp(character: str, old_classic: bool) -> int:
    """Max HP of ``character`` before the Marshal's bonus."""
    return CHARACTER_BY_ID[character].max_hp(old_classic)


__all__ = [
    "BUILT_IN_COVER",
    "BUILT_IN_HORSE",
    "BUILT_IN_SCOPE",
    "CHARACTERS",
    "CHARACTER_BY_ID",
    "CHARACTER_HP",
    "OLD_CLASSIC_HP",
    "ROSTER",
    "TWO_TRIES",
    "UNLIMITED_SHOTS",
    "Character",
    "character_hp",
]
