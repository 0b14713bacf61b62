"""A closed socket's memory is freed promptly in the web process (bangarena_site.live.memory).

The soak of issue 19 found daphne growing about 1 MB a minute: every WebSocket that closed
left a reference cycle holding its deflate state, and CPython only frees a long-lived cycle in
a full collection, which a process holding Django's 150 000 start-up objects rarely runs. Each
check runs in a fresh interpreter that loads the real ASGI application, so the collector's
counters are those of a web process, not of this test run.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bangarena_site.live import memory

ROOT = Path(__file__).resolve().parents[2]

# A stand-in for a closed socket: a cycle (as autobahn's protocol and its is_closed Deferred
# are) holding a zlib compressor, kept alive long enough to reach the oldest generation, then
# dropped. Then the process goes on working: short-lived cyclic garbage, as asyncio's futures,
# tasks and tracebacks are, which is what makes the collector run at all; and we look whether
# the cycle is gone without anybody calling gc.collect().
SCRIPT = """
import gc, sys, weakref, zlib
import django
django.setup()
if sys.argv[1] == "unfrozen":  # the same process without the fix, past a full collection
    import bangarena_site.live.memory
    bangarena_site.live.memory.free_closed_sockets_promptly = gc.collect
import bangarena_site.asgi  # noqa: F401  (the web process's entry point)

class ClosedSocket:
    def __init__(self):
        self.me = self
        self.deflate = zlib.compressobj(9, zlib.DEFLATED, -15)

socket = ClosedSocket()
gone = weakref.ref(socket)
gc.collect(1)  # it survived the young generations, as a socket open for minutes does
del socket
for _ in range(400_000):
    frame = []
    frame.append(frame)
print("freed" if gone() is None else "kept")
"""


def run(variant: str) -> str:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bangarena_site.settings"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, variant],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout.strip().splitlines()[-1]


def test_a_closed_sockets_cycle_is_freed_while_the_web_process_works():
    assert run("asgi") == "freed"


def test_without_the_freeze_the_web_process_keeps_the_cycle():
    """The check above can fail: the same application, nothing frozen, keeps the cycle."""
    assert run("unfrozen") == "kept"


def test_the_collector_runs_a_full_collection_at_every_tick(monkeypatch):
    """The web process's collector thread: one full collection per interval, until stopped."""
    collections: list[int] = []
    monkeypatch.setattr(memory.gc, "collect", lambda: collections.append(1))
    ticks = iter([False, False, False, True])  # three intervals pass, then the process stops
    waited: list[float] = []

    def wait(seconds: float) -> bool:
        waited.append(seconds)
        return next(ticks)

    memory.collect_periodically(30.0, wait)
    assert len(collections) == 3
    assert waited == [30.0] * 4
