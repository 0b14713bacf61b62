"""Rate limits of the agent socket, counted atomically in the cache (shared by processes
with Redis; bangarena_site.limits).

Per token, not per socket: two sockets of one token share 10 frames a second and 300 a
minute. A hello with an unknown token counts per address, so tokens cannot be guessed.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bangarena_site.limits import SlidingWindow

FRAMES_PER_SECOND = 10
FRAMES_PER_MINUTE = 300
UNKNOWN_HELLOS_PER_MINUTE = 20


class AgentThrottle:
    def __init__(self, *, clock: Callable[[], float] = time.time) -> None:
        self.per_second = SlidingWindow(
            "agent-frames-second", FRAMES_PER_SECOND, 1, clock=clock, buckets=10
        )
        self.per_minute = SlidingWindow("agent-frames-minute", FRAMES_PER_MINUTE, 60, clock=clock)
        self.unknown_hellos = SlidingWindow(
            "agent-unknown-hello", UNKNOWN_HELLOS_PER_MINUTE, 60, clock=clock
        )

    def set_clock(self, clock: Callable[[], float]) -> None:
        """Tests move time instead of sleeping."""
        for window in (self.per_second, self.per_minute, self.unknown_hellos):
            window.clock = clock

    def allow_frame(self, token_id: int) -> bool:
        """Count one frame of this token; False drops it. Counting comes first, so sockets
        sending at the same moment cannot all slip under the limit; a frame dropped by the
        per-second limit does not count against the minute."""
        key = str(token_id)
        return self.per_second.hit(key) and self.per_minute.hit(key)

    def hello_blocked(self, address: str) -> bool:
        return bool(self.unknown_hellos.seconds_until_allowed(address))

    def record_unknown_hello(self, address: str) -> None:
        self.unknown_hellos.record(address)


agent_throttle = AgentThrottle()
