"""Exact matches built with GameConfig's scenario knobs (roles, characters, hands, deck, health).

Each scenario is a config plus a script of moves named by card kind (card ids are random).
Whatever the script does not name is the engine's automatic move (R120: end the turn, take
the hit, first upgrade), so nothing random happens and the counts are known.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bangarena_engine import Game, GameConfig

# Plain characters for the victims: no Cover, no draw choice, no extra Shots.
PLAIN = ["double_barrel", "toll_collector", "scavenger", "red_suit", "empty_hands"]
FILLER = "horse"  # a card nobody plays by default


@dataclass(frozen=True)
class Step:
    """A move named by card kind: ``Step(0, "play", "shot", target=2)``."""

    seat: int
    type: str
    kind: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)

    def pick(self, game: Game, legal: list[dict]) -> dict | None:
        kinds = {card["id"]: card["kind"] for card in game.view(self.seat)["hand"]}
        for action in legal:
            if action["type"] != self.type:
                continue
            if self.kind is not None and kinds.get(action.get("card")) != self.kind:
                continue
            if all(action.get(key) == value for key, value in self.fields.items()):
                return action
        return None


def step(seat: int, type_: str, kind: str | None = None, **fields: Any) -> Step:
    return Step(seat, type_, kind, fields)


def scripted(steps: list[Step]):
    """A policy for tests.stats.conftest.play: the next scripted move when it is that seat's
    and legal, else the automatic move."""
    todo = list(steps)

    def policy(game: Game, seat: int, legal: list[dict]) -> dict:
        if todo and todo[0].seat == seat:
            action = todo[0].pick(game, legal)
            if action is not None:
                todo.pop(0)
                return action
        return game.default_action(seat)

    return policy


def config(**knobs: Any) -> dict[str, Any]:
    knobs.setdefault("seed", 3)
    knobs.setdefault("deck", [FILLER] * 30)
    return knobs


# Seat 0, the Marshal (Mad Dog: no Shot limit, built-in Scope), wins alone on his first turn:
# a Duel the Bandit at seat 1 cannot answer (R64), then Shots at seats 2 and 3 (R93).
DUEL_SWEEP = (
    config(
        seats=4,
        roles=["marshal", "bandit", "bandit", "loner"],
        characters=["mad_dog", "double_barrel", "toll_collector", "scavenger"],
        hands=[["duel", "shot", "shot"], [FILLER], [FILLER], [FILLER]],
        health=[None, 1, 1, 1],
    ),
    [
        step(0, "play", "duel", target=1),
        step(0, "play", "shot", target=2),
        step(0, "play", "shot", target=3),
    ],
)

# Seat 0, the Marshal, plays Dynamite; on his next turn it explodes (Spades 5, R75) and he
# survives with 2 of 5 HP, then Shots the three others out (at 1 HP each).
DYNAMITE_SURVIVED = (
    config(
        seats=4,
        roles=["marshal", "bandit", "bandit", "loner"],
        characters=["mad_dog", "double_barrel", "toll_collector", "scavenger"],
        hands=[["dynamite", "shot", "shot", "shot"], [FILLER], [FILLER], [FILLER]],
        health=[None, 1, 1, 1],
        # Draws: Marshal 2, seats 1-3 2 each, then the Dynamite check card.
        deck=[FILLER] * 8 + ["shot:5:spades"] + [FILLER] * 20,
    ),
    [
        step(0, "play", "dynamite"),
        step(0, "end_turn"),
        step(0, "play", "shot", target=1),
        step(0, "play", "shot", target=2),
        step(0, "play", "shot", target=3),
    ],
)

# The Marshal at 3 HP holds Dynamite that explodes: he is out with no eliminator (R81), the
# Bandits win (R92).
DYNAMITE_KILLS_MARSHAL = (
    config(
        seats=4,
        roles=["marshal", "bandit", "bandit", "loner"],
        characters=["mad_dog", "double_barrel", "toll_collector", "scavenger"],
        hands=[["dynamite"], [FILLER], [FILLER], [FILLER]],
        health=[3, None, None, None],
        deck=[FILLER] * 8 + ["shot:5:spades"] + [FILLER] * 20,
    ),
    [step(0, "play", "dynamite")],
)

# Bandit at seat 1 shoots his fellow Bandit at seat 2 (a Glory star, R83, →Q33); the Loner at
# seat 3 (Mad Dog) then shoots seat 1, taking the Bounty (R87), and the Marshal, winning alone
# (R95).
BOUNTY = (
    config(
        seats=4,
        roles=["marshal", "bandit", "bandit", "loner"],
        characters=["double_barrel", "toll_collector", "scavenger", "mad_dog"],
        hands=[[FILLER], ["shot"], [FILLER], ["shot", "shot"]],
        health=[1, 1, 1, None],
    ),
    [
        step(1, "play", "shot", target=2),
        step(3, "play", "shot", target=1),
        step(3, "play", "shot", target=0),
    ],
)


def build(scenario: tuple[dict[str, Any], list[Step]]) -> tuple[GameConfig, Any]:
    knobs, steps = scenario
    return GameConfig(**knobs), scripted(steps)
