"""Statistics recording benchmark: the cost of record_match and of statuses() (issue 7).

    python bench/stats_recording.py [--history 0 1000] [--matches 30] [--seats 6]

For each HISTORY size, one user first gets HISTORY earlier results (bulk-written, as if
recorded before), then MATCHES complete engine games (seeded random legal play, the user at
seat 0, a second account at seat 1 so the match is rated (issue 23), bots elsewhere) are
stored as finished matches and recorded one by one with ``stats.recording.record_match``: the
table shows the median and slowest wall time in milliseconds and the SQL queries per
recording (results, badges, tallies, achievements and ratings, all in one transaction). Then
``stats.achievements.statuses`` for that user: median milliseconds and queries. Runs on a
throwaway SQLite file (WAL), set up like bench/stats_pages.py.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from stats_pages import configure, setup_django  # noqa: E402 - same database set-up

START = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)


def played_match(user, opponent, seats: int, seed: int):
    """A finished match stored as game.services leaves one: ``user`` at seat 0, ``opponent``
    at seat 1 (two accounts: rated, so tallies and ratings are recorded too), bots after."""
    from bangarena_engine import Game, GameConfig
    from game.models import Match, MatchAction, MatchSeat

    config = GameConfig(seats=seats, mode="classic", seed=seed)
    game = Game.new(config)
    rng = random.Random(seed)
    moves = []
    while game.result is None:
        [seat] = game.awaiting()
        action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        moves.append((seat, action))
    finished = START + timedelta(minutes=15 * seed)
    match = Match.objects.create(
        seed=seed,
        config=asdict(config),
        state=game.to_dict(),
        version=len(moves),
        status=Match.Status.FINISHED,
        move_time=30,
        tempo="fast",
        result=game.result,
        finished_at=finished,
    )
    MatchAction.objects.bulk_create(
        MatchAction(match=match, seq=n, seat=s, action=a) for n, (s, a) in enumerate(moves, 1)
    )
    people = {0: user, 1: opponent}
    MatchSeat.objects.bulk_create(
        MatchSeat(
            match=match,
            seat=s,
            kind="human" if s in people else "bot",
            user=people.get(s),
            name=people[s].username if s in people else f"Bot {s}",
            label="" if s in people else f"Bot {s}",
        )
        for s in range(seats)
    )
    return match


def history(user, count: int) -> None:
    """COUNT earlier results of ``user`` (one MatchRecord each), written in bulk."""
    from game.models import Match
    from stats.models import MatchRecord, PlayerResult

    rng = random.Random(7)
    matches = Match.objects.bulk_create(
        Match(seed=n, config={}, state={}, move_time=30, tempo="fast") for n in range(count)
    )
    records = MatchRecord.objects.bulk_create(
        MatchRecord(
            match=match,
            mode="classic",
            seats=6,
            rounds=5,
            turns=20,
            actions=100,
            duration_seconds=600,
            started_at=START - timedelta(days=30),
            finished_at=START - timedelta(days=30),
            winning_team="law",
            rated=True,
            humans=1,
        )
        for match in matches
    )
    PlayerResult.objects.bulk_create(
        PlayerResult(
            record=record,
            seat=0,
            kind="human",
            user=user,
            name=user.username,
            character="grip",
            role=rng.choice(["marshal", "deputy", "bandit", "loner"]),
            team="law",
            won=rng.random() < 0.4,
            eliminations=rng.randint(0, 2),
            damage_dealt=rng.randint(0, 5),
            mode="classic",
            finished_at=record.finished_at,
        )
        for record in records
    )


def run(history_size: int, matches: int, seats: int, seed_base: int) -> list[str]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from bangarena_site.accounts.models import User
    from stats.achievements import statuses
    from stats.recording import record_match

    user = User.objects.create_user(username=f"bench{history_size}", password=None)
    opponent = User.objects.create_user(username=f"bench{history_size}_opponent", password=None)
    history(user, history_size)
    stored = [played_match(user, opponent, seats, seed_base + n) for n in range(matches)]
    times, queries = [], []
    for match in stored:
        with CaptureQueriesContext(connection) as captured:
            began = time.perf_counter()
            record_match(match)
            times.append((time.perf_counter() - began) * 1000)
        queries.append(len(captured))
    status_times = []
    for _ in range(10):
        with CaptureQueriesContext(connection) as captured:
            began = time.perf_counter()
            statuses(user)
            status_times.append((time.perf_counter() - began) * 1000)
    return [
        f"{history_size:>8} | record_match | {statistics.median(times):7.1f} | {max(times):7.1f}"
        f" | {statistics.median(queries):>5}",
        f"{history_size:>8} | statuses     | {statistics.median(status_times):7.1f}"
        f" | {max(status_times):7.1f} | {len(captured):>5}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--history", type=int, nargs="+", default=[0, 1000])
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--seats", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        configure("sqlite", Path(folder) / "bench.sqlite3")
        setup_django()
        print(f"{args.matches} recordings per row, {args.seats} seats, SQLite (WAL)")
        print(" history | what         |  median |  slowest | queries")
        for n, size in enumerate(args.history):
            for line in run(size, args.matches, args.seats, seed_base=1000 * (n + 1)):
                print(line)


if __name__ == "__main__":
    main()
