"""Fit the Hard bot's position value (machines/bots/value.py) from Normal bots' games.

    python bench/fit_value.py [--games 3000] [--seats 4 5 6 7 8] [--workers 1]

Plays classic games of Normal bots (game seeds from 1,000,000 up, away from the strength
bench's deals 0-1999), records the features of the position at the start of every turn
with the team that won the game, and fits one logistic model per table size and team (law,
bandits, loner) by Newton's method with a small ridge. A fifth of the games is held out:
the log loss of the fitted model is printed beside that of the team's base rate, so the
model is seen to know more than the base rate. The weights are written to
machines/bots/value_weights.py (a generated file: fit again rather than edit it).

The fitting reads every role of its own games (it is the referee); the bots only ever
evaluate the model on worlds they sampled from their own view.
"""

from __future__ import annotations

import argparse
import pprint
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generated import numbers, write_module  # noqa: E402 - bench/ on path

from bangarena_engine import Game, GameConfig  # noqa: E402
from machines.bots import BotMemory, choose  # noqa: E402 - needs the project root on path
from machines.bots.value import FEATURES, features, seats_of  # noqa: E402

TEAMS = ("law", "bandits", "loner")
FIRST_SEED = 1_000_000
RIDGE = 1.0
OUT = ROOT / "machines" / "bots" / "value_weights.py"


def positions(job: tuple[int, int]) -> tuple[list[list[float]], str | None]:
    """One Normal game: the features at every turn start, and the winning team."""
    seats, seed = job
    game = Game.new(GameConfig(seats=seats, mode="classic", seed=seed))
    memories = {s: BotMemory.from_log(s, game.view(0)["log"]) for s in range(seats)}
    roles = {s: game.view(s)["role"] for s in range(seats)}
    rows: list[list[float]] = []
    moves = 0
    chance = random.Random(seed)
    while game.result is None and moves < 20_000:
        [who] = game.awaiting()
        action = choose(
            game.view(who), game.legal_actions(who), memories[who], seed=chance.getrandbits(32)
        )
        events = game.apply(who, action)
        for memory in memories.values():
            memory.observe(events)
        if any(e["type"] == "turn" for e in events):
            public = game.view(None)
            rows.append(features(seats_of(public, roles), public["round"]))
        moves += 1
    team = game.result["team"] if game.result is not None else None
    return rows, team


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Ridge logistic regression by Newton's method (the bias is not shrunk)."""
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], RIDGE)
    penalty[0] = 0.0
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seats", type=int, nargs="+", default=[4, 5, 6, 7, 8])
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    weights: dict[int, dict[str, list[float]]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for seats in args.seats:
            jobs = [(seats, FIRST_SEED + k) for k in range(args.games)]
            games = list(pool.map(positions, jobs, chunksize=16))
            weights[seats] = {}
            for team in TEAMS:
                train_x, train_y, test_x, test_y = [], [], [], []
                for index, (rows, winner) in enumerate(games):
                    if winner is None:
                        continue
                    xs, ys = (test_x, test_y) if index % 5 == 0 else (train_x, train_y)
                    xs.extend(rows)
                    ys.extend([float(winner == team)] * len(rows))
                x, y = np.array(train_x), np.array(train_y)
                w = fit(x, y)
                tx, ty = np.array(test_x), np.array(test_y)
                model = log_loss(1.0 / (1.0 + np.exp(-(tx @ w))), ty)
                base = log_loss(np.full(len(ty), y.mean()), ty)
                print(
                    f"{seats} seats, {team}: {len(y)} positions, base rate {y.mean():.3f},"
                    f" held-out log loss {model:.4f} (base rate {base:.4f})",
                    flush=True,
                )
                weights[seats][team] = [round(float(v), 5) for v in w]
    body = [
        f"FEATURES = {pprint.pformat(FEATURES, width=90, compact=True)}",
        "",
        "WEIGHTS: dict[int, dict[str, list[float]]] = {",
    ]
    for seats, teams in weights.items():
        body.append(f"    {seats}: {{")
        body.extend(f"        {team!r}: {numbers(values, 12)}," for team, values in teams.items())
        body.append("    },")
    body.append("}")
    doc = f"""Generated by bench/fit_value.py: the fitted weights of machines/bots/value.py.

Fitted on {args.games} classic games of Normal bots per table size; features in
value.FEATURES order. Fit again rather than edit."""
    write_module(OUT, doc, body)
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
