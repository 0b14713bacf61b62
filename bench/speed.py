"""Speed of whole games (issue 22): games/s at 5 seats on one core, beside a baseline checkout.

    python bench/bots.py --speed [--games 40] [--runs 5] [--baseline DIR]
    python bench/engine.py --speed ...        (the same report)
    python bench/speed.py ...                 (the same report)

Each line is a kind of player at every seat: ``random`` (a seeded uniformly random legal
action, as bench/engine.py plays) and the bots at each strength ``choose`` offers (Normal, and
Easy / Hard once they are written). A bot move goes the way the server makes it
(game.services._bot_action): ``Game.view(seat)``, ``legal_actions(seat)``, then
``machines.autoplay.bot_move``, which keeps the seat's memory up to date; then ``apply``.

Every measurement runs in a fresh process pinned to one core and counts that process's CPU
time, so other load on the shared machine does not lower it. With ``--baseline DIR`` (another
checkout, e.g. ``git worktree add /tmp/base <commit>``) the same games run in DIR's code too,
alternating with this checkout's run by run, and the table shows both medians and their ratio.
It also prints Normal's decision time (one ``bot_move``, memory update included, in thread
CPU time: median and p99) and, from
game.storage (Django-free), the bytes a match writes per move around move 50 and move 300.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
SEATS = 5
#: Hard searches under a budget per decision, so it plays far fewer games per run.
GAMES_PER_RUN = {"random": 100, "easy": 40, "normal": 40, "hard": 2}
MAX_ACTIONS = 50_000
GOAL_NORMAL_GAMES = 60.0
GOAL_NORMAL_DECISION_MS = 0.2
BYTES_AT = (50, 300)
#: Stored bytes are counted at 8 seats: no 5-seat random game of 300 seeds lasts 300 moves.
BYTES_SEATS = 8


# --- the worker: one batch of games in the code of one checkout ----------------------------


def _import_from(root: Path) -> None:
    """Make ``root``'s engine and bots the ones imported (before the installed ones)."""
    sys.path[0:0] = [str(root), str(root / "engine")]


def _pin() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def worker(root: Path, kind: str, games: int, first_seed: int) -> dict[str, Any]:
    """Play ``games`` complete games with ``kind`` at every seat; CPU seconds and samples."""
    _import_from(root)
    _pin()
    from bangarena_engine import Game, GameConfig

    move = None
    if kind != "random":
        from machines import autoplay

        keyed = "match" in inspect.signature(autoplay.bot_move).parameters

        def move(seat: int, view: Any, legal: Any, seed: int, match: int) -> Any:
            if keyed:
                return autoplay.bot_move(seat, view, legal, seed, kind, match=match)
            return autoplay.bot_move(seat, view, legal, seed, kind)

    # CPU time of this thread: a decision preempted by other work on the machine does not
    # look slow (the wall clock put the p99 anywhere from 0.1 to 4 ms under load).
    clock = time.thread_time_ns
    decisions: list[int] = []
    actions: list[int] = []
    cpu = time.process_time()
    for seed in range(first_seed, first_seed + games):
        game = Game.new(GameConfig(seats=SEATS, mode="classic", seed=seed))
        rng = random.Random(seed)
        count = 0
        while game.result is None and count < MAX_ACTIONS:
            seat = game.awaiting()[0]
            if move is None:
                legal = game.legal_actions(seat)
                action = legal[rng.randrange(len(legal))]
            else:
                view = game.view(seat)
                legal = game.legal_actions(seat)
                started = clock()
                action = move(seat, view, legal, seed * 100_003 + count, seed)
                decisions.append(clock() - started)
            game.apply(seat, action)
            count += 1
        actions.append(count)
    seconds = time.process_time() - cpu
    return {"seconds": seconds, "games": games, "actions": actions, "decisions": decisions}


def strengths(root: Path) -> list[str]:
    """The strengths ``choose`` offers in that checkout (Normal alone before issue 22)."""
    _import_from(root)
    from machines.bots import policy

    offered = getattr(policy, "STRENGTHS", ("normal",))
    if "strength" not in inspect.signature(policy.choose).parameters:
        return ["normal"]
    return list(offered)


# --- stored bytes per move (game.storage, this checkout) -----------------------------------


