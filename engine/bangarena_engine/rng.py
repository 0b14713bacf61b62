"""The one source of chance of a game: deterministic generators kept inside the state.

Everything random in a game (the role, character and deck shuffles, reshuffles, a card taken
at random from a hand, the Cover coin) is drawn from one stream, and card ids from a second
one. The same seed gives the same game byte for byte, so a match is its config plus its
action log; a generator's whole state is one integer, which ``to_dict`` stores.

Two generators exist, named in ``GameConfig.generator`` so that every stored match replays
with the one it was dealt with:

- ``blake2b-ctr-v1`` (every new game): BLAKE2b keyed with the secret seed, in counter mode.
  Each block is ``BLAKE2b(key=seed, person=stream, data=block number)``, eight 64-bit words.
  BLAKE2b is a pseudorandom function, so the outputs a player sees (shuffled orders, coins,
  card ids) say nothing about the key nor about any other output; the streams are separated
  by BLAKE2b's personalisation, so card ids are unlinkable to the shuffles. The seed has
  ``SEED_BITS`` bits (drawn with ``secrets`` by the live services), far beyond brute force.
- ``splitmix64-v1`` (matches dealt before it): SplitMix64, kept only so that those matches
  still replay. It must never deal a new match: its state is a counter and its output
  function is invertible, so one card id gave away the seed and with it the whole game
  (docs/security.md).
"""

from __future__ import annotations

import hashlib
import struct
from abc import ABC, abstractmethod
from typing import Any

CURRENT_GENERATOR = "blake2b-ctr-v1"
LEGACY_GENERATOR = "splitmix64-v1"
GENERATORS = (CURRENT_GENERATOR, LEGACY_GENERATOR)

#: Size of the secret seed of a new match: the key of the generator, 32 bytes.
SEED_BITS = 256

# Stream names (BLAKE2b personalisation, at most 16 bytes). Changing one changes every game.
CHANCE_STREAM = b"bangarena-chance"
CARD_ID_STREAM = b"bangarena-cardid"
BOT_STREAM = b"bangarena-botsv1"

_MASK = (1 << 64) - 1
_WORDS_PER_BLOCK = 8
_UNPACK_BLOCK = struct.Struct("<8Q").unpack


class Chance(ABC):
    """What the rules draw; subclasses supply ``next64`` and a serialisable ``position``."""

    __slots__ = ()

    @abstractmethod
    def next64(self) -> int: ...

    @property
    @abstractmethod
    def position(self) -> int:
        """The one integer that, with the seed, restores this generator exactly."""

    def below(self, n: int) -> int:
        """A number in ``range(n)``: multiply-shift, one draw per call. For the small ``n``
        of a card game (at most 80) its bias is below 2**-57."""
        return (self.next64() * n) >> 64

    def coin(self) -> bool:
        """A fair 50/50 toss (the Arena Cover check, R73)."""
        return bool(self.next64() >> 63)

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def token(self) -> str:
        """10 hex digits (40 bits) of one draw: the shape of a card id."""
        return format(self.next64() >> 24, "010x")


class Blake2bCounter(Chance):
    """BLAKE2b in counter mode, keyed with the seed; ``position`` counts the words drawn."""

    __slots__ = ("_keyed", "_position", "_block", "_words")

    def __init__(self, seed: int, stream: bytes, position: int = 0) -> None:
        self._keyed = hashlib.blake2b(key=seed_key(seed), person=stream, digest_size=64)
        self._position = position
        self._block = -1
        self._words: tuple[int, ...] = ()

    @property
    def position(self) -> int:
        return self._position

    def next64(self) -> int:
        index = self._position
        self._position = index + 1
        block, word = divmod(index, _WORDS_PER_BLOCK)
        if block != self._block:
            digest = self._keyed.copy()
            digest.update(block.to_bytes(8, "little"))
            self._words = _UNPACK_BLOCK(digest.digest())
            self._block = block
        return self._words[word]


class SplitMix64(Chance):
    """The legacy generator of ``splitmix64-v1`` matches; its position is its whole state."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @property
    def position(self) -> int:
        return self.state

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)


def seed_key(seed: int) -> bytes:
    """The 32-byte BLAKE2b key of a seed; ``validate_seed`` has checked its range."""
    return seed.to_bytes(SEED_BITS // 8, "big")


def validate_seed(generator: str, seed: object) -> None:
    """Raise ValueError unless ``seed`` can key ``generator``."""
    if generator not in GENERATORS:
        raise ValueError(f"unknown generator {generator!r}; expected one of {GENERATORS}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("seed must be an integer")
    if generator == CURRENT_GENERATOR and not 0 <= seed < 1 << SEED_BITS:
        raise ValueError(f"seed must be an integer in [0, 2**{SEED_BITS})")


def game_chance(generator: str, seed: int, position: int | None = None) -> Chance:
    """The stream every random rule draws from; ``position`` restores a saved one."""
    if generator == LEGACY_GENERATOR:
        return SplitMix64(seed if position is None else position)
    return Blake2bCounter(seed, CHANCE_STREAM, position or 0)


def card_id_source(generator: str, seed: int, chance: Chance) -> Chance:
    """Where the deal takes card ids from: a stream of their own, unlinkable to the shuffles.

    The legacy generator drew them from the game's one stream (``chance``), which is what
    made them give it away; its matches keep that so they replay."""
    if generator == LEGACY_GENERATOR:
        return chance
    return Blake2bCounter(seed, CARD_ID_STREAM)


def derived_seed(seed: int, *numbers: int) -> int:
    """A 64-bit seed for work outside the rules (the bots' tie-breaks) derived from the game's
    secret seed and ``numbers`` (e.g. the match version): it reveals nothing about the seed
    or the game's streams, and is the same every time for the same inputs."""
    digest = hashlib.blake2b(
        b"".join(n.to_bytes(8, "little", signed=True) for n in numbers),
        key=seed_key(seed % (1 << SEED_BITS)),
        person=BOT_STREAM,
        digest_size=8,
    )
    return int.from_bytes(digest.digest(), "little")
