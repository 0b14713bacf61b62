"""Agent protocol v1 over the real /ws/agent/ socket (docs/agent-protocol.md), R142/R143.

Every message type and every error code; an error never changes the match. Observations are
exactly the seat's ``Game.view`` and carry nothing hidden and no table signals (R128).
"""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from bangarena_site.asgi import router
from game import table_signals
from game.models import Match, MatchAction
from game.services import SeatSpec
from machines.agents import consumer as agent_consumer
from machines.agents.models import AgentToken
from machines.agents.throttle import FRAMES_PER_SECOND, UNKNOWN_HELLOS_PER_MINUTE
from tests.agents.conftest import (
    agent_socket,
    ai_match,
    connect_agent,
    fresh,
    make_match_token,
    receive,
)
from tests.game.conftest import SocketTime, bot_seats, seed_with_marshal_at, start
from tests.game.test_consumers import hidden_card_ids_by_version
from tests.live.conftest import GOOD_ORIGIN

pytestmark = pytest.mark.django_db(transaction=True)


async def actions(match: Match) -> list[tuple[int, dict, str]]:
    return await database_sync_to_async(
        lambda: list(MatchAction.objects.filter(match=match).values_list("seat", "action", "cause"))
    )()


async def send(socket, frame) -> None:  # noqa: ANN001
    await socket.send_to(text_data=frame if isinstance(frame, str) else json.dumps(frame))


async def assert_closed(socket, code: int) -> None:  # noqa: ANN001
    output = await socket.receive_output(timeout=5)
    assert output == {"type": "websocket.close", "code": code}


# --- hello, welcome, decide ---------------------------------------------------------------------


async def test_hello_gets_welcome_and_the_pending_decision_from_the_seats_own_view_r142(
    socket_time: SocketTime, sockets: list
):
    match = await database_sync_to_async(ai_match)(0, marshal=0)
    token = await make_match_token(match, 0)

    socket, welcome = await connect_agent(token, sockets)

    assert welcome == {
        "type": "welcome",
        "protocol": 1,
        "match": match.pk,
        "seat": 0,
        "name": "Deadeye",
        "label": "AI 1",
        "move_time": 15,
    }
    decide = await receive(socket)
    game = (await fresh(match)).game()
    assert decide["type"] == "decide"
    assert (decide["match"], decide["version"], decide["seat"]) == (match.pk, 0, 0)
    assert decide["observation"] == json.loads(json.dumps(game.view(0)))
    assert decide["legal_actions"] == game.legal_actions(0)
    assert decide["seconds_left"] == 15.0
    assert decide["deadline"] == match.deadline.isoformat()
    assert await socket.receive_nothing()
    token_row = await database_sync_to_async(AgentToken.objects.get)()
    assert token_row.last_used_at is not None


async def test_act_is_accepted_and_recorded_with_the_ai_cause_r142(
    socket_time: SocketTime, sockets: list
):
    match = await database_sync_to_async(ai_match)(0, marshal=0)
    socket, _ = await connect_agent(await make_match_token(match, 0), sockets)
    decide = await receive(socket)
    action = decide["legal_actions"][-1]

    await send(socket, {"type": "act", "version": 0, "action": action})

    assert await receive(socket) == {"type": "accepted", "version": 1}
    assert await actions(match) == [(0, action, "ai")]


async def test_decide_on_each_new_decision_only_to_that_seats_token_r142(
    socket_time: SocketTime, sockets: list
):
    """Two agent seats: the Marshal's agent gets its decide, the other agent nothing until
    its own seat must decide."""
    specs = [SeatSpec(kind="ai", name="A"), SeatSpec(kind="ai", name="B"), *bot_seats(2)]
    match = await database_sync_to_async(start)(
        specs, seed=seed_with_marshal_at(0, seats=4), move_time=15
    )
    first, _ = await connect_agent(await make_match_token(match, 0, "First"), sockets)
    second, _ = await connect_agent(await make_match_token(match, 1, "Second"), sockets)
    decide = await receive(first)
    assert decide["seat"] == 0
    assert await second.receive_nothing()

    # Seat 0 plays on (first legal action) until seat 1 is awaited; each new decision of
    # seat 0 is sent to seat 0's socket only, with the new version.
    versions = [decide["version"]]
    while True:
        await send(
            first,
            {"type": "act", "version": decide["version"], "action": decide["legal_actions"][0]},
        )
        accepted = await receive(first)
        assert accepted["type"] == "accepted"
        current = await fresh(match)
        if current.awaited_seat != 0:
            break
        decide = await receive(first)
        assert decide["version"] == accepted["version"] == current.version
        versions.append(decide["version"])
    while (current := await fresh(match)).awaited_seat not in (1, 0):
        await socket_time.run_next_timer()
    if current.awaited_seat == 1:
        other = await receive(second)
        assert (other["type"], other["seat"], other["version"]) == ("decide", 1, current.version)
    assert versions == sorted(set(versions))


