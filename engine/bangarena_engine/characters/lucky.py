"""Lucky (R107): two tries at every check, the better one counts (R76)."""

from __future__ import annotations

from bangarena_engine.characters.base import Character


class Lucky(Character):
    __slots__ = ()
    id = "lucky"
    hp = 4
    check_tries = 2
