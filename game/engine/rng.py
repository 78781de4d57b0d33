"""Seeded randomness that lives in the game state.

A small 64-bit generator (splitmix64) whose whole state is one int, so a game
state can carry it through JSON and the same seed always gives the same deal on
every platform and Python version.
"""
from __future__ import annotations

import operator
import struct
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, TypeVar

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MAX_SEED = 10**12  # deal numbers a person can type
T = TypeVar("T")


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator; returns (new_state, 64-bit output)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform int in [0, n); returns (new_state, value)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, x = next_u64(state)
        if x < limit:
            return state, x % n


def shuffled(items: Iterable[T], state: int) -> tuple[tuple[T, ...], int]:
    """Fisher-Yates shuffle; returns (shuffled tuple, new rng state).

    The same as swapping out[i] with out[below(state, i + 1)] for i from the end down, but
    with the draws computed all at once (see `_draws`): this is most of the cost of a deal.
    """
    out = list(items)
    n = len(out) - 1
    if n < 1:
        return tuple(out), state
    draws = _draws(state & MASK, n)
    sizes, limits = _ranges(n)
    if not all(map(operator.lt, draws, limits)):  # a draw below rejects: p < n / 2**64 each
        return _shuffled_slowly(out, state)
    for i, j in zip(range(n, 0, -1), map(operator.mod, draws, sizes)):
        out[i], out[j] = out[j], out[i]
    return tuple(out), (state + n * GOLDEN) & MASK


def _shuffled_slowly(out: list[T], state: int) -> tuple[tuple[T, ...], int]:
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


def _draws(state: int, n: int) -> tuple[int, ...]:
    """The next n outputs of next_u64, computed side by side in one big int.

    The generator's state only ever adds GOLDEN, so all n states are known up front. Each
    sits in its own 128-bit lane, wide enough for a 64x64-bit product, and every shift is
    masked back to 64 bits per lane, so the lanes never mix: splitmix64 runs on all at once.
    """
    ones, steps, masks, unpack = _lanes(n)
    z = (state * ones + steps) & masks
    z = ((z ^ ((z >> 30) & masks)) * 0xBF58476D1CE4E5B9) & masks
    z = ((z ^ ((z >> 27) & masks)) * 0x94D049BB133111EB) & masks
    z ^= (z >> 31) & masks
    draws: tuple[int, ...] = unpack(z.to_bytes(16 * n, "little"))[::2]
    return draws


@lru_cache(maxsize=128)
def _lanes(n: int) -> tuple[int, int, int, Callable[[bytes], tuple[Any, ...]]]:
    ones = sum(1 << (128 * k) for k in range(n))
    steps = sum((((k + 1) * GOLDEN) & MASK) << (128 * k) for k in range(n))
    return ones, steps, ones * MASK, struct.Struct(f"<{2 * n}Q").unpack


@lru_cache(maxsize=128)
def _ranges(n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For the draws of a shuffle of n + 1 items: the range of each, and below's limit for it."""
    sizes = tuple(range(n + 1, 1, -1))
    return sizes, tuple((1 << 64) - ((1 << 64) % m) for m in sizes)


def seed_state(seed: int, salt: int = 0) -> int:
    """The generator state that a deal number starts from."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError("the deal number must be a whole number of 0 or more")
    state, _ = next_u64((seed * 0x2545F4914F6CDD1D + salt) & MASK)
    return state
