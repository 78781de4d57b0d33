"""Seeded randomness that lives in the game state.

A small 64-bit generator (splitmix64) whose whole state is one int, so a game
state can carry it through JSON and the same seed always gives the same deal on
every platform and Python version.
"""
from __future__ import annotations

MASK = (1 << 64) - 1
MAX_SEED = 10**12  # deal numbers a person can type


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator; returns (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
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


def shuffled(items, state: int) -> tuple[tuple, int]:
    """Fisher-Yates shuffle; returns (shuffled tuple, new rng state)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


def seed_state(seed: int, salt: int = 0) -> int:
    """The generator state that a deal number starts from."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError("the deal number must be a whole number of 0 or more")
    state, _ = next_u64((seed * 0x2545F4914F6CDD1D + salt) & MASK)
    return state
