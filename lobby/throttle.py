"""Rate limit on looking rooms up by code (Q58: codes must not be enumerable).

Every lookup that finds no room counts, per address and per session, in a sliding window
counted atomically in the shared cache: a player who mistypes a few times is never stopped, a
script trying codes is. The limit stops lookups of rooms the person is not in; a member always
reaches his own room (lobby.views), so a code guesser behind the same address (a school, an
office, a carrier's NAT) cannot lock the others out of their rooms.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bangarena_site.limits import SlidingWindow
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
            self.by_session.seconds_until_allowed(person.limit_key),
            self.by_address.seconds_until_allowed(address),
        )

    def record_miss(self, person: Person, address: str) -> None:
        self.by_session.record(person.limit_key)
        self.by_address.record(address)


join_throttle = JoinThrottle()
