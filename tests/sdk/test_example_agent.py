"""sdk/examples/simple_agent.py plays a match to the end, stays for the next, and exits 0.

Here against an in-test server that speaks protocol v1 around a real engine game; the run
against the live site (a runserver subprocess, the agent WebSocket endpoint, a token made by
machines.agents) is a browser-free end-to-end test in tests/e2e/test_example_agent.py, so it runs
once per CI run with the other slow end-to-end checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sys

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from bangarena_engine import Game, GameConfig
from tests.e2e.conftest import ROOT

EXAMPLE = ROOT / "sdk" / "examples" / "simple_agent.py"
TOKEN = "bga_" + "e" * 32
AGENT_SEAT = 1


def agent_env(base: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ if base is None else base)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "sdk"), env.get("PYTHONPATH")]))
    return env


def test_simple_policy_attacks_when_it_can_r48():
    sys.path.insert(0, str(EXAMPLE.parent))
    try:
        from simple_agent import simple_policy
    finally:
        sys.path.remove(str(EXAMPLE.parent))
    for seed in range(30):
        game = Game.new(GameConfig(seats=4, seed=seed))
        [seat] = game.awaiting()
        view, legal = game.view(seat), game.legal_actions(seat)
        chosen = simple_policy(view, legal)
        assert chosen in legal
        kinds = {c["id"]: c["kind"] for c in view["hand"]}
        attacks = [
            a for a in legal if "target" in a and kinds.get(a.get("card")) in ("shot", "duel")
        ]
        if attacks:
            assert chosen in attacks
        else:
            assert chosen == legal[0]


async def test_example_agent_finishes_an_engine_match_over_the_protocol_r142():
    """A protocol-v1 server around a seeded engine game (the other seats move at random): the
    example agent gets decide frames for its seat, acts, and exits 0 after the result."""
    game = Game.new(GameConfig(seats=4, seed=99))
    others = random.Random(99)
    acts: list[dict] = []

    async def handler(ws: ServerConnection) -> None:
        hello = json.loads(await ws.recv())
        assert hello == {"type": "hello", "token": TOKEN}
        await ws.send(
            json.dumps(
                {
                    "type": "welcome",
                    "protocol": 1,
                    "match": 1,
                    "seat": AGENT_SEAT,
                    "name": "Example",
                    "label": "AI 2",
                    "move_time": 15,
                }
            )
        )
        version = 0
        while game.result is None:
            [seat] = game.awaiting()
            legal = game.legal_actions(seat)
            if seat != AGENT_SEAT:
                game.apply(seat, others.choice(legal))
                version += 1
                continue
            frame = {
                "type": "decide",
                "match": 1,
                "version": version,
                "seat": seat,
                "seconds_left": 15.0,
                "deadline": "2026-11-29T18:30:00+00:00",
                "observation": game.view(seat),
                "legal_actions": legal,
            }
            await ws.send(json.dumps(frame))
            act = json.loads(await ws.recv())
            while act["type"] == "ping":  # the program's heartbeat (Q48)
                act = json.loads(await ws.recv())
            assert act["type"] == "act"
            assert act["version"] == version
            game.apply(seat, act["action"])  # IllegalAction would fail the test
            acts.append(act["action"])
            version += 1
            await ws.send(json.dumps({"type": "accepted", "version": version}))
        await ws.send(
            json.dumps(
                {
                    "type": "result",
                    "match": 1,
                    "result": game.result,
                    "won": AGENT_SEAT in game.result["winners"],
                    "observation": game.view(AGENT_SEAT),
                }
            )
        )
        # The table is closed after the result: the agent, staying for a next match by
        # default, is done and exits 0.
        await ws.close()

    returncode, out, err = await _run_example(handler)
    assert returncode == 0, err
    assert game.result is not None
    assert acts  # the agent decided at least once
    assert "over" in out


async def _play_one(ws: ServerConnection, match_id: int, seed: int) -> int:
    """Serve one engine match to the agent's seat; returns how many times it acted."""
    game = Game.new(GameConfig(seats=4, seed=seed))
    others = random.Random(seed)
    acted = version = 0
    while game.result is None:
        [seat] = game.awaiting()
        legal = game.legal_actions(seat)
        if seat != AGENT_SEAT:
            game.apply(seat, others.choice(legal))
            version += 1
            continue
        frame = {
            "type": "decide",
            "match": match_id,
            "version": version,
            "seat": seat,
            "seconds_left": 15.0,
            "deadline": "2026-11-29T18:30:00+00:00",
            "observation": game.view(seat),
            "legal_actions": legal,
        }
        await ws.send(json.dumps(frame))
        act = json.loads(await ws.recv())
        while act["type"] == "ping":
            act = json.loads(await ws.recv())
        game.apply(seat, act["action"])
        acted += 1
        version += 1
        await ws.send(json.dumps({"type": "accepted", "version": version}))
    result = {
        "type": "result",
        "match": match_id,
        "result": game.result,
        "won": AGENT_SEAT in game.result["winners"],
        "observation": game.view(AGENT_SEAT),
    }
    await ws.send(json.dumps(result))
    return acted


async def _run_example(handler, *flags: str) -> tuple[int, str, str]:  # noqa: ANN001
    async with serve(handler, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            str(EXAMPLE),
            "--url",
            f"ws://127.0.0.1:{port}/ws/agent/",
            "--token",
            TOKEN,
            *flags,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=agent_env(),
        )
        out, err = await asyncio.wait_for(process.communicate(), 60)
    return process.returncode, out.decode(), err.decode()


WELCOME = {
    "type": "welcome",
    "protocol": 1,
    "match": 1,
    "seat": AGENT_SEAT,
    "name": "Example",
    "label": "AI 2",
    "move_time": 15,
}


async def test_example_agent_stays_for_the_next_match_by_default_q61():
    """Issue 17: after Play again the agent's seat is not left unattended: the example
    agent plays the room's next match on the same socket, and exits 0 once the server
    closes the table."""
    acted: list[int] = []

    async def handler(ws: ServerConnection) -> None:
        await ws.recv()  # hello
        await ws.send(json.dumps(WELCOME))
        acted.append(await _play_one(ws, 1, 99))
        await ws.send(json.dumps({"type": "match_started", "match": 2, "seat": AGENT_SEAT}))
        acted.append(await _play_one(ws, 2, 7))
        await ws.close()

    code, out, err = await _run_example(handler)
    assert code == 0, err
    assert len(acted) == 2
    assert all(acted), "the agent decided in both matches"
    assert "match 2 over" in out


async def test_example_agent_with_once_leaves_after_the_first_result():
    async def handler(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(json.dumps(WELCOME))
        await _play_one(ws, 1, 99)
        with contextlib.suppress(ConnectionClosed):
            await ws.wait_closed()  # the table stays open: only --once makes the agent go

    code, out, err = await _run_example(handler, "--once")
    assert code == 0, err
    assert "match 1 over" in out
