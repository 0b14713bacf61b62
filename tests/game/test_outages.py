"""No click vanishes (issue 19, item 7) through real outages of the production stack: a Redis
restart and a cut to PostgreSQL. Each outage is the test's own (a redis-server it starts and
stops, a TCP proxy in front of PostgreSQL it cuts): the servers other people use on this
machine are never touched.

Q48: a player whose connection to the server drops keeps playing once it is back; a move is
made once (the version check, DESIGN.md section 3) or refused with a toast the player reads,
never dropped without an answer.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.layers import channel_layers
from django.db import connections

from game import consumers, services
from game.models import Match, MatchAction
from game.services import SeatSpec
from tests.game.conftest import bot_seats, guest_cookie, seed_with_marshal_at, start, table_socket
from tests.outages import OwnRedis, TcpProxy, wait_until

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

FRAME_TIMEOUT = 20  # seconds: a ceiling for a frame over real servers, not a pause


def move(action: dict, version: int) -> dict[str, str]:
    return {"action": json.dumps(action), "version": str(version)}


def counts(match_id: int) -> tuple[int, int]:
    """(match version, moves recorded)."""
    match = Match.objects.get(pk=match_id)
    return match.version, MatchAction.objects.filter(match=match).count()


async def seated_player() -> tuple[Match, Any]:
    key, cookie = await database_sync_to_async(guest_cookie)()
    match = await database_sync_to_async(start)(
        [SeatSpec(kind="human", name="Clicker", guest_key=key), *bot_seats(3)],
        seed=seed_with_marshal_at(0, seats=4),
        tempo="slow",
    )
    socket = table_socket(match.pk, cookie)
    connected, _ = await socket.connect(timeout=FRAME_TIMEOUT)
    assert connected
    assert 'id="table"' in await socket.receive_from(FRAME_TIMEOUT)
    return match, socket


async def until_moved(match_id: int, version: int) -> None:
    for _ in range(400):  # bounded: 20 s
        if (await database_sync_to_async(counts)(match_id))[0] >= version:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"match {match_id} never reached version {version}")


@pytest.fixture
def own_redis_layer(settings: Any) -> Iterator[OwnRedis]:
    """The channel layer on a redis-server of the test's own (the broker and cache stay on the
    shared one)."""
    redis = OwnRedis()
    redis.start()
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "bangarena_site.live.layer.PubSubLayer",
            "CONFIG": {"hosts": [{"address": redis.url, "socket_timeout": None}]},
        }
    }
    channel_layers.backends.clear()
    try:
        yield redis
    finally:
        redis.stop()
        channel_layers.backends.clear()


async def test_a_redis_restart_keeps_the_table_open_and_the_move_is_made_once(
    own_redis_layer: OwnRedis, caplog: pytest.LogCaptureFixture
):
    match, socket = await seated_player()
    action = match.game().legal_actions(0)[0]
    try:
        await database_sync_to_async(own_redis_layer.stop)()
        await socket.send_json_to(move(action, version=0))
        await until_moved(match.pk, 1)  # the database took it; its frame is lost with Redis
        assert not socket.future.done()  # the socket is open: no 1011

        await database_sync_to_async(own_redis_layer.start)()
        whole = await socket.receive_from(FRAME_TIMEOUT)
        assert 'id="table"' in whole
        assert 'data-version="1"' in whole

        # The client had no answer on the wire, so it sends the move again: refused, not
        # made twice.
        await socket.send_json_to(move(action, version=0))
        assert str(services.ERROR_MESSAGES["stale"]) in await socket.receive_from(FRAME_TIMEOUT)
        assert await database_sync_to_async(counts)(match.pk) == (1, 1)
    finally:
        await socket.disconnect()
    # The lost frame was logged (as an error: a table change nobody saw), nothing else.
    errors = [r.getMessage() for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert all("on_commit" in error for error in errors), errors
    caplog.clear()


@pytest.fixture
def database_through_proxy() -> Iterator[TcpProxy]:
    """Every new database connection of this process goes through a proxy the test can cut.
    Pool waits are shortened so a refused move is told within seconds."""
    settings_dict = connections["default"].settings_dict
    saved = {
        "HOST": settings_dict["HOST"],
        "PORT": settings_dict["PORT"],
        "OPTIONS": json.loads(json.dumps(settings_dict["OPTIONS"], default=str)),
    }
    pool = dict(settings_dict["OPTIONS"]["pool"])
    proxy = TcpProxy(settings_dict["HOST"] or "127.0.0.1", int(settings_dict["PORT"] or 5432))
    proxy.start()

    def switch(host: str, port: str, pool_options: dict[str, Any]) -> None:
        connections.close_all()
        connections["default"].close_pool()
        settings_dict["HOST"], settings_dict["PORT"] = host, port
        settings_dict["OPTIONS"]["pool"] = pool_options

    switch("127.0.0.1", str(proxy.port), {**pool, "timeout": 3})
    try:
        yield proxy
    finally:
        proxy.restore()
        switch(saved["HOST"], saved["PORT"], pool)
        proxy.stop()


async def test_a_move_during_a_database_cut_gets_a_toast_and_the_socket_stays_open(
    database_through_proxy: TcpProxy, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr("bangarena_site.jobs.schedule", lambda *args: None)  # no bot timers
    match, socket = await seated_player()
    action = match.game().legal_actions(0)[0]
    try:
        database_through_proxy.cut()
        await socket.send_json_to(move(action, version=0))
        toast = await socket.receive_from(FRAME_TIMEOUT)
        assert 'id="toasts"' in toast
        assert str(consumers.UNREACHABLE) in toast
        assert not socket.future.done()

        database_through_proxy.restore()
        # The player clicks again, and again while the pool is still reconnecting (its backoff
        # after the failures can outlast one attempt on a busy machine): each refusal is the
        # same toast and changes nothing; the move is made once.
        for _attempt in range(5):
            await socket.send_json_to(move(action, version=0))
            frame = await socket.receive_from(FRAME_TIMEOUT)
            if 'id="table-state"' in frame:
                break
            assert str(consumers.UNREACHABLE) in frame
        assert 'id="table-state"' in frame
        assert await database_sync_to_async(counts)(match.pk) == (1, 1)
    finally:
        await socket.disconnect()


async def test_a_move_made_while_the_database_is_back_in_time_is_made_once(
    database_through_proxy: TcpProxy, monkeypatch: pytest.MonkeyPatch, settings: Any
):
    """A short outage: the move waits for a connection, the database comes back before the
    wait runs out, and the move is made, once, and shown."""
    monkeypatch.setattr("bangarena_site.jobs.schedule", lambda *args: None)
    connections["default"].close_pool()
    connections["default"].settings_dict["OPTIONS"]["pool"]["timeout"] = 15
    match, socket = await seated_player()
    action = match.game().legal_actions(0)[0]
    try:
        database_through_proxy.cut()
        await socket.send_json_to(move(action, version=0))
        # The move is waiting on the database: the pool keeps knocking at the cut proxy.
        await asyncio.to_thread(
            wait_until,
            lambda: database_through_proxy.refused >= 1,
            FRAME_TIMEOUT,
            "a reconnect attempt",
        )
        database_through_proxy.restore()
        assert 'id="table-state"' in await socket.receive_from(FRAME_TIMEOUT)
        assert await database_sync_to_async(counts)(match.pk) == (1, 1)
    finally:
        await socket.disconnect()
