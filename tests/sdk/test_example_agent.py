"""sdk/examples/simple_agent.py plays a match to the end and exits 0.

Two ways: against an in-test server that speaks protocol v1 around a real engine game (always
runs), and against the live site (runserver subprocess, the agent WebSocket endpoint, a token
made by game.agents) — the CI check that an agent finishes a real match.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import textwrap
import threading

import pytest
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.engine import Game, GameConfig
from tests.e2e.conftest import ROOT, SERVER_READY, free_port, server_env

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
        with contextlib.suppress(ConnectionClosed):
            await ws.wait_closed()

    async with serve(handler, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            str(EXAMPLE),
            "--url",
            f"ws://127.0.0.1:{port}/ws/agent/",
            "--token",
            TOKEN,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=agent_env(),
        )
        out, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 0, err.decode()
    assert game.result is not None
    assert acts  # the agent decided at least once
    assert "over" in out.decode()


# --- against the live site -------------------------------------------------------------------

#: Runs inside the server's database (manage.py shell): deal the match, make the seat's token.
SETUP = textwrap.dedent(
    """
    import json
    from game import services
    from game.agents.services import create_token
    from game.services import SeatSpec
    seats = [SeatSpec(kind="ai", name="Agent")] + [
        SeatSpec(kind="bot", name=f"Bot {i}") for i in range(2, 5)
    ]
    match = services.start_match(seats=seats, mode="classic", move_time=15, tempo="fast")
    token = create_token(match.seats.get(seat=0))
    print(json.dumps({"match": match.pk, "token": token}))
    """
)
STATUS = "from game.models import Match; print(Match.objects.get(pk={pk}).status)"


def _agents_app_missing() -> bool:
    try:
        import game.agents.services  # noqa: F401
    except ImportError:
        return True
    return False


def manage(env: dict[str, str], *args: str) -> str:
    """Run manage.py against the server's database; its stdout."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


@pytest.mark.skipif(
    _agents_app_missing(),
    reason="game.agents.services (agent tokens, issue 9 part 2) is not there yet",
)
def test_example_agent_finishes_a_match_on_the_live_server_r142(tmp_path):
    """A real server (runserver, embedded stack, SQLite file) with a 4-seat Fast match: the AI
    seat is the example agent with a host-made token, three bots play the rest. The agent
    must exit 0 after the result and the match must be finished in the database."""
    env = server_env(tmp_path / "db.sqlite3")
    manage(env, "migrate", "--noinput")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    log: list[str] = []
    try:
        assert server.stdout is not None
        for line in server.stdout:
            log.append(line)
            if SERVER_READY in line:
                break
        else:
            pytest.fail("runserver exited before listening:\n" + "".join(log))
        # Keep draining the server's output (kept for the failure message).
        threading.Thread(target=lambda: log.extend(server.stdout), daemon=True).start()
        # Dealt once the server runs: its scheduler arms the match's timers when the agent's
        # socket makes the first call (game.tasks.rearm_on_start).
        made = json.loads(manage(env, "shell", "-c", SETUP).strip().splitlines()[-1])
        agent = subprocess.run(
            [
                sys.executable,
                str(EXAMPLE),
                "--url",
                f"ws://127.0.0.1:{port}/ws/agent/",
                "--token",
                made["token"],
            ],
            env=agent_env(),
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert agent.returncode == 0, agent.stdout + agent.stderr + "".join(log[-40:])
        assert "over" in agent.stdout
        assert "decisions played: 0" not in agent.stdout
        status = manage(env, "shell", "-c", STATUS.format(pk=made["match"]))
        assert status.strip().splitlines()[-1] == "finished"
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
