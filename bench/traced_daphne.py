"""daphne with tracemalloc, for finding what a soak's web process keeps (``--trace-web``).

Every ``BENCH_TRACE_EVERY`` seconds (60) it writes the allocation sites that grew most since
the first snapshot to ``$BENCH_PROBE_DIR/trace-<pid>.txt``. tracemalloc slows the process:
its figures are for finding a leak, never for the speed tables.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import tracemalloc
from pathlib import Path


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
    tracemalloc.start(8)
    every = float(os.environ.get("BENCH_TRACE_EVERY", "60"))
    out = Path(os.environ["BENCH_PROBE_DIR"]) / f"trace-{os.getpid()}.txt"
    threading.Thread(target=watch, args=(every, out), daemon=True).start()
    from daphne.cli import CommandLineInterface

    CommandLineInterface().run(sys.argv[1:])


if __name__ == "__main__":
    main()
