"""The Normal bot's decision (issue 22): the rule-based policy of this package, one handler
per kind of pending decision. Easy plays it on a worse memory, Hard uses it to play on the
worlds it imagines, so it lives apart from the strength dispatch in ``policy``."""

from __future__ import annotations

from collections.abc import Callable

from machines.bots import choices, respond
from machines.bots.context import Decision
from machines.bots.memory import BotMemory
from machines.bots.play import play_step

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


def choose_normal(view: dict, legal: list[dict], memory: BotMemory, seed: int) -> dict:
    """Normal's pick among ``legal`` (non-empty), always one of its elements."""
    if len(legal) == 1:
        return legal[0]
    decision = Decision.build(view, legal, memory, seed)
    pending = view["pending"]
    handler = play_step if pending is None else _BY_PENDING.get(pending["kind"])
    action = handler(decision) if handler is not None else None
    return as_legal(action, legal)


def as_legal(action: dict | None, legal: list[dict]) -> dict:
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
