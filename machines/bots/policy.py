"""choose(): one legal action for one seat, from its view, legal actions and memory only.

The bot never sees the Game object, other hands, hidden roles or the deck, and signals never
reach it (R128, R141, R143): everything it uses is in the three arguments. The seed feeds a
local generator used only to break exact ties, so a decision is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable

from machines.bots import choices, respond
from machines.bots.context import Decision
from machines.bots.memory import BotMemory
from machines.bots.play import play_step

#: How well a bot plays (issue 22), weakest first: the site offers these three for each bot seat.
STRENGTHS = ("easy", "normal", "hard")

_BY_PENDING: dict[str, Callable[[Decision], dict]] = {
    "respond_hit": respond.respond_hit,
    "duel": respond.duel_round,
    "raid": respond.raid_round,
    "discard": choices.discard,
    "draw_choice": choices.draw_choice,
    "keep_two": choices.keep_two,
    "upgrade": choices.upgrade,
    "bounty": choices.bounty,
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
    ``strength`` (one of ``STRENGTHS``). Easy and Hard play as Normal for now: their policies
    come with the bots' own work on issue 22, behind this same signature."""
    if strength not in STRENGTHS:
        raise ValueError(f"unknown bot strength {strength!r}; one of {STRENGTHS}")
    if not legal_actions:
        raise ValueError("no legal action to choose from")
    if len(legal_actions) == 1:
        return legal_actions[0]
    decision = Decision.build(view, legal_actions, memory, seed)
    pending = view["pending"]
    handler = play_step if pending is None else _BY_PENDING.get(pending["kind"])
    action = handler(decision) if handler is not None else None
    return _as_legal(action, legal_actions)


def _as_legal(action: dict | None, legal: list[dict]) -> dict:
    """Return the very element of ``legal`` equal to ``action``; the simplest move otherwise."""
    if action is not None:
        for candidate in legal:
            if _same(candidate, action):
                return candidate
    for simple in ({"type": "end_turn"}, {"type": "pass"}):
        if simple in legal:
            return simple
    return legal[0]


def _same(a: dict, b: dict) -> bool:
    if a.get("type") == "ability" and b.get("type") == "ability":
        return set(a["cards"]) == set(b["cards"])
    return a == b
