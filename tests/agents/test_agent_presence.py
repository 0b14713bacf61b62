"""An agent seat's presence (Q48) and autopilot (R121): the program's socket is its screen.

A seat whose program is not connected counts as away (min(8 s, move time) per decision);
when it keeps timing out the bot covers, and the program that comes back takes it again.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async

from game import presence, services, tasks
from game.models import MatchSeat, TableSignal
from tests.agents.conftest import ai_match, connect_agent, fresh, make_match_token, receive

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def seat_zero(match) -> MatchSeat:  # noqa: ANN001
    return MatchSeat.objects.get(match=match, seat=0)


async def test_q48_an_agent_seat_without_its_program_is_away_with_8_s_per_decision(
    socket_time, sockets
):
    """R119 for a program: no socket, no beats, so each decision of the seat gets
    min(8 s, move time), and its timeout finishes the seat's whole turn."""
    match = await database_sync_to_async(ai_match)(marshal=1)
    await make_match_token(match, 0)
    while (current := await fresh(match)).awaited_seat != 0:
        await socket_time.run_next_timer()
    assert (current.deadline - current.awaited_since).total_seconds() == 8
    assert (await seat_zero(match)).connected is False


async def test_r121_the_bot_covers_a_silent_agent_and_the_program_takes_its_seat_back(
    socket_time, sockets
):
    match = await database_sync_to_async(ai_match)()
    token = await make_match_token(match, 0)
    while not (await seat_zero(match)).autopilot:
        assert (await fresh(match)).is_running
        await socket_time.run_next_timer()
    notices = await database_sync_to_async(
        lambda: list(TableSignal.objects.filter(match=match).values_list("value", flat=True))
    )()
    assert notices == ["autopilot"]

    socket, welcome = await connect_agent(token, sockets)

    player = await seat_zero(match)
    assert player.connected
    assert not player.autopilot, "the program is back: its seat is its own again"
    notices = await database_sync_to_async(
        lambda: list(TableSignal.objects.filter(match=match).values_list("value", flat=True))
    )()
    assert notices == ["autopilot", "back"]
    # Silent again for a window (no ping, no act): away, the sweep says so.
    await socket_time.advance(presence.PRESENCE_WINDOW.total_seconds() + 1)
    await database_sync_to_async(tasks.watch_presence)()
    assert not (await seat_zero(match)).connected
    await socket.send_to(text_data=json.dumps({"type": "ping"}))
    assert (await receive(socket))["type"] == "pong"
    assert (await seat_zero(match)).connected, "a ping is a heartbeat"


async def test_an_agent_seat_can_be_handed_to_the_bot_and_back(socket_time, sockets):
    """The host's Hand to bot works on an agent seat (it was refused as 'at the table')."""
    match = await database_sync_to_async(ai_match)(marshal=1)
    await make_match_token(match, 0)
    await database_sync_to_async(services.hand_to_bot)(match.pk, 0)
    assert (await seat_zero(match)).autopilot
    await database_sync_to_async(services.return_to_player)(match.pk, 0)
    player = await seat_zero(match)
    assert not player.autopilot
    current = await fresh(match)
    assert current.deadline is not None
    assert current.deadline - socket_time.now() <= timedelta(seconds=15)
