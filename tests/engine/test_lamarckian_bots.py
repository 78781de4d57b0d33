"""Lamarckian Poker bots: legal, reproducible, sliced, and the stronger ones beat chance."""
import random

import pytest

from game.engine import bots
from game.engine import lamarckian_poker as lp
from game.engine.bots import RandomBot, finish
from game.engine.bots import lamarckian_poker as LB
from game.engine.bots.lamarckian_poker import NormalBot


def some_states(seats, seed, count):
    pick, state, out = random.Random(seed), lp.new_game(seats, seed), []
    while not lp.is_over(state) and len(out) < count:
        out.append(state)
        state = lp.apply(state, pick.choice(lp.legal_actions(state)))
    return out


def test_levels():
    assert bots.levels("lamarckian_poker") == ("easy", "normal", "hard")
    assert isinstance(bots.make("lamarckian_poker", "strong"), LB.HardBot)
    assert isinstance(bots.make("lamarckian_poker", "random"), RandomBot)


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_bots_choose_legal_actions_and_repeat_themselves(seats):
    for i, state in enumerate(some_states(seats, seats, 6)):
        for level in bots.levels("lamarckian_poker") if i < 2 else ("easy", "normal"):
            action = bots.choose("lamarckian_poker", state, state.to_act, level, 3)
            assert action in lp.legal_actions(state)
            assert action == bots.choose("lamarckian_poker", state, state.to_act, level, 3)


def test_the_easy_bot_marks_what_captures_most_but_slips_now_and_then():
    state = lp.new_game(2, 0, deck=["2S", "3H", "4D", "5C", "6S", "7H", "8D", "9C",
                                    "2H", "2D", "10S", "JC"] + [c for c in lp.FULL_DECK if c not in
                                    ("2S", "3H", "4D", "5C", "6S", "7H", "8D", "9C", "2H", "2D",
                                     "10S", "JC")])
    # Seat 0 holds 2S 4D 6S 8D; the pool is 2H 2D 10S JC: 2S takes three, the others one each.
    picks = [str(bots.choose("lamarckian_poker", state, 0, "easy", seed)) for seed in range(40)]
    assert picks.count("mark 2S") > 20 and "mark 4D" in picks
    assert set(picks) == {"mark 2S", "mark 4D"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_thinking_bots_think_in_slices(level):
    state = some_states(3, 1, 1)[0]
    bot = bots.make("lamarckian_poker", level)
    thinking = bot.think(lp.view(state, 0), lp.legal_actions(state), random.Random(0))
    assert next(thinking) is None
    assert finish(thinking) in lp.legal_actions(state)


def win_share(games, rollouts, seats=4):
    """The strong bot's share of the wins against random bots, its seat rotating."""
    share = 0.0
    for game in range(games):
        me = game % seats
        players = [NormalBot(rollouts) if s == me else RandomBot() for s in range(seats)]
        state, pick = lp.new_game(seats, game), random.Random(game)
        while not lp.is_over(state):
            seat = state.to_act
            thinking = players[seat].think(lp.view(state, seat), lp.legal_actions(state), pick)
            state = lp.apply(state, finish(thinking))
        winners = lp.result(state).winners
        share += (me in winners) / max(1, len(winners))
    return share / games


@pytest.mark.slow
def test_the_normal_bot_beats_random_players():
    # A quarter of the default playouts keeps this test short. Chance is 0.25; over 500 games
    # this measured 0.83, and 0.94 with the default 600 playouts.
    assert win_share(80, rollouts=150) > 0.4