async def test_observation_hides_other_hands_and_carries_no_signals_r128(
    socket_time: SocketTime, sockets: list
):
    """The decide frames hold no card id of another player's hand at any version, and a
    reaction sent at the table reaches no agent (R128)."""
    specs = [
        SeatSpec(kind="ai", name="Agent"),
        SeatSpec(kind="human", name="Kid", guest_key="kid-key"),
        *bot_seats(2),
    ]
    match = await database_sync_to_async(start)(
        specs, seed=seed_with_marshal_at(0, seats=4), move_time=15
    )
    socket, _ = await connect_agent(await make_match_token(match, 0), sockets)
    frames = [await receive(socket)]
    await database_sync_to_async(table_signals.send_signal)(match.pk, 1, "reaction", "nice")
    assert await socket.receive_nothing()
    for _ in range(4):
        decide = frames[-1]
        await send(
            socket,
            {"type": "act", "version": decide["version"], "action": decide["legal_actions"][0]},
        )
        assert (await receive(socket))["type"] == "accepted"
        if (await fresh(match)).awaited_seat != 0:
            break
        frames.append(await receive(socket))

    hidden = await database_sync_to_async(hidden_card_ids_by_version)(await fresh(match), 0)
    for frame in frames:
        text = json.dumps(frame)
        assert [card for card in hidden[frame["version"]] if card in text] == []
        assert set(frame["observation"]) == set((await fresh(match)).game().view(0))
        assert "signal" not in text
        assert "nice" not in text
        others = [p for p in frame["observation"]["players"] if p["seat"] != 0]
        assert all("hand" not in p for p in others)


# --- errors (each changes nothing) ---------------------------------------------------------------


async def test_unknown_token_is_refused_and_closed_4401(socket_time: SocketTime, sockets: list):
    socket = agent_socket()
    sockets.append(socket)
    assert (await socket.connect())[0]
    await send(socket, {"type": "hello", "token": "bga_" + "x" * 32})
    error = await receive(socket)
    assert (error["type"], error["code"]) == ("error", "unknown_token")
    assert error["message"]
    await assert_closed(socket, 4401)


async def test_revoked_token_closes_open_sockets_and_is_unknown_after(
    socket_time: SocketTime, sockets: list
):
    from machines.agents.services import revoke

    match = await database_sync_to_async(ai_match)(1, marshal=0)
    token = await make_match_token(match, 1)
    socket, _ = await connect_agent(token, sockets)
    row = await database_sync_to_async(AgentToken.objects.get)()

    await database_sync_to_async(revoke)(row.pk)

    assert (await receive(socket))["code"] == "unknown_token"
    await assert_closed(socket, 4401)
    again = agent_socket()
    sockets.append(again)
    await again.connect()
    await send(again, {"type": "hello", "token": token})
    assert (await receive(again))["code"] == "unknown_token"
    await assert_closed(again, 4401)


@pytest.mark.parametrize(
    "frame",
    [
        "not json",
        "[1, 2]",
        {"type": "dance"},
        {"type": "act", "action": {"type": "end_turn"}},
        {"type": "act", "version": "0", "action": {"type": "end_turn"}},
        {"type": "act", "version": True, "action": {"type": "end_turn"}},
        {"type": "act", "version": 0, "action": "end_turn"},
        {"type": "hello", "token": "bga_again"},
    ],
)
async def test_bad_message_changes_nothing(socket_time: SocketTime, sockets: list, frame):
    match = await database_sync_to_async(ai_match)(0, marshal=0)
    socket, _ = await connect_agent(await make_match_token(match, 0), sockets)
    await receive(socket)  # decide

    await send(socket, frame)

    assert (await receive(socket))["code"] == "bad_message"
    assert await actions(match) == []
    await send(socket, {"type": "ping"})
    assert await receive(socket) == {"type": "pong"}  # the socket stays usable


