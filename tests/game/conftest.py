"""Fixtures for the live table: a hand-driven clock and job queue, match builders, sockets.

Nothing here sleeps. Sync tests replace the delayed-work seam with ``JobQueue``: scheduled jobs
wait in a queue until the test runs them, moving the services' clock to each job's due time.
Socket tests use the real embedded scheduler on a ManualClockLoop whose time the services'
clock follows.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import json
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.contrib.sessions.backends.db import SessionStore
from django.db import transaction

from bangarena_site import jobs
from bangarena_site.asgi import router
from game import services
from game.models import Match
from game.services import SeatSpec
from tests.live.conftest import GOOD_ORIGIN, celery_worker  # noqa: F401 (a fixture)
from tests.live.fakes import ManualClockLoop

START = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


class FakeClock:
    """The services' clock, moved only by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)

    def seconds(self) -> float:
        return (self.now - START).total_seconds()


@dataclass(order=True)
class QueuedJob:
    due: datetime
    order: int
    name: str = field(compare=False)
    args: list[Any] = field(compare=False)


class JobQueue:
    """The delayed-work seam for sync tests: ``jobs.schedule`` lands here (on commit, as in
    both real stacks) and the test runs jobs in due order with ``run_next``."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.jobs: list[QueuedJob] = []
        self._order = itertools.count()

    def schedule(self, delay: float, func: Callable[..., Any], *args: Any) -> None:
        name = jobs.job_name(func)
        payload = list(args)
        transaction.on_commit(lambda: self._push(delay, name, payload))

    def _push(self, delay: float, name: str, args: list[Any]) -> None:
        due = self.clock.now + timedelta(seconds=delay)
        heapq.heappush(self.jobs, QueuedJob(due, next(self._order), name, args))

    def delays(self) -> list[float]:
        """Seconds from now until each queued job is due, soonest first."""
        return sorted((job.due - self.clock.now).total_seconds() for job in self.jobs)

    def run_next(self) -> QueuedJob:
        """Move the clock to the next job's due time (never backwards) and run it."""
        job = heapq.heappop(self.jobs)
        self.clock.now = max(self.clock.now, job.due)
        jobs.run(job.name, job.args)
        return job

    def lose_all(self) -> None:
        """A crash or a lost broker message: every armed job is gone."""
        self.jobs.clear()

    def run_until_finished(self, match_id: int, *, limit: int = 5000) -> int:
        """Run jobs until the match ends; returns how many jobs ran."""
        for count in itertools.count(1):
            assert count <= limit, "the match did not finish"
            assert self.jobs, "no job is armed: the table froze"
            self.run_next()
            if Match.objects.get(pk=match_id).status == Match.Status.FINISHED:
                return count
        raise AssertionError("unreachable")


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(services, "clock", fake)
    return fake


