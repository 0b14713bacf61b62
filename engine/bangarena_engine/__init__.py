"""BangArena rules engine: pure, deterministic Python (no Django, no I/O, no clock).

Public contract (see the README of this distribution, engine/README.md)::

    from bangarena_engine import Game, GameConfig, IllegalAction
"""

from bangarena_engine.config import GameConfig
from bangarena_engine.errors import IllegalAction
from bangarena_engine.game import Game

__all__ = ["Game", "GameConfig", "IllegalAction"]
