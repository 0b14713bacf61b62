"""Three Eyes (R106): looks at the top 3 cards in his draw step and keeps 2."""

from __future__ import annotations

from bangarena_engine.characters.base import Character
from bangarena_engine.keep_two import begin_keep_two
from bangarena_engine.state import Player, State


class ThreeEyes(Character):
    __slots__ = ()
    id = "three_eyes"
    hp = 4
    instinct_useful = False  # Instinct is the same method: never offered to him (R116)

    def own_draw_step(self, state: State, player: Player) -> bool:
        begin_keep_two(state, player, self.id)
        return True
