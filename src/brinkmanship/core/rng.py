"""A seeded pseudo-random generator whose whole state is one integer.

The integer lives inside the game state, so cloning, saving and replaying a
game reproduces every future shuffle and die roll exactly, on every machine.
The generator is SplitMix64: tiny, fast in pure Python and statistically
good enough for shuffling cards and rolling dice.
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a 64-bit generator state."""
    return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK


def next_u64(d: dict[str, Any]) -> int:
    """Advance the generator stored at ``d['rng']`` and return 64 random bits."""
    s = (d["rng"] + _GAMMA) & _MASK
    d["rng"] = s
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def randbelow(d: dict[str, Any], n: int) -> int:
    """A uniform integer in ``range(n)`` drawn from the state's generator."""
    # Lemire's multiply-shift; the bias for n <= a few hundred is < 2**-55.
    return (next_u64(d) * n) >> 64


def shuffle(d: dict[str, Any], items: list[Any]) -> None:
    """Fisher-Yates shuffle of ``items`` in place with the state's generator."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(d, i + 1)
        items[i], items[j] = items[j], items[i]


def die(d: dict[str, Any]) -> int:
    """One six-sided die roll from the state's generator."""
    return randbelow(d, 6) + 1
