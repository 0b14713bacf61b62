"""Two Celery worker processes play the moves of several matches at once (production stack).

A match's moves stay serial whatever the workers do: the row lock (select_for_update) and the
version check let exactly one job apply each move, so no move runs twice or out of order,
even when every job is delivered twice at the same moment (the injected race below). Skipped
on the embedded default; .ci/run runs it against PostgreSQL and Redis.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

from bangarena_site.celery import app as celery_app
from bangarena_site.jobs import RUN_JOB_TASK
from game import services
from game.models import Match, MatchAction
from tests.game.conftest import bot_seats

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
MATCHES = 4
MOVES = 30
# A ceiling for the whole run, not a pause: the test polls the database until it is done.
DEADLINE_SECONDS = 120


def worker_environment() -> dict[str, str]:
    """The test database (pytest-django's) and the test run's Redis, for processes of ours."""
    db = connection.settings_dict
    user, host, port = db["USER"] or "postgres", db["HOST"] or "127.0.0.1", db["PORT"] or 5432
    login = f"{quote(user)}:{quote(db['PASSWORD'])}" if db["PASSWORD"] else quote(user)
    url = f"postgres://{login}@{host}:{port}/{db['NAME']}"
    return {
        **os.environ,
        "DATABASE_URL": url,
        "REDIS_URL": settings.REDIS_URL,
        "BANGARENA_EMBEDDED": "false",
        "DEBUG": "true",
        "LOG_LEVEL": "INFO",
    }


class Workers:
    """The worker processes of a test and their log files."""

    def __init__(self, processes: list[subprocess.Popen], logs: list[Path]) -> None:
        self.processes = processes
        self.logs = logs

    def stop(self) -> None:
        """Warm shutdown: each worker finishes the job in hand and exits, so nothing writes
        to the database afterwards. Safe to call twice."""
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            process.wait(timeout=30)


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[Workers]:
    """Two `celery worker` processes of one thread each, logging to files of their own."""
    celery_app.control.purge()
    logs = [tmp_path / f"worker-{n}.log" for n in (1, 2)]
    processes = [
        subprocess.Popen(
            [
                sys.executable, "-m", "celery", "-A", "bangarena_site", "worker",
                "--pool=solo", f"--hostname=parallel{n}@%h", "--loglevel=INFO",
                "--without-gossip", "--without-mingle", "--without-heartbeat",
            ],
            cwd=ROOT,
            env=worker_environment(),
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
        )
        for n, log in enumerate(logs, start=1)
    ]  # fmt: skip
    workers = Workers(processes, logs)
    try:
        yield workers
    finally:
        workers.stop()


def played_enough(matches: list[Match]) -> bool:
    versions = Match.objects.filter(pk__in=[m.pk for m in matches]).values_list("version", "status")
    return all(version >= MOVES or status == "finished" for version, status in versions)


def test_two_worker_processes_play_many_matches_each_move_once_and_in_order(two_workers):
    matches = [
        services.start_match(seats=bot_seats(4), mode="classic", move_time=15, tempo="fast")
        for _ in range(MATCHES)
    ]
    started = time.monotonic()
    duplicated: set[tuple[int, int]] = set()
    while not played_enough(matches):
        assert time.monotonic() - started < DEADLINE_SECONDS, "the workers did not keep up"
        # The injected race: every decision's job delivered twice more, at once, to whichever
        # worker takes it, while its own timer job is on the way too.
        for match_id, version in Match.objects.filter(
            pk__in=[m.pk for m in matches], status="running"
        ).values_list("pk", "version"):
            if (match_id, version) not in duplicated:
                duplicated.add((match_id, version))
                for _ in range(2):
                    celery_app.send_task(RUN_JOB_TASK, args=("game.advance", [match_id, version]))
        time.sleep(0.05)

    # The bots play on after ``played_enough``: stop the workers before reading, or a move
    # committed between reading the version and reading the actions looks like an extra one
    # (it failed so once in CI: seqs 1-34 against version 33).
    two_workers.stop()
    for match in matches:
        match.refresh_from_db()
        seqs = list(
            MatchAction.objects.filter(match=match).order_by("seq").values_list("seq", flat=True)
        )
        assert seqs == list(range(1, match.version + 1)), "a move ran twice or out of order"
        assert match.replay().to_dict() == match.game().to_dict()
    assert len(duplicated) >= MATCHES * MOVES
    # Both processes took part.
    done = [log.read_text().count("succeeded in") for log in two_workers.logs]
    assert all(count > 0 for count in done), done
