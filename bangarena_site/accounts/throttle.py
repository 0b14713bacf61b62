"""Rate limits for the abuse-prone account endpoints: failed log-ins and new sign-ups.

Counted atomically in the shared cache (bangarena_site.limits: Redis in production, so the
limits hold across processes). The clock is an attribute so tests move time instead of
sleeping.

Log-ins are keyed so that a stranger's failures cannot lock an owner out: the hard limit is on
the username *and* address pair (someone guessing one account from one place); the username
alone and the address alone only slow down, progressively, to at most one attempt a minute, so
the owner at home always gets in, and a sprayer or a guesser spread over many addresses still
gets nowhere fast.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypedDict

from django.core.cache import BaseCache, cache

from bangarena_site.limits import ProgressiveDelay, SlidingWindow

LOGIN_WINDOW_SECONDS = 15 * 60
# Failures of one username from one address before it waits out the window.
MAX_FAILURES_PER_USERNAME = 5
# Several players can share one address (a café, a school, mobile carrier NAT): looser.
MAX_FAILURES_PER_ADDRESS = 20
# Failures of one username from anywhere before it slows down: more than one address may
# make, so a single stranger's guesses never even slow the owner down.
FREE_FAILURES_PER_USERNAME = 2 * MAX_FAILURES_PER_USERNAME
# Beyond the free failures, the username (from anywhere) or the address (for any username)
# waits 1, 2, 4 ... seconds after the last failure, at most this long.
LONGEST_SLOW_DOWN_SECONDS = 60

SIGNUP_WINDOW_SECONDS = 60 * 60
MAX_SIGNUPS_PER_ADDRESS = 5


class _Shared(TypedDict):
    """What the three limits of a login share: one clock and one cache."""

    clock: Callable[[], float]
    cache: BaseCache


class LoginThrottle:
    """A hard limit per username and address, progressive slow-downs per username and per
    address."""

    def __init__(
        self, *, clock: Callable[[], float] = time.time, cache_backend: BaseCache | None = None
    ) -> None:
        shared: _Shared = {"clock": clock, "cache": cache_backend or cache}
        self.by_pair = SlidingWindow(
            "login-pair", MAX_FAILURES_PER_USERNAME, LOGIN_WINDOW_SECONDS, **shared
        )
        self.by_username = ProgressiveDelay(
            "login-username",
            FREE_FAILURES_PER_USERNAME,
            LONGEST_SLOW_DOWN_SECONDS,
            LOGIN_WINDOW_SECONDS,
            **shared,
        )
        self.by_address = ProgressiveDelay(
            "login-address",
            MAX_FAILURES_PER_ADDRESS,
            LONGEST_SLOW_DOWN_SECONDS,
            LOGIN_WINDOW_SECONDS,
            **shared,
        )

    def seconds_until_allowed(self, username: str, address: str) -> int:
        name = username.casefold()
        return max(
            self.by_pair.seconds_until_allowed(_pair(name, address)),
            self.by_username.seconds_until_allowed(name),
            self.by_address.seconds_until_allowed(address),
        )

    def locked_out(self, username: str, address: str) -> bool:
        """Whether this username is locked for this address (not merely slowed down)."""
        return bool(self.by_pair.seconds_until_allowed(_pair(username.casefold(), address)))

    def record_failure(self, username: str, address: str) -> None:
        name = username.casefold()
        self.by_pair.record(_pair(name, address))
        self.by_username.record(name)
        self.by_address.record(address)

    def record_success(self, username: str, address: str = "") -> None:
        """Forget a username's failures; the address keeps its count, or one valid account
        would let an attacker reset the address limit at will."""
        name = username.casefold()
        self.by_username.reset(name)
        self.by_pair.reset(_pair(name, address))


def _pair(username: str, address: str) -> str:
    return f"{username}\x00{address}"


def signup_throttle(*, clock: Callable[[], float] = time.time) -> SlidingWindow:
    """A handful of new accounts per address per hour: enough for a family, not for a bot."""
    return SlidingWindow(
        "signup-address", MAX_SIGNUPS_PER_ADDRESS, SIGNUP_WINDOW_SECONDS, clock=clock
    )


login_throttle = LoginThrottle()
