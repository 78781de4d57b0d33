"""Abandon Ship computer players: legal, deterministic, sliced, and the stronger ones play well."""
import random

import pytest

from game.engine import abandon_ship as A
from game.engine import bots
from game.engine.bots import abandon_ship as B

from .test_abandon_ship_rules import position


def positions(seats, seed, every=7):
    """States along a random game: every few turns of play, and every other decision."""
    pick = random.Random(seed)
    state = A.new_game(seats, seed)
    for step in range(10_000):
        if A.is_over(state):
            return
        if state.phase != "play" or step % every == 0:
            yield state
        state = A.apply(state, pick.choice(A.legal_actions(state)))


def test_levels():
    assert bots.levels("abandon_ship") == ("easy", "normal", "hard")
    assert isinstance(bots.make("abandon_ship", "easy"), B.EasyBot)
    assert isinstance(bots.make("abandon_ship", "normal"), B.NormalBot)
    assert isinstance(bots.make("abandon_ship", "hard"), B.HardBot)


def test_the_old_level_names_still_work():
    assert isinstance(bots.make("abandon_ship", "strong"), B.HardBot)
    assert isinstance(bots.make("abandon_ship", "random"), bots.RandomBot)
    assert [bots.current_level("abandon_ship", lv) for lv in ("random", "strong", "hard", "x")] \
        == ["easy", "hard", "hard", None]


@pytest.mark.parametrize("seats", [2, 4, 8])
def test_every_level_picks_a_legal_action_in_every_phase(seats):
    phases = set()
    for i, state in enumerate(positions(seats, seats)):
        phases.add(state.phase)
        legal = A.legal_actions(state)
        for level in bots.levels("abandon_ship") if i % 3 == 0 else ("easy", "normal"):
            action = bots.choose("abandon_ship", state, state.to_act, level, 5)
            assert action in legal
            assert bots.choose("abandon_ship", state, state.to_act, level, 5) == action
    assert phases == {"play", "fight", "showdown", "round_over"}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_thinking_bots_yield_while_they_think(level):
    state = A.new_game(4, 1)
    thinking = bots.make("abandon_ship", level).think(A.view(state, 0), A.legal_actions(state),
                                                      random.Random(0))
    assert next(thinking) is None
    assert bots.finish(thinking) in A.legal_actions(state)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_raises_with_a_king_and_gives_up_a_lost_fight(level):
    s = position(3, hands=[["7H", "2C", "3C", "4C", "5C"], ["KS", "6D", "2D"], ["QD"]])
    s = A.apply(s, "attack seat 2 with 7H")
    assert str(bots.choose("abandon_ship", s, 1, level, 0)) == "raise with KS"
    s = A.apply(s, "raise with KS")
    assert str(bots.choose("abandon_ship", s, 0, level, 0)) == "surrender"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_thinking_bots_run_for_the_rich_lifeboat_they_can_win(level):
    # Every heart is in the lifeboat or in seat 1's hand; spades are scattered and the spade
    # lifeboat is nearly empty.
    hearts = [r + "H" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J")]
    s = position(3, hands=[["2S", "3S"], ["QH", "4S"], ["5S", "6S"]],
                 lifeboats={"H": hearts + ["KH"], "S": ["AS"]}, phase="showdown", turn=2)
    s = A.apply(s, "key card 2S")
    assert str(bots.choose("abandon_ship", s, 1, level, 0)) == "key card QH"


def strong_wins(games, seats=4):
    wins = 0
    for game in range(games):
        strong = game % seats
        players = [bots.make("abandon_ship", "normal") if p == strong else bots.RandomBot()
                   for p in range(seats)]
        pick = random.Random(game)
        state = A.new_game(seats, 1000 + game)
        while not A.is_over(state):
            seat = state.to_act
            thinking = players[seat].think(A.view(state, seat), A.legal_actions(state), pick)
            state = A.apply(state, bots.finish(thinking))
        wins += strong in A.result(state).winners
    return wins


def test_the_normal_bot_beats_three_random_bots():
    # Chance is 25%; over 600 games (see the module) the strong bot wins about 72%.
    assert strong_wins(60) > 0.40 * 60
