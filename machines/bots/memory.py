"""What a bot remembers between decisions: the public record of who attacked or helped whom.

The memory holds only public events (every event in a view's log is public, R141), so two seats
watching the same table remember the same facts; each seat reads them in the light of what its
own view knows (its own role, the Marshal, revealed roles, the Bandit team in Double Agent mode).

Suspicion is kept as a *hostility* score per seat: positive means "acts against the Marshal"
(Bandit-like), negative means "acts for the Marshal" (Deputy-like). It is recomputed from the
recorded acts whenever the known roles change, because a role revealed later re-reads every
earlier act against that player: shooting someone who turns out to be a Bandit was lawful.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from machines.bots.counting import CardCount

#: How strongly a targeted card says "I mean this player harm" (R48, R52-R54, R61).
ATTACK_WEIGHT = {"shot": 1.0, "ricochet": 1.0, "duel": 1.2, "jail": 1.0, "grab": 0.5, "toss": 0.6}

#: Hostility gained per unit of harm, by the role the target is known to hold.
_READING = {"marshal": 2.0, "deputy": 1.5, "bandit": -1.5, "double_agent": -1.5, "loner": -0.4}

#: Eliminating a player of this role (R80, R81): how Bandit-like that makes the eliminator.
_KILL_READING = {"deputy": 1.5, "bandit": -1.0, "double_agent": -1.0, "loner": -0.5}

#: Attacking a player of unknown role says less: their own score is only a guess.
_HEARSAY = 0.35

#: Rounds of re-reading: hostility of unknown targets feeds the reading of their attackers.
_PASSES = 3


@dataclass(frozen=True)
class Act:
    """One public act of ``actor`` towards ``target``: weight > 0 harms, < 0 helps."""

    actor: int
    target: int
    weight: float


@dataclass
class BotMemory:
    """The public history one seat has seen, reduced to acts, kills and revealed roles."""

    seat: int
    acts: list[Act] = field(default_factory=list)
    kills: list[tuple[int, str]] = field(default_factory=list)  # (eliminator, victim's role)
    revealed: dict[int, str] = field(default_factory=dict)
    events_seen: int = 0
    cards: CardCount = field(init=False)  # the public card count (counting.py)
    _cache_key: tuple | None = field(default=None, repr=False, compare=False)
    _cache: dict[int, float] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.cards = CardCount(self.seat)

    @classmethod
    def from_log(cls, seat: int, log: Sequence[Mapping[str, Any]]) -> BotMemory:
        """Rebuild the memory of ``seat`` from the public log of its view (view["log"])."""
        memory = cls(seat=seat)
        memory.observe(log)
        return memory

    def observe(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Add new public events, oldest first (the events one ``Game.apply`` returned)."""
        for event in events:
            self.events_seen += 1
            self.cards.observe_one(event)
            kind = event["type"]
            if kind == "played":
                self._played(event)
            elif kind == "eliminated":
                self.revealed[event["seat"]] = event["role"]
                by = event.get("by")
                if by is not None and by != event["seat"]:
                    self.kills.append((by, event["role"]))

    def _played(self, event: Mapping[str, Any]) -> None:
        target = event.get("target")
        if target is None or target == event["seat"]:
            return
        card = event["card"]["kind"]
        weight = ATTACK_WEIGHT.get(card)
        if weight is None:
            return
        taken = event.get("target_card")
        if isinstance(taken, dict) and taken.get("kind") in ("jail", "dynamite"):
            weight = -1.0  # taking a Jail or Dynamite away from someone is a favour (R52, R53)
        self.acts.append(Act(event["seat"], target, weight))

    def hostility(self, known_roles: dict[int, str]) -> dict[int, float]:
        """Hostility to the Marshal per seat, read with the roles this seat knows.

        ``known_roles`` must come from the deciding seat's own view (its role, the Marshal,
        revealed roles, teammates it was shown): nothing else is ever passed in.
        """
        key = (len(self.acts), len(self.kills), tuple(sorted(known_roles.items())))
        if key == self._cache_key:
            return self._cache
        scores: dict[int, float] = {}
        for _ in range(_PASSES):
            scores = self._one_pass(known_roles, scores)
        self._cache_key, self._cache = key, scores
        return scores

    def _one_pass(self, known: dict[int, str], previous: dict[int, float]) -> dict[int, float]:
        scores: dict[int, float] = {}
        for act in self.acts:
            actor_role = known.get(act.actor)
            target_role = known.get(act.target)
            if actor_role == "marshal":
                if target_role is None:  # the Marshal's own suspicion rubs off a little
                    scores[act.target] = scores.get(act.target, 0.0) + 0.3 * act.weight
                continue
            if target_role is not None:
                delta = _READING[target_role] * act.weight
            else:
                seen = max(-1.5, min(1.5, previous.get(act.target, 0.0)))
                delta = -_HEARSAY * seen * act.weight
            scores[act.actor] = scores.get(act.actor, 0.0) + delta
        for eliminator, role in self.kills:
            if known.get(eliminator) != "marshal":
                scores[eliminator] = scores.get(eliminator, 0.0) + _KILL_READING.get(role, 0.0)
        return scores
