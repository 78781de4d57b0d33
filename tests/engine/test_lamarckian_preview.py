"""The mark preview against the engine's own resolution, over views from random games: what it
says a mark takes is what it takes alone; every card it calls at risk can be lost to some higher
mark another seat could hold, and no other card can; a gain is promised exactly when some
higher mark could fall to it."""
import random

import pytest

from game.engine import lamarckian_poker as rules
from game.engine.lamarckian_preview import possible_marks, preview


def views_while_marking(seed, seats):
    """Views of the seat to act at each marking decision of a random game."""
    rnd = random.Random(seed)
    state = rules.new_game(seats, seed)
    while not rules.is_over(state):
        if state.phase == rules.MARKING and state.to_act is not None:
            yield state, rules.view(state, state.to_act)
        state = rules.apply(state, rnd.choice(rules.legal_actions(state)))


def mine_after(pool, me, card, other, higher):
    steps = rules.resolve(pool, [(me, card), (other, higher)])
    return next(s.captured for s in steps if s.seat == me)


@pytest.mark.parametrize("seed", range(12))
def test_preview_agrees_with_the_resolution(seed):
    seats = 2 + seed % 5
    for state, view in views_while_marking(seed, seats):
        others = [s for s in view.living if s != view.seat]
        possible = possible_marks(view)
        # what other seats really hold is always among the possible marks
        for s in others:
            assert set(state.hands[s]) | ({state.marks[s]} if state.marks[s] else set()) <= possible
        for card in view.hand:
            p = preview(view, card)
            alone = rules.resolve(view.pool, [(view.seat, card)])[0].captured
            assert p.takes == alone
            higher = [h for h in possible if rules.STRENGTH[h] > rules.STRENGTH[card]]
            lost, gained = set(), False
            for h in higher:
                got = mine_after(view.pool, view.seat, card, others[0], h)
                lost |= set(alone) - set(got)
                gained = gained or h in got
                assert set(got) <= set(alone) | {h}
            assert set(p.at_risk) == lost
            assert p.could_gain == gained
            assert p.sure == (not higher)
            assert p.words.startswith(f"The {rules.pretty(card)} takes")


def test_preview_words_for_a_known_position():
    state = rules.new_game(2, 0)
    view = rules.view(state, 0)
    view = view.__class__(**{**view.__dict__, "pool": ("9S", "QH", "2C", "5D"),
                             "hand": ("QS", "3C", "4D", "7H")})
    p = preview(view, "QS")
    assert p.takes == ("9S", "QH")
    assert p.words == ("The Q♠ takes 9♠, Q♥ if it resolves first. Higher marks go first: a higher "
                       "♥, ♠, 9 or Q mark could take 9♠, Q♥ first; a higher ♠ or Q mark would "
                       "fall to you too.")
