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
from game import presence, services, tasks
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

PRESENCE_SECONDS = presence.PRESENCE_WINDOW.total_seconds()

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
    presence.open_screen(thinking.pk, 0, "en", "died-with-the-server")  # open at the crash
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
        assert match.replay().to_dict() == match.game().to_dict()
    finished = Match.objects.get(status=Match.Status.FINISHED)
    assert finished.replay().result == finished.result


async def test_a_fresh_server_rearms_every_running_match(
    monkeypatch: pytest.MonkeyPatch, settings: Any
):
    """R118-R120 survive a restart: bot tables move on after their pause, and a deadline that
    passed while the server was down is renewed. Presence is right afterwards without any
    reset (Q48): a player whose page reconnects keeps the rest of his move time; one who does
    not is away one window later, and R119's 8 s count from the restart (not from the outage,
    when nobody could beat)."""
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
    restart = services.clock()
    left = (thinking.deadline - restart).total_seconds()
    assert thinking.deadline == before["thinking"].deadline  # still its own move time
    assert left == 10
    assert overdue.deadline == restart + timedelta(seconds=15)  # renewed
    assert loop.pending_delays() == sorted([0.8, 15, left])

    loop.advance(0.8)
    await scheduler.drain()
    assert (await _load(tables["bots"])).version == before["bots"].version + 1
    # The thinking player's page reconnects (to the new process) and beats; the other's
    # does not. The presence sweep, the same as every second, sorts them out.
    await database_sync_to_async(presence.open_screen)(
        tables["thinking"], 0, "en", "reconnected-after-the-restart"
    )
    loop.advance(PRESENCE_SECONDS - 0.8 + 0.1)
    await database_sync_to_async(presence.beat)(
        tables["thinking"], 0, "en", "reconnected-after-the-restart"
    )
    await database_sync_to_async(tasks.watch_presence)()
    await scheduler.drain()
    seats = await database_sync_to_async(
        lambda: dict(
            MatchSeat.objects.filter(kind="human", seat=0).values_list("match_id", "connected")
        )
    )()
    assert seats[tables["thinking"]] is True
    assert seats[tables["overdue"]] is False
    thinking = await _load(tables["thinking"])
    overdue = await _load(tables["overdue"])
    assert thinking.deadline == before["thinking"].deadline, "present: his own move time"
    assert overdue.deadline == restart + timedelta(seconds=8), "away since the restart (R119)"

    loop.advance(8 - PRESENCE_SECONDS - 0.1)
    await scheduler.drain()
    assert (await _load(tables["overdue"])).version > before["overdue"].version
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