@pytest.fixture
def job_queue(clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> JobQueue:
    queue = JobQueue(clock)
    monkeypatch.setattr(jobs, "schedule", queue.schedule)
    return queue


def bot_seats(count: int) -> list[SeatSpec]:
    return [SeatSpec(kind="bot", name=f"Bot {n}") for n in range(1, count + 1)]


def human_seats(count: int) -> list[SeatSpec]:
    """Guest humans, each with a made-up session key."""
    return [
        SeatSpec(kind="human", name=f"Player {n}", guest_key=f"guest-key-{n}")
        for n in range(1, count + 1)
    ]


def start(
    seats: list[SeatSpec],
    *,
    seed: int = 11,
    mode: str = "classic",
    move_time: int = 30,
    tempo: str = "normal",
    present: bool = True,
) -> Match:
    """A new match; ``present``: every human is at the table from the start (as players who
    pressed Start in the room are); without, each human seat is away until a screen of it
    opens (Q48)."""
    humans = [index for index, spec in enumerate(seats) if spec.kind == "human"]
    return services.start_match(
        seats=seats,
        mode=mode,
        move_time=move_time,
        tempo=tempo,
        seed=seed,
        present=humans if present else (),
    )


def seed_with_marshal_at(seat: int, seats: int = 5, mode: str = "classic") -> int:
    """A seed whose deal puts the Marshal (who plays first, R20) at ``seat``."""
    from bangarena_engine import Game, GameConfig

    for seed in range(1000):
        if Game.new(GameConfig(seats=seats, mode=mode, seed=seed)).awaiting() == [seat]:
            return seed
    raise AssertionError("no seed found")


# --- sockets -------------------------------------------------------------------------------


class SocketTime:
    """One clock for a socket test: the scheduler's ManualClockLoop, and the services' clock
    following it, so a timer that fires at t finds the deadline at t."""

    def __init__(self, scheduler: jobs.EmbeddedScheduler, loop: ManualClockLoop) -> None:
        self.scheduler = scheduler
        self.loop = loop

    def now(self) -> datetime:
        return START + timedelta(seconds=self.loop.now)

    async def advance(self, seconds: float) -> None:
        self.loop.advance(seconds)
        await self.scheduler.drain()

    async def run_next_timer(self) -> None:
        """Move to the soonest armed timer and let everything it starts finish."""
        delays = self.loop.pending_delays()
        assert delays, "no timer is armed: the table froze"
        await self.advance(max(0.0, delays[0]))


@pytest.fixture
async def socket_time(monkeypatch: pytest.MonkeyPatch, settings: Any) -> SocketTime:
    settings.EMBEDDED = True
    # No periodic jobs: sweeps have their own tests and would only add noise here.
    scheduler = jobs.EmbeddedScheduler(periodic={})
    loop = ManualClockLoop(asyncio.get_running_loop())
    scheduler.attach(loop)
    monkeypatch.setattr(jobs, "embedded_scheduler", scheduler)
    # The test database is SQLite in memory with a shared cache, where two connections in a
    # transaction at once fail at once ("table is locked") instead of waiting as the file
    # database of the real embedded server does. Run jobs in the one thread that consumers'
    # database calls use, so they take turns; what each job does is unchanged.
    monkeypatch.setattr(jobs, "_run_in_thread", _run_in_database_thread)
    time = SocketTime(scheduler, loop)
    monkeypatch.setattr(services, "clock", time.now)
    return time


async def _run_in_database_thread(name: str, args: list[Any]) -> Any:
    return await database_sync_to_async(jobs.run)(name, args)


def guest_cookie() -> tuple[str, str]:
    """(session key, cookie header) of a fresh guest session, as the lobby leaves behind."""
    session = SessionStore()
    session["guest"] = True
    session.save()
    return session.session_key, f"{django_settings.SESSION_COOKIE_NAME}={session.session_key}"


def table_socket(
    match_id: int, cookie: str | None = None, origin: bytes = GOOD_ORIGIN, **headers: str
) -> WebsocketCommunicator:
    raw = [(b"origin", origin)]
    if cookie:
        raw.append((b"cookie", cookie.encode()))
    for name, value in headers.items():
        raw.append((name.replace("_", "-").encode(), value.encode()))
    return WebsocketCommunicator(router, f"/ws/match/{match_id}/", headers=raw)


#: Seconds to wait for an expected frame (a ceiling, not a pause).
FRAME_TIMEOUT = 10


async def open_table_socket(
    sockets: list[WebsocketCommunicator], match_id: int, cookie: str | None = None, **headers: str
) -> WebsocketCommunicator:
    """A table socket that has connected, kept in ``sockets`` to be closed at the end."""
    socket = table_socket(match_id, cookie, **headers)
    connected, _ = await socket.connect()
    assert connected
    sockets.append(socket)
    return socket


def move_frame(action: dict[str, Any], version: int) -> dict[str, str]:
    """What htmx ws-send sends for a table form: the action JSON and the version, as strings."""
    return {"action": json.dumps(action), "version": str(version)}


@database_sync_to_async
def load_match(match_id: int) -> Match:
    return Match.objects.get(pk=match_id)


@pytest.fixture
async def sockets() -> Iterator[list[WebsocketCommunicator]]:
    """Sockets a test opened; all are closed at the end."""
    opened: list[WebsocketCommunicator] = []
    yield opened
    for socket in opened:
        await socket.disconnect()


@pytest.fixture(autouse=True)
def _no_logged_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Broadcasts and signal receivers run robustly on commit (a failure is only logged), so a
    rendering error would otherwise pass unnoticed: any ERROR log fails the test."""
    yield
    errors = [r for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
