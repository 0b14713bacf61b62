"""The Easy bot (issue 22): Normal's rules on a poor memory, with the slips of a beginner.

Easy still plays legally and sensibly (it draws, equips, answers every hit it can), so a game
against it looks like a game, but a newcomer beats it often because it

* **forgets**: it remembers only the last ``RECALL`` public acts and no eliminations, so who
  shot the Marshal three turns ago is lost;
* **misjudges suspicion**: each act it remembers weighs a random ``0.2-1.8`` times its real
  weight, so it reads friends as foes and back;
* **never counts cards**: its memory is rebuilt from those few acts alone, so nothing counted
  from the log reaches it;
* **slips**: when it means to attack, it sometimes picks another target for the same card
  (``WRONG_TARGET``) or loses its nerve and ends the turn (``TIMID``);
* **misreads the Loner's goal**: a newcomer Loner hears "everyone is my enemy" and misses
  that he needs the Marshal alive until the very end (R8, R92). When his aim slips it goes
  to the Marshal if the card can reach him, the big target on the table, so he wounds the
  Marshal too early and the Bandits often win. Every other Easy seat still never slips
  onto a teammate it can see nor, unless it is a Bandit, onto the Marshal.

Every random draw comes from a generator seeded with the decision's seed, so the same inputs
give the same move (no hidden information is read: the inputs are the seat's own).
"""

from __future__ import annotations

import random

from machines.bots.memory import Act, BotMemory
from machines.bots.normal import choose_normal

#: How many of the latest public acts Easy remembers.
RECALL = 6
#: How far a remembered act's weight may be misread (uniform factor in 1 +- MISREAD).
MISREAD = 0.8
#: Chance to aim an attack at another target the same card allows.
WRONG_TARGET = 0.35
#: Chance to end the turn instead of attacking.
TIMID = 0.15

_ATTACKS = ("shot", "ricochet", "duel", "jail", "grab", "toss")


def forgetful(memory: BotMemory, rng: random.Random) -> BotMemory:
    """A memory holding only the latest acts, each misread, and the revealed roles."""
    poor = BotMemory(seat=memory.seat)
    poor.acts = [
        Act(act.actor, act.target, act.weight * rng.uniform(1 - MISREAD, 1 + MISREAD))
        for act in memory.acts[-RECALL:]
    ]
    poor.revealed = dict(memory.revealed)
    poor.events_seen = memory.events_seen
    return poor


def choose_easy(view: dict, legal: list[dict], memory: BotMemory, seed: int) -> dict:
    rng = random.Random(f"easy:{seed}:{memory.seat}:{memory.events_seen}")
    action = choose_normal(view, legal, forgetful(memory, rng), seed)
    if view["pending"] is not None or action.get("type") != "play" or "target" not in action:
        return action
    kind = next((c["kind"] for c in view["hand"] if c["id"] == action["card"]), None)
    if kind not in _ATTACKS:
        return action
    roll = rng.random()
    if roll < TIMID and {"type": "end_turn"} in legal:
        return next(a for a in legal if a == {"type": "end_turn"})
    if roll < TIMID + WRONG_TARGET:
        others = [
            a
            for a in legal
            if a.get("card") == action["card"]
            and a.get("target") != action["target"]
            and not _spared(view, a["target"])
        ]
        others = _beginner_loner_aim(view, others)
        if others:
            return others[rng.randrange(len(others))]
    return action


def _beginner_loner_aim(view: dict, others: list[dict]) -> list[dict]:
    """A beginner Loner's slip goes to the Marshal when it can (R8: he is the one the Loner
    must keep alive until the end, which a newcomer does not yet see)."""
    if view["role"] != "loner":
        return others
    at_marshal = [a for a in others if view["players"][a["target"]]["role"] == "marshal"]
    return at_marshal or others


_TEAM = {"marshal": "law", "deputy": "law", "bandit": "bandits", "double_agent": "bandits"}


def _spared(view: dict, target: int) -> bool:
    """Even a beginner does not shoot a teammate it can see, nor (unless a Bandit, or a Loner
    who misreads his goal) the Marshal."""
    mine = view["role"]
    theirs = view["players"][target]["role"]
    if theirs is None:
        return False
    if theirs == "marshal":
        return _TEAM.get(mine) != "bandits" and mine != "loner"
    return _TEAM.get(mine) is not None and _TEAM.get(mine) == _TEAM.get(theirs)
