"""rng.shuffled draws all its numbers at once; it must deal exactly as one below() per swap."""
from hypothesis import given
from hypothesis import strategies as st

from game.engine import rng


def one_draw_at_a_time(items, state):
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        state, j = rng.below(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


@given(st.integers(0, rng.MASK) | st.integers(-(2**80), 2**80), st.integers(0, 130))
def test_shuffled_matches_the_draw_by_draw_shuffle(state, n):
    assert rng.shuffled(range(n), state) == one_draw_at_a_time(range(n), state)


def test_a_rejected_draw_falls_back_to_the_draw_by_draw_shuffle(monkeypatch):
    ranges = rng._ranges
    monkeypatch.setattr(rng, "_ranges", lambda n: (ranges(n)[0], (0,) * n))  # reject them all
    for seed in range(20):
        state = rng.seed_state(seed)
        assert rng.shuffled(range(44), state) == one_draw_at_a_time(range(44), state)


def test_a_known_deal_never_changes():
    assert rng.shuffled(range(10), rng.seed_state(7)) == ((0, 7, 6, 2, 3, 9, 4, 5, 8, 1),
                                                          3680691281419494557)