def stored_bytes(games: int) -> dict[int, tuple[float, float]]:
    """For move N in BYTES_AT: (bytes move N wrote, mean bytes per move over the snapshot
    period ending at N), averaged over ``games`` random games that reach move N (seeds that
    end sooner are skipped: few 5-seat games last 300 moves)."""
    _import_from(HERE)
    from bangarena_engine import Game, GameConfig
    from game import storage

    at: dict[int, list[tuple[int, float]]] = {n: [] for n in BYTES_AT}
    for seed in range(games * 100):
        if all(len(rows) >= games for rows in at.values()):
            break
        game = Game.new(GameConfig(seats=BYTES_SEATS, mode="classic", seed=seed))
        rng = random.Random(seed)
        tail: storage.Tail = []
        written: list[int] = []
        while game.result is None and len(written) < max(BYTES_AT):
            seat = game.awaiting()[0]
            legal = game.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            game.apply(seat, action)
            snapshot, tail = storage.record(game, tail, seat, action)
            written.append(storage.bytes_written(snapshot, tail, action))
            n = len(written)
            if n in at and len(at[n]) < games:
                window = written[-storage.SNAPSHOT_EVERY :]
                at[n].append((written[-1], sum(window) / len(window)))
    return {
        n: (statistics.mean(r[0] for r in rows), statistics.mean(r[1] for r in rows))
        for n, rows in at.items()
        if rows
    }


# --- the driver ---------------------------------------------------------------------------


def run_worker(root: Path, kind: str, games: int, seed: int) -> dict[str, Any]:
    """One batch in a fresh process (so no import or cache crosses between checkouts)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(root), kind]
    command += [str(games), str(seed)]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[-1])  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per line (default 5)")
    parser.add_argument("--games", type=int, default=0, help="games per run (default: by kind)")
    parser.add_argument("--kinds", nargs="+", default=None, help="random, easy, normal, hard")
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout")
    parser.add_argument("--seed", type=int, default=1, help="first game seed")
    parser.add_argument("--bytes-games", type=int, default=20, help="games for stored bytes")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    parser.add_argument("--speed", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        root, kind, games, seed = args.worker
        print(json.dumps(worker(Path(root), kind, int(games), int(seed))))
        return 0

    roots = {"this": HERE}
    if args.baseline is not None:
        roots["baseline"] = args.baseline.resolve()
    kinds = args.kinds or ["random", *strengths(HERE)]
    print(
        f"Speed: {SEATS} seats, classic, {args.runs} runs per line alternating "
        f"{' / '.join(f'{k}={v}' for k, v in roots.items())}; CPU time of one pinned process; "
        f"Python {sys.version.split()[0]}"
    )
    rates: dict[tuple[str, str], list[float]] = {}
    samples: dict[tuple[str, str], list[int]] = {}
    lengths: dict[str, list[int]] = {}
    for run in range(args.runs):
        for kind in kinds:
            games = args.games or GAMES_PER_RUN.get(kind, 10)
            for label, root in roots.items():
                result = run_worker(root, kind, games, args.seed + run * games)
                rates.setdefault((label, kind), []).append(result["games"] / result["seconds"])
                samples.setdefault((label, kind), []).extend(result["decisions"])
                lengths.setdefault(kind, []).extend(result["actions"])
    print()
    header = "| players | moves/game | games/s this (min..max) |"
    if "baseline" in roots:
        header += " games/s baseline | ratio |"
    print(header)
    print("|---|---|---|" + ("---|---|" if "baseline" in roots else ""))
    for kind in kinds:
        mine = rates[("this", kind)]
        line = (
            f"| {kind} | {statistics.median(lengths[kind]):.0f} | {statistics.median(mine):.1f} "
            f"({min(mine):.1f}..{max(mine):.1f}) |"
        )
        if "baseline" in roots:
            base = statistics.median(rates[("baseline", kind)])
            line += f" {base:.1f} | {statistics.median(mine) / base:.2f}x |"
        print(line)
    print()
    for label in roots:
        for kind in kinds:
            ns = sorted(samples.get((label, kind), []))
            if not ns:
                continue
            p99 = ns[min(len(ns) - 1, int(0.99 * len(ns)))]
            print(
                f"decision {kind} ({label}): median {statistics.median(ns) / 1e6:.3f} ms, "
                f"p99 {p99 / 1e6:.3f} ms over {len(ns)} decisions"
            )
    if ("this", "normal") in rates:
        normal = statistics.median(rates[("this", "normal")])
        ns = samples[("this", "normal")]
        decision_ms = statistics.median(ns) / 1e6
        print(
            f"\ngoals: Normal >= {GOAL_NORMAL_GAMES:.0f} games/s: {normal:.1f} "
            f"({'met' if normal >= GOAL_NORMAL_GAMES else 'NOT met'}); Normal decision <= "
            f"{GOAL_NORMAL_DECISION_MS} ms median: {decision_ms:.3f} ms "
            f"({'met' if decision_ms <= GOAL_NORMAL_DECISION_MS else 'NOT met'})"
        )
    print(
        f"\nstored bytes per move (game.storage, random play at {BYTES_SEATS} seats, "
        f"{args.bytes_games} games reaching each move):"
    )
    for n, (at_move, per_move) in stored_bytes(args.bytes_games).items():
        print(
            f"  move {n}: that move wrote {at_move:.0f} B; {per_move:.0f} B per move "
            f"on average over the snapshot period ending there"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
