"""Our own pseudo-random generator and shuffle, fully specified (docs/DEALING.md).

SplitMix64 with rejection sampling for bounded integers and a Fisher-Yates
shuffle.  Never ``random``: its results may change between Python versions,
and a shared deal must deal the same cards forever.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Final, TypeVar

MASK64: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15
T = TypeVar("T")


def _limits(most: int) -> tuple[int, ...]:
    """``below(n)``'s rejection limit for every ``n`` up to ``most`` (the largest multiple
    of ``n`` below 2**64; 0 for ``n == 0``)."""
    return tuple((1 << 64) - (1 << 64) % n if n else 0 for n in range(most + 1))


_LIMITS: Final = _limits(128)
"""``below(n)``'s rejection limit for small ``n``."""


class SplitMix64:
    """SplitMix64: a 64-bit state advanced by a constant, then mixed."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``: outputs at or above the largest
        multiple of ``n`` below 2**64 are rejected, then the remainder taken."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _LIMITS[n] if n < len(_LIMITS) else (1 << 64) - (1 << 64) % n
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A float in ``[0, 1)`` from the top 53 bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: "list[T] | tuple[T, ...]") -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, from the last position down to 1: swap ``i`` with
        ``below(i + 1)`` (inlined here for speed)."""
        state = self.state
        limits = _LIMITS if len(items) < len(_LIMITS) else _limits(len(items))
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n]
            while True:  # next_u64, inlined
                state = (state + GOLDEN) & MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def fork(self) -> SplitMix64:
        """A new generator seeded from this one's next output."""
        return SplitMix64(self.next_u64())


def derive_seed(seed: int, index: int) -> int:
    """The ``index``-th seed derived from ``seed`` (hand seeds of a match):
    the output of SplitMix64 seeded with ``seed + index * GOLDEN``."""
    return SplitMix64((seed + index * GOLDEN) & MASK64).next_u64()
