"""Hard's reading of the hidden roles: a joint posterior over who holds which role (issue 22).

Normal reads each player on his own: a hostility score per seat tilts that seat's role odds
(outlook.py). That cannot say "one of these two is a Bandit and the other the Deputy, since
they keep shooting each other", and its odds are not calibrated: a searching bot that trusts
them shoots hidden Deputies. Hard reads the table the way the public acts are explained best:
every deal of the unseen roles over the players whose role its seat cannot see (R4, R10 a) is
weighed by how well it explains the public record, with a log-linear score

    score(deal) = sum over acted pairs (a, t) of  theta[class, phase, group(a), group(t)] . n
                + sum over eliminations by a of   theta[kill, group(a), victim's role]
                + sum over Raids and Buckshots    theta[volley, phase, group(a)]

where ``n`` counts a's targeted plays at t by class (Shot, Duel, Jail, taking or discarding
a card, taking a Jail or Dynamite away) and by phase (the opening rounds, later before anyone
fell, after). The weights are fitted by ``bench/fit_reading.py`` on Normal bots' games (a
conditional logit over the deals each seat could not tell apart) and written to
``reading_weights.py``.

It reads only the seat's view: the roles it shows and the public log (R141).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from machines.bots.reading_weights import WEIGHTS
from machines.bots.value import GROUP, GROUPS  # the role groups, Double Agent with the Bandits

#: Targeted plays by what they say about intent (R48, R52-R54, R61).
CLASSES = ("shot", "duel", "jail", "strip", "free")
#: The first two rounds while nobody has fallen (a player acts on little more than the
#: composition), the rest of the time before the first elimination, and after it: who acts
#: against whom changes as the table learns.
PHASES = ("opening", "before", "after")
#: Rounds that count as the opening.
_OPENING_ROUNDS = 2
_CLASS_OF = {"shot": "shot", "ricochet": "shot", "duel": "duel", "jail": "jail"}
_STRIPS = ("grab", "toss")
_VOLLEYS = ("raid", "buckshot")
_SLOTS = len(CLASSES) * len(PHASES)

FEATURES: tuple[str, ...] = (
    *(
        f"{kind}_{phase}_{actor}_{target}"
        for kind in CLASSES
        for phase in PHASES
        for actor in GROUPS
        for target in GROUPS
    ),
    *(f"kill_{killer}_{victim}" for killer in GROUPS for victim in GROUPS),
    *(f"volley_{phase}_{actor}" for phase in PHASES for actor in GROUPS),
)


@dataclass
class PublicActs:
    """The targeted plays and eliminations of the public log, counted per pair of seats, and
    the Raids and Buckshots (R55, R60: a player fires them when the table is mostly his
    enemies) per player."""

    pairs: dict[tuple[int, int], list[float]] = field(default_factory=dict)
    kills: list[tuple[int, str]] = field(default_factory=list)  # (eliminator, victim's role)
    volleys: list[tuple[int, int]] = field(default_factory=list)  # (player, phase index)
    fallen: bool = False
    round: int = 0

    def phase(self) -> int:
        """The index in ``PHASES`` of the moment the log has reached."""
        if self.fallen:
            return 2
        return 0 if self.round <= _OPENING_ROUNDS else 1

    @classmethod
    def from_log(cls, log: Iterable[Mapping[str, Any]]) -> PublicActs:
        acts = cls()
        for event in log:
            acts.observe(event)
        return acts

    def observe(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        if kind == "round":
            self.round = event["round"]
        elif kind == "played":
            if event["card"]["kind"] in _VOLLEYS:
                self.volleys.append((event["seat"], self.phase()))
            target = event.get("target")
            if target is None or target == event["seat"]:
                return
            card = event["card"]["kind"]
            act = _CLASS_OF.get(card)
            if card in _STRIPS:
                taken = event.get("target_card")
                favour = isinstance(taken, dict) and taken.get("kind") in ("jail", "dynamite")
                act = "free" if favour else "strip"
            if act is None:
                return
            slot = CLASSES.index(act) * len(PHASES) + self.phase()
            counts = self.pairs.setdefault((event["seat"], target), [0.0] * _SLOTS)
            counts[slot] += 1.0
        elif kind == "eliminated":
            self.fallen = True
            by = event.get("by")
            if by is not None and by != event["seat"]:
                self.kills.append((by, event["role"]))


def features(acts: PublicActs, roles: Mapping[int, str]) -> list[float]:
    """The feature vector of one deal (``roles``: every seat's role, known or guessed), in
    ``FEATURES`` order. For the fit; ``posterior`` computes the same score faster."""
    vector = [0.0] * len(FEATURES)
    groups = len(GROUPS)
    for (actor, target), counts in acts.pairs.items():
        a = GROUPS.index(GROUP[roles[actor]])
        t = GROUPS.index(GROUP[roles[target]])
        for slot, n in enumerate(counts):
            if n:
                vector[(slot * groups + a) * groups + t] += n
    base = _SLOTS * groups * groups
    for killer, victim in acts.kills:
        a = GROUPS.index(GROUP[roles[killer]])
        vector[base + a * groups + GROUPS.index(GROUP[victim])] += 1.0
    base += groups * groups
    for seat, phase in acts.volleys:
        vector[base + phase * groups + GROUPS.index(GROUP[roles[seat]])] += 1.0
    return vector


def hidden_deals(view: Mapping[str, Any]) -> list[dict[int, str]]:
    """Every deal of the roles the seat cannot see over the players it cannot read (R4): the
    composition minus the shown roles, the Marshal's two Double Agent names holding one Agent
    and one Deputy (R10 a)."""
    hidden = [p["seat"] for p in view["players"] if p["role"] is None]
    pool = Counter(view["roles_at_table"])
    pool.subtract(p["role"] for p in view["players"] if p["role"] is not None)
    roles = sorted(pool.elements())
    pair = [s for s in view.get("deputy_candidates") or () if s in hidden]
    deals = []
    for order in sorted(set(itertools.permutations(roles, len(hidden)))):
        deal = dict(zip(hidden, order, strict=True))
        if len(pair) == 2 and {deal[pair[0]], deal[pair[1]]} != {"deputy", "double_agent"}:
            continue
        deals.append(deal)
    return deals


def posterior(
    view: Mapping[str, Any], acts: PublicActs
) -> tuple[list[dict[int, str]], list[float]]:
    """The deals of the hidden roles (``hidden_deals``) and the chance of each, given the
    public acts: uniform over the deals before anyone has acted."""
    deals = hidden_deals(view)
    if len(deals) <= 1:
        return deals, [1.0] * len(deals)
    weights = _weights(len(view["players"]))
    shown = {p["seat"]: p["role"] for p in view["players"] if p["role"] is not None}
    groups = len(GROUPS)
    # Each acted pair's score under every pair of groups, worked out once for all deals.
    tables: list[tuple[int, int, list[float]]] = []
    for (actor, target), counts in acts.pairs.items():
        if actor in shown and target in shown:
            continue  # the same in every deal
        table = [0.0] * (groups * groups)
        for slot, n in enumerate(counts):
            if n:
                row = slot * groups * groups
                for cell in range(groups * groups):
                    table[cell] += n * weights[row + cell]
        tables.append((actor, target, table))
    base = _SLOTS * groups * groups
    kills = [(k, GROUPS.index(GROUP[victim])) for k, victim in acts.kills if k not in shown]
    volley_base = base + groups * groups
    volleys = [(seat, phase) for seat, phase in acts.volleys if seat not in shown]
    scores = []
    for deal in deals:
        group_of = {seat: GROUPS.index(GROUP[role]) for seat, role in shown.items()}
        group_of.update((seat, GROUPS.index(GROUP[role])) for seat, role in deal.items())
        score = 0.0
        for actor, target, table in tables:
            score += table[group_of[actor] * groups + group_of[target]]
        for killer, victim in kills:
            score += weights[base + group_of[killer] * groups + victim]
        for seat, phase in volleys:
            score += weights[volley_base + phase * groups + group_of[seat]]
        scores.append(score)
    top = max(scores)
    chances = [math.exp(s - top) for s in scores]
    total = sum(chances)
    return deals, [c / total for c in chances]


def marginals(
    deals: Sequence[Mapping[int, str]], chances: Sequence[float]
) -> dict[int, dict[str, float]]:
    """Each hidden player's role odds under the joint posterior."""
    odds: dict[int, dict[str, float]] = {}
    for deal, chance in zip(deals, chances, strict=True):
        for seat, role in deal.items():
            table = odds.setdefault(seat, {})
            table[role] = table.get(role, 0.0) + chance
    return odds


def _weights(seats: int) -> Sequence[float]:
    sizes = sorted(WEIGHTS)
    if not sizes:
        return [0.0] * len(FEATURES)
    return WEIGHTS[min(sizes, key=lambda n: (abs(n - seats), n))]


@dataclass
class RoleReading:
    """The joint posterior of one decision: the deals and their chances (``posterior``)."""

    deals: list[dict[int, str]]
    chances: list[float]

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> RoleReading:
        """Read the view's public log (once per decision: the log is not kept between)."""
        deals, chances = posterior(view, PublicActs.from_log(view["log"]))
        return cls(deals, chances)

    def odds(self) -> dict[int, dict[str, float]]:
        return marginals(self.deals, self.chances)

    def sample(self, count: int, rng: random.Random) -> list[dict[int, str]]:
        """``count`` deals drawn in proportion to their chance, spread systematically (one
        random offset, then even steps), so a few worlds cover the likely deals in their
        proportions instead of repeating the likeliest by luck; in random order."""
        if not self.deals:
            return [{} for _ in range(count)]
        picked = []
        offset = rng.random() / count
        index = 0
        reached = self.chances[0]
        for step in range(count):
            point = offset + step / count
            while point > reached and index < len(self.deals) - 1:
                index += 1
                reached += self.chances[index]
            picked.append(self.deals[index])
        rng.shuffle(picked)
        return picked
