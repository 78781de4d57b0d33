"""The shared search (game/engine/bots/search.py): budgeted, reproducible, sliced, capped, and
the games' determinizations deal only what a seat could be facing."""
import random

import pytest

from game.engine import abandon_ship as A
from game.engine import bots
from game.engine import lamarckian_poker as L
from game.engine.bots import abandon_ship as AB
from game.engine.bots import lamarckian_poker as LB
from game.engine.bots import search


class Counting(LB.LamarckianGame):
    def __init__(self):
        super().__init__()
        self.deals = 0

    def determinize(self, view, rng):
        self.deals += 1
        return super().determinize(view, rng)


def test_the_search_spends_its_budget_and_repeats_itself():
    state = L.new_game(4, 3)
    view, legal = L.view(state, 0), L.legal_actions(state)
    game = Counting()
    thinking = search.run(game, view, legal, random.Random(5), 37)
    pauses = 0
    while True:
        try:
            assert next(thinking) is None
            pauses += 1
        except StopIteration as stop:
            action = stop.value
            break
    assert game.deals == 37 and pauses == 37
    assert action in legal
    assert bots.finish(search.run(Counting(), view, legal, random.Random(5), 37)) == action


def test_one_legal_action_needs_no_thought():
    game = Counting()
    state = L.new_game(2, 1)
    only = L.legal_actions(state)[:1]
    assert bots.finish(search.run(game, L.view(state, 0), only, random.Random(0), 50)) == only[0]
    assert game.deals == 0


def test_the_time_cap_ends_a_long_search(monkeypatch):
    monkeypatch.setattr(search, "CAP_SECONDS", 0.0)
    game = Counting()
    state = L.new_game(4, 2)
    action = bots.finish(search.run(game, L.view(state, 0), L.legal_actions(state),
                                    random.Random(0), 10_000))
    assert game.deals == 1 and action in L.legal_actions(state)


def walk(rules, seats, seed, every=3):
    """States along a random game with a seat to act."""
    pick, state = random.Random(seed), rules.new_game(seats, seed)
    for step in range(2000):
        if rules.is_over(state):
            return
        if step % every == 0:
            yield state
        state = rules.apply(state, pick.choice(rules.legal_actions(state)))


@pytest.mark.parametrize("seats", [2, 4, 7])
def test_abandon_ship_deals_what_the_seat_could_be_facing(seats):
    game, rng = AB.AbandonShipGame(), random.Random(seats)
    checked = set()
    for state in walk(A, seats, seats):
        if state.phase not in ("play", "fight", "showdown"):
            continue
        seat = state.to_act
        view = A.view(state, seat)
        guess = game.determinize(view, rng)
        A.from_json(A.to_json(guess))  # a whole, valid state: every card once
        again = A.view(guess, seat)
        for field in ("hand", "hand_counts", "boards", "lifeboats", "deck_count", "out_count",
                      "fight", "chosen", "key_cards", "scores", "phase", "to_act", "turn"):
            assert getattr(again, field) == getattr(view, field), field
        assert A.legal_actions(guess) == A.legal_actions(state)
        checked.add(state.phase)
    assert checked == {"play", "fight", "showdown"}


@pytest.mark.parametrize("seats", [2, 4, 8])
def test_lamarckian_poker_deals_what_the_seat_could_be_facing(seats):
    game, rng = LB.LamarckianGame(), random.Random(seats)
    some_chosen = False
    for state in walk(L, seats, seats, every=1):
        seat = state.to_act
        view = L.view(state, seat)
        guess = game.determinize(view, rng)
        L.from_json(L.to_json(guess))
        again = L.view(guess, seat)
        for field in ("hand", "mark", "hand_counts", "alive", "chosen", "pool", "deck_count",
                      "discards", "round", "to_act"):
            assert getattr(again, field) == getattr(view, field), field
        for other in range(seats):  # the cards everyone saw a seat take are still with it
            assert set(view.known[other]) <= set(guess.hands[other]) | {guess.marks[other]}
        some_chosen |= any(view.chosen)
    assert some_chosen


def test_a_game_without_its_own_determinize_cannot_be_searched():
    from game.engine import abandon_ship
    from game.engine.bots.search import Game
    with pytest.raises(TypeError):
        Game(abandon_ship)
