"""Agent sockets through the real ASGI stack, on the table tests' hand-moved clock.

The socket fixtures (``socket_time``, ``sockets``, the no-logged-errors guard) are the live
table's, imported from tests/game/conftest.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.core.cache import cache

from bangarena_site.asgi import router
from game.models import Match
from game.services import SeatSpec
from machines.agents import services as agent_services
from machines.agents.throttle import agent_throttle
from tests.game.conftest import (  # noqa: F401 (fixtures)
    _fast_password_hashing,
    _no_logged_errors,
    bot_seats,
    seed_with_marshal_at,
    socket_time,
    sockets,
    start,
)

# The room fixtures move the lobby's clock with the game's (host controls).
from tests.lobby.conftest import clock, job_queue, room_with_guests  # noqa: F401

ADDRESS = "203.0.113.7"


class FrozenClock:
    """The throttle's clock: frames sent in a test all fall in the same second unless the
    test moves it."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def throttle_clock() -> Iterator[FrozenClock]:
    # Limits live in the cache: they must not leak from one test into the next.
    cache.clear()
    frozen = FrozenClock()
    agent_throttle.set_clock(frozen)
    yield frozen
    agent_throttle.set_clock(time.time)


def agent_socket(origin: bytes | None = None, address: str = ADDRESS) -> WebsocketCommunicator:
    """A program's socket: no Origin, no cookie (unless a test adds an Origin)."""
    headers = [(b"origin", origin)] if origin is not None else []
    communicator = WebsocketCommunicator(router, "/ws/agent/", headers=headers)
    communicator.scope["client"] = (address, 50000)
    return communicator


async def receive(socket: WebsocketCommunicator) -> dict[str, Any]:
    return json.loads(await socket.receive_from(timeout=5))


async def connect_agent(
    token: str, opened: list[WebsocketCommunicator], **kwargs: Any
) -> tuple[WebsocketCommunicator, dict[str, Any]]:
    """Open a socket, say hello, return it with the welcome."""
    socket = agent_socket(**kwargs)
    opened.append(socket)
    connected, _ = await socket.connect(timeout=5)
    assert connected
    await socket.send_to(text_data=json.dumps({"type": "hello", "token": token}))
    welcome = await receive(socket)
    assert welcome["type"] == "welcome", welcome
    return socket, welcome


def ai_match(ai_seat: int = 0, *, marshal: int = 0, seats: int = 4) -> Match:
    """A match with one AI seat among bots; the Marshal (who decides first, R20) at
    ``marshal``."""
    specs = bot_seats(seats)
    specs[ai_seat] = SeatSpec(kind="ai", name="AI seat")
    return start(specs, seed=seed_with_marshal_at(marshal, seats=seats), move_time=15)


@database_sync_to_async
def make_match_token(match: Match, seat: int, name: str = "Deadeye") -> str:
    return agent_services.create_token(match.seats.get(seat=seat), name=name)


@database_sync_to_async
def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)
