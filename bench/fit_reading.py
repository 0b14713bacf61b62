"""Fit Hard's role reading (machines/bots/reading.py) from Normal bots' games.

    python bench/fit_reading.py [--games 2000] [--seats 4 5 6 7 8] [--workers 2]

Plays classic games of Normal bots (game seeds from 2,000,000 up, away from the strength
bench's deals and from fit_value.py's games). At the start of every turn it takes the view
of the seat whose turn it is, lists the deals of the roles that seat cannot see
(``reading.hidden_deals``) with their features, marks the true one, and fits a conditional
logit over the deals (Newton's method, a small ridge) per table size. A fifth of the games
is held out: the fit prints, per hidden player, the log loss and accuracy of the reading's
role odds beside Normal's own (outlook.py), and writes machines/bots/reading_weights.py (a
generated file: fit again rather than edit it).

The fit reads every role of its own games (it is the referee); the bots only ever read the
roles their own view shows.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generated import numbers, write_module  # noqa: E402 - bench/ on path

from bangarena_engine import Game, GameConfig  # noqa: E402
from machines.bots import BotMemory, choose  # noqa: E402 - needs the project root on path
from machines.bots.outlook import Outlook  # noqa: E402
from machines.bots.reading import FEATURES, PublicActs, features, hidden_deals  # noqa: E402

FIRST_SEED = 2_000_000
RIDGE = 2.0
#: Deals kept per training point: the true one and a uniform sample of the others. A
#: conditional logit fitted on such samples estimates the same weights (McFadden 1978) and
#: keeps 8-seat tables (up to 210 deals a point) small enough to fit.
SAMPLED_DEALS = 24
#: Held-out points compared with all their deals: a sample of each held-out game's.
TEST_POINTS_PER_GAME = 12
OUT = ROOT / "machines" / "bots" / "reading_weights.py"

#: One decision point: the deals' features, the true deal's index, and per hidden seat
#: (seat, its true role, Normal's odds) for the comparison.
Point = tuple[np.ndarray, int, list[tuple[int, str, dict[str, float]]], list[dict]]


def points(job: tuple[int, int, bool]) -> list[Point]:
    """One Normal game's decision points; a training game keeps a sample of the deals."""
    seats, seed, sample = job
    chance = random.Random(seed)
    game = Game.new(GameConfig(seats=seats, mode="classic", seed=seed))
    log = game.view(0)["log"]
    memories = {s: BotMemory.from_log(s, log) for s in range(seats)}
    acts = PublicActs.from_log(log)
    truth = {s: game.view(s)["role"] for s in range(seats)}
    found: list[Point] = []
    moves = 0
    turns, recorded = sum(e["type"] == "turn" for e in log), 0
    while game.result is None and moves < 20_000:
        [who] = game.awaiting()
        view = game.view(who)
        if view["pending"] is None and recorded < turns:  # the turn's first play step
            recorded = turns
            deals = hidden_deals(view)
            if len(deals) > 1:
                actual = {s: truth[s] for s in deals[0]}
                if sample and len(deals) > SAMPLED_DEALS:
                    others = [d for d in deals if d != actual]
                    deals = [actual, *chance.sample(others, SAMPLED_DEALS - 1)]
                index = next(i for i, d in enumerate(deals) if d == actual)
                outlook = Outlook.read(view, memories[who])
                normal = [(s, truth[s], outlook.odds.get(s, {})) for s in deals[0]]
                rows = np.array(
                    [features(acts, {**truth, **deal}) for deal in deals], dtype=np.float32
                )
                found.append((rows, index, normal, deals))
        action = choose(view, game.legal_actions(who), memories[who], seed=moves)
        events = game.apply(who, action)
        for memory in memories.values():
            memory.observe(events)
        for event in events:
            acts.observe(event)
            turns += event["type"] == "turn"
        moves += 1
    if not sample:  # a held-out game: a few of its points, compared with all their deals
        found = chance.sample(found, min(TEST_POINTS_PER_GAME, len(found)))
    return found


def fit(groups: dict[int, tuple[np.ndarray, np.ndarray]], size: int) -> np.ndarray:
    """Conditional logit over the deals by Newton's method with a ridge."""
    w = np.zeros(size)
    for _ in range(25):
        gradient = RIDGE * w
        hessian = np.diag(np.full(size, RIDGE))
        for x, y in groups.values():  # x: (points, deals, features); y: true deal index
            p = _softmax(x @ w)
            mean = np.einsum("nd,ndf->nf", p, x)
            gradient += mean.sum(axis=0) - x[np.arange(len(y)), y].sum(axis=0)
            flat = x.reshape(-1, size)
            hessian += (flat * p.reshape(-1, 1)).T @ flat - mean.T @ mean
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.max(np.abs(step)) < 1e-6:
            break
    return w


def _softmax(scores: np.ndarray) -> np.ndarray:
    scores = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(axis=1, keepdims=True)


def by_deal_count(found: list[Point]) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    grouped: dict[int, tuple[list, list]] = defaultdict(lambda: ([], []))
    for rows, index, _, _ in found:
        xs, ys = grouped[len(rows)]
        xs.append(rows)
        ys.append(index)
    return {n: (np.stack(xs).astype(np.float64), np.array(ys)) for n, (xs, ys) in grouped.items()}


def compare(found: list[Point], w: np.ndarray) -> str:
    """Per hidden player: log loss and accuracy of the reading's odds and of Normal's."""
    losses = {"reading": [], "normal": []}
    hits = {"reading": 0, "normal": 0}
    for rows, _, normal, deals in found:
        scores = rows.astype(np.float64) @ w
        p = np.exp(scores - scores.max())
        p /= p.sum()
        for seat, role, odds in normal:
            mine: dict[str, float] = defaultdict(float)
            for deal, chance in zip(deals, p, strict=True):
                mine[deal[seat]] += float(chance)
            for name, table in (("reading", mine), ("normal", odds)):
                losses[name].append(-math.log(max(1e-9, table.get(role, 0.0))))
                hits[name] += max(table, key=lambda r: table[r]) == role
    n = len(losses["reading"])
    return ", ".join(
        f"{name} log loss {sum(losses[name]) / n:.3f} accuracy {100 * hits[name] / n:.1f} %"
        for name in ("reading", "normal")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seats", type=int, nargs="+", default=[4, 5, 6, 7, 8])
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    weights: dict[int, list[float]] = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for seats in args.seats:
            games = args.games if seats <= 6 else args.games // 2
            jobs = [(seats, FIRST_SEED + k, k % 5 != 0) for k in range(games)]
            results = list(pool.map(points, jobs, chunksize=16))
            train = [p for i, found in enumerate(results) if i % 5 for p in found]
            test = [p for i, found in enumerate(results) if not i % 5 for p in found]
            w = fit(by_deal_count(train), len(FEATURES))
            print(f"{seats} seats, {len(train)} points, held out: {compare(test, w)}", flush=True)
            weights[seats] = [round(float(v), 4) for v in w]
    body = ["WEIGHTS: dict[int, list[float]] = {"]
    body.extend(f"    {seats}: {numbers(values, 8)}," for seats, values in weights.items())
    body.append("}")
    doc = f"""Generated by bench/fit_reading.py: the fitted weights of machines/bots/reading.py.

Fitted on {args.games} classic games of Normal bots per table size (half from 7
seats); weights in reading.FEATURES order. Fit again rather than edit."""
    write_module(OUT, doc, body)
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
