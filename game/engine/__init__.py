"""BangArena rules engine: pure, deterministic Python (no Django, no I/O, no clock).

Public contract (see docs/engine.md)::

    from game.engine import Game, GameConfig, IllegalAction
"""

from game.engine.config import GameConfig
from game.engine.errors import IllegalAction
from game.engine.game import Game

__all__ = ["Game", "GameConfig", "IllegalAction"]
