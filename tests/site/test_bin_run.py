"""Issue 20: ``bin/run`` keeps the README's promise that a port or address may be given
(``bin/run 8100``) and that the other arguments go to runserver. It used to pass them after
its own fixed address, and runserver stopped with "unrecognized arguments"."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
import urllib.request
from pathlib import Path

import pytest

from tests.e2e.conftest import ROOT, free_port, server_env

READY = "Listening on TCP address"
START_TIMEOUT = 240  # bin/run installs the project (a no-op when up to date) and migrates


def _start(args: list[str], database: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [str(ROOT / "bin" / "run"), *args],
        cwd=ROOT,
        env=server_env(database),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # runserver's own children go down with the group
    )


def _stop(server: subprocess.Popen[str]) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def _wait_until_listening(server: subprocess.Popen[str]) -> str:
    """bin/run's output up to the line that says the server listens (a reader thread keeps
    the pipe drained, so a silent or stuck start fails after START_TIMEOUT instead of hanging)."""
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert server.stdout is not None
        for line in server.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    seen: list[str] = []
    while True:
        try:
            line = lines.get(timeout=START_TIMEOUT)
        except queue.Empty:
            pytest.fail("bin/run did not start listening:\n" + "".join(seen))
        if line is None:
            pytest.fail("bin/run exited before listening:\n" + "".join(seen))
        seen.append(line)
        if READY in line:
            return "".join(seen)


def test_bin_run_serves_on_the_port_it_is_given(tmp_path: Path) -> None:
    port = free_port()
    server = _start([str(port), "--noreload"], tmp_path / "db.sqlite3")
    try:
        output = _wait_until_listening(server)
        assert f"http://127.0.0.1:{port}" in output
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as response:
            assert response.status == 200
            assert b"BangArena" in response.read()
    finally:
        _stop(server)
