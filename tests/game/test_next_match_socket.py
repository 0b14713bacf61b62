"""Play again reaches every screen of the old match (issue 17): its table and its summary."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from bangarena_site.asgi import router
from game import broadcast, consumers
from game.models import TableScreen
from game.services import SeatSpec
from tests.game.conftest import SocketTime, bot_seats, guest_cookie, start, table_socket
from tests.live.conftest import GOOD_ORIGIN

pytestmark = pytest.mark.django_db(transaction=True)

FRAME_TIMEOUT = 10


def summary_socket(match_id: int, cookie: str) -> WebsocketCommunicator:
    headers = [(b"origin", GOOD_ORIGIN), (b"cookie", cookie.encode())]
    return WebsocketCommunicator(router, f"/ws/match/{match_id}/after/", headers=headers)


async def test_the_old_table_and_the_summary_page_are_taken_to_the_next_match(
    socket_time: SocketTime, sockets: list
):
    key, cookie = await database_sync_to_async(guest_cookie)()
    seats = [SeatSpec(kind="human", name="Ann", guest_key=key), *bot_seats(3)]
    old = await database_sync_to_async(start)(seats)
    new = await database_sync_to_async(start)(seats, seed=12)
    table = table_socket(old.pk, cookie)
    assert (await table.connect())[0]
    sockets.append(table)
    await table.receive_from(FRAME_TIMEOUT)
    summary = summary_socket(old.pk, cookie)
    assert (await summary.connect())[0]
    sockets.append(summary)
    # The summary page is a screen of its seat: its reader is "here" for the ready check.
    rows = await database_sync_to_async(
        lambda: sorted(TableScreen.objects.filter(match=old).values_list("seat", flat=True))
    )()
    assert rows == [0, 0]

    await database_sync_to_async(broadcast.announce_next)(old.pk, new.pk)

    for socket in (table, summary):
        notice = await socket.receive_from(FRAME_TIMEOUT)
        assert 'id="next-match"' in notice
        assert f'data-next-url="/match/{new.pk}/"' in notice
        assert "Stay out" in notice
    await summary.send_to(text_data=consumers.HEARTBEAT)
    assert await summary.receive_nothing()


async def test_the_summary_socket_of_an_unknown_match_is_closed(socket_time: SocketTime):
    _, cookie = await database_sync_to_async(guest_cookie)()
    socket = summary_socket(999_999, cookie)
    connected, code = await socket.connect()
    assert not connected or code == consumers.CLOSE_NO_SUCH_MATCH
