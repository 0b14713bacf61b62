"""The SDK's protocol client against a fake in-test server speaking agent protocol v1.

Each test scripts the server side frame by frame, so the client's handling of welcome, decide,
accepted, errors, unknown types and result is checked exactly as the protocol describes it
(R142: the agent picks one move from the legal list; R120: the server moves on without it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from bangarena_agent import AgentClient, ProtocolError

TOKEN = "bga_" + "t" * 32
SHOT = {"type": "play", "card": "aaaaaaaaaa", "target": 1}
END = {"type": "end_turn"}
WELCOME = {
    "type": "welcome",
    "protocol": 1,
    "match": 7,
    "seat": 0,
    "name": "Tester",
    "label": "AI 1",
    "move_time": 30,
}
RESULT = {
    "type": "result",
    "match": 7,
    "result": {"winners": [0, 2], "team": "law"},
    "won": True,
    "observation": {"seat": 0},
}


def decide(version: int, legal: list[dict]) -> dict:
    return {
        "type": "decide",
        "match": 7,
        "version": version,
        "seat": 0,
        "seconds_left": 29.5,
        "deadline": "2026-11-29T18:30:00+00:00",
        "observation": {"seat": 0, "hand": []},
        "legal_actions": legal,
    }


Script = Callable[[ServerConnection, list], Awaitable[None]]


async def run_against(script: Script, policy) -> tuple[object, list]:
    """Serve ``script`` on a free port and run the client's ``run(policy)``; returns the result
    (or the exception raised) and what the server received, ending with how the socket closed."""
    seen: list = []
    done = asyncio.Event()

    async def handler(ws: ServerConnection) -> None:
        seen.append(json.loads(await ws.recv()))
        with contextlib.suppress(ConnectionClosed):  # the client may hang up first
            await script(ws, seen)
            await ws.wait_closed()
        seen.append(("closed", ws.close_code))
        done.set()

    async with serve(handler, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        client = AgentClient(f"ws://127.0.0.1:{port}/ws/agent/", TOKEN)
        try:
            outcome: object = await asyncio.wait_for(client.run(policy), 10)
        except (ProtocolError, ConnectionError) as error:
            outcome = error
        await asyncio.wait_for(done.wait(), 10)
    return outcome, seen


async def recv_json(ws: ServerConnection, seen: list) -> dict:
    message = json.loads(await ws.recv())
    seen.append(message)
    return message


def prefer_shot(observation: dict, legal: list[dict]) -> dict:
    return next((a for a in legal if a.get("target") is not None), legal[0])


async def test_run_plays_each_decision_and_returns_the_result_r142():
    """hello carries the token; each decide gets one act with its version and a legal action;
    unknown types and pong are ignored; result ends run() with a clean close."""

    async def script(ws, seen):
        await ws.send(json.dumps(WELCOME))
        await ws.send(json.dumps(decide(3, [END, SHOT])))
        act = await recv_json(ws, seen)
        assert act == {"type": "act", "version": 3, "action": SHOT}
        await ws.send(json.dumps({"type": "accepted", "version": 4}))
        await ws.send(json.dumps({"type": "table_gossip", "anything": 1}))  # from a future server
        await ws.send("not json at all")
        await ws.send(json.dumps({"type": "pong"}))
        await ws.send(json.dumps(decide(9, [END])))
        act = await recv_json(ws, seen)
        assert act == {"type": "act", "version": 9, "action": END}
        await ws.send(json.dumps({"type": "accepted", "version": 10}))
        await ws.send(json.dumps(RESULT))

    result, seen = await run_against(script, prefer_shot)
    assert seen[0] == {"type": "hello", "token": TOKEN}
    assert result.won is True
    assert result.result == {"winners": [0, 2], "team": "law"}
    assert seen[-1] == ("closed", 1000)


async def test_stale_and_not_your_turn_errors_wait_for_the_next_decide_r120():
    """The server moved on (timeout): the client neither crashes nor resends, it plays the
    next decision."""

    async def script(ws, seen):
        await ws.send(json.dumps(WELCOME))
        await ws.send(json.dumps(decide(1, [END])))
        await recv_json(ws, seen)
        await ws.send(json.dumps({"type": "error", "code": "stale", "message": "too late"}))
        await ws.send(json.dumps({"type": "error", "code": "not_your_turn", "message": "no"}))
        await ws.send(json.dumps(decide(5, [SHOT])))
        act = await recv_json(ws, seen)
        assert act["version"] == 5
        await ws.send(json.dumps(RESULT))

    result, seen = await run_against(script, prefer_shot)
    assert result.won is True
    acts = [m for m in seen if isinstance(m, dict) and m.get("type") == "act"]
    assert [a["version"] for a in acts] == [1, 5]


async def test_an_illegal_answer_is_replaced_by_the_first_legal_action_once():
    async def script(ws, seen):
        await ws.send(json.dumps(WELCOME))
        await ws.send(json.dumps(decide(2, [END, SHOT])))
        first = await recv_json(ws, seen)
        await ws.send(json.dumps({"type": "error", "code": "illegal", "message": "nope"}))
        retry = await recv_json(ws, seen)
        assert first["action"] == END  # the policy's invalid move never left the client
        assert retry == {"type": "act", "version": 2, "action": END}
        await ws.send(json.dumps(RESULT))

    def broken(observation, legal):
        return {"type": "play", "card": "not-a-card"}

    result, _seen = await run_against(script, broken)
    assert result.won is True


async def test_async_policy_and_late_match_start():
    """welcome with match null (room not started), then match_started, then decide."""

    async def script(ws, seen):
        await ws.send(json.dumps({**WELCOME, "match": None, "seat": None}))
        await ws.send(json.dumps({"type": "match_started", "match": 7, "seat": 0, "move_time": 30}))
        await ws.send(json.dumps(decide(0, [END])))
        await recv_json(ws, seen)
        await ws.send(json.dumps({**RESULT, "won": False}))

    async def policy(observation, legal):
        return legal[0]

    result, _seen = await run_against(script, policy)
    assert result.won is False


async def test_unknown_token_raises_protocol_error():
    async def script(ws, seen):
        await ws.send(json.dumps({"type": "error", "code": "unknown_token", "message": "who?"}))
        await ws.close(4401)

    outcome, _seen = await run_against(script, prefer_shot)
    assert isinstance(outcome, ProtocolError)
    assert outcome.code == "unknown_token"


async def test_revoked_token_mid_match_raises_protocol_error():
    """Revoking closes the socket with 4401: run() stops with unknown_token, not a hang."""

    async def script(ws, seen):
        await ws.send(json.dumps(WELCOME))
        await ws.close(4401, "revoked")

    outcome, _seen = await run_against(script, prefer_shot)
    assert isinstance(outcome, ProtocolError)
    assert outcome.code == "unknown_token"


async def test_server_closing_before_the_result_is_an_error():
    async def script(ws, seen):
        await ws.send(json.dumps(WELCOME))
        await ws.close(1011)

    outcome, _seen = await run_against(script, prefer_shot)
    assert isinstance(outcome, ConnectionError)


async def test_ping_gets_pong_and_keeps_playing():
    async def script(ws, seen):
        await ws.send(json.dumps(WELCOME))
        ping = await recv_json(ws, seen)
        assert ping == {"type": "ping"}
        await ws.send(json.dumps({"type": "pong"}))
        await ws.send(json.dumps(RESULT))

    async with serve(_handler_for(script), "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        async with AgentClient(f"ws://127.0.0.1:{port}/ws/agent/", TOKEN) as client:
            assert client.welcome is not None
            assert client.welcome.label == "AI 1"
            await client.ping()
            decisions = [d async for d in client.decisions()]
            assert decisions == []
            assert client.result is not None


def _handler_for(script: Script):
    async def handler(ws: ServerConnection) -> None:
        await ws.recv()
        with contextlib.suppress(ConnectionClosed):  # the client may hang up first
            await script(ws, [])
            await ws.wait_closed()

    return handler


async def test_a_close_4401_instead_of_welcome_is_unknown_token():
    async def script(ws, seen):
        await ws.close(4401)

    outcome, _seen = await run_against(script, prefer_shot)
    assert isinstance(outcome, ProtocolError)
    assert outcome.code == "unknown_token"


@pytest.mark.parametrize(("close", "code"), [(4429, "rate_limited"), (4400, "bad_message")])
async def test_abuse_and_no_hello_closes_are_protocol_errors(close, code):
    async def script(ws, seen):
        await ws.close(close)

    outcome, _seen = await run_against(script, prefer_shot)
    assert isinstance(outcome, ProtocolError)
    assert outcome.code == code
