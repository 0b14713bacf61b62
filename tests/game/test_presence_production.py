"""Presence in the production stack (issue 17, Q48): real daphne web processes, one Redis.

- Two web processes share one truth: a player on one process sees, over the Redis channel
  layer, the presence of a player on the other.
- A web process killed without a word (no disconnect handler runs) leaves no ghost: its
  screens stop beating and the seat is away one window later, with nothing reset; the page
  that reconnects to the restarted process makes the seat present again.

The servers run with their real clock, so the window passes in real time; the test polls the
database under a ceiling (as tests/game/test_parallel_workers.py does), it never sleeps for a
fixed time to let something happen. Skipped on the embedded default; .ci/run runs it.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from websockets.sync.client import ClientConnection, connect

from game import presence
from game.consumers import HEARTBEAT
from game.models import Match, MatchSeat
from game.services import SeatSpec
from tests.game.conftest import bot_seats, guest_cookie, seed_with_marshal_at, start
from tests.game.test_parallel_workers import ROOT, worker_environment

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

#: Ceilings, not pauses.
SERVER_UP_SECONDS = 60
PRESENCE_SECONDS = presence.PRESENCE_WINDOW.total_seconds() + 15


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class WebProcess:
    """One `daphne` web process of the production stack on a port of its own."""

    def __init__(self, log: Path) -> None:
        self.port = free_port()
        self.log = log
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
             "bangarena_site.asgi:application"],
            cwd=ROOT,
            env=worker_environment(),
            stdout=self.log.open("a"),
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        started = time.monotonic()
        while True:
            assert self.process.poll() is None, self.log.read_text()[-3000:]
            assert time.monotonic() - started < SERVER_UP_SECONDS, "daphne did not come up"
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: the process dies mid-flight, as in a crash or an OOM kill."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:  # daphne waits for open sockets: end it
                self.process.kill()
                self.process.wait(timeout=30)

    def table(self, match_id: int, cookie: str) -> ClientConnection:
        """A player's table page socket on this process; its first frame is the table."""
        ws = connect(
            f"ws://127.0.0.1:{self.port}/ws/match/{match_id}/",
            additional_headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{self.port}"},
            open_timeout=20,
        )
        first = ws.recv(timeout=20)
        assert 'id="table"' in first
        return ws


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Callable[[], WebProcess]]:
    made: list[WebProcess] = []

    def make() -> WebProcess:
        process = WebProcess(tmp_path / f"web-{len(made) + 1}.log")
        process.start()
        made.append(process)
        return process

    yield make
    for process in made:
        process.stop()


def two_guests() -> tuple[Match, str, str]:
    ann, ann_cookie = guest_cookie()
    bea, bea_cookie = guest_cookie()
    match = start(
        [
            SeatSpec(kind="human", name="Ann", guest_key=ann),
            SeatSpec(kind="human", name="Bea", guest_key=bea),
            *bot_seats(2),
        ],
        seed=seed_with_marshal_at(2, seats=4),
        move_time=60,
        present=False,
    )
    return match, ann_cookie, bea_cookie


def connected(match: Match, seat: int) -> bool:
    return MatchSeat.objects.get(match=match, seat=seat).connected


def frames_until(ws: ClientConnection, found: Callable[[str], bool], ceiling: float) -> str:
    """Read frames until one satisfies ``found`` (a ceiling, not a pause)."""
    ends = time.monotonic() + ceiling
    while True:
        left = ends - time.monotonic()
        assert left > 0, "the expected frame never came"
        frame = ws.recv(timeout=left)
        if found(frame):
            return frame


def test_two_web_processes_share_one_presence_through_the_database_and_redis(web):
    """Ann's page is served by process 1, Bea's by process 2: each sees the other arrive and
    leave, and the table's seats agree, whichever process wrote them."""
    first, second = web(), web()
    match, ann_cookie, bea_cookie = two_guests()
    assert not connected(match, 0)
    assert not connected(match, 1)

    bea = second.table(match.pk, bea_cookie)
    ann = first.table(match.pk, ann_cookie)
    arrived = frames_until(bea, lambda f: 'id="seat-0-presence"' in f, 20)
    assert "presence--on" in arrived, "Bea (process 2) sees Ann (process 1) arrive"
    assert connected(match, 0)
    assert connected(match, 1)

    ann.close()
    left = frames_until(bea, lambda f: 'id="seat-0-presence"' in f, 20)
    assert "presence--away" in left
    assert not connected(match, 0)
    bea.close()


def test_a_killed_web_process_leaves_no_ghost_and_presence_is_right_after_its_restart(web):
    """Process 1 dies with Ann's socket open (no disconnect ever runs there). Without any
    reset, Ann is away once her beats are a window old, while Bea, beating on process 2,
    stays present; Ann's page reconnects to the restarted process 1 and she is back."""
    first, second = web(), web()
    match, ann_cookie, bea_cookie = two_guests()
    ann = first.table(match.pk, ann_cookie)
    bea = second.table(match.pk, bea_cookie)
    ann.send(HEARTBEAT)
    assert connected(match, 0)

    first.kill()
    started = time.monotonic()
    while connected(match, 0):
        assert time.monotonic() - started < PRESENCE_SECONDS, "a ghost seat after the crash"
        bea.send(HEARTBEAT)
        presence.sweep()  # what the periodic job does every second
        time.sleep(0.5)
    assert connected(match, 1), "Bea kept beating on the other process"
    waited = time.monotonic() - started
    assert waited >= presence.PRESENCE_WINDOW.total_seconds() - 1.5

    first.start()  # the restart: nothing is reset on the way up
    ann = first.table(match.pk, ann_cookie)  # the page's socket reconnects
    assert connected(match, 0)
    ann.send(HEARTBEAT)
    presence.sweep()
    assert connected(match, 0)
    assert connected(match, 1)
    for ws in (ann, bea):
        ws.close()
