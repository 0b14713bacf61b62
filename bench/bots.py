"""Bot tournament: win rates per role, game length and decision time of the rule-based bots.

    python bench/bots.py [--games 2000] [--seats 5 7] [--modes classic partners ...]
                         [--matchups bots vs_random random] [--workers 2]
    python bench/bots.py --speed [--runs 5] [--baseline DIR]   (games/s: bench/speed.py)

Game modes (``--modes``): classic, partners, double_agent, old_classic; every seat count is
played in every mode given.

Match-ups (``--matchups``):
  bots       every seat is a bot;
  vs_random  for each team in turn (law, bandits, loner), that team's seats are bots and every
             other seat plays a uniformly random legal action;
  random     every seat plays at random (the baseline the vs_random rates compare with).

Every game is seeded (game seed = index; roles are dealt by a generator seeded the same way,
so the same seed gives the same table in every match-up). For each seat count and mode it prints the
win rate of every role with a 95 % Wilson interval, the average and longest game in turns,
and the bots' median decision time: ``choose`` with a memory kept up to date by ``observe``,
and (sampled) the full contract call that rebuilds the memory from the log first. The issue's
targets: bots beat random players by a wide margin in every role; every game ends; median
decision under 2 ms.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bangarena_engine import Game, GameConfig  # noqa: E402
from bangarena_engine.roles import ROLE_TEAM, role_set  # noqa: E402
from machines.bots import BotMemory, choose  # noqa: E402 - needs the project root on the path

MAX_ACTIONS = 50_000  # a game longer than this counts as never ending
FULL_CALL_EVERY = 10  # time the from_log + choose contract call on every 10th bot decision
TEAMS = ("law", "bandits", "loner")


@dataclass
class Tally:
    """Results of a batch of games of one seat count and match-up."""

    games: int = 0
    wins: Counter = field(default_factory=Counter)  # role -> games that role won
    seats: Counter = field(default_factory=Counter)  # role -> seats of that role dealt
    role_wins: Counter = field(default_factory=Counter)  # role -> seats of that role that won
    turns: list[int] = field(default_factory=list)
    unfinished: int = 0
    choose_ns: list[int] = field(default_factory=list)
    full_ns: list[int] = field(default_factory=list)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.wins.update(other.wins)
        self.seats.update(other.seats)
        self.role_wins.update(other.role_wins)
        self.turns.extend(other.turns)
        self.unfinished += other.unfinished
        self.choose_ns.extend(other.choose_ns)
        self.full_ns.extend(other.full_ns)


def deal_roles(seats: int, rules: str, seed: int) -> list[str]:
    roles = role_set(seats, rules)
    random.Random(seed).shuffle(roles)
    return roles


def play_game(seats: int, rules: str, seed: int, bot_teams: frozenset[str], tally: Tally) -> None:
    roles = deal_roles(seats, rules, seed)
    game = Game.new(GameConfig(seats=seats, mode=rules, seed=seed, roles=roles))
    bots = {s for s, role in enumerate(roles) if ROLE_TEAM[role] in bot_teams}
    start_log = game.view(None)["log"]
    memories = {s: BotMemory.from_log(s, start_log) for s in bots}
    rng = random.Random(seed ^ 0x5EED)
    clock = time.perf_counter_ns
    decisions = 0
    actions = 0
    while game.result is None:
        if actions >= MAX_ACTIONS:
            tally.unfinished += 1
            return
        seat = game.awaiting()[0]
        legal = game.legal_actions(seat)
        if seat in bots:
            view = game.view(seat)
            started = clock()
            action = choose(view, legal, memories[seat], seed=seed + actions)
            tally.choose_ns.append(clock() - started)
            decisions += 1
            if decisions % FULL_CALL_EVERY == 0:
                started = clock()
                choose(view, legal, BotMemory.from_log(seat, view["log"]), seed=seed + actions)
                tally.full_ns.append(clock() - started)
        else:
            action = legal[rng.randrange(len(legal))]
        events = game.apply(seat, action)
        for memory in memories.values():
            memory.observe(events)
        actions += 1
    log = game.view(None)["log"]
    tally.turns.append(sum(1 for e in log if e["type"] == "turn"))
    tally.games += 1
    winners = set(game.result["winners"])
    tally.seats.update(roles)
    for role in set(roles):
        if any(roles[s] == role for s in winners):
            tally.wins[role] += 1
    tally.role_wins.update(roles[s] for s in winners)


def run_chunk(args: tuple[int, str, int, int, frozenset[str]]) -> Tally:
    seats, rules, first, count, bot_teams = args
    tally = Tally()
    for seed in range(first, first + count):
        play_game(seats, rules, seed, bot_teams, tally)
    return tally


def run(seats: int, rules: str, games: int, bot_teams: frozenset[str], workers: int) -> Tally:
    chunk = max(1, math.ceil(games / (workers * 8)))
    jobs = [
        (seats, rules, first, min(chunk, games - first), bot_teams)
        for first in range(0, games, chunk)
    ]
    total = Tally()
    if workers <= 1:
        for job in jobs:
            total.merge(run_chunk(job))
        return total
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part in pool.map(run_chunk, jobs):
            total.merge(part)
    return total


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float, float]:
    """Rate and 95 % Wilson score interval."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, centre - half, centre + half


