"""Pirate Rummy bots: legal, deterministic, and the hard one sheds more than simpler play."""
import random

import pytest

from game.engine import bots
from game.engine import pirate_rummy as pr
from game.engine.bots import pirate_rummy as prb


def any_meld():
    """The simple heuristic to beat: greedy melds from hand, cards onto melds where they fit."""
    return prb.PirateRummyBot(rearrange=False, plunder=False, budget=30)


def play_game(factories, seed, seats=4, deck="uno"):
    s = pr.new_game(seats, seed, {"deck": deck})
    r = random.Random(seed)
    while not pr.is_over(s):
        p = s.to_act
        legal = pr.legal_actions(s)
        action = bots.finish(factories[p]().think(pr.view(s, p), legal, r))
        assert action in legal
        s = pr.apply(s, action)
    return s


def test_levels_are_named_weakest_first():
    assert bots.levels("pirate_rummy") == ("easy", "normal", "hard")


def test_bots_play_whole_games_on_both_decks():
    for level in ("easy", "normal", "hard"):
        for deck in ("uno", "standard"):
            s = play_game([prb.LEVELS[["easy", "normal", "hard"].index(level)][1]] * 3, 7, 3, deck)
            assert pr.result(s).winners


def test_hard_plans_the_same_turn_again_from_a_fresh_bot():
    s = pr.new_game(4, 4)
    for _ in range(30):
        if pr.is_over(s):
            break
        v, legal = pr.view(s, s.to_act), pr.legal_actions(s)
        prb._CACHE.clear()
        a = bots.finish(prb.hard().think(v, legal, random.Random(1)))
        prb._CACHE.clear()
        assert bots.finish(prb.hard().think(v, legal, random.Random(2))) == a
        s = pr.apply(s, a)


def test_hard_finds_a_rearrangement_of_its_own_area():
    # seat 0 holds a run 1-5 blue in play; with 5 yellow and 5 green in hand it makes a set of 5s
    from tests.engine.test_pirate_rummy_rules import build_for, game, play
    s = game(3, [["b1", "b2", "b3", "b4", "b5", "y5", "g5", "b6"]])
    s = play(s, *build_for(0, ["b1", "b2", "b3", "b4", "b5"]), "end turn", "end turn", "end turn")
    hand = len(s.hands[0])
    while s.to_act == 0:
        s = pr.apply(s, bots.finish(prb.hard().think(pr.view(s, 0), pr.legal_actions(s),
                                                      random.Random(0))))
    assert len(s.hands[0]) <= hand - 3
    assert any(set(m) == {"y5", "g5", "b5"} or "b6" in m for m in s.areas[0])


@pytest.mark.slow
def test_hard_beats_random_and_the_simple_heuristic():
    wins_random = wins_greedy = 0.0
    games = 6
    for seed in range(games):
        seat = seed % 4
        s = play_game([prb.hard if p == seat else bots.RandomBot for p in range(4)], seed)
        wins_random += (seat in s.winners) / len(s.winners)
        s = play_game([prb.hard if p == seat else any_meld for p in range(4)], seed + 100)
        wins_greedy += (seat in s.winners) / len(s.winners)
    assert wins_random >= 2 * games / 4
    assert wins_greedy > games / 4


def test_hard_takes_over_a_turn_someone_else_started():
    """From a table rearranged at random mid-turn, the bot puts it right or resets, and the turn
    ends without losing a card."""
    r = random.Random(5)
    for seed in range(6):
        s = pr.new_game(4, seed)
        for _ in range(40 + seed * 13):     # a few turns of random play, stopping mid-turn
            s = pr.apply(s, r.choice(pr.legal_actions(s)))
        seat, turns = s.to_act, s.turns
        steps = 0
        while not pr.is_over(s) and s.turns == turns:
            legal = pr.legal_actions(s)
            s = pr.apply(s, bots.finish(prb.hard().think(pr.view(s, seat), legal, r)))
            steps += 1
        assert steps < 80            # a short plan, never the long-turn guard


def test_a_plan_from_before_a_reset_is_never_indexed_backwards():
    """The monkey found it: asked for a hint after a reset, the planner computed a negative
    step number and read a plan from its end."""
    from types import SimpleNamespace

    from game.engine.bots.pirate_rummy import PirateRummyBot
    plan = (("end turn",), ((((), (), (), ()), ("y5",)),))
    view = SimpleNamespace(areas=((), (), (), ()), hand=("y5",))
    assert PirateRummyBot._next(plan, 0, view) == "end turn"
    assert PirateRummyBot._next(plan, -1, view) is None
    assert PirateRummyBot._next(plan, -42, view) is None