async def test_first_frame_that_is_not_hello_is_refused(socket_time: SocketTime, sockets: list):
    socket = agent_socket()
    sockets.append(socket)
    await socket.connect()
    await send(socket, {"type": "ping"})
    assert (await receive(socket))["code"] == "bad_message"
    await assert_closed(socket, 4400)


async def test_no_hello_in_time_closes_the_socket(
    socket_time: SocketTime, sockets: list, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(agent_consumer, "HELLO_SECONDS", 0)
    socket = agent_socket()
    sockets.append(socket)
    await socket.connect()
    await assert_closed(socket, 4400)


async def test_stale_and_illegal_change_nothing(socket_time: SocketTime, sockets: list):
    match = await database_sync_to_async(ai_match)(0, marshal=0)
    socket, _ = await connect_agent(await make_match_token(match, 0), sockets)
    decide = await receive(socket)

    await send(socket, {"type": "act", "version": 7, "action": decide["legal_actions"][0]})
    assert (await receive(socket))["code"] == "stale"
    await send(socket, {"type": "act", "version": 0, "action": {"type": "play", "card": "nope"}})
    assert (await receive(socket))["code"] == "illegal"

    assert await actions(match) == []
    assert (await fresh(match)).version == 0


async def test_not_your_turn_changes_nothing(socket_time: SocketTime, sockets: list):
    match = await database_sync_to_async(ai_match)(1, marshal=0)  # a bot decides first
    socket, welcome = await connect_agent(await make_match_token(match, 1), sockets)
    assert welcome["seat"] == 1
    assert await socket.receive_nothing()  # no decide: not this seat's decision

    await send(socket, {"type": "act", "version": 0, "action": {"type": "end_turn"}})

    assert (await receive(socket))["code"] == "not_your_turn"
    assert await actions(match) == []


async def test_rate_limit_is_per_token_shared_by_two_sockets(
    socket_time: SocketTime, sockets: list, throttle_clock
):
    match = await database_sync_to_async(ai_match)(1, marshal=0)
    token = await make_match_token(match, 1)
    first, _ = await connect_agent(token, sockets)
    second, _ = await connect_agent(token, sockets)

    for index in range(FRAMES_PER_SECOND):
        socket = first if index % 2 else second
        await send(socket, {"type": "ping"})
        assert await receive(socket) == {"type": "pong"}
    await send(first, {"type": "ping"})
    assert (await receive(first))["code"] == "rate_limited"
    await send(second, {"type": "act", "version": 0, "action": {"type": "end_turn"}})
    assert (await receive(second))["code"] == "rate_limited"

    throttle_clock.now += 1.5  # the next second: frames are counted again
    await send(second, {"type": "ping"})
    assert await receive(second) == {"type": "pong"}
    assert await actions(match) == []


async def test_sustained_flood_closes_4429(
    socket_time: SocketTime, sockets: list, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(agent_consumer, "MAX_DROPPED", 2)
    match = await database_sync_to_async(ai_match)(1, marshal=0)
    socket, _ = await connect_agent(await make_match_token(match, 1), sockets)
    for _ in range(FRAMES_PER_SECOND):
        await send(socket, {"type": "ping"})
        await receive(socket)
    for _ in range(2):
        await send(socket, {"type": "ping"})
        assert (await receive(socket))["code"] == "rate_limited"
    await send(socket, {"type": "ping"})
    await assert_closed(socket, 4429)


async def test_unknown_token_hellos_are_limited_per_address(socket_time: SocketTime, sockets: list):
    for _ in range(UNKNOWN_HELLOS_PER_MINUTE):
        socket = agent_socket(address="198.51.100.9")
        sockets.append(socket)
        await socket.connect()
        await send(socket, {"type": "hello", "token": "bga_guess"})
        assert (await receive(socket))["code"] == "unknown_token"
        await assert_closed(socket, 4401)
    blocked = agent_socket(address="198.51.100.9")
    sockets.append(blocked)
    await blocked.connect()
    await send(blocked, {"type": "hello", "token": "bga_guess"})
    assert (await receive(blocked))["code"] == "rate_limited"
    await assert_closed(blocked, 4429)
    # Another address is not affected.
    other = agent_socket(address="198.51.100.10")
    sockets.append(other)
    await other.connect()
    await send(other, {"type": "hello", "token": "bga_guess"})
    assert (await receive(other))["code"] == "unknown_token"


# --- origin ------------------------------------------------------------------------------------


async def test_no_origin_is_accepted_and_a_foreign_origin_is_refused(
    socket_time: SocketTime, sockets: list
):
    without = agent_socket()
    sockets.append(without)
    assert (await without.connect())[0]
    own = agent_socket(origin=GOOD_ORIGIN)
    sockets.append(own)
    assert (await own.connect())[0]
    foreign = agent_socket(origin=b"https://evil.example")
    connected, _ = await foreign.connect()
    assert not connected
    # The agents' branch loosens nothing else: a table socket without Origin is refused.
    table = WebsocketCommunicator(router, "/ws/match/1/")
    connected, _ = await table.connect()
    assert not connected


async def test_last_used_is_written_at_hello_not_on_every_frame(
    socket_time: SocketTime, sockets: list
):
    match = await database_sync_to_async(ai_match)(0, marshal=0)
    socket, _ = await connect_agent(await make_match_token(match, 0), sockets)
    decide = await receive(socket)
    first = (await database_sync_to_async(AgentToken.objects.get)()).last_used_at
    assert first is not None
    action = decide["legal_actions"][0]
    await send(socket, {"type": "act", "version": 0, "action": action})
    assert (await receive(socket))["type"] == "accepted"
    assert (await database_sync_to_async(AgentToken.objects.get)()).last_used_at == first


# --- timeout and the end ------------------------------------------------------------------------


async def test_a_silent_agent_gets_the_automatic_move_and_the_next_decide_r120(
    socket_time: SocketTime, sockets: list
):
    match = await database_sync_to_async(ai_match)(0, marshal=0)
    socket, _ = await connect_agent(await make_match_token(match, 0), sockets)
    first = await receive(socket)
    expected = (await fresh(match)).game().default_action(0)

    await socket_time.run_next_timer()  # the move time runs out

    moves = await actions(match)
    assert moves[0] == (0, expected, "timeout")
    while (current := await fresh(match)).awaited_seat != 0:
        await socket_time.run_next_timer()
    nxt = await receive(socket)
    assert nxt["type"] == "decide"
    assert nxt["version"] == current.version > first["version"]
    await send(
        socket, {"type": "act", "version": first["version"], "action": first["legal_actions"][0]}
    )
    assert (await receive(socket))["code"] == "stale"


async def test_an_agent_plays_a_whole_match_and_gets_the_result_then_finished_r142(
    socket_time: SocketTime, sockets: list, throttle_clock
):
    match = await database_sync_to_async(ai_match)(0, marshal=0)
    socket, _ = await connect_agent(await make_match_token(match, 0), sockets)
    while (current := await fresh(match)).is_running:
        if current.awaited_seat == 0:
            throttle_clock.now += 1  # an agent that takes its time stays within the limits
            decide = await receive(socket)
            assert decide["version"] == current.version
            await send(
                socket,
                {"type": "act", "version": decide["version"], "action": decide["legal_actions"][0]},
            )
            assert (await receive(socket))["type"] == "accepted"
        else:
            await socket_time.run_next_timer()

    result = await receive(socket)
    finished = await fresh(match)
    assert result["type"] == "result"
    assert result["result"] == finished.result
    assert result["won"] == (0 in finished.result["winners"])
    assert result["observation"] == json.loads(json.dumps(finished.game().view(0)))
    causes = {cause for seat, _, cause in await actions(match) if seat == 0}
    assert causes == {"ai"}

    await send(socket, {"type": "act", "version": finished.version, "action": {"type": "pass"}})
    assert (await receive(socket))["code"] == "finished"
    # A late connection learns the result at once.
    late, _ = await connect_agent(await make_match_token(match, 0, "Late"), sockets)
    assert (await receive(late))["type"] == "result"
