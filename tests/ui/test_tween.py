"""Tweens: a value waiting out its delay is its start (which every easing must begin from),
moves with time, and ends exactly at its end."""
import pytest

from game.ui import tween
from game.ui.tween import Tween

EASINGS = [tween.linear, tween.ease_out_cubic, tween.ease_in_out_cubic, tween.ease_out_back]


@pytest.mark.parametrize("easing", EASINGS)
def test_every_easing_starts_at_zero_and_ends_at_one(easing):
    assert easing(0.0) == pytest.approx(0.0, abs=1e-12) and easing(1.0) == pytest.approx(1.0)


@pytest.mark.parametrize("easing", EASINGS)
def test_a_tween_waits_at_its_start_then_moves_to_its_end(easing):
    move = Tween((0.0, 10.0), (100.0, 30.0), duration=0.5, delay=0.2, easing=easing)
    assert move.update(0.1) == (0.0, 10.0) and not move.started
    assert move.update(0.1) == (0.0, 10.0)
    middle = move.update(0.25)
    assert middle != (0.0, 10.0) and middle != (100.0, 30.0)
    assert move.update(0.25) == (100.0, 30.0) and move.done
