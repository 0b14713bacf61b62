"""Fixtures for the live plumbing: signed-in sockets through the real ASGI stack."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import pytest
from celery.contrib.testing.worker import start_worker
from celery.signals import task_postrun
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import (
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
)
from django.contrib.sessions.backends.db import SessionStore
from django.db import connections

from bangarena_site import jobs
from bangarena_site.asgi import router
from bangarena_site.celery import app as celery_app
from tests.live.fakes import ManualClockLoop

GOOD_ORIGIN = b"http://127.0.0.1:8000"
PASSWORD = "saloon-door-swings-7"


def make_user(username: str, **fields: Any) -> Any:
    return get_user_model().objects.create_user(username=username, password=PASSWORD, **fields)


def session_cookie_for(user: Any) -> str:
    """A real session cookie, as the browser holds after logging in, made without sending
    user_logged_in (which would schedule a welcome toast of its own)."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}"


def notification_socket(cookie: str | None = None, origin: bytes = GOOD_ORIGIN):
    headers = [(b"origin", origin)]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    # The same router asgi.py serves (origin validator + auth middleware + routes).
    return WebsocketCommunicator(router, "/ws/notifications/", headers=headers)


@pytest.fixture
async def open_socket() -> AsyncIterator[Callable[[Any], Awaitable[WebsocketCommunicator]]]:
    """Open a connected notification socket for a user; all are closed after the test."""
    opened: list[WebsocketCommunicator] = []

    async def connect(user: Any) -> WebsocketCommunicator:
        cookie = await database_sync_to_async(session_cookie_for)(user)
        socket = notification_socket(cookie)
        connected, _ = await socket.connect()
        assert connected, "a signed-in user's socket must be accepted"
        opened.append(socket)
        return socket

    yield connect
    for socket in opened:
        await socket.disconnect()


@pytest.fixture
async def manual_scheduler(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> tuple[jobs.EmbeddedScheduler, ManualClockLoop]:
    """The embedded seam on this test's loop, with a clock only the test moves (also in the
    services run, where the settings would otherwise pick the Celery seam)."""
    settings.EMBEDDED = True
    clock = ManualClockLoop(asyncio.get_running_loop())
    scheduler = jobs.EmbeddedScheduler(periodic={})
    scheduler.attach(clock)
    monkeypatch.setattr(jobs, "embedded_scheduler", scheduler)
    return scheduler, clock


def close_worker_connections(**kwargs: object) -> None:
    """The worker thread's database connections would keep the test database busy."""
    connections.close_all()


@pytest.fixture
def celery_worker() -> Iterator[None]:
    """A real Celery worker in this process, consuming from the Redis broker."""
    celery_app.control.purge()  # messages left by earlier tests or runs are not ours
    task_postrun.connect(close_worker_connections)
    try:
        with start_worker(celery_app, pool="solo", perform_ping_check=False, loglevel="WARNING"):
            yield
    finally:
        task_postrun.disconnect(close_worker_connections)
