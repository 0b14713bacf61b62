"""Timing probe for the real Celery workers of ``bench/table_load.py --stack production``.

Loaded into ``celery worker`` with ``--include table_probe`` (bench/ on PYTHONPATH); it only
records, it changes nothing the workers do. Every process writes JSON lines to its own file in
``$BENCH_PROBE_DIR``:
- ``{"armed": [match, version, due]}``: the move after ``version`` falls due at ``due``
  (time.monotonic: CLOCK_MONOTONIC, the same clock in every process of the machine);
- ``{"move": [match, version_before, version_after, began, handed_on, cpu]}``: a move's job,
  from when it started to when its broadcast handed every frame to the channel layer, and the
  CPU time of its thread.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any, TextIO

from game import services

_out: dict[int, TextIO] = {}


def _write(record: dict[str, Any]) -> None:
    pid = os.getpid()  # prefork children inherit the module: one file per process
    if pid not in _out:
        path = Path(os.environ["BENCH_PROBE_DIR"]) / f"probe-{pid}.jsonl"
        _out[pid] = path.open("a", encoding="utf-8")
    _out[pid].write(json.dumps(record) + "\n")
    _out[pid].flush()


def install() -> None:
    real_play_due = services.play_due
    real_schedule = services._schedule_move

    def schedule_move(match: Any, delay: float) -> None:
        _write({"armed": [match.pk, match.version, time.monotonic() + max(0.0, delay)]})
        real_schedule(match, delay)

    def play_due(match_id: int, version: int) -> Any:
        began = time.monotonic()
        cpu = time.thread_time()
        result = real_play_due(match_id, version)
        if result is not None:
            handed_on = time.monotonic()
            spent = time.thread_time() - cpu
            _write({"move": [match_id, version, result.version, began, handed_on, spent]})
        return result

    services._schedule_move = schedule_move
    services.play_due = play_due


if os.environ.get("BENCH_PROBE_DIR"):
    install()


def read(directory: Path) -> tuple[dict[tuple[int, int], float], list[list[Any]]]:
    """(when each move was due, keyed by (match, version before); every move recorded)."""
    armed: dict[tuple[int, int], float] = {}
    moves: list[list[Any]] = []
    for path in sorted(directory.glob("probe-*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                continue  # a line cut off by the worker's end
            if "armed" in record:
                match_id, version, due = record["armed"]
                armed[(match_id, version)] = due
            elif "move" in record:
                moves.append(record["move"])
    return armed, moves
