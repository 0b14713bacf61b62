"""Statistics pages benchmark: leaderboards and a heavy user's history at scale (issue 7).

    python bench/stats_pages.py [--users 10000] [--matches 100000] [--runs 15]
                                [--stack sqlite|postgres] [--db PATH] [--keep]

Generates USERS users and MATCHES finished matches (4-8 seats, 1-4 of them signed-up humans,
the rest bots; every seat a PlayerResult row) spread over the 120 days before a fixed "now",
plus the rows recording keeps for them: PeriodTally (week, month, all time; all roles and
each role) counted from those results, and a Rating per user derived from their results. One
user ("heavy") sits at 3 % of all tables. Everything is written with bulk_create into a
throwaway database: a SQLite file (WAL, as bin/run) or, with --stack postgres, a fresh
PostgreSQL database that is dropped at the end.

Then it times each page through Django's test client: every leaderboard tab for every period
signed in as the user in the middle of that board (so "Your rank" is computed too), the same
right after a match was recorded (the boards' cached standings rebuilt) and signed out; a deep
leaderboard page; the heavy user's history (first page, filtered, deep page) and statistics
page. Each page is
requested twice to warm up, then RUNS times; the table shows the median and the slowest run in
milliseconds and the number of SQL queries. The issue's goal: leaderboard and history pages
under 50 ms median.
"""

from __future__ import annotations

import argparse
import itertools
import logging
import os
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
NOW = datetime(2026, 11, 25, 18, 0, tzinfo=UTC)  # a Wednesday: the week and month are partial
DAYS = 120
GOAL_MS = 50.0
HEAVY_SHARE = 0.03

#: Roles dealt per seat count (close enough to the rules for realistic tallies).
ROLES_BY_SEATS = {
    4: ["marshal", "bandit", "bandit", "loner"],
    5: ["marshal", "deputy", "bandit", "bandit", "loner"],
    6: ["marshal", "deputy", "bandit", "bandit", "bandit", "loner"],
    7: ["marshal", "deputy", "deputy", "bandit", "bandit", "bandit", "loner"],
    8: ["marshal", "deputy", "deputy", "bandit", "bandit", "bandit", "loner", "double_agent"],
}
TEAM_OF = {
    "marshal": "law",
    "deputy": "law",
    "bandit": "bandits",
    "double_agent": "bandits",
    "loner": "loner",
}


