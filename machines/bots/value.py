"""How likely a team is to win from a position: the Hard bot's leaf evaluation (issue 22).

Hard looks ahead about one round, so how it scores the position where its look-ahead stops
decides what it plays. A hand-made score (health and cards of friends minus foes) cannot say
what one Health point of the Marshal is worth against one of a Bandit, or that a Loner needs
the Marshal alive; Normal bots' own games can. ``bench/fit_value.py`` plays Normal against
Normal, records the position at the start of every turn with the team that went on to win,
and fits a logistic model per table size and team: ``win_chance`` is that model.

The features count what the whole table shows except the hidden roles (health, cards in hand
and in play per role group), so a searching bot evaluates them in a *world*, a game whose
hidden roles it has sampled itself (``bangarena_engine.worlds``), never the stored game.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from machines.bots.value_weights import WEIGHTS

#: Role -> the group its features are counted in (the Double Agent plays for the Bandits,
#: R9). Teams are the engine's (``ROLE_TEAM``, the names of its results, R91-R97).
GROUP = {
    "marshal": "marshal",
    "deputy": "deputy",
    "bandit": "bandit",
    "double_agent": "bandit",
    "loner": "loner",
}
GROUPS = ("marshal", "deputy", "bandit", "loner")
#: Rounds beyond this count as this (High Noon starts at round 8, R32).
_LAST_ROUND = 16

FEATURES: tuple[str, ...] = (
    "bias",
    *(f"{group}_{what}" for group in GROUPS for what in ("alive", "hp", "hand", "table")),
    "marshal_hp1",
    "marshal_hp2",
    "no_bandits",
    "no_deputies",
    "loner_vs_marshal",
    "alive",
    "round",
    "marshal_hp_while_bandits",
    "duel_hp_edge",
    "loner_vs_law",
    "loner_vs_law_hp_edge",
    "bandit_hp_per_marshal_hp",
    "loner_hp_share",
    "duel_hand_edge",
)


class Seat(NamedTuple):
    """What the features read of one living player: public facts and a (sampled) role."""

    role: str
    hp: int
    hand: int  # cards in hand
    table: int  # cards in play, the weapon included


def seats_of(view: Mapping[str, Any], roles: Mapping[int, str]) -> list[Seat]:
    """The living players of a public view, with ``roles`` filling the hidden ones."""
    return [
        Seat(
            p["role"] or roles[p["seat"]],
            p["hp"],
            p["hand_count"],
            len(p["in_play"]) + (p["weapon"] is not None),
        )
        for p in view["players"]
        if p["alive"]
    ]


def features(living: Iterable[Seat], round_no: int) -> list[float]:
    """The feature vector of a position, in ``FEATURES`` order."""
    sums = {group: [0.0, 0.0, 0.0, 0.0] for group in GROUPS}
    marshal_hp = 0
    alive = 0
    for p in living:
        alive += 1
        row = sums[GROUP[p.role]]
        row[0] += 1
        row[1] += p.hp
        row[2] += p.hand
        row[3] += p.table
        if p.role == "marshal":
            marshal_hp = p.hp
    vector = [1.0]
    for group in GROUPS:
        vector.extend(sums[group])
    bandits, deputies, loners = sums["bandit"][0], sums["deputy"][0], sums["loner"][0]
    loner_hp = sums["loner"][1]
    duel = alive == 2 and loners == 1 and marshal_hp > 0  # R95: the Loner's last fight
    three_way = bandits == 0 and deputies > 0 and loners == 1 and marshal_hp > 0
    vector.extend(
        (
            float(marshal_hp == 1),
            float(marshal_hp <= 2),
            float(bandits == 0),
            float(deputies == 0),
            float(duel),
            float(alive),
            float(min(round_no, _LAST_ROUND)),
            # A sum of linear terms cannot say that the Marshal's health matters while
            # Bandits live (R92) and not after, or that a Loner's chance in his last fights
            # is his health against the law's (R95): these products say it.
            marshal_hp if bandits else 0.0,
            loner_hp - marshal_hp if duel else 0.0,
            float(three_way),
            loner_hp - marshal_hp - sums["deputy"][1] if three_way else 0.0,
            sums["bandit"][1] / max(1, marshal_hp) if bandits else 0.0,
            loner_hp / max(1.0, sum(row[1] for row in sums.values())),
            sums["loner"][2] - sums["marshal"][2] if duel else 0.0,
        )
    )
    return vector


def win_chance(living: Sequence[Seat], seats: int, round_no: int, team: str) -> float:
    """The chance that ``team`` ("law", "bandits" or "loner") wins from this position at a
    table of ``seats``, by the model fitted for that size (the nearest fitted size else)."""
    sizes = sorted(WEIGHTS)
    size = min(sizes, key=lambda n: (abs(n - seats), n))
    weights = WEIGHTS[size][team]
    score = sum(w * x for w, x in zip(weights, features(living, round_no), strict=True))
    if score >= 0:
        return 1.0 / (1.0 + math.exp(-score))
    odds = math.exp(score)
    return odds / (1.0 + odds)
