"""Rate limit on looking rooms up by code (Q58: codes must not be enumerable).

Every lookup that finds no room counts, per address and per session, in the accounts' sliding
window: a player who mistypes a few times is never stopped, a script trying codes is.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bangarena_site.accounts.throttle import SlidingWindow
from lobby.identity import Person

WINDOW_SECONDS = 10 * 60
MAX_MISSES_PER_SESSION = 10
# Several players may share one address (a café, a school, carrier NAT): a looser limit.
MAX_MISSES_PER_ADDRESS = 30


class JoinThrottle:
    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self.by_session = SlidingWindow(
            "room-code-session", MAX_MISSES_PER_SESSION, WINDOW_SECONDS, clock=clock
        )
        self.by_address = SlidingWindow(
            "room-code-address", MAX_MISSES_PER_ADDRESS, WINDOW_SECONDS, clock=clock
        )

    def seconds_until_allowed(self, person: Person, address: str) -> int:
        return max(
            self.by_session.seconds_until_allowed(_key(person)),
            self.by_address.seconds_until_allowed(address),
        )

    def record_miss(self, person: Person, address: str) -> None:
        self.by_session.record(_key(person))
        self.by_address.record(address)


def _key(person: Person) -> str:
    return f"user:{person.user_id}" if person.user_id is not None else f"guest:{person.guest_key}"


join_throttle = JoinThrottle()
