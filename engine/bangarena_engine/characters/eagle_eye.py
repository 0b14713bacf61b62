"""Eagle Eye (R110): a built-in Scope."""

from __future__ import annotations

from bangarena_engine.characters.base import Character


class EagleEye(Character):
    __slots__ = ()
    id = "eagle_eye"
    hp = 4
    scope_bonus = 1
