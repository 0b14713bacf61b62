"""Replay render benchmark (issue 18): one replay position of an 8-seat match, at every point.

    python bench/replay.py [--runs 7] [--every 1] [--matches 3] [--profile]

Plays MATCHES complete 8-seat games (seeded random legal play, one per mode in turn), stores
each as a finished match in a throwaway SQLite database (the rows a finished live table
leaves), and times, for every EVERY-th position and the last one:

- ``draw``: drawing the position (engine state from the nearest in-memory checkpoint, the
  table's regions, the whole-match log, the controls) from everyone's eyes and from one seat's,
  what the view does besides its queries;
- ``request``: the whole htmx request for the position through Django's test client
  (queries, the timeline from this process's cache, rendering), as a player steps;
- ``cold``: the first request for a match (its timeline built from the stored log).

Each is run RUNS times per position (CPU time of this process, as bench/engine.py, so that
other jobs on a shared machine do not count; ``--wall`` for the wall clock); the table prints
the median over positions of those medians, and the worst position's median. The issue's
goal: a position renders in <= 30 ms for any point of an 8-seat match (the worst position's
median).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

GOAL_MS = 30.0
MODES = ("classic", "double_agent", "partners", "old_classic")


def configure(db_path: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "bangarena_site.settings"
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "bench-replay-only-" + "x" * 40)
    os.environ.pop("REDIS_URL", None)
    os.environ.pop("DATABASE_URL", None)
    os.environ["BANGARENA_EMBEDDED"] = "1"
    os.environ["BANGARENA_SQLITE_PATH"] = str(db_path)
    os.environ["ALLOWED_HOSTS"] = "testserver"


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


#: The clock: this process's CPU time, so that the other work on a shared machine (the bench
#: runs on 2 cores shared with other jobs) does not count; ``--wall`` for the wall clock.
CLOCK = time.process_time


def timed(func, runs: int) -> float:  # noqa: ANN001
    samples = []
    for _ in range(runs):
        start = CLOCK()
        func()
        samples.append(CLOCK() - start)
    return median_ms(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="cProfile one position's draw")
    parser.add_argument("--wall", action="store_true", help="time with the wall clock")
    args = parser.parse_args()
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter

    workdir = Path(tempfile.mkdtemp(prefix="bench-replay-"))
    configure(workdir / "db.sqlite3")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from bangarena_engine import GameConfig
    from game.table import context
    from replay import position, store
    from tests.stats.conftest import START, play
    from tests.stats.conftest import store as store_match

    settings.SECURE_SSL_REDIRECT = False  # DEBUG off (as in production), plain http here
    call_command("migrate", verbosity=0)
    client = Client()

    def fetch(url: str) -> None:
        response = client.get(url, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.status_code

    rows = []
    for n in range(args.matches):
        mode = MODES[n % len(MODES)]
        config = GameConfig(seats=8, mode=mode, seed=1000 + n)
        match = store_match(config, play(config, seed=1000 + n), [])
        url = reverse("game:replay", args=[match.pk])
        store.forget()
        cold = timed(partial(fetch, f"{url}?at=0"), 1)
        timeline = store.timeline(match)
        seats = list(match.seats.select_related("user"))
        base = context.load(match, seats, now=START)
        points = sorted({*range(0, timeline.last + 1, args.every), timeline.last})
        draws, requests = [], []
        for at in points:
            for seat in (None, at % 8):
                draws.append(
                    timed(partial(position.draw, timeline, at, seat, base, base_url=url), args.runs)
                )
            requests.append(timed(partial(fetch, f"{url}?at={at}"), args.runs))
        rows.append((mode, timeline.last, len(timeline.events), draws, requests, cold))
        if args.profile and n == 0:
            import cProfile
            import pstats

            at = timeline.last // 2
            profiler = cProfile.Profile()
            profiler.enable()
            for _ in range(20):
                position.draw(timeline, at, None, base, base_url=url)
            profiler.disable()
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)

    clock = "wall clock" if args.wall else "CPU time of this process"
    print(f"8-seat matches, {args.runs} runs per position, every {args.every}. position, {clock}")
    print(
        f"{'mode':<13} {'moves':>5} {'events':>6}  {'draw med':>8} {'draw max':>8}"
        f"  {'req med':>7} {'req max':>7}  {'cold':>6}   (ms)"
    )
    worst = 0.0
    for mode, moves, events, draws, requests, cold in rows:
        worst = max(worst, max(requests))
        print(
            f"{mode:<13} {moves:>5} {events:>6}  {statistics.median(draws):>8.1f}"
            f" {max(draws):>8.1f}  {statistics.median(requests):>7.1f} {max(requests):>7.1f}"
            f"  {cold:>6.1f}"
        )
    verdict = "meets" if worst <= GOAL_MS else "MISSES"
    print(f"worst position's median request: {worst:.1f} ms, {verdict} the {GOAL_MS:.0f} ms goal")


if __name__ == "__main__":
    main()
