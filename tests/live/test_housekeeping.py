"""Periodic housekeeping: the same job on Celery beat (production) and the embedded loop."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.contrib.sessions.models import Session
from django.utils import timezone

from bangarena_site import jobs
from bangarena_site.celery import app as celery_app
from bangarena_site.live.housekeeping import clear_expired_sessions
from tests.live.fakes import ManualClockLoop

pytestmark = pytest.mark.django_db(transaction=True)


def make_sessions() -> None:
    now = timezone.now()
    Session.objects.create(session_key="expired", session_data="", expire_date=now - timedelta(1))
    Session.objects.create(session_key="current", session_data="", expire_date=now + timedelta(1))


def remaining_sessions() -> list[str]:
    return sorted(Session.objects.values_list("session_key", flat=True))


def test_housekeeping_deletes_expired_sessions_and_keeps_live_ones() -> None:
    make_sessions()
    clear_expired_sessions()
    assert remaining_sessions() == ["current"]


def test_beat_sends_housekeeping_through_the_seam_task(settings) -> None:
    celery_app.loader.import_default_modules()
    entry = celery_app.conf.beat_schedule["sessions.clear_expired"]
    assert entry["task"] == jobs.RUN_JOB_TASK
    assert entry["args"] == ("sessions.clear_expired", [])
    assert entry["schedule"] == settings.BANGARENA_PERIODIC_JOBS["sessions.clear_expired"]


async def test_embedded_server_runs_housekeeping_every_period(settings) -> None:
    period = settings.BANGARENA_PERIODIC_JOBS["sessions.clear_expired"]
    # Only this job: the other periodic jobs (the table sweeper) are tested with their apps.
    settings.BANGARENA_PERIODIC_JOBS = {"sessions.clear_expired": period}
    await database_sync_to_async(make_sessions)()
    clock = ManualClockLoop(asyncio.get_running_loop())
    scheduler = jobs.EmbeddedScheduler()  # periods from settings, like the real server's
    scheduler.attach(clock)
    assert clock.pending_delays() == [period]

    clock.advance(period)
    await scheduler.drain()

    assert await database_sync_to_async(remaining_sessions)() == ["current"]
    assert clock.pending_delays() == [period], "the job re-arms for the next period"


async def test_asgi_app_hands_the_server_loop_to_the_scheduler() -> None:
    """The embedded scheduler learns the server's loop from the first ASGI call."""
    scheduler = jobs.EmbeddedScheduler(periodic={})
    seen: list[str] = []

    async def app(scope, receive, send) -> None:
        seen.append(scope["type"])

    wrapped = scheduler.capture_loop(app)
    assert scheduler.loop is None
    await wrapped({"type": "http"}, None, None)
    assert scheduler.loop is asyncio.get_running_loop()
    assert seen == ["http"]
