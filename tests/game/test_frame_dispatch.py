"""A table frame reaches its screen without a trip to the database thread.

Channels' consumers close stale database connections before every message they dispatch: a
hop to a worker thread and back for each frame a screen is sent, 21 % of daphne's CPU when
tables play (bench/table_load.py, production stack). The site's sockets only reach the
database through ``database_sync_to_async``, which does that housekeeping itself, so their
dispatch skips it (bangarena_site.live.frames.GuardedSocketMixin).
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async

from bangarena_site.live.sender import channel_layer
from game import broadcast
from game.services import SeatSpec
from tests.game.conftest import (
    FRAME_TIMEOUT,
    bot_seats,
    guest_cookie,
    load_match,
    open_table_socket,
    start,
)

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def guest_table() -> tuple[int, str]:
    key, cookie = guest_cookie()
    seats = [SeatSpec(kind="human", name="Kid", guest_key=key), *bot_seats(3)]
    return start(seats, move_time=30).pk, cookie


async def test_a_delta_is_passed_on_without_closing_connections(
    sockets: list[Any], monkeypatch: pytest.MonkeyPatch
):
    match_id, cookie = await guest_table()
    socket = await open_table_socket(sockets, match_id, cookie)
    await socket.receive_from(timeout=FRAME_TIMEOUT)  # the whole table
    hops: list[str] = []

    async def counted() -> None:
        hops.append("close_old_connections")

    monkeypatch.setattr("channels.consumer.aclose_old_connections", counted)
    match = await load_match(match_id)
    delta = broadcast.table_message('<div id="probe">next</div>', match.table_version + 1)
    await channel_layer().group_send(broadcast.seat_group(match_id, 0), delta)

    assert await socket.receive_from(timeout=FRAME_TIMEOUT) == '<div id="probe">next</div>'
    assert hops == []
