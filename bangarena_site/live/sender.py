"""Channel-layer sends from sync code without a new event loop (and Redis connection) each.

``async_to_sync`` called where no event loop runs (a Celery worker's job) starts a fresh loop
for every call, and channels-redis keeps its connection pool per loop: every broadcast of every
move then opened new Redis connections and built a loop (measured on a worker: 35 ms of a
~60 ms move's job went there). ``run_from_sync`` hands the coroutine to one long-lived loop on
a thread of this process instead, where the layer's pool stays warm.

Only for the Redis layer: the in-memory layer of the embedded default lives on the server's
own loop (its queues are not thread-safe) and keeps going through ``async_to_sync``, which
there runs on that loop.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Awaitable, Callable
from typing import TypedDict

from asgiref.sync import async_to_sync
from channels.layers import BaseChannelLayer, InMemoryChannelLayer, get_channel_layer
from django.core.exceptions import ImproperlyConfigured

#: A send that takes longer than this has lost its layer (Redis away): the caller hears so.
SEND_TIMEOUT = 30.0


class _SenderLoop(TypedDict):
    """The sender loop of this process, and the process it was started in."""

    pid: int | None
    loop: asyncio.AbstractEventLoop | None


_lock = threading.Lock()
# The loop of this process (a forked worker child gets its own: threads do not survive fork).
_loop: _SenderLoop = {"pid": None, "loop": None}


def channel_layer() -> BaseChannelLayer:
    """The site's channel layer. Settings always configure one (CHANNEL_LAYERS), so the
    ``None`` that Channels returns without it is a broken deployment, said here once."""
    layer = get_channel_layer()
    if layer is None:
        raise ImproperlyConfigured("CHANNEL_LAYERS configures no default channel layer")
    return layer


def _sender_loop() -> asyncio.AbstractEventLoop:
    with _lock:
        loop = _loop["loop"]
        if _loop["pid"] != os.getpid() or loop is None:
            loop = asyncio.new_event_loop()
            thread = threading.Thread(
                target=loop.run_forever, name="bangarena-layer-sender", daemon=True
            )
            thread.start()
            _loop.update({"pid": os.getpid(), "loop": loop})
        return loop


def run_from_sync[T](make: Callable[[], Awaitable[T]]) -> T:
    """Run the coroutine ``make()`` to its end from sync code and return its result."""

    async def call() -> T:
        return await make()

    if isinstance(get_channel_layer(), InMemoryChannelLayer):
        return async_to_sync(call)()
    future = asyncio.run_coroutine_threadsafe(call(), _sender_loop())
    return future.result(timeout=SEND_TIMEOUT)
