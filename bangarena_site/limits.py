"""Rate-limit counters kept in the shared cache and counted atomically.

The first limiters kept each key's events as a list in the cache and appended to it with
get, append, set: two processes (or threads) recording at once overwrote each other, and 8
threads recording 1,600 events kept only 612-839 of them, so every limit leaked under load and
across web processes. Here every event is one atomic increment (``cache.incr``: INCR on Redis,
a locked update in the local-memory cache), so no event is ever lost:

- ``SlidingWindow``: at most ``limit`` events per key in the last ``window_seconds``. The
  window is cut into ``buckets`` counters (one cache key each, read together with one
  ``get_many``); an event leaves the window when its bucket's start is ``window_seconds`` old,
  so the window is exact to one bucket (1/60 of it by default).
- ``ProgressiveDelay``: after ``free`` events in the window, each further attempt waits twice
  as long as the last, up to ``cap_seconds``: a slow-down that never becomes a lock-out.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.core.cache import BaseCache, cache


def _cache_key(name: str, key: str, suffix: str) -> str:
    # Hashed: usernames and addresses are arbitrary text; cache keys must stay short and safe.
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]
    return f"limit:{name}:{digest}:{suffix}"


def _increment(store: BaseCache, key: str, timeout: float) -> int:
    """Atomically add one to a counter that expires ``timeout`` seconds after it was made."""
    for _attempt in range(3):
        store.add(key, 0, timeout=math.ceil(timeout))
        try:
            return store.incr(key)
        except ValueError:
            continue  # it expired between add and incr: make it again
    raise RuntimeError(f"could not count {key}")


@dataclass
class SlidingWindow:
    """At most ``limit`` events per key within any ``window_seconds``."""

    name: str
    limit: int
    window_seconds: float
    cache: BaseCache = field(default_factory=lambda: cache)
    clock: Callable[[], float] = time.time
    buckets: int = 60

    @property
    def bucket_seconds(self) -> float:
        return self.window_seconds / self.buckets

    def record(self, key: str) -> int:
        """Count one event now; returns how many the window holds with it."""
        now = self.clock()
        bucket = math.floor(now / self.bucket_seconds)
        _increment(
            self.cache, self._key(key, bucket), self.window_seconds + 2 * self.bucket_seconds
        )
        return sum(count for _, count in self._counts(key, now))

    def hit(self, key: str) -> bool:
        """Count one event and say whether it was within the limit (for limits where an
        attempt over the limit counts too, so a flood cannot slip between check and count)."""
        return self.record(key) <= self.limit

    def seconds_until_allowed(self, key: str) -> int:
        """0 when another event is allowed now, else how long until the window frees one."""
        now = self.clock()
        counts = self._counts(key, now)
        total = sum(count for _, count in counts)
        if total < self.limit:
            return 0
        for bucket, count in counts:  # oldest first: each leaves the window in turn
            total -= count
            if total < self.limit:
                leaves_at = bucket * self.bucket_seconds + self.window_seconds
                return max(1, math.ceil(leaves_at - now))
        return 0

    def count(self, key: str) -> int:
        return sum(count for _, count in self._counts(key, self.clock()))

    def reset(self, key: str) -> None:
        now = self.clock()
        self.cache.delete_many([self._key(key, b) for b in self._live_buckets(now)])

    def _live_buckets(self, now: float) -> range:
        """Buckets whose start is less than a window old."""
        first = math.floor((now - self.window_seconds) / self.bucket_seconds) + 1
        return range(first, math.floor(now / self.bucket_seconds) + 1)

    def _counts(self, key: str, now: float) -> list[tuple[int, int]]:
        buckets = self._live_buckets(now)
        keys = {self._key(key, b): b for b in buckets}
        found = self.cache.get_many(list(keys))
        return sorted((keys[k], int(v)) for k, v in found.items() if v)

    def _key(self, key: str, bucket: int) -> str:
        return _cache_key(self.name, key, str(bucket))


@dataclass
class ProgressiveDelay:
    """After ``free`` events per key in the window, attempt n+1 waits 2**(n - free) seconds
    after the last event, at most ``cap_seconds``."""

    name: str
    free: int
    cap_seconds: int
    window_seconds: float
    cache: BaseCache = field(default_factory=lambda: cache)
    clock: Callable[[], float] = time.time

    def __post_init__(self) -> None:
        self.events = SlidingWindow(
            f"{self.name}-count",
            limit=self.free,
            window_seconds=self.window_seconds,
            cache=self.cache,
            clock=lambda: self.clock(),  # follows a clock a test sets on this object
        )

    def record(self, key: str) -> None:
        self.events.record(key)
        # The time of the last event: last writer wins, which is the latest one anyway.
        self.cache.set(
            _cache_key(self.name, key, "last"), self.clock(), timeout=math.ceil(self.window_seconds)
        )

    def seconds_until_allowed(self, key: str) -> int:
        over = self.events.count(key) - self.free
        if over < 0:
            return 0
        last = self.cache.get(_cache_key(self.name, key, "last"))
        if last is None:
            return 0
        delay = min(self.cap_seconds, 2**over)
        wait = last + delay - self.clock()
        return math.ceil(wait) if wait > 0 else 0

    def reset(self, key: str) -> None:
        self.events.reset(key)
        self.cache.delete(_cache_key(self.name, key, "last"))
