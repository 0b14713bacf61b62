"""Mad Dog (R115): no Shot limit in his own turn, and a built-in Scope."""

from __future__ import annotations

from bangarena_engine.characters.base import Character


class MadDog(Character):
    __slots__ = ()
    id = "mad_dog"
    hp = 4
    unlimited_shots = True
    scope_bonus = 1
