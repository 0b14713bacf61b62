"""What the bot believes at this decision: each player's likely role, from its view alone.

Beliefs start from the public role composition (R4: "Roles at the table") minus every role the
seat can see (its own, the Marshal's, the eliminated, and in Double Agent mode what R10 tells
it), and are then tilted by the public hostility scores of ``BotMemory``. Nothing here reads a
hidden role, a hand or the deck: the view holds none of them for other seats (R141, R143).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import cached_property

from machines.bots.counting import Odds
from machines.bots.memory import BotMemory
from machines.bots.roles import HOSTILE, harm_for  # role strategies build on the odds below

#: How much one point of hostility multiplies the odds of a Bandit-team role.
EVIDENCE = 1.0


@dataclass
class Outlook:
    """The deciding seat's picture of the table: role odds and who it wants to harm."""

    view: dict
    memory: BotMemory
    seat: int = 0
    role: str = ""
    me: dict = field(default_factory=dict)
    marshal: int | None = None
    others: list[int] = field(default_factory=list)  # alive players other than me
    known: dict[int, str] = field(default_factory=dict)

    @classmethod
    def read(cls, view: dict, memory: BotMemory) -> Outlook:
        seat = view["seat"]
        players = view["players"]
        outlook = cls(view=view, memory=memory, seat=seat, role=view["role"], me=players[seat])
        outlook.known = {p["seat"]: p["role"] for p in players if p["role"] is not None}
        outlook.marshal = next((s for s, r in outlook.known.items() if r == "marshal"), None)
        outlook.others = [p["seat"] for p in players if p["alive"] and p["seat"] != seat]
        return outlook

    # The hostility, the odds and the harm wishes are worked out when a decision first asks
    # for them: many (a hit to answer, a discard) never do, and in Hard's look-aheads these
    # were a third of every Normal decision.

    @cached_property
    def hostility(self) -> dict[int, float]:
        return self.memory.hostility(self.known)

    @cached_property
    def odds(self) -> dict[int, dict[str, float]]:
        """seat -> role -> probability, for every player (the known ones certain)."""
        return _role_odds(self.view, self.known, self.hostility)

    @cached_property
    def harm(self) -> dict[int, float]:
        """> 0: wants them hurt; < 0: protects them (roles.py)."""
        return harm_for(self)

    def reread(self, odds: dict[int, dict[str, float]]) -> Outlook:
        """This outlook with other role odds for the players they name (Hard's joint
        reading, reading.py) and the harm wishes that follow from them: a new outlook of
        the same fields, so none of this one's worked-out wishes carry over."""
        outlook = replace(self)
        outlook.odds = {**self.odds, **odds}
        return outlook

    @cached_property
    def cards(self) -> Odds:
        """What the public card count says about the hidden cards (counting.py); built only
        when a decision asks, since most do not."""
        count = self.memory.cards
        return Odds(count.unseen(self.view), count, self.view)

    @cached_property
    def public_hostility(self) -> dict[int, float]:
        """Hostility as anyone at the table reads it, knowing only the public roles (the
        Marshal and the eliminated, R4, R80): what the Marshal himself can conclude."""
        public = {
            p["seat"]: p["role"]
            for p in self.view["players"]
            if p["role"] is not None and (not p["alive"] or p["role"] == "marshal")
        }
        return self.memory.hostility(public)

    def player(self, seat: int) -> dict:
        return self.view["players"][seat]

    def p(self, seat: int, *roles: str) -> float:
        """Probability that ``seat`` holds one of ``roles``."""
        table = self.odds.get(seat)
        total = 0.0
        if table:
            for role in roles:  # a loop, not sum(): asked a few hundred times a decision
                total += table.get(role, 0.0)
        return total

    @cached_property
    def outlaws_left(self) -> float:
        """How many Bandit-team players the others are expected to hold: every strategy
        asks it for each player it weighs, so it is summed once per decision."""
        return sum(self.p(s, *HOSTILE) for s in self.others)

    @cached_property
    def deputies_left(self) -> float:
        """How many Deputies the others are expected to hold (as ``outlaws_left``)."""
        return sum(self.p(s, "deputy") for s in self.others)

    @cached_property
    def outlaw_may_live(self) -> bool:
        """Whether any other player may still be a Bandit or the Double Agent."""
        return any(self.p(s, *HOSTILE) > 0 for s in self.others)

    def alive_count(self) -> int:
        return len(self.others) + 1

    @cached_property
    def attack_threshold(self) -> float:
        """How sure the bot must be before it harms someone; eases as rounds pass so that an
        endgame between cautious players cannot stall (issue 4: endgames must not stall).
        Asked for every attack a play step weighs, so worked out once."""
        base = {"marshal": 0.2, "loner": 0.25}.get(self.role, 0.1)
        relief = min(0.5, max(0.0, 0.04 * (self.view["round"] - 3)))
        return base - relief

    def next_clockwise(self) -> int | None:
        """The next alive player after me (R2), where Dynamite would pass (R75)."""
        n = len(self.view["players"])
        for step in range(1, n):
            seat = (self.seat + step) % n
            if self.view["players"][seat]["alive"]:
                return seat
        return None


