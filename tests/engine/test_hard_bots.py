"""The hard level beats sensible play: against three greedy players (tests/bench/greedy.py) it
wins well over the fair quarter at four seats. The full measure (400 games each, the default
budgets) is `python -m tests.bench.versus GAME hard --games 400`; this is a short seeded set with
a smaller budget, so the thresholds sit well below what it measured."""
import pytest

from game.engine.bots import abandon_ship as AB
from game.engine.bots import lamarckian_poker as LB
from tests.bench.versus import play


@pytest.mark.slow
def test_hard_abandon_ship_beats_three_greedy_players():
    tally = play("abandon_ship", lambda: AB.HardBot(iterations=100), 12)
    assert tally.wins >= 5  # measured 8 of 12; the greedy players' fair share is 3


@pytest.mark.slow
def test_hard_lamarckian_poker_beats_three_greedy_players():
    tally = play("lamarckian_poker", lambda: LB.HardBot(iterations=150), 16)
    assert tally.wins >= 6  # measured 8 of 16; the greedy players' fair share is 4
