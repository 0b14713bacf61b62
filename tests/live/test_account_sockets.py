"""A ban closes the notification socket the player already had open (issue 2, moderation).

The ban ends every session at its next request; this proves that a notification socket
opened before the ban does not outlive it.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from bangarena_site.accounts.services import ban_user
from bangarena_site.live.accounts import CLOSE_ACCOUNT_CLOSED
from tests.live.conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)


async def test_ban_closes_the_players_open_notification_socket(open_socket) -> None:
    outlaw = await database_sync_to_async(make_user)("outlaw")
    bystander = await database_sync_to_async(make_user)("bystander")
    outlaw_socket = await open_socket(outlaw)
    bystander_socket = await open_socket(bystander)

    await database_sync_to_async(ban_user)(outlaw, reason="cheating")

    assert await outlaw_socket.receive_output(timeout=5) == {
        "type": "websocket.close",
        "code": CLOSE_ACCOUNT_CLOSED,
    }
    assert await bystander_socket.receive_nothing()
