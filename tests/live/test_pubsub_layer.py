"""The production channel layer (bangarena_site.live.layer): Redis pub/sub that keeps nothing for
a socket that closed and tells every socket when Redis is back after an outage.

Issue 19: the web process must not grow with the sockets that came and went (a soak of the
production stack shows flat memory), and no click vanishes through a Redis restart: the screens
stay open and catch up. On the Redis layer only; skipped on the embedded default.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from redis.asyncio import Redis

from bangarena_site.live.layer import LAYER_RECOVERED, PubSubLayer, retry_pause
from tests.game.conftest import bot_seats, start, table_socket
from tests.outages import OwnRedis

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

FRAME_TIMEOUT = 20  # seconds: a ceiling for a message over a real Redis, not a pause


def loop_layer(layer: PubSubLayer):  # noqa: ANN201 (channels-redis's per-loop layer)
    return layer._get_layer()


async def test_a_table_socket_that_closed_leaves_nothing_in_the_layer() -> None:
    match = await database_sync_to_async(start)(bot_seats(4), seed=4)
    socket = table_socket(match.pk)
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_from(timeout=FRAME_TIMEOUT)
    layer = get_channel_layer()
    assert isinstance(layer, PubSubLayer)
    state = loop_layer(layer)
    [channel] = state.channels
    assert any(channel in members for members in state.groups.values())

    await socket.disconnect()

    assert channel not in state.channels
    assert not any(channel in members for members in state.groups.values())
    assert not state.groups  # its groups had no other member here: unsubscribed too


async def test_a_channel_that_never_left_its_groups_is_forgotten() -> None:
    """A consumer that died without its disconnect (the mixin still runs on the way out)."""
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("match.1.seat.0", channel)
    await layer.forget_channel(channel)

    state = loop_layer(layer)
    assert channel not in state.channels
    assert state.groups == {}


@pytest.fixture
async def own_redis_layer() -> AsyncIterator[tuple[PubSubLayer, OwnRedis]]:
    redis = OwnRedis()
    await database_sync_to_async(redis.start)()
    layer = PubSubLayer(hosts=[{"address": redis.url, "socket_timeout": None}])
    try:
        yield layer, redis
    finally:
        await layer.flush()
        await database_sync_to_async(redis.stop)()


async def test_after_a_redis_restart_every_socket_hears_it_and_groups_work_again(
    own_redis_layer: tuple[PubSubLayer, OwnRedis],
) -> None:
    """R118-R121 keep running while Redis restarts; the screens learn that frames were lost."""
    layer, redis = own_redis_layer
    channel = await layer.new_channel()
    await layer.group_add("match.7.seat.2", channel)
    await layer.group_send("match.7.seat.2", {"type": "table.update", "version": 1})
    assert (await asyncio.wait_for(layer.receive(channel), FRAME_TIMEOUT))["version"] == 1

    await database_sync_to_async(redis.stop)()
    await database_sync_to_async(redis.start)()

    recovered = await asyncio.wait_for(layer.receive(channel), FRAME_TIMEOUT)
    assert recovered == {"type": LAYER_RECOVERED}
    # Subscribed again: a restarted Redis forgot every subscription.
    await layer.group_send("match.7.seat.2", {"type": "table.update", "version": 2})
    assert (await asyncio.wait_for(layer.receive(channel), FRAME_TIMEOUT))["version"] == 2


def test_retry_pauses_grow_and_stay_bounded() -> None:
    assert [retry_pause(n) for n in range(1, 8)] == [0.1, 0.25, 0.5, 1.0, 2.0, 2.0, 2.0]


async def test_a_dropped_subscriber_connection_is_heard_even_when_redis_never_went_away(
    own_redis_layer: tuple[PubSubLayer, OwnRedis],
) -> None:
    """Redis closes a subscriber's connection without restarting (CLIENT KILL, or a slow
    subscriber over its output-buffer limit): redis-py reconnects and subscribes again inside
    one read, so no error ever reaches the receiving loop. What was published meanwhile is lost
    all the same, and the screens must hear it (a CI run once waited 20 s for a whole table
    that never came)."""
    layer, redis = own_redis_layer
    channel = await layer.new_channel()
    await layer.group_add("match.7.seat.2", channel)
    await layer.group_send("match.7.seat.2", {"type": "table.update", "version": 1})
    assert (await asyncio.wait_for(layer.receive(channel), FRAME_TIMEOUT))["version"] == 1

    admin = Redis.from_url(redis.url)
    try:
        assert await admin.client_kill_filter(_type="pubsub") == 1
    finally:
        await admin.aclose()

    recovered = await asyncio.wait_for(layer.receive(channel), FRAME_TIMEOUT)
    assert recovered == {"type": LAYER_RECOVERED}
    await layer.group_send("match.7.seat.2", {"type": "table.update", "version": 2})
    assert (await asyncio.wait_for(layer.receive(channel), FRAME_TIMEOUT))["version"] == 2
