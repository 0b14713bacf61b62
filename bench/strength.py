"""Measured strength of the bot strengths (issue 22): duplicate matches, so luck cancels.

    python bench/strength.py [--matches 2000] [--lines hard:normal normal:easy normal:random]
                             [--roles law bandit loner] [--seats 5] [--mode classic]
                             [--workers 1] [--first 0] [--save rows.jsonl]
    python bench/strength.py --timing 40      # Hard's cost per decision, one process

A line ``A:B`` compares strength A with strength B *in the same seat of the same deal*: for
every match index k the deal with game seed k is played twice, once with the tested seat
played by A and once by B, every other seat by Normal bots, with the same bot seeds. The
tested seat is one of the role's seats in that deal (``law``: the Marshal or a Deputy in
turn, ``bandit``: one of the Bandits in turn, ``loner``: the Loner). Only the tested seat's
strength differs between the two games, so the deal's luck (roles, characters, cards) is the
same on both sides. ``random`` plays a uniformly random legal action (seeded).

For each line and role it prints the team win rate of the seat under A and under B with
95 % Wilson intervals, and the paired difference A - B with a 95 % normal interval over the
per-deal differences. The issue's targets: +8 points for hard:normal and normal:easy in every
role, 2,000 matches per line. ``--first`` shifts the deals (to add matches to a run).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bangarena_engine import Game, GameConfig  # noqa: E402
from bangarena_engine.types import View  # noqa: E402
from bangarena_engine.worlds import can_build  # noqa: E402
from machines.bots import BotMemory, choose, hard  # noqa: E402 - needs the project root on path

MAX_ACTIONS = 50_000
ROLE_SEATS = {
    "law": ("marshal", "deputy"),
    "bandit": ("bandit", "double_agent"),
    "loner": ("loner",),
}


def tested_seat(game: Game, role: str, k: int) -> int | None:
    """The seat whose strength the pair of games compares (the bench is the referee: it may
    read every role; the bots never do)."""
    seats = [s for s in range(game.config.seats) if game.view(s)["role"] in ROLE_SEATS[role]]
    return seats[k % len(seats)] if seats else None


def play(config: GameConfig, seat: int, strength: str, k: int) -> tuple[bool, int, float]:
    """One game with ``seat`` at ``strength`` and Normal elsewhere: (seat's team won, moves,
    seconds the tested seat spent deciding)."""
    game = Game.new(config)
    log = game.view(0)["log"]
    memories = {s: BotMemory.from_log(s, log) for s in range(config.seats)}
    chance = random.Random(k)
    moves = 0
    thinking = 0.0
    while game.result is None and moves < MAX_ACTIONS:
        [who] = game.awaiting()
        legal = game.legal_actions(who)
        if who == seat and strength == "random":
            action = chance.choice(legal)
        else:
            mine = strength if who == seat else "normal"
            view = game.view(who)
            start = time.perf_counter()
            action = choose(view, legal, memories[who], seed=moves, strength=mine)
            if who == seat:
                thinking += time.perf_counter() - start
        events = game.apply(who, action)
        for memory in memories.values():
            memory.observe(events)
        moves += 1
    result = game.result
    return (result is not None and seat in result["winners"]), moves, thinking


def pair(job: tuple[str, str, str, int, int, str]) -> tuple[int, int, float] | None:
    a, b, role, k, seats, mode = job
    hard.PAD_SINGLE_CHOICE = False  # the same moves, without the work done only to hide them
    config = GameConfig(seats=seats, mode=mode, seed=k)
    seat = tested_seat(Game.new(config), role, k)
    if seat is None:
        return None
    won_a, _, think_a = play(config, seat, a, k)
    won_b, _, _ = play(config, seat, b, k)
    return int(won_a), int(won_b), think_a


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def report(a: str, b: str, role: str, rows: list[tuple[int, int, float]], seconds: float) -> None:
    n = len(rows)
    wins_a = sum(r[0] for r in rows)
    wins_b = sum(r[1] for r in rows)
    diffs = [r[0] - r[1] for r in rows]
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    lo_a, hi_a = wilson(wins_a, n)
    lo_b, hi_b = wilson(wins_b, n)
    print(
        f"| {a} vs {b} | {role} | {n}"
        f" | {100 * wins_a / n:.1f} % [{100 * lo_a:.1f}-{100 * hi_a:.1f}]"
        f" | {100 * wins_b / n:.1f} % [{100 * lo_b:.1f}-{100 * hi_b:.1f}]"
        f" | {100 * mean:+.1f} [{100 * (mean - half):+.1f} to {100 * (mean + half):+.1f}]"
        f" | {seconds:.0f} s |",
        flush=True,
    )


def timing(games: int, seats: int, mode: str) -> None:
    """Hard's decision time in ``games`` games (one Hard seat, Normal elsewhere): every Hard
    decision, its play steps where the hand offered several moves, and those where it offered
    one (the same work must be spent: no timing tell). Elsewhere it plays as Normal."""
    every: list[float] = []
    searched: list[float] = []
    single: list[float] = []
    for k in range(games):
        config = GameConfig(seats=seats, mode=mode, seed=k)
        game = Game.new(config)
        seat = k % seats
        memories = {s: BotMemory.from_log(s, game.view(0)["log"]) for s in range(seats)}
        moves = 0
        while game.result is None and moves < MAX_ACTIONS:
            [who] = game.awaiting()
            view, legal = game.view(who), game.legal_actions(who)
            mine = "hard" if who == seat else "normal"
            start = time.perf_counter()
            action = choose(view, legal, memories[who], seed=moves, strength=mine)
            took = (time.perf_counter() - start) * 1000
            if who == seat:
                every.append(took)
                if can_build(cast(View, view)):
                    moves_weighed = hard.searched_moves(view, legal, memories[who], moves)
                    (searched if len(moves_weighed) > 1 else single).append(took)
            events = game.apply(who, action)
            for memory in memories.values():
                memory.observe(events)
            moves += 1

    def line(name: str, values: list[float]) -> None:
        values = sorted(values)
        p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
        print(
            f"{name}: {len(values)} decisions, median {statistics.median(values):.2f} ms,"
            f" p99 {p99:.2f} ms, max {values[-1]:.2f} ms"
        )

    line("hard, every decision", every)
    line("hard, play steps with several moves", searched)
    line("hard, play steps with one move", single)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument(
        "--lines", nargs="+", default=["hard:normal", "normal:easy", "normal:random"]
    )
    parser.add_argument("--roles", nargs="+", default=["law", "bandit", "loner"])
    parser.add_argument("--seats", type=int, default=5)
    parser.add_argument("--mode", default="classic")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--timing", type=int, default=0, help="time Hard in this many games")
    parser.add_argument(
        "--save",
        help="append each line's per-deal wins to this JSON-lines file (to compare "
        "two versions of a strength deal by deal)",
    )
    args = parser.parse_args()
    if args.timing:
        timing(args.timing, args.seats, args.mode)
        return
    print(f"{args.mode}, {args.seats} seats, deals {args.first}-{args.first + args.matches - 1}")
    print("| line | seat | matches | A wins | B wins | A - B (points) | time |")
    print("|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(args.workers) as pool:
        for line in args.lines:
            a, b = line.split(":")
            for role in args.roles:
                jobs = [
                    (a, b, role, k, args.seats, args.mode)
                    for k in range(args.first, args.first + args.matches)
                ]
                start = time.perf_counter()
                results = list(pool.map(pair, jobs, chunksize=8))
                rows = [r for r in results if r is not None]
                report(a, b, role, rows, time.perf_counter() - start)
                if args.save:
                    deals = [
                        [job[3], r[0], r[1]] for job, r in zip(jobs, results, strict=True) if r
                    ]
                    with open(args.save, "a") as out:
                        out.write(json.dumps({"line": line, "role": role, "deals": deals}) + "\n")


if __name__ == "__main__":
    main()
