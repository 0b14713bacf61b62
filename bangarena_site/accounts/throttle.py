"""Rate limits for the abuse-prone account endpoints: failed log-ins and new sign-ups.

Events are kept in the cache as lists of timestamps, so every limit is a sliding window that
holds across processes whenever the cache is shared (Redis in production). The clock is an
attribute so tests move time instead of sleeping.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.core.cache import BaseCache, cache

LOGIN_WINDOW_SECONDS = 15 * 60
MAX_FAILURES_PER_USERNAME = 5
# Several players can share one address (a café, a school, mobile carrier NAT): looser limit.
MAX_FAILURES_PER_ADDRESS = 20

SIGNUP_WINDOW_SECONDS = 60 * 60
MAX_SIGNUPS_PER_ADDRESS = 5


@dataclass
class SlidingWindow:
    """At most `limit` events per key within any `window_seconds`."""

    name: str
    limit: int
    window_seconds: int
    cache: BaseCache = field(default_factory=lambda: cache)
    clock: Callable[[], float] = time.time

    def seconds_until_allowed(self, key: str) -> int:
        """0 when another event is allowed now, else how long until the window frees one."""
        now = self.clock()
        events = self._recent(key, now)
        if len(events) < self.limit:
            return 0
        blocking = sorted(events)[len(events) - self.limit]
        return max(1, math.ceil(blocking + self.window_seconds - now))

    def record(self, key: str) -> None:
        now = self.clock()
        events = [*self._recent(key, now), now]
        self.cache.set(self._cache_key(key), events, timeout=self.window_seconds)

    def reset(self, key: str) -> None:
        self.cache.delete(self._cache_key(key))

    def _recent(self, key: str, now: float) -> list[float]:
        events = self.cache.get(self._cache_key(key)) or []
        return [stamp for stamp in events if now - stamp < self.window_seconds]

    def _cache_key(self, key: str) -> str:
        # Hashed: usernames are arbitrary text and cache keys must stay short and safe.
        digest = hashlib.sha256(key.encode()).hexdigest()[:32]
        return f"throttle:{self.name}:{digest}"


class LoginThrottle:
    """A few failed log-ins per username, more per address, then a pause."""

    def __init__(
        self, *, clock: Callable[[], float] = time.time, cache_backend: BaseCache | None = None
    ) -> None:
        shared = {"clock": clock, "cache": cache_backend or cache}
        self.by_username = SlidingWindow(
            "login-username", MAX_FAILURES_PER_USERNAME, LOGIN_WINDOW_SECONDS, **shared
        )
        self.by_address = SlidingWindow(
            "login-address", MAX_FAILURES_PER_ADDRESS, LOGIN_WINDOW_SECONDS, **shared
        )

    def seconds_until_allowed(self, username: str, address: str) -> int:
        return max(
            self.by_username.seconds_until_allowed(username.casefold()),
            self.by_address.seconds_until_allowed(address),
        )

    def record_failure(self, username: str, address: str) -> None:
        self.by_username.record(username.casefold())
        self.by_address.record(address)

    def record_success(self, username: str) -> None:
        """Forget a username's failures; the address keeps its count, or one valid account
        would let an attacker reset the address limit at will."""
        self.by_username.reset(username.casefold())


def signup_throttle(*, clock: Callable[[], float] = time.time) -> SlidingWindow:
    """A handful of new accounts per address per hour: enough for a family, not for a bot."""
    return SlidingWindow(
        "signup-address", MAX_SIGNUPS_PER_ADDRESS, SIGNUP_WINDOW_SECONDS, clock=clock
    )


login_throttle = LoginThrottle()