def fmt_rate(successes: int, n: int) -> str:
    p, lo, hi = wilson(successes, n)
    return f"{100 * p:5.1f} % [{100 * lo:4.1f}-{100 * hi:4.1f}]"


def roles_in(seats: int, rules: str) -> list[str]:
    return list(dict.fromkeys(role_set(seats, rules)))


def median_ms(samples: list[int]) -> str:
    return f"{statistics.median(samples) / 1e6:.3f} ms" if samples else "-"


def report_games(label: str, tally: Tally) -> None:
    turns = tally.turns
    average = statistics.mean(turns) if turns else 0.0
    print(
        f"  {label}: {tally.games} games, {tally.unfinished} unfinished, "
        f"{average:.1f} turns on average, longest {max(turns) if turns else 0} turns"
    )


def main() -> int:
    if "--speed" in sys.argv[1:]:  # games/s beside a baseline checkout (bench/speed.py)
        from bench import speed

        return speed.main([arg for arg in sys.argv[1:] if arg != "--speed"])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per table (default 200)")
    parser.add_argument("--seats", type=int, nargs="+", default=[5, 7])
    parser.add_argument(
        "--modes",
        nargs="+",
        default=["classic"],
        choices=["classic", "partners", "double_agent", "old_classic"],
        help="game modes (default classic)",
    )
    parser.add_argument(
        "--matchups",
        nargs="+",
        default=["bots", "vs_random", "random"],
        choices=["bots", "vs_random", "random"],
        help="bots vs bots, each bot team vs random players, all random (default: all three)",
    )
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args()

    for mode, seats in itertools.product(args.modes, args.seats):
        print(f"\n## {seats} seats, {mode}, {args.games} games per match-up\n")
        roles = roles_in(seats, mode)
        columns: dict[str, dict[str, str]] = {role: {} for role in roles}
        timing = Tally()
        started = time.perf_counter()
        if "bots" in args.matchups:
            tally = run(seats, mode, args.games, frozenset(TEAMS), args.workers)
            report_games("bots vs bots", tally)
            timing.merge(tally)
            for role in roles:
                columns[role]["bots vs bots"] = fmt_rate(tally.wins[role], tally.games)
        if "vs_random" in args.matchups:
            for team in TEAMS:
                team_roles = [r for r in roles if ROLE_TEAM[r] == team]
                if not team_roles:
                    continue
                tally = run(seats, mode, args.games, frozenset([team]), args.workers)
                report_games(f"{team} bots vs random", tally)
                timing.merge(tally)
                for role in team_roles:
                    columns[role]["bot team vs random"] = fmt_rate(tally.wins[role], tally.games)
        if "random" in args.matchups:
            tally = run(seats, mode, args.games, frozenset(), args.workers)
            report_games("all random", tally)
            for role in roles:
                columns[role]["all random"] = fmt_rate(tally.wins[role], tally.games)
        headers = [
            h
            for h in ("bots vs bots", "bot team vs random", "all random")
            if any(h in c for c in columns.values())
        ]
        print()
        print("| role | " + " | ".join(headers) + " |")
        print("|---|" + "---|" * len(headers))
        for role in roles:
            cells = [columns[role].get(h, "-") for h in headers]
            print(f"| {role} | " + " | ".join(cells) + " |")
        print(
            f"\n  median bot decision: choose {median_ms(timing.choose_ns)}, "
            f"from_log + choose {median_ms(timing.full_ns)} "
            f"({len(timing.choose_ns)} decisions); {time.perf_counter() - started:.0f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
