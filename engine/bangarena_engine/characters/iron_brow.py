"""Iron Brow (R105): always has Cover; a Cover card adds no second check."""

from __future__ import annotations

from bangarena_engine.characters.base import Character


class IronBrow(Character):
    __slots__ = ()
    id = "iron_brow"
    hp = 4
    built_in_cover = True
