"""A ban closes the table socket the player already had open (issue 2, admin moderation)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from bangarena_site.accounts.services import ban_user
from bangarena_site.live.accounts import CLOSE_ACCOUNT_CLOSED
from game.services import SeatSpec
from tests.game.conftest import bot_seats, start, table_socket
from tests.live.conftest import make_user, session_cookie_for

pytestmark = pytest.mark.django_db(transaction=True)


async def test_ban_closes_the_players_open_table_socket(socket_time) -> None:
    outlaw = await database_sync_to_async(make_user)("table_outlaw")
    seats = [SeatSpec(kind="human", name="Outlaw", user_id=outlaw.pk), *bot_seats(3)]
    match = await database_sync_to_async(start)(seats)
    cookie = await database_sync_to_async(session_cookie_for)(outlaw)
    socket = table_socket(match.pk, cookie)
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_from(timeout=5)  # the full table sent on connect

    await database_sync_to_async(ban_user)(outlaw, reason="abuse")

    while True:
        output = await socket.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            break
    assert output["code"] == CLOSE_ACCOUNT_CLOSED
