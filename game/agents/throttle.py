"""Rate limits of the agent socket, kept in the cache (shared by processes with Redis).

Per token, not per socket: two sockets of one token share 10 frames a second and 300 a
minute. A hello with an unknown token counts per address, so tokens cannot be guessed.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bangarena_site.accounts.throttle import SlidingWindow

FRAMES_PER_SECOND = 10
FRAMES_PER_MINUTE = 300
UNKNOWN_HELLOS_PER_MINUTE = 20


class AgentThrottle:
    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self.per_second = SlidingWindow("agent-frames-second", FRAMES_PER_SECOND, 1, clock=clock)
        self.per_minute = SlidingWindow("agent-frames-minute", FRAMES_PER_MINUTE, 60, clock=clock)
        self.unknown_hellos = SlidingWindow(
            "agent-unknown-hello", UNKNOWN_HELLOS_PER_MINUTE, 60, clock=clock
        )

    def set_clock(self, clock: Callable[[], float]) -> None:
        """Tests move time instead of sleeping."""
        for window in (self.per_second, self.per_minute, self.unknown_hellos):
            window.clock = clock

    def allow_frame(self, token_id: int) -> bool:
        """Count one frame of this token if it is within both limits; False drops it."""
        key = str(token_id)
        if self.per_second.seconds_until_allowed(key) or self.per_minute.seconds_until_allowed(key):
            return False
        self.per_second.record(key)
        self.per_minute.record(key)
        return True

    def hello_blocked(self, address: str) -> bool:
        return bool(self.unknown_hellos.seconds_until_allowed(address))

    def record_unknown_hello(self, address: str) -> None:
        self.unknown_hellos.record(address)


agent_throttle = AgentThrottle()
