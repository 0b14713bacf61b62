"""Model calls run in the worker, apart from the table's own jobs (R118: a slow model must not
delay any table's bot moves or timeouts): in production on their own Celery queue, embedded on
their own threads, never in the one job thread."""

from __future__ import annotations

import asyncio
import threading

import pytest
from django.db import transaction

from bangarena_site import jobs
from machines.ai.tasks import QUEUE, decide

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_decision_job_goes_to_its_own_celery_queue(settings, monkeypatch):
    settings.EMBEDDED = False
    sent: list[tuple[tuple, dict]] = []
    monkeypatch.setattr(
        jobs.run_job, "apply_async", lambda args, **kwargs: sent.append((args, kwargs))
    )
    from game import tasks as game_tasks

    with transaction.atomic():
        jobs.schedule(0.8, decide, 1, 0, 3)
        jobs.schedule(30, game_tasks.advance, 1, 3)

    assert sent == [
        (("ai.decide", [1, 0, 3]), {"countdown": 0.8, "queue": QUEUE}),
        (("game.advance", [1, 3]), {"countdown": 30}),
    ]


async def test_a_model_call_in_progress_never_holds_the_job_thread():
    """While a decision job is blocked (a slow model), an ordinary job still runs at once."""
    release = threading.Event()
    threads: dict[str, str] = {}

    @jobs.job("test.slow-model")
    def slow_model() -> None:
        threads["model"] = threading.current_thread().name
        release.wait(10)

    @jobs.job("test.bot-move")
    def bot_move() -> None:
        threads["bot"] = threading.current_thread().name

    jobs.run_apart("test.slow-model", queue=QUEUE, threads=1)
    try:
        blocked = asyncio.ensure_future(jobs._run_in_thread("test.slow-model", []))
        await asyncio.wait_for(jobs._run_in_thread("test.bot-move", []), timeout=5)
        assert not blocked.done()
    finally:
        release.set()
        await blocked
        jobs._registry.pop("test.slow-model")
        jobs._registry.pop("test.bot-move")
        jobs.JOB_QUEUES.pop("test.slow-model")
        jobs._OWN_THREADS.pop("test.slow-model").shutdown()

    assert threads["bot"].startswith("bangarena-job")
    assert threads["model"].startswith(f"bangarena-{QUEUE}")


def test_the_real_decision_job_is_registered_apart():
    assert jobs.JOB_QUEUES[decide.job_name] == QUEUE
    assert decide.job_name in jobs._OWN_THREADS
