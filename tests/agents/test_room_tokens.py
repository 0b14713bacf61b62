"""A room-bound token follows its room: no match before Start (``no_match``), then
``match_started`` and the seat's decisions in each match the room plays (R142, Q61)."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async

from game.models import Match
from lobby import services as lobby
from lobby.identity import Person
from lobby.services import RoomSettings
from tests.agents.conftest import connect_agent, receive
from tests.game.conftest import SocketTime

pytestmark = pytest.mark.django_db(transaction=True)

HOST = Person(None, "host-session-key")


def room_with_agent() -> tuple[int, str]:
    room = lobby.create_room(HOST, "Host", RoomSettings(4, "classic", 15, "fast"))
    token = lobby.seat_agent(room.pk, HOST, 1, "Deadeye")
    lobby.fill_with_bots(room.pk, HOST)
    return room.pk, token


async def test_room_token_waits_for_the_match_then_plays_its_seat(
    socket_time: SocketTime, sockets: list
):
    room_id, token = await database_sync_to_async(room_with_agent)()
    socket, welcome = await connect_agent(token, sockets)
    assert welcome == {
        "type": "welcome",
        "protocol": 1,
        "match": None,
        "seat": None,
        "name": "Deadeye",
        "label": "AI 1",
        "move_time": 15,
    }
    await socket.send_to(text_data=json.dumps({"type": "act", "version": 0, "action": {}}))
    assert (await receive(socket))["code"] == "no_match"

    match = await database_sync_to_async(lobby.start)(room_id, HOST)

    started = await receive(socket)
    assert started == {"type": "match_started", "match": match.pk, "seat": 1, "move_time": 15}
    while (
        current := await database_sync_to_async(Match.objects.get)(pk=match.pk)
    ).awaited_seat != 1:
        await socket_time.run_next_timer()
    decide = await receive(socket)
    assert (decide["type"], decide["match"], decide["seat"]) == ("decide", match.pk, 1)
    assert decide["version"] == current.version
    seat = await database_sync_to_async(current.seats.get)(seat=1)
    assert (seat.kind, seat.label) == ("ai", "AI 1")


async def test_a_room_token_connecting_during_the_match_gets_welcome_with_its_seat(
    socket_time: SocketTime, sockets: list
):
    room_id, token = await database_sync_to_async(room_with_agent)()
    match = await database_sync_to_async(lobby.start)(room_id, HOST)
    _, welcome = await connect_agent(token, sockets)
    assert (welcome["match"], welcome["seat"], welcome["label"]) == (match.pk, 1, "AI 1")


async def test_a_room_token_plays_to_the_result_and_follows_play_again_q61(
    socket_time: SocketTime, sockets: list, throttle_clock
):
    """One socket, two matches: the agent answers every decision of the first match, gets
    the result, and when the host plays again it is told the new match and plays on."""
    room_id, token = await database_sync_to_async(room_with_agent)()
    socket, _ = await connect_agent(token, sockets)
    first = await database_sync_to_async(lobby.start)(room_id, HOST)
    assert (await receive(socket))["type"] == "match_started"

    load = database_sync_to_async(Match.objects.get)
    while (current := await load(pk=first.pk)).is_running:
        if current.awaited_seat == 1:
            throttle_clock.now += 1
            decide = await receive(socket)
            action = decide["legal_actions"][0]
            act = {"type": "act", "version": decide["version"], "action": action}
            await socket.send_to(text_data=json.dumps(act))
            assert (await receive(socket))["type"] == "accepted"
        else:
            await socket_time.run_next_timer()
    result = await receive(socket)
    assert (result["type"], result["match"]) == ("result", first.pk)

    second = await database_sync_to_async(lobby.start)(room_id, HOST)  # Play again

    started = await receive(socket)
    assert (started["type"], started["match"], started["seat"]) == ("match_started", second.pk, 1)
    while (current := await load(pk=second.pk)).awaited_seat != 1:
        await socket_time.run_next_timer()
    decide = await receive(socket)
    assert (decide["match"], decide["version"]) == (second.pk, current.version)
