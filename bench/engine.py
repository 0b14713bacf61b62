"""Rules-engine benchmark: complete games per second with random legal play.

    python bench/engine.py [--games 100] [--runs 5] [--seats 4 5 7 8] [--mode classic]
    python bench/engine.py --speed [--runs 5] [--baseline DIR]   (bench/speed.py: random and
                                                                  bot games/s, stored bytes)

For each seat count it plays `runs` batches of `games` complete games (each game seeded, every
action chosen by a seeded random.Random among the legal ones) on one CPU core, and prints the
median batch rate in games per second together with the median cost of one decision step:
`legal_actions(seat)` followed by `apply(seat, action)`. Games per second are measured in
this process's CPU time, so that other work on a shared machine does not lower them (the wall
clock rate is printed next to it). The issue's goal is at least 200 complete 5-seat games per
second.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bangarena_engine import Game, GameConfig  # noqa: E402 - needs the project root on the path

GOAL_SEATS = 5
GOAL_GAMES_PER_SECOND = 200
MAX_ACTIONS = 100_000  # a game longer than this is reported as never ending


@dataclass
class Batch:
    seconds: float  # CPU time of this process: other load on the machine does not count
    wall: float
    games: int
    actions: list[int]  # actions per game
    step_ns: list[int]  # one legal_actions + apply each


def pin_to_one_core() -> str:
    """Run on a single core so that numbers compare across machines and runs."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity)"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def play_game(seats: int, mode: str, seed: int, step_ns: list[int]) -> int:
    """One complete game of random legal play; returns its number of actions."""
    game = Game.new(GameConfig(seats=seats, mode=mode, seed=seed))
    rng = random.Random(seed)
    clock = time.perf_counter_ns
    actions = 0
    while game.result is None:
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"game seed={seed} seats={seats} did not end")
        seat = rng.choice(game.awaiting())
        started = clock()
        legal = game.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        game.apply(seat, action)
        step_ns.append(clock() - started)
        actions += 1
    return actions


def run_batch(seats: int, mode: str, games: int, first_seed: int) -> Batch:
    step_ns: list[int] = []
    actions = []
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        actions.append(play_game(seats, mode, seed, step_ns))
    return Batch(time.process_time() - cpu, time.perf_counter() - wall, games, actions, step_ns)


def main() -> int:
    if "--speed" in sys.argv[1:]:  # games/s beside a baseline checkout (bench/speed.py)
        from bench import speed

        return speed.main([arg for arg in sys.argv[1:] if arg != "--speed"])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per run (default 100)")
    parser.add_argument("--runs", type=int, default=5, help="runs per seat count (default 5)")
    parser.add_argument("--seats", type=int, nargs="+", default=[4, 5, 7, 8])
    parser.add_argument(
        "--mode", default="classic", choices=["classic", "partners", "double_agent", "old_classic"]
    )
    parser.add_argument("--seed", type=int, default=1, help="first game seed")
    args = parser.parse_args()

    pinned = pin_to_one_core()
    print(
        f"BangArena engine benchmark: mode={args.mode}, {args.runs} runs x {args.games} games "
        f"per seat count, random legal play, Python {sys.version.split()[0]}, {pinned}"
    )
    header = (
        f"{'seats':>5} | {'games/s (median)':>16} | {'min..max games/s':>17} | "
        f"{'wall games/s':>12} | {'actions/game':>12} | {'legal+apply µs (median)':>23}"
    )
    print(header)
    print("-" * len(header))
    goal_rate = None
    run_batch(args.seats[0], args.mode, 20, args.seed)  # warm-up: imports, caches, allocator
    for seats in args.seats:
        batches = [
            run_batch(seats, args.mode, args.games, args.seed + run * args.games)
            for run in range(args.runs)
        ]
        rates = [b.games / b.seconds for b in batches]
        wall_rate = statistics.median(b.games / b.wall for b in batches)
        steps = [ns for b in batches for ns in b.step_ns]
        actions = [n for b in batches for n in b.actions]
        median_rate = statistics.median(rates)
        print(
            f"{seats:>5} | {median_rate:>16.1f} | {min(rates):>7.1f}..{max(rates):<8.1f} | "
            f"{wall_rate:>12.1f} | {statistics.median(actions):>12.0f} | "
            f"{statistics.median(steps) / 1000:>23.1f}"
        )
        if seats == GOAL_SEATS:
            goal_rate = median_rate
    if goal_rate is not None:
        status = "met" if goal_rate >= GOAL_GAMES_PER_SECOND else "NOT met"
        print(f"goal: >= {GOAL_GAMES_PER_SECOND} complete {GOAL_SEATS}-seat games/s: {status}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
