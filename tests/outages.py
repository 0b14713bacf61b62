"""Outages a test makes itself, without touching the servers other people on this machine use:
a Redis server of its own that it stops and starts again, and a TCP proxy in front of
PostgreSQL that it cuts. Waiting is bounded polling on real processes and sockets."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll ``condition`` every 50 ms until it holds; fail naming ``what`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} did not happen within {timeout} s")
        time.sleep(0.05)


def accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class OwnRedis:
    """A throw-away redis-server on a free port, with no persistence: a restart forgets every
    key, as a production Redis without persistence does."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],  # fmt: skip
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(lambda: accepts(self.port), 10, "redis-server starting")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None
        wait_until(lambda: not accepts(self.port), 10, "redis-server stopping")


class TcpProxy:
    """Forwards 127.0.0.1:<port> to a target on its own event loop in a thread. ``cut()`` drops
    every open connection and refuses new ones (accepted, then closed at once, as a database
    that went away looks to a client) until ``restore()``."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = free_port()
        self.refused = 0
        self._cut = False
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._server: asyncio.base_events.Server | None = None

    def start(self) -> None:
        self._thread.start()
        self._server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._handle, "127.0.0.1", self.port), self._loop
        ).result(timeout=10)

    def stop(self) -> None:
        async def shut() -> None:
            assert self._server is not None
            self._server.close()
            self._drop_all()
            others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in others:
                task.cancel()
            await asyncio.gather(*others, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(shut(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)

    def cut(self) -> None:
        async def cut() -> None:
            self._cut = True
            self._drop_all()

        asyncio.run_coroutine_threadsafe(cut(), self._loop).result(timeout=10)

    def restore(self) -> None:
        async def restore() -> None:
            self._cut = False

        asyncio.run_coroutine_threadsafe(restore(), self._loop).result(timeout=10)

    def _drop_all(self) -> None:
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._cut:
            self.refused += 1
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self._writers.update((writer, up_writer))
        await asyncio.gather(
            self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True
        )

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        finally:
            self._writers.discard(writer)
            writer.transport.abort()
