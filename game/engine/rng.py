"""The one source of randomness of a game: a tiny seeded generator kept inside the state.

SplitMix64 was chosen because its whole state is a single 64-bit integer: it serialises into
``to_dict`` as one number, restores exactly, and never touches Python's global ``random``.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    """Deterministic generator; the same seed gives the same game, byte for byte."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)``; multiply-shift keeps it to one draw per call."""
        return (self.next64() * n) >> 64

    def coin(self) -> bool:
        """A fair 50/50 toss (the Arena Cover check, R73)."""
        return bool(self.next64() >> 63)

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def token(self) -> str:
        """An opaque random string (10 hex digits), used for card ids: they reveal nothing."""
        return format(self.next64() >> 24, "010x")
