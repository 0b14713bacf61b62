"""choose(): one legal action for one seat, from its view, legal actions and memory only.

The bot never sees the Game object, other hands, hidden roles or the deck, and signals never
reach it (R128, R141, R143): everything it uses is in the three arguments. The seed feeds
local generators (tie-breaks; Easy's slips; Hard's imagined worlds), so a decision is
reproducible. The strengths (issue 22): ``easy`` (easy.py), ``normal`` (normal.py) and
``hard`` (hard.py).
"""

from __future__ import annotations

from collections.abc import Callable

from machines.bots import easy, hard
from machines.bots.memory import BotMemory
from machines.bots.normal import choose_normal

#: How well a bot plays (issue 22), weakest first: the site offers these three for each bot seat.
STRENGTHS = ("easy", "normal", "hard")

_BY_STRENGTH: dict[str, Callable[[dict, list[dict], BotMemory, int], dict]] = {
    "easy": easy.choose_easy,
    "normal": choose_normal,
    "hard": hard.choose_hard,
}


def choose(
    view: dict,
    legal_actions: list[dict],
    memory: BotMemory,
    seed: int = 0,
    *,
    strength: str = "normal",
) -> dict:
    """Pick one element of ``legal_actions`` for the seat whose ``view`` this is, playing at
    ``strength`` (one of ``STRENGTHS``)."""
    if strength not in STRENGTHS:
        raise ValueError(f"unknown bot strength {strength!r}; one of {STRENGTHS}")
    if not legal_actions:
        raise ValueError("no legal action to choose from")
    if len(legal_actions) == 1 and strength != "hard":
        return legal_actions[0]
    # Hard thinks at every play step, even one with a single legal move (hard.py: how long it
    # takes must not depend on the hand).
    return _BY_STRENGTH[strength](view, legal_actions, memory, seed)
