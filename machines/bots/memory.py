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

import copy
from collections import OrderedDict
from collections.abc import Hashable, Mapping, Sequence
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
    #: The acts summed per (actor, target), in the order first seen, and how many acts the
    #: sums hold: what hostility reads, so a decision costs the number of pairs (at most
    #: seats²) instead of every act so far, and only the acts since are added up.
    _pairs: dict[tuple[int, int], float] = field(default_factory=dict, repr=False, compare=False)
    _summed: int = field(default=0, repr=False, compare=False)
    _last_summed: Act | None = field(default=None, repr=False, compare=False)
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

    def copy_for(self, seat: int) -> BotMemory:
        """This public record as ``seat`` would hold it (every event is public, so all seats
        remember the same facts): a copy whose ``observe`` never changes this memory, for the
        seats of Hard's imagined worlds. The pair sums are shared: they are replaced, never
        changed in place (``_sum_pairs``)."""
        mind = copy.copy(self)
        mind.seat = seat
        mind.acts = list(self.acts)
        mind.kills = list(self.kills)
        mind.revealed = dict(self.revealed)
        mind.cards = self.cards.copy_for(seat)
        mind._cache_key = None
        mind._cache = {}
        return mind

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
        self._sum_pairs()
        readings, kills = self._readings(known_roles)
        scores: dict[int, float] = {}
        for _ in range(_PASSES):
            scores = _one_pass(readings, kills, scores)
        self._cache_key, self._cache = key, scores
        return scores

    def _sum_pairs(self) -> None:
        """Bring the per-pair sums up to date with ``acts``.

        Only the acts since the last sum are added, and only while ``acts`` still starts with
        the acts summed (the last one summed is the same object); a memory whose acts were
        replaced (Easy's misread copy) sums from scratch. The sums are a new dict each time,
        never changed in place, so a shallow copy of a memory (Hard's imagined seats) cannot
        change the original's."""
        acts, summed = self.acts, self._summed
        if summed == len(acts) and (summed == 0 or acts[summed - 1] is self._last_summed):
            return
        if summed > len(acts) or (summed and acts[summed - 1] is not self._last_summed):
            pairs: dict[tuple[int, int], float] = {}
            summed = 0
        else:
            pairs = dict(self._pairs)
        for act in acts[summed:]:
            pair = (act.actor, act.target)
            pairs[pair] = pairs.get(pair, 0.0) + act.weight
        self._pairs, self._summed = pairs, len(acts)
        self._last_summed = acts[-1] if acts else None

    def _readings(
        self, known: dict[int, str]
    ) -> tuple[list[tuple[int, float, int | None]], list[tuple[int, float]]]:
        """What each pair's summed acts say, worked out once for all passes: (whose score,
        amount, None) where the reading does not depend on the scores (a known target, or the
        Marshal's own suspicion rubbing off on an unknown one), and (actor, summed weight,
        target) where it is hearsay, read through the target's score of the pass before; and
        each elimination's reading (R80). Every reading is linear in an act's weight, so acts
        between the same two players are read once with their summed weight (``_sum_pairs``)."""
        readings: list[tuple[int, float, int | None]] = []
        for (actor, target), weight in self._pairs.items():
            actor_role = known.get(actor)
            target_role = known.get(target)
            if actor_role == "marshal":
                if target_role is None:
                    readings.append((target, 0.3 * weight, None))
            elif target_role is not None:
                readings.append((actor, _READING[target_role] * weight, None))
            else:
                readings.append((actor, weight, target))
        kills = [
            (eliminator, _KILL_READING.get(role, 0.0))
            for eliminator, role in self.kills
            if known.get(eliminator) != "marshal"
        ]
        return readings, kills


def _one_pass(
    readings: list[tuple[int, float, int | None]],
    kills: list[tuple[int, float]],
    previous: dict[int, float],
) -> dict[int, float]:
    """One reading of every pair and elimination (``BotMemory._readings``), hearsay through
    the scores of ``previous``."""
    scores: dict[int, float] = {}
    for seat, amount, hearsay in readings:
        if hearsay is not None:
            seen = max(-1.5, min(1.5, previous.get(hearsay, 0.0)))
            amount = -_HEARSAY * seen * amount
        scores[seat] = scores.get(seat, 0.0) + amount
    for seat, amount in kills:
        scores[seat] = scores.get(seat, 0.0) + amount
    return scores


class MemoryCache:
    """The memories of the seats a process decided for, so a decision reads only new events.

    Rebuilding a memory from the whole log at every decision made a bot game quadratic in its
    length (issue 22). Here each (match, seat) keeps its memory and the events it has observed;
    the next decision feeds it only the events since. It is used only when the log *extends*
    what it saw (the same events, in order, then more): another process may have played moves
    meanwhile (they are simply the new events), while a log that does not extend it (a replay,
    a rewound or reused match key) rebuilds from the log. Either way the memory equals
    ``BotMemory.from_log(seat, log)``, so the decision is the same as without the cache.

    The check is exact: the seen events are compared with the log's prefix as lists, which is
    a pointer comparison per event when the log holds the same event objects (one Game in this
    process: the engine shares its logged events) and a dict comparison when the game was
    loaded again. Thread-safe without a lock: an entry is taken out while it is used, so a
    second thread deciding for the same seat at once rebuilds its own.

    Bounded by ``size`` seats, the least recently used forgotten first. An entry holds the
    events it saw (about 120 KB at the end of a 5-seat game loaded from JSON), so 256 entries,
    some fifty matches of bots, stay under about 30 MB.
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, tuple[BotMemory, list[Mapping[str, Any]]]] = (
            OrderedDict()
        )
        self._lent: dict[Hashable, tuple[BotMemory, list[Mapping[str, Any]]]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def take(self, key: Hashable, seat: int, log: Sequence[Mapping[str, Any]]) -> BotMemory:
        """The memory of ``seat`` after ``log``; give it back with ``keep`` once decided."""
        entry = self._entries.pop(key, None)
        if entry is not None:
            memory, seen = entry
            n = len(seen)
            if memory.seat == seat and len(log) >= n and (n == 0 or _extends(log, seen)):
                new = log[n:]
                memory.observe(new)
                seen.extend(new)
                self._lent[key] = (memory, seen)
                return memory
        memory = BotMemory.from_log(seat, log)
        self._lent[key] = (memory, list(log))
        return memory

    def keep(self, key: Hashable, memory: BotMemory) -> None:
        """Store ``memory`` (the one ``take`` returned for ``key``) for the next decision."""
        lent = self._lent.pop(key, None)
        if lent is None or lent[0] is not memory:
            return  # another thread took the same key meanwhile: the next decision rebuilds
        self._entries[key] = lent
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)


def _extends(log: Sequence[Mapping[str, Any]], seen: list[Mapping[str, Any]]) -> bool:
    """Whether ``log`` starts with exactly the events ``seen``."""
    n = len(seen)
    if log[n - 1] is seen[-1] and log[0] is seen[0]:
        return True  # the same logged objects: one game's log, which only ever grows
    return list(log[:n]) == seen
