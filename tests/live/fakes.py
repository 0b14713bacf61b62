"""A hand-driven clock for the embedded scheduler: timers fire on advance(), never on their own.

Tasks and thread hops go to the real running loop, so jobs still run in worker threads and
push through the real channel layer; only time is faked.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from typing import Any


class ManualClockLoop:
    def __init__(self, real: asyncio.AbstractEventLoop) -> None:
        self.real = real
        self.now = 0.0
        self._order = itertools.count()
        self._timers: list[tuple[float, int, Callable[..., object], tuple[Any, ...]]] = []

    # The TimerLoop protocol of bangarena_site.jobs.
    def call_later(self, delay: float, callback: Callable[..., object], *args: Any) -> None:
        heapq.heappush(self._timers, (self.now + delay, next(self._order), callback, args))

    def call_soon_threadsafe(self, callback: Callable[..., object], *args: Any) -> Any:
        return self.real.call_soon_threadsafe(callback, *args)

    def create_task(self, coro: Any) -> asyncio.Task[Any]:
        return self.real.create_task(coro)

    def is_closed(self) -> bool:
        return self.real.is_closed()

    # Test controls.
    def pending_delays(self) -> list[float]:
        """Seconds from now until each armed timer fires, soonest first."""
        return sorted(deadline - self.now for deadline, *_ in self._timers)

    def advance(self, seconds: float) -> None:
        """Move time forward and fire every timer that comes due, in deadline order."""
        self.now += seconds
        while self._timers and self._timers[0][0] <= self.now:
            _deadline, _order, callback, args = heapq.heappop(self._timers)
            callback(*args)
