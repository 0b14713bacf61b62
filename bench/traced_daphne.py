"""daphne with a memory probe, for finding what a soak's web process keeps (``--trace-web``).

Every ``BENCH_TRACE_EVERY`` seconds (60) it writes to ``$BENCH_PROBE_DIR/trace-<pid>.txt``
either (``BENCH_TRACE_MODE=types``, the default) the kinds of objects the garbage collector
tracks whose count grew most since the first report, which costs a fraction of a second, or
(``=tracemalloc``) the allocation sites that grew most since the start. A tracemalloc snapshot
of a warm daphne holds the interpreter for seconds, long enough for a screen's handshake to
time out, so the cheap census comes first. Either slows the process: its figures are for
finding a leak, never for the speed tables.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
import tracemalloc
from collections import Counter
from pathlib import Path


def census() -> Counter[str]:
    return Counter(type(o).__qualname__ for o in gc.get_objects())


def closed_protocols() -> list[object]:
    return [
        o
        for o in gc.get_objects()
        if type(o).__qualname__ == "WebSocketProtocol"
        and getattr(o, "state", None) == 0  # autobahn STATE_CLOSED
    ]


def watch_types(every: float, out: Path) -> None:
    time.sleep(every)  # the first report is a warm process: imports and first tables done
    first = census()
    while True:
        time.sleep(every)
        now = census()
        grown = sorted(((now[k] - first[k], k) for k in now), reverse=True)[:25]
        with out.open("a", encoding="utf-8") as file:
            file.write(f"--- {time.strftime('%H:%M:%S')} {sum(now.values())} objects tracked\n")
            for delta, name in grown:
                file.write(f"{delta:+8d} {now[name]:8d} {name}\n")
            before = len(closed_protocols())
            began = time.perf_counter()
            found = gc.collect()
            spent = (time.perf_counter() - began) * 1000
            file.write(
                f"closed WebSocket protocols alive: {before}; after a full collection"
                f" ({found} unreachable, {spent:.0f} ms): {len(closed_protocols())}\n"
            )


def watch(every: float, out: Path) -> None:
    first = tracemalloc.take_snapshot()
    while True:
        time.sleep(every)
        snapshot = tracemalloc.take_snapshot()
        top = snapshot.compare_to(first, "lineno")[:25]
        current, peak = tracemalloc.get_traced_memory()
        with out.open("a", encoding="utf-8") as file:
            file.write(f"--- {time.strftime('%H:%M:%S')} traced {current / 1e6:.1f} MB\n")
            for stat in top:
                file.write(f"{stat}\n")


def main() -> None:
    every = float(os.environ.get("BENCH_TRACE_EVERY", "60"))
    out = Path(os.environ["BENCH_PROBE_DIR"]) / f"trace-{os.getpid()}.txt"
    if os.environ.get("BENCH_TRACE_MODE", "types") == "tracemalloc":
        tracemalloc.start(8)
        threading.Thread(target=watch, args=(every, out), daemon=True).start()
    else:
        threading.Thread(target=watch_types, args=(every, out), daemon=True).start()
    from daphne.cli import CommandLineInterface

    CommandLineInterface().run(sys.argv[1:])


if __name__ == "__main__":
    main()
