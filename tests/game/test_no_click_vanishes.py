"""No click vanishes (issue 19, item 7) on the embedded stack: what a player sees when the server
cannot take a move, and that a move sent again after a reconnect is made once.

Q48: a player whose connection drops and comes back keeps playing; the client sends an
unanswered move again with the version it was made on (game/static/game/table.js), and the
version check (DESIGN.md section 3) turns a duplicate into a refusal. The real outages (a Redis
restart, a cut to PostgreSQL) are in test_outages.py, on the production stack.
"""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import OperationalError

from game import consumers, services
from game.models import Match, MatchAction
from game.services import SeatSpec
from tests.game.conftest import (
    FRAME_TIMEOUT,
    SocketTime,
    bot_seats,
    guest_cookie,
    seed_with_marshal_at,
    start,
)
from tests.game.conftest import move_frame as move
from tests.game.conftest import open_table_socket as open_socket

pytestmark = pytest.mark.django_db(transaction=True)


async def next_frame(socket: Any) -> str:
    """The socket's next frame that is not a presence update: those come whenever a seat comes
    or goes (Q48, a reconnect included) and are no answer to anything."""
    while True:
        frame = await socket.receive_from(FRAME_TIMEOUT)
        if not (frame.startswith('<span id="seat-') and '-presence"' in frame):
            return frame


async def seated_player(sockets: list) -> tuple[Match, str, Any]:
    key, cookie = await database_sync_to_async(guest_cookie)()
    match = await database_sync_to_async(start)(
        [SeatSpec(kind="human", name="Clicker", guest_key=key), *bot_seats(3)],
        seed=seed_with_marshal_at(0, seats=4),
    )
    socket = await open_socket(sockets, match.pk, cookie)
    assert 'id="table"' in await next_frame(socket)
    return match, cookie, socket


async def counts(match_id: int) -> tuple[int, int]:
    """(match version, moves recorded) of the match."""

    def read() -> tuple[int, int]:
        match = Match.objects.get(pk=match_id)
        return match.version, MatchAction.objects.filter(match=match).count()

    return await database_sync_to_async(read)()


async def test_a_move_sent_again_after_a_reconnect_is_made_once(
    socket_time: SocketTime, sockets: list
):
    """The socket closed before the answer came: the client sends the same move with the same
    version on the new socket. The first one was made, so the second is refused as stale and
    the player sees the table after one move, not two."""
    match, cookie, first = await seated_player(sockets)
    action = match.game().legal_actions(0)[0]
    sent = move(action, version=0)

    await first.send_json_to(sent)
    assert 'id="table-state"' in await next_frame(first)
    await first.disconnect()
    sockets.remove(first)

    second = await open_socket(sockets, match.pk, cookie)
    whole = await next_frame(second)
    assert 'data-version="1"' in whole  # the reconnected table already shows the move
    await second.send_json_to(sent)
    toast = await next_frame(second)

    assert str(services.ERROR_MESSAGES["stale"]) in toast
    assert await counts(match.pk) == (1, 1)


async def test_a_move_the_database_cannot_take_gets_a_toast_and_the_socket_stays_open(
    socket_time: SocketTime, sockets: list, monkeypatch: pytest.MonkeyPatch
):
    """PostgreSQL away (injected here at the services' door; test_outages.py cuts a real
    connection): the player is told the move was not made, the socket stays open, and the same
    click once the database is back is made once."""
    match, _, socket = await seated_player(sockets)
    action = match.game().legal_actions(0)[0]
    real_submit = services.submit

    def unreachable(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("connection to server at 127.0.0.1 failed")

    monkeypatch.setattr(services, "submit", unreachable)
    await socket.send_json_to(move(action, version=0))
    toast = await next_frame(socket)
    assert 'id="toasts"' in toast
    assert str(consumers.UNREACHABLE) in toast
    assert await counts(match.pk) == (0, 0)

    monkeypatch.setattr(services, "submit", real_submit)
    await socket.send_json_to(move(action, version=0))
    assert 'id="table-state"' in await next_frame(socket)
    assert await counts(match.pk) == (1, 1)
