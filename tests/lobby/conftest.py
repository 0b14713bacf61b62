"""Fixtures for the lobby: browsers (guests and accounts), a hand-moved clock shared by the
lobby and the game services, and a job queue instead of real timers. Nothing sleeps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from game import services as game_services
from lobby import services
from lobby.identity import Person
from lobby.models import Room
from tests.accounts.helpers import make_user
from tests.game.conftest import FakeClock, JobQueue, job_queue  # noqa: F401 (a fixture)

SETTINGS = {"seats": "5", "mode": "classic", "move_time": "30", "tempo": "normal"}


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(services, "clock", fake)
    monkeypatch.setattr(game_services, "clock", fake)
    return fake


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def guest(address: str = "10.0.0.1") -> Client:
    """A fresh browser without an account."""
    return Client(REMOTE_ADDR=address)


def player(username: str, address: str = "10.0.0.1") -> Client:
    browser = Client(REMOTE_ADDR=address)
    browser.force_login(make_user(username))
    return browser


def post_settings(browser: Client, url_name: str, **fields: str) -> Any:
    data = {"name": "Calamity", **SETTINGS, **fields}
    return browser.post(reverse(url_name), data)


def create_room(browser: Client, name: str = "Calamity", **fields: str) -> Room:
    response = post_settings(browser, "lobby:create", name=name, **fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    code = response["Location"].strip("/").split("/")[-1]
    return Room.objects.get(code=code)


def join(browser: Client, room: Room, name: str) -> Any:
    return post_settings(browser, "lobby:join", name=name, code=room.code)


def host_post(browser: Client, room: Room, url_name: str, *args: int, **kw: Any) -> Any:
    return browser.post(reverse(url_name, args=[room.code, *args]), **kw)


@pytest.fixture
def room_with_guests(job_queue: JobQueue) -> Callable[..., tuple[Room, list[Client]]]:  # noqa: F811
    """A room created by one guest and joined by ``others`` more."""

    def build(others: int = 1, *, here: bool = False, **fields: str) -> tuple[Room, list[Client]]:
        """``here``: the guests keep the room page open (present for the ready check)."""
        host = guest()
        room = create_room(host, "Host", **fields)
        browsers = [host]
        for number in range(1, others + 1):
            browser = guest()
            response = join(browser, room, f"Guest {number}")
            assert response.status_code == 302, response.content.decode()[:2000]
            browsers.append(browser)
            if here:
                services.socket_opened(room.pk, Person(None, browser.session.session_key))
        return room, browsers

    return build


@pytest.fixture
async def sockets():  # noqa: ANN201
    """Sockets a test opened, closed at its end (append each one)."""
    from channels.db import database_sync_to_async
    from django.db import connections

    opened: list[Any] = []
    yield opened
    for socket in opened:
        await socket.disconnect()
    # The consumers' database threads keep a connection each; PostgreSQL will not drop the
    # test database while one is open.
    await database_sync_to_async(connections.close_all)()
