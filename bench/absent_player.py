"""A 4-human match where one player never opens the table: how long it lasts (issue 17).

    .venv/bin/python bench/absent_player.py [--matches 30] [--think 0.5 2]

Plays whole matches on a simulated clock (tests/game/absent_match.py: the real services, jobs
run in due order, no waiting): Fast tempo, 15 s move time, three present humans answering
each decision after ``--think`` seconds with the bot's choice, the fourth away from the start
(Q48). Prints per think time the median and worst match length, the time the table waited
for the absent seat, and when the autopilot took it (R119-R121). The issue's bar: under
3 minutes for the whole match.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--think", type=float, nargs="+", default=[0.5, 2.0])
    args = parser.parse_args()

    database = Path(tempfile.mkdtemp()) / "bench.sqlite3"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="bangarena_site.settings",
        BANGARENA_SQLITE_PATH=str(database),
        BANGARENA_EMBEDDED="true",
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)

    from bangarena_site import jobs
    from game import services
    from tests.game.absent_match import play
    from tests.game.conftest import FakeClock, JobQueue

    print(f"{args.matches} matches per think time; Fast tempo, 15 s move time, 1 of 4 absent")
    for think in args.think:
        lengths, waited, taken = [], [], []
        for seed in range(args.matches):
            clock = FakeClock()
            queue = JobQueue(clock)
            services.clock = clock
            jobs.schedule = queue.schedule
            outcome = play(queue, clock, seed=seed, think=think)
            lengths.append(outcome.seconds)
            waited.append(outcome.waited_on_absent)
            if outcome.autopilot_after is not None:
                taken.append(outcome.autopilot_after)
        print(
            f"think {think:>4} s: match median {statistics.median(lengths):6.1f} s, "
            f"worst {max(lengths):6.1f} s; waited on the absent seat median "
            f"{statistics.median(waited):4.1f} s, worst {max(waited):4.1f} s; autopilot after "
            f"median {statistics.median(taken) if taken else float('nan'):5.1f} s "
            f"({len(taken)}/{len(lengths)} matches lasted until it)"
        )


if __name__ == "__main__":
    main()