def configure(stack: str, db_path: Path) -> str | None:
    """Point Django at the bench's database before setup; the PostgreSQL name to drop."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "bangarena_site.settings"
    os.environ["DEBUG"] = "0"  # DEBUG keeps every query in memory and slows each one
    os.environ.setdefault("SECRET_KEY", "bench-stats-pages-only-" + "x" * 40)
    os.environ.pop("REDIS_URL", None)
    os.environ["BANGARENA_EMBEDDED"] = "1"
    if stack == "sqlite":
        os.environ.pop("DATABASE_URL", None)
        os.environ["BANGARENA_SQLITE_PATH"] = str(db_path)
        return None
    import psycopg

    database = f"bench_stats_pages_{os.getpid()}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{database}"')
    os.environ["DATABASE_URL"] = f"postgresql://postgres@127.0.0.1:5432/{database}"
    return database


def setup_django() -> None:
    import django
    from django.conf import settings

    django.setup()
    # Production-like rendering (DEBUG off) without collectstatic's manifest or the https
    # redirect, which a test client on http would follow instead of timing the page.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.SECURE_SSL_REDIRECT = False
    settings.SESSION_COOKIE_SECURE = False
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


# --- data ------------------------------------------------------------------------------------


class Rows:
    """Raw multi-row INSERTs into one model's table. bulk_create's per-object cost (a model
    instance and a per-field preparation for every value) makes a million rows take many
    minutes; here each row is a tuple, and every column not given gets the field's default,
    so fields other people add to these models later do not break the bench."""

    BATCH = 5000

    def __init__(self, model: Any, given: list[str]) -> None:
        from django.db import connection

        self.connection = connection
        quote = connection.ops.quote_name
        rest = [
            f for f in model._meta.concrete_fields if f.attname not in given and not f.primary_key
        ]
        columns = [model._meta.get_field(name).column for name in given] + [f.column for f in rest]
        self.tail = tuple(f.get_db_prep_save(f.get_default(), connection) for f in rest)
        self.sql = (
            f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(map(quote, columns))}) "
            f"VALUES ({', '.join(['%s'] * len(columns))})"
        )
        self.pending: list[tuple] = []
        self.count = 0

    def add(self, *values: Any) -> None:
        self.pending.append(values + self.tail)
        if len(self.pending) >= self.BATCH:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            with self.connection.cursor() as cursor:
                cursor.executemany(self.sql, self.pending)
            self.count += len(self.pending)
            self.pending.clear()


def generate(users: int, matches: int, seed: int) -> dict[str, int]:
    """Fill the database; returns the ids the timings use."""
    from django.db import connection, transaction

    from bangarena_site.accounts.models import User
    from game import catalogue
    from game.models import Match
    from stats.models import MatchRecord, PeriodTally, PlayerResult, Rating

    ops = connection.ops
    moment = ops.adapt_datetimefield_value
    day_value = ops.adapt_datefield_value

    def json(value: Any) -> Any:
        return ops.adapt_json_value(value, None)

    rng = random.Random(seed)
    characters = list(catalogue.CHARACTERS)
    modes = ["classic"] * 6 + ["partners", "double_agent", "old_classic"]
    started = time.perf_counter()
    with transaction.atomic():
        User.objects.bulk_create(
            User(
                id=n,
                username=f"user{n:05d}",
                display_name=f"Gunslinger {n}" if n % 3 == 0 else "",
                password="!",  # unusable: nobody logs in with it, and no hashing cost
                date_joined=NOW - timedelta(days=DAYS + 10),
            )
            for n in range(1, users + 1)
        )
        heavy = 1
        # A few players play a lot, most a little (a long tail like real sites).
        weights = [1.0 / (n**0.6) for n in range(1, users + 1)]
        weights[heavy - 1] = 0.0
        cumulative = list(itertools.accumulate(weights))  # once: choices() would redo it per call
        everyone = range(1, users + 1)
        tally: dict[tuple[int, str, date, str], list[int]] = defaultdict(lambda: [0, 0])
        per_user: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        match_rows = Rows(
            Match,
            [
                "id",
                "seed",
                "config",
                "state",
                "status",
                "move_time",
                "tempo",
                "result",
                "created_at",
                "finished_at",
            ],
        )
        record_rows = Rows(
            MatchRecord,
            [
                "id",
                "match_id",
                "mode",
                "seats",
                "rounds",
                "turns",
                "actions",
                "duration_seconds",
                "started_at",
                "finished_at",
                "winning_team",
                "winners",
                "rated",
                "humans",
                "recorded_at",
            ],
        )
        result_rows = Rows(
            PlayerResult,
            [
                "record_id",
                "seat",
                "kind",
                "user_id",
                "name",
                "label",
                "character",
                "role",
                "team",
                "won",
                "eliminated_place",
                "rounds_survived",
                "damage_dealt",
                "damage_taken",
                "eliminations",
                "shots_fired",
                "shots_dodged",
                "cards_played",
                "mode",
                "finished_at",
            ],
        )
        for match_id in range(1, matches + 1):
            seats = rng.choice([4, 5, 5, 5, 6, 6, 7, 8])
            mode = rng.choice(modes)
            finished = NOW - timedelta(seconds=rng.randrange(DAYS * 86400))
            at, began = moment(finished), moment(finished - timedelta(minutes=15))
            roles = ROLES_BY_SEATS[seats][:]
            rng.shuffle(roles)
            team = rng.choice(["law", "law", "bandits", "bandits", "loner"])
            humans = rng.randint(1, min(4, seats))
            people = set()
            if rng.random() < HEAVY_SHARE:
                people.add(heavy)
            while len(people) < humans:
                people.add(rng.choices(everyone, cum_weights=cumulative)[0])
            people_list = list(people)
            rng.shuffle(people_list)
            match_rows.add(
                match_id,
                match_id,
                json({"mode": mode, "seats": seats}),
                json({}),
                Match.Status.FINISHED,
                30,
                "normal",
                json({"team": team}),
                began,
                at,
            )
            winners = [s for s in range(seats) if TEAM_OF[roles[s]] == team]
            record_rows.add(
                match_id,
                match_id,
                mode,
                seats,
                rng.randint(3, 15),
                rng.randint(12, 80),
                rng.randint(60, 400),
                rng.randint(300, 1800),
                began,
                at,
                team,
                json(winners),
                True,
                humans,
                at,
            )
            day = finished.date()
            for seat in range(seats):
                role = roles[seat]
                won = TEAM_OF[role] == team
                user_id = people_list[seat] if seat < humans else None
                result_rows.add(
                    match_id,
                    seat,
                    "human" if user_id else "bot",
                    user_id,
                    f"user{user_id:05d}" if user_id else f"Bot {seat + 1}",
                    "" if user_id else f"Bot {seat + 1}",
                    rng.choice(characters),
                    role,
                    TEAM_OF[role],
                    won,
                    None if won else rng.randint(1, seats - 1),
                    rng.randint(1, 10),
                    rng.randint(0, 8),
                    rng.randint(0, 6),
                    rng.randint(0, 2),
                    rng.randint(0, 12),
                    rng.randint(0, 4),
                    rng.randint(3, 30),
                    mode,
                    at,
                )
                if user_id:
                    per_user[user_id][0] += 1
                    per_user[user_id][1] += won
                    for period in ("week", "month", "all"):
                        start = PeriodTally.start_of(period, day)
                        for key_role in ("", role):
                            row = tally[(user_id, period, start, key_role)]
                            row[0] += 1
                            row[1] += won
        for rows in (match_rows, record_rows, result_rows):
            rows.flush()
        tally_rows = Rows(PeriodTally, ["user_id", "period", "start", "role", "games", "wins"])
        for (user_id, period, start, role), (games, wins) in tally.items():
            tally_rows.add(user_id, period, day_value(start), role, games, wins)
        tally_rows.flush()
        ratings = []
        for user_id, (games, wins) in per_user.items():
            sigma = max(1.2, 8.333 / (1 + games / 8) ** 0.5)
            mu = 25 + 12 * (wins / games - 0.5) + rng.gauss(0, 1)
            ratings.append(
                Rating(
                    user_id=user_id,
                    mu=mu,
                    sigma=sigma,
                    ordinal=mu - 3 * sigma,
                    rated_matches=games,
                    updated_at=NOW,
                )
            )
        Rating.objects.bulk_create(ratings, batch_size=2000)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")  # fresh statistics, as autovacuum would soon give
    seconds = time.perf_counter() - started
    # The viewer: a user in the middle of the all-time rating board.
    ranked = sorted(ratings, key=lambda r: -r.ordinal)
    print(
        f"generated {users} users, {matches} matches, {result_rows.count} results, "
        f"{tally_rows.count} tallies, {len(ratings)} ratings in {seconds:.0f} s",
        flush=True,
    )
    return {"heavy": heavy, "viewer": ranked[len(ranked) // 2].user_id}


def existing_ids() -> dict[str, int] | None:
    """The ids of a database generated earlier (--keep), or None if it is empty."""
    from stats.models import Rating

    ratings = list(Rating.objects.order_by("-ordinal").values_list("user_id", flat=True))
    return {"heavy": 1, "viewer": ratings[len(ratings) // 2]} if ratings else None


# --- timing ----------------------------------------------------------------------------------


def middle_of(board: str, period: str, role: str) -> int:
    """The user in the middle of a board (as of the data's "now"): the signed-in viewer whose
    "Your rank" has the most rows ahead and behind."""
    from stats import queries

    start = queries.period_start(period, NOW.date())
    ranked = list(queries.board_rows(board, period, start, role, []).values_list("user_id"))
    return ranked[len(ranked) // 2][0]


def pages(ids: dict[str, int]) -> list[tuple[str, str, int | None, bool]]:
    """(label, url, user id to sign in as or None, whether a match was just recorded) of every
    timed page. "after a match": the boards' cached standings are forgotten before each
    request, as recording a match does, so the viewer's page rebuilds them."""
    from django.urls import reverse

    boards = reverse("stats:leaderboards")
    out = []
    for board, role in (("rating", ""), ("wins", ""), ("role", "marshal")):
        for period in ("week", "month", "all"):
            url = f"{boards}?board={board}&period={period}" + (f"&role={role}" if role else "")
            viewer = middle_of(board, period, role)
            out.append((f"leaderboard {board} {period}", url, viewer, False))
            out.append(("  ... after a match", url, viewer, True))
            out.append(("  ... signed out", url, None, False))
    out.append(
        (
            "leaderboard wins all, page 40",
            f"{boards}?board=wins&period=all&page=40",
            middle_of("wins", "all", ""),
            False,
        ),
    )
    history = reverse("stats:history")
    out.append(("history (heavy user) page 1", history, ids["heavy"], False))
    out.append(("history (heavy user) role=bandit", f"{history}?role=bandit", ids["heavy"], False))
    out.append(("history (heavy user) page 60", f"{history}?page=60", ids["heavy"], False))
    out.append(
        (
            "stats page (heavy user)",
            reverse("stats:player", args=["user00001"]),
            ids["viewer"],
            False,
        )
    )
    return out


def time_page(
    url: str, user_id: int | None, runs: int, after_match: bool
) -> tuple[float, float, float, int]:
    """Median wall time, median CPU time of this process and slowest wall time of ``runs``
    requests in ms, and the page's query count. On a shared machine the CPU time is the
    steadier figure for SQLite (the database works in this process); PostgreSQL works in its
    own process, so there only wall time counts."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from bangarena_site.accounts.models import User
    from game import services
    from stats.queries import forget_boards

    services.clock = lambda: NOW  # periods as of the generated data's "now"
    client = Client()
    if user_id is not None:
        client.force_login(User.objects.get(pk=user_id))
    for _ in range(2):  # warm up: templates compiled, caches and pages of the database hot
        assert client.get(url).status_code == 200, url
    with CaptureQueriesContext(connection) as captured:
        if after_match:
            forget_boards()
        client.get(url)
    queries = len(captured)  # now: the next request clears the connection's query log
    wall, cpu = [], []
    for _ in range(runs):
        if after_match:
            forget_boards()
        began, began_cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        wall.append((time.perf_counter() - began) * 1000)
        cpu.append((time.process_time() - began_cpu) * 1000)
        assert response.status_code == 200
    return statistics.median(wall), statistics.median(cpu), max(wall), queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--stack", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--db", type=Path, help="SQLite file (default: a temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the SQLite file to reuse it")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp(prefix="bench-stats-"))
    db_path = args.db or workdir / "stats.sqlite3"
    database = configure(args.stack, db_path)
    try:
        setup_django()
        ids = existing_ids() if args.keep and args.stack == "sqlite" else None
        if ids is None:
            ids = generate(args.users, args.matches, args.seed)
        else:
            print(f"reusing the data in {db_path}", flush=True)
        print(f"\n{args.stack}: median of {args.runs} runs (ms), goal < {GOAL_MS:.0f} ms\n")
        logging.getLogger("bangarena_site.jobs").setLevel(logging.ERROR)  # force_login's jobs
        print(f"{'page':40} {'median':>8} {'cpu':>8} {'max':>8} {'queries':>8}")
        for label, url, user_id, after_match in pages(ids):
            median, cpu, worst, queries = time_page(url, user_id, args.runs, after_match)
            flag = "" if median < GOAL_MS else "  over the goal"
            print(
                f"{label:40} {median:8.1f} {cpu:8.1f} {worst:8.1f} {queries:8d}{flag}",
                flush=True,
            )
    finally:
        from django.db import connections

        connections.close_all()
        if database:
            import psycopg

            with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        if not args.keep and not args.db:
            for leftover in workdir.glob("*"):
                leftover.unlink()
            workdir.rmdir()


if __name__ == "__main__":
    main()
