"""Two-Face (R102): a Shot and a Ricochet are each other's stand-in, in every context."""

from __future__ import annotations

from bangarena_engine.characters.base import Character


class TwoFace(Character):
    __slots__ = ()
    id = "two_face"
    hp = 4
    shot_kinds = ("shot", "ricochet")
    dodge_kinds = ("ricochet", "shot")
    duel_kinds = ("shot", "ricochet")
