"""On PostgreSQL no job pays a connect: Django's psycopg pool hands connections back out.

Found measuring a move's job on the production stack: CONN_MAX_AGE 0 with
close_old_connections opened a new PostgreSQL connection for every job, ~9.5 ms of a ~62 ms
job (15 %). Skipped on the embedded default (SQLite has no connections to pool).
"""

from __future__ import annotations

import pytest
from django.db import close_old_connections, connection

from game import services
from tests.game.conftest import JobQueue, bot_seats

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def sessions_opened() -> int:
    """Connections PostgreSQL has accepted into this database since its statistics began."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return cursor.fetchone()[0]


def test_thirty_bot_moves_as_jobs_open_no_connection_each(job_queue: JobQueue):
    assert connection.settings_dict["OPTIONS"]["pool"]
    match = services.start_match(seats=bot_seats(4), mode="classic", move_time=15, tempo="fast")
    before = sessions_opened()
    for _ in range(30):
        close_old_connections()  # what every job and request does when it starts and ends
        job_queue.run_next()
        close_old_connections()
    match.refresh_from_db()
    assert match.version >= 30
    opened = sessions_opened() - before
    assert opened <= connection.settings_dict["OPTIONS"]["pool"]["max_size"], opened


def test_a_prefork_worker_child_keeps_its_pool_between_tasks(job_queue: JobQueue):
    """Celery's Django fix-up closes every database connection before and after each task, and
    under the prefork pool it closes Django's psycopg *pool* too (celery.fixups.django
    ``_close_database``): every move's job built a new pool, opened a new PostgreSQL session
    and started four pool threads (found by counting the threads and sessions a bench worker
    made: ~4 threads and one backend per move). CELERY_DB_REUSE_MAX keeps the fix-up's hands
    off; close_old_connections still hands the connection back to the pool after each job."""
    from types import SimpleNamespace

    from celery.fixups.django import DjangoWorkerFixup

    from bangarena_site.celery import app as celery_app

    fixup = DjangoWorkerFixup(celery_app)
    fixup.worker = SimpleNamespace(pool_cls="celery.concurrency.prefork:TaskPool")
    task = SimpleNamespace(request=SimpleNamespace(is_eager=False))
    match = services.start_match(seats=bot_seats(4), mode="classic", move_time=15, tempo="fast")
    before = sessions_opened()
    for _ in range(30):
        fixup.on_task_prerun(task)
        close_old_connections()
        job_queue.run_next()
        close_old_connections()
        fixup.on_task_postrun(task)
    match.refresh_from_db()
    assert match.version >= 30
    opened = sessions_opened() - before
    assert opened <= 2, f"{opened} sessions for 30 jobs: the pool was rebuilt per task"
