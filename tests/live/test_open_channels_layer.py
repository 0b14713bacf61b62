"""The web process does not grow with every socket that closed (issue 19, item 7: a soak of the
production stack shows flat memory). Found in channels-redis: a frame that reaches this
process for a socket that has already closed (a table's last frames while its screens leave)
got a receive queue nobody read again, kept for the process's life (channels_redis issue 384).
On the Redis layer only; skipped on the embedded default."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from bangarena_site.live.layer import OpenChannelsLayer
from tests.game.conftest import bot_seats, start, table_socket

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


async def test_a_frame_for_a_closed_channel_keeps_no_queue() -> None:
    layer = get_channel_layer()
    assert isinstance(layer, OpenChannelsLayer)
    gone = await layer.new_channel()
    alive = await layer.new_channel()
    layer.close_channel(gone)

    await layer.send(gone, {"type": "table.update", "html": "x" * 3000, "version": 1})
    await layer.send(alive, {"type": "table.update", "html": "y", "version": 1})
    # Receiving for the open channel reads this process's messages in order: the closed
    # channel's frame first, which is dropped instead of queued.
    assert (await layer.receive(alive))["html"] == "y"
    assert gone not in layer.receive_buffer
    assert alive not in layer.receive_buffer  # an emptied queue goes too, as upstream


async def test_a_table_socket_that_closed_is_forgotten_by_the_layer() -> None:
    match = await database_sync_to_async(start)(bot_seats(4), seed=4)
    socket = table_socket(match.pk)
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_from(timeout=20)
    layer = get_channel_layer()
    [channel] = layer.open_channels
    await socket.disconnect()

    assert channel not in layer.open_channels
    await layer.send(channel, {"type": "table.update", "html": "late", "version": 99})
    other = await layer.new_channel()
    await layer.send(other, {"type": "table.update", "html": "on time", "version": 1})
    assert (await layer.receive(other))["html"] == "on time"
    assert channel not in layer.receive_buffer