def _role_odds(
    view: dict, known: dict[int, str], hostility: dict[int, float]
) -> dict[int, dict[str, float]]:
    """Role odds for every alive player whose role the seat cannot see."""
    players = view["players"]
    pool: dict[str, int] = {}  # the composition less the roles seen (a dict: Counter is slow)
    for role in view["roles_at_table"]:
        pool[role] = pool.get(role, 0) + 1
    for role in known.values():
        pool[role] = pool.get(role, 0) - 1
    unknown = [p["seat"] for p in players if p["role"] is None and p["alive"]]
    odds: dict[int, dict[str, float]] = {s: {r: 1.0} for s, r in known.items()}
    pair, settled = _agent_pair(view, known)
    for s in pair:  # R10 a: one name is the Double Agent, the other a real Deputy
        odds[s] = _tilt({"deputy": 0.5, "double_agent": 0.5}, hostility.get(s, 0.0))
    if pair:
        for role in ("deputy", "double_agent"):
            pool[role] = pool.get(role, 0) - 1
    for s, role in settled.items():
        odds[s] = {role: 1.0}
        pool[role] = pool.get(role, 0) - 1
    unknown = [s for s in unknown if s not in pair and s not in settled]
    total = sum(max(0, n) for n in pool.values())
    prior = {r: n / total for r, n in pool.items() if n > 0} if total else {}
    for s in unknown:
        odds[s] = _tilt(prior, hostility.get(s, 0.0))
    return odds


def _agent_pair(view: dict, known: dict[int, str]) -> tuple[list[int], dict[int, str]]:
    """The Marshal's two Double Agent mode names (R10 a): both unresolved, or, once one of
    them is revealed, the other one's role, which then follows with certainty."""
    pair = view.get("deputy_candidates")
    if not pair:
        return [], {}
    roles = [known.get(s) for s in pair]
    if roles == [None, None]:
        return list(pair), {}
    complement = {"deputy": "double_agent", "double_agent": "deputy"}
    for index, role in enumerate(roles):
        other = pair[1 - index]
        if role in complement and roles[1 - index] is None:
            return [], {other: complement[role]}
    return [], {}


def _tilt(prior: dict[str, float], hostility: float) -> dict[str, float]:
    """Bayes-style update: hostility raises the Bandit team's odds and lowers the Deputy's."""
    h = max(-6.0, min(6.0, hostility)) * EVIDENCE
    hostile, deputy, other = math.exp(h), math.exp(-h), math.exp(-0.3 * h)
    weighted = {}
    for role, p in prior.items():
        if role in HOSTILE:
            weighted[role] = p * hostile
        elif role == "deputy":
            weighted[role] = p * deputy
        else:  # the Loner plays both sides
            weighted[role] = p * other
    total = sum(weighted.values()) or 1.0
    return {role: w / total for role, w in weighted.items()}
