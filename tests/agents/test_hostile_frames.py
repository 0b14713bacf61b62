"""The agent socket under attack: frames that used to crash it, and tokens of a banned player.

Found by the same attack run as the table socket's (tests/game/test_hostile_frames.py): a
frame nested too deep, or numbers such as 1e999, raised inside the consumer. And an agent
socket opened with a token the player made stayed open after his ban and kept playing; a new
hello with the token was accepted. A ban now revokes every token its player made and closes
their sockets with 4403, as it closes his table, room and notification sockets.
"""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from bangarena_site.accounts.services import ban_user
from bangarena_site.live.frames import CLOSE_TOO_BIG
from machines.agents import services as agent_services
from machines.agents.models import AgentToken
from tests.agents.conftest import agent_socket, ai_match, connect_agent, receive
from tests.agents.test_protocol import actions, assert_closed, send
from tests.live.conftest import make_user

pytestmark = pytest.mark.django_db(transaction=True)

HOSTILE = {
    "nested JSON": '{"type": "act", "version": 0, "action": ' + "[" * 5000 + "]" * 5000 + "}",
    "version 1e999": '{"type": "act", "version": 1e999, "action": {"type": "end_turn"}}',
    "version NaN": '{"type": "act", "version": NaN, "action": {"type": "end_turn"}}',
    "huge version": '{"type": "act", "version": ' + "9" * 5000 + ', "action": {"type": "x"}}',
    "nested action": '{"type": "act", "version": 0, "action": {"type": '
    + "{" * 5000
    + "}" * 5000
    + "}}",
}


@database_sync_to_async
def token_made_by(match, seat: int, user) -> str:  # noqa: ANN001
    return agent_services.create_token(match.seats.get(seat=seat), name="Deadeye", created_by=user)


@pytest.mark.parametrize("frame", HOSTILE.values(), ids=HOSTILE.keys())
async def test_an_unusable_frame_is_a_bad_message_and_the_socket_stays(socket_time, sockets, frame):
    match = await database_sync_to_async(ai_match)(0, marshal=0)
    token = await database_sync_to_async(agent_services.create_token)(
        await database_sync_to_async(lambda: match.seats.get(seat=0))(), name="Deadeye"
    )
    socket, _ = await connect_agent(token, sockets)
    await receive(socket)  # decide
    await send(socket, frame)
    assert (await receive(socket))["code"] == "bad_message"
    assert await actions(match) == []
    await send(socket, {"type": "ping"})
    assert await receive(socket) == {"type": "pong"}


@pytest.mark.parametrize("frame", [*HOSTILE.values(), '{"type": "hello", "token": ["x"]}'])
async def test_an_unusable_first_frame_is_refused_with_4400(socket_time, sockets, frame):
    socket = agent_socket()
    sockets.append(socket)
    assert (await socket.connect())[0]
    await send(socket, frame)
    assert (await receive(socket))["code"] == "bad_message"
    await assert_closed(socket, 4400)


async def test_an_oversized_frame_closes_the_agent_socket_with_1009(socket_time, sockets):
    socket = agent_socket()
    sockets.append(socket)
    assert (await socket.connect())[0]
    await send(socket, '{"type": "hello", "token": "' + "x" * (1024 * 1024) + '"}')
    await assert_closed(socket, CLOSE_TOO_BIG)


async def test_a_ban_revokes_every_token_the_player_made_and_closes_their_sockets_4403(
    socket_time, sockets
):
    player = await database_sync_to_async(make_user)("deadeye")
    match = await database_sync_to_async(ai_match)(0, marshal=0)
    token = await token_made_by(match, 0, player)
    socket, _ = await connect_agent(token, sockets)
    await receive(socket)  # decide

    await database_sync_to_async(ban_user)(player, reason="cheating")

    assert (await receive(socket))["code"] == "account_closed"
    await assert_closed(socket, 4403)
    row = await database_sync_to_async(AgentToken.objects.get)()
    assert row.revoked_at is not None
    again = agent_socket()
    sockets.append(again)
    await again.connect()
    await send(again, {"type": "hello", "token": token})
    assert (await receive(again))["code"] == "unknown_token"
    await assert_closed(again, 4401)
    assert await actions(match) == []


async def test_a_banned_players_token_is_refused_even_before_its_revocation_ran(
    socket_time, sockets
):
    """The ban's commit alone already stops the token (the revocation runs after it)."""
    player = await database_sync_to_async(make_user)("deadeye")
    match = await database_sync_to_async(ai_match)(0, marshal=0)
    token = await token_made_by(match, 0, player)
    player.is_active = False
    await database_sync_to_async(player.save)()
    socket = agent_socket()
    sockets.append(socket)
    await socket.connect()
    await send(socket, {"type": "hello", "token": token})
    assert (await receive(socket))["code"] == "unknown_token"
    await assert_closed(socket, 4401)
