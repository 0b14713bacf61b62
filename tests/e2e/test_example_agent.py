"""The example agent (sdk/examples/simple_agent.py) finishes a real match on the live site.

A runserver subprocess on the embedded stack, a 4-seat Fast match whose AI seat is the agent
with a host-made token, three bots for the rest (R142, issue 9). It needs no browser but is
slow (a server start), so it runs with the end-to-end tests.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading

import pytest

from tests.e2e.conftest import ROOT, SERVER_READY, SERVER_STOP_TIMEOUT, free_port, server_env
from tests.sdk.test_example_agent import EXAMPLE, agent_env

pytestmark = pytest.mark.e2e


# --- against the live site -------------------------------------------------------------------

#: Runs inside the server's database (manage.py shell): deal the match, make the seat's token.
SETUP = textwrap.dedent(
    """
    import json
    from game import services
    from machines.agents.services import create_token
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
                # A match token has no next match: leave after this one (by default the
                # example stays for the room's next match, issue 17).
                "--once",
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
            server.wait(timeout=SERVER_STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            server.kill()
