"""Killing the server mid-match and starting it again continues every match where it was.

The database holds everything (config + action log + snapshot, deadlines); the embedded
scheduler's timers die with the process, so the first call into a fresh server re-arms every
running match, and the periodic sweeper covers anything that is still lost.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async

from bangarena_site import jobs
from bangarena_site.celery import app as celery_app
from game import services, tasks
from game.models import Match, MatchSeat
from tests.game.conftest import (
    FakeClock,
    JobQueue,
    bot_seats,
    human_seats,
    seed_with_marshal_at,
    start,
)
from tests.live.fakes import ManualClockLoop

pytestmark = pytest.mark.django_db(transaction=True)


def build_tables_before_the_crash(queue: JobQueue, clock: FakeClock) -> dict[str, int]:
    """Four tables as a crash leaves them, their armed timers lost with the process."""
    finished = start(bot_seats(4), seed=5, tempo="fast")
    while Match.objects.get(pk=finished.pk).is_running:
        queue.run_next()
    bots = start(bot_seats(4), seed=3, tempo="normal")
    for _ in range(12):
        queue.run_next()
    queue.lose_all()
    thinking = start(human_seats(4), seed=seed_with_marshal_at(0, seats=4), move_time=60)
    services.set_connected(thinking.pk, 0, True)  # a socket open when the server died
    clock.advance(20)
    overdue = start(human_seats(4), seed=seed_with_marshal_at(0, seats=4), move_time=15)
    queue.lose_all()
    clock.advance(30)  # the server was down for 30 s: `overdue`'s deadline passed meanwhile
    return {"bots": bots.pk, "thinking": thinking.pk, "overdue": overdue.pk}


def test_config_plus_action_log_rebuilds_the_exact_snapshot_after_a_crash(
    job_queue: JobQueue, clock: FakeClock
):
    """The state is never trusted alone: a replay of the log gives it byte for byte."""
    tables = build_tables_before_the_crash(job_queue, clock)
    for match in Match.objects.filter(pk__in=tables.values()):
        assert match.replay().to_dict() == match.state
    finished = Match.objects.get(status=Match.Status.FINISHED)
    assert finished.replay().result == finished.result


async def test_a_fresh_server_rearms_every_running_match(
    monkeypatch: pytest.MonkeyPatch, settings: Any
):
    """R118-R120 survive a restart: bot tables move on after their pause, a human keeps the
    rest of the move time, and a deadline that passed while the server was down is renewed
    with the away limit (R119), since no socket survived the crash."""
    settings.EMBEDDED = True
    clock = FakeClock()
    monkeypatch.setattr(services, "clock", clock)
    queue = JobQueue(clock)
    monkeypatch.setattr(jobs, "schedule", queue.schedule)
    tables = await database_sync_to_async(build_tables_before_the_crash)(queue, clock)
    monkeypatch.undo()  # the new server: the real seam, on a fresh scheduler and loop

    loop = ManualClockLoop(asyncio.get_running_loop())
    monkeypatch.setattr(services, "clock", lambda: clock.now + timedelta(seconds=loop.now))
    scheduler = jobs.EmbeddedScheduler(periodic={})
    monkeypatch.setattr(jobs, "embedded_scheduler", scheduler)
    monkeypatch.setattr(jobs, "_run_in_thread", _in_database_thread)
    scheduler.attach(loop)  # what capture_loop does on the first call

    before = {name: await _load(pk) for name, pk in tables.items()}
    calls: list[str] = []

    async def app(scope, receive, send) -> None:
        calls.append(scope["type"])

    server = tasks.rearm_on_start(app)
    await server({"type": "http"}, None, None)
    await server({"type": "websocket"}, None, None)  # a second call re-arms nothing more

    assert calls == ["http", "websocket"]
    thinking = await _load(tables["thinking"])
    overdue = await _load(tables["overdue"])
    left = (thinking.deadline - services.clock()).total_seconds()
    assert thinking.deadline == before["thinking"].deadline  # still its own move time
    assert left == 10
    assert overdue.deadline == services.clock() + timedelta(seconds=8)
    assert loop.pending_delays() == sorted([0.8, 8, left])
    open_sockets = await database_sync_to_async(
        lambda: set(MatchSeat.objects.filter(kind="human").values_list("sockets", "connected"))
    )()
    assert open_sockets == {(0, False)}

    loop.advance(0.8)
    await scheduler.drain()
    assert (await _load(tables["bots"])).version == before["bots"].version + 1
    loop.advance(7.2)
    await scheduler.drain()
    assert (await _load(tables["overdue"])).version == before["overdue"].version + 1
    assert (await _load(tables["thinking"])).version == before["thinking"].version
    loop.advance(left - 8)
    await scheduler.drain()
    assert (await _load(tables["thinking"])).version == before["thinking"].version + 1


async def test_rearming_failure_is_logged_and_the_site_keeps_serving(
    monkeypatch: pytest.MonkeyPatch, caplog
):
    scheduler = jobs.EmbeddedScheduler(periodic={})
    scheduler.attach(ManualClockLoop(asyncio.get_running_loop()))
    monkeypatch.setattr(jobs, "embedded_scheduler", scheduler)

    def broken() -> int:
        raise RuntimeError("database gone")

    monkeypatch.setattr(services, "rearm_running_matches", broken)
    served: list[str] = []

    async def app(scope, receive, send) -> None:
        served.append(scope["type"])

    await tasks.rearm_on_start(app)({"type": "http"}, None, None)

    assert served == ["http"]
    assert "Re-arming running matches after start failed" in caplog.text
    caplog.clear()


def test_the_sweeper_runs_periodically_on_both_stacks(settings):
    """The sweeper is a periodic job: beat sends it in production, the embedded scheduler
    ticks it on the server's loop."""
    period = settings.BANGARENA_PERIODIC_JOBS["game.sweep"]
    assert 0 < period <= 10
    celery_app.loader.import_default_modules()
    entry = celery_app.conf.beat_schedule["game.sweep"]
    assert entry["task"] == jobs.RUN_JOB_TASK
    assert entry["args"] == ("game.sweep", [])


async def _in_database_thread(name: str, args: list[Any]) -> Any:
    # See tests.game.conftest.socket_time: jobs take turns on the in-memory test database.
    return await database_sync_to_async(jobs.run)(name, args)


@database_sync_to_async
def _load(match_id: int) -> Match:
    return Match.objects.get(pk=match_id)
