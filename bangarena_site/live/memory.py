"""Free a closed socket's memory soon after it closes, not when the collector gets round to it.

A WebSocket that closes leaves a reference cycle behind (autobahn's protocol and its
``is_closed`` Deferred point at each other), and with it the socket's permessage-deflate state:
a zlib compressor and decompressor, some hundreds of KB that Python's collector cannot see
(their objects are small). Only a full collection frees a cycle that lived long enough to reach
the oldest generation, and CPython starts one only after many young collections, and only when
the objects promoted since the last one reach a quarter of all long-lived objects: with the
150 000 objects Django, Channels and the site leave behind at start, a web process whose
screens come and go kept every closed socket for minutes (the soak in docs/performance.md;
bench/traced_daphne.py counted them).

So, once the application is built:
- ``gc.freeze()`` moves everything alive at start into a permanent generation the collector
  never scans (code, settings, templates, catalogues: alive for the process's life anyway), so
  a full collection scans only what was made since start: ~4 ms instead of ~50-70 ms;
- a daemon thread runs that full collection every ``COLLECT_EVERY`` seconds, so a closed
  socket's memory is back within that time whatever the process is doing.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable

#: Seconds between two full collections of the web process (each ~4 ms once frozen).
COLLECT_EVERY = 30.0

_started = threading.Event()


def collect_periodically(every: float, wait: Callable[[float], bool]) -> None:
    """Run a full collection each time ``wait(every)`` returns False; stop when it is True
    (``threading.Event().wait`` in the process, a fake clock in tests)."""
    while not wait(every):
        gc.collect()


def free_closed_sockets_promptly(every: float = COLLECT_EVERY) -> None:
    """Call once, after the application is built (bangarena_site.asgi); later calls do nothing."""
    if _started.is_set():
        return
    _started.set()
    gc.freeze()
    gc.collect()
    never_stops = threading.Event()
    threading.Thread(
        target=collect_periodically,
        args=(every, never_stops.wait),
        name="collect-closed-sockets",
        daemon=True,
    ).start()
