"""Pass Shadow (R108): a built-in Horse, which stacks with a Horse card (→Q39)."""

from __future__ import annotations

from bangarena_engine.characters.base import Character


class PassShadow(Character):
    __slots__ = ()
    id = "pass_shadow"
    hp = 3
    horse_bonus = 1
