"""Login throttling: a few failed attempts per username and per address, then a pause.

Failures are kept in the cache as lists of timestamps, so the limit is a sliding window that
works across processes whenever the cache is shared (Redis in production). The clock is an
attribute so tests can move time instead of sleeping.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.core.cache import BaseCache, cache

WINDOW_SECONDS = 15 * 60
MAX_FAILURES_PER_USERNAME = 5
# Several players can share one address (a café, a school, mobile carrier NAT): looser limit.
MAX_FAILURES_PER_ADDRESS = 20


@dataclass
class LoginThrottle:
    cache: BaseCache = field(default_factory=lambda: cache)
    clock: Callable[[], float] = time.time
    window_seconds: int = WINDOW_SECONDS
    max_per_username: int = MAX_FAILURES_PER_USERNAME
    max_per_address: int = MAX_FAILURES_PER_ADDRESS

    def seconds_until_allowed(self, username: str, address: str) -> int:
        """0 when a login may be tried now, else how long until the oldest failure expires."""
        now = self.clock()
        waits = [
            self._wait(self._recent(key, now), limit, now)
            for key, limit in self._keys_and_limits(username, address)
        ]
        return max(waits)

    def record_failure(self, username: str, address: str) -> None:
        now = self.clock()
        for key, _limit in self._keys_and_limits(username, address):
            failures = [*self._recent(key, now), now]
            self.cache.set(key, failures, timeout=self.window_seconds)

    def record_success(self, username: str) -> None:
        """Forget a username's failures; the address keeps its count, or one valid account
        would let an attacker reset the address limit at will."""
        self.cache.delete(self._username_key(username))

    def _keys_and_limits(self, username: str, address: str) -> list[tuple[str, int]]:
        return [
            (self._username_key(username), self.max_per_username),
            (self._key("address", address), self.max_per_address),
        ]

    def _username_key(self, username: str) -> str:
        return self._key("username", username.casefold())

    @staticmethod
    def _key(kind: str, value: str) -> str:
        # Hash the value: usernames are arbitrary text and cache keys must stay short and safe.
        digest = hashlib.sha256(value.encode()).hexdigest()[:32]
        return f"login-throttle:{kind}:{digest}"

    def _recent(self, key: str, now: float) -> list[float]:
        stamps = self.cache.get(key) or []
        return [stamp for stamp in stamps if now - stamp < self.window_seconds]

    def _wait(self, failures: list[float], limit: int, now: float) -> int:
        if len(failures) < limit:
            return 0
        # The attempt that must expire to get back under the limit.
        blocking = sorted(failures)[len(failures) - limit]
        return max(1, math.ceil(blocking + self.window_seconds - now))


login_throttle = LoginThrottle()
