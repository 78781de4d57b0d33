"""Doubloons computer players: legal, deterministic, sliced, seeing only their view, and sensible
(they take a win, block one with Heave To!, and the hard one outplays random play)."""
import random

import pytest

from game.engine import bots
from game.engine import doubloons as D
from game.engine.bots import doubloons as B

from .doubloons_tables import table


def positions(seats, seed, every=5):
    pick = random.Random(seed)
    state = D.new_game(seats, seed)
    for step in range(3000):
        if D.is_over(state):
            return
        if step % every == 0 or state.phase != D.PLAY:
            yield state
        state = D.apply(state, pick.choice(D.legal_actions(state)))


def test_levels_weakest_first():
    assert bots.levels("doubloons") == ("easy", "normal", "hard")
    assert isinstance(bots.make("doubloons", "hard"), B.SearchBot)


@pytest.mark.parametrize("seats", [2, 5])
def test_every_level_picks_a_legal_action_in_every_phase_deterministically(seats):
    phases = set()
    for state in list(positions(seats, seats))[:40]:
        phases.add(state.phase)
        legal = D.legal_actions(state)
        for level in bots.levels("doubloons"):
            action = bots.choose("doubloons", state, state.to_act, level, 5)
            assert action in legal
            assert bots.choose("doubloons", state, state.to_act, level, 5) == action
    assert {D.PLAY, D.REACT} <= phases


def test_a_guessed_deal_agrees_with_the_view():
    for state in list(positions(4, 9))[:30]:
        seat = state.to_act
        view = D.view(state, seat)
        guess = B.determinize(view, random.Random(1))
        assert sorted(D.all_cards(guess)) == sorted(D.ALL_CARDS)
        assert D.view(guess, seat).hand == view.hand
        assert [a.text for a in D.legal_actions(guess)] == [a.text for a in D.legal_actions(state)]


def test_the_search_yields_while_it_thinks():
    state = D.new_game(4, 1)
    thinking = B.SearchBot().think(D.view(state, 0), D.legal_actions(state), random.Random(0))
    assert next(thinking) is None
    assert bots.finish(thinking) in D.legal_actions(state)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_end_the_turn_on_seven(level):
    s = table(hands={0: ["yo_ho_ho"]}, purses=[7, 0, 0])
    assert bots.choose("doubloons", s, 0, level, 1) == D.END_TURN


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_cancel_a_winning_play(level):
    s = table(hands={0: ["yo_ho_ho"], 1: ["heave_to"]}, purses=[5, 0, 0])
    s = D.apply(s, "play yo_ho_ho")
    assert bots.choose("doubloons", s, 1, level, 1) == D.HEAVE_TO


def test_hard_keeps_its_heave_to_for_what_matters():
    s = table(hands={0: ["x_marks_the_spot"], 1: ["heave_to"]}, purses=[0, 0, 0])
    s = D.apply(s, "play x_marks_the_spot")
    assert bots.choose("doubloons", s, 1, "hard", 1) == D.LET_PASS


@pytest.mark.slow
def test_hard_wins_most_games_against_random_players():
    wins = 0
    for game in range(8):
        s, me = D.new_game(4, 100 + game), game % 4
        players = [B.SearchBot() if p == me else bots.RandomBot() for p in range(4)]
        rng = random.Random(game)
        while not D.is_over(s):
            p = s.to_act
            s = D.apply(s, bots.finish(players[p].think(D.view(s, p), D.legal_actions(s), rng)))
        wins += me in D.result(s).winners
    assert wins >= 5   # a fair share would be 2
