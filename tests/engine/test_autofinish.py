"""Auto-finish: offered exactly when nothing is hidden and the end is near; its line is legal,
ends the game, and no other way of playing the end does better (checked against random
orders and, for Scoundrel, the solver)."""
import random

import pytest

from game.engine import autofinish, bogey, scoundrel
from game.engine.bogey_hint import hint as bogey_hint
from game.engine.bots import finish as bot_finish
from game.engine.bots.scoundrel import strongest
from game.engine.scoundrel_solver import solve

RANDOM_ORDERS = 40


def play_out(rules, state, line):
    for text in line:
        state = rules.apply(state, text)
    return state


def random_end(rules, state, rnd, allowed=lambda a: True):
    while not rules.is_over(state):
        choices = [a for a in rules.legal_actions(state) if allowed(a)]
        if not choices:
            return None
        state = rules.apply(state, rnd.choice(choices))
    return state


# -- Scoundrel -----------------------------------------------------------------------------
def scoundrel_until_empty(seed):
    """States of a game played by the strongest autoplayer, up to an empty dungeon (or the end)."""
    state, rnd, states = scoundrel.new_game(seed=seed), random.Random(seed), []
    bot = strongest()
    while not scoundrel.is_over(state):
        states.append(state)
        if not state.dungeon:
            break
        view = scoundrel.view(state)
        action = bot_finish(bot.think(view, scoundrel.legal_actions(view), rnd))
        state = scoundrel.apply(state, action.text)
    return states


@pytest.mark.parametrize("seed", range(0, 60))
def test_scoundrel_offers_the_best_end_once_the_dungeon_is_empty(seed):
    states = scoundrel_until_empty(seed)
    for state in states[:-1]:
        assert autofinish.scoundrel_finish(state) is None  # the dungeon still hides cards
    last = states[-1]
    if last.dungeon:
        return  # slain before the dungeon ran out
    offer = autofinish.scoundrel_finish(last)
    assert offer is not None and offer.actions
    end = play_out(scoundrel, last, offer.actions)
    assert scoundrel.is_over(end)
    best = scoundrel.score(end)
    rnd = random.Random(seed)
    others = {scoundrel.score(random_end(scoundrel, last, rnd)) for _ in range(RANDOM_ORDERS)}
    assert max(others) <= best
    if offer.forced:
        assert others == {best}
    assert (end.status == scoundrel.WON) == bool(solve(last).winnable)
    assert offer.words.startswith("The end is forced" if offer.forced else "Finish faces")


def stacked(order):
    """A Scoundrel game from a dungeon in this order, the rest of the deck after it."""
    rest = [c for c in scoundrel.DECK if c not in order]
    return scoundrel.new_game(deck=list(order) + rest)


def test_scoundrel_order_matters_so_the_best_order_is_played():
    # a weapon, then a 3 to slay and a 9 it may no longer slay after the 3 (9 > 3):
    # face the 9 first with the weapon, then the 3. Dungeon left empty by hand.
    state = stacked(["5D", "3S", "9C", "2H"]).copy()
    state.dungeon = ()
    offer = autofinish.scoundrel_finish(state)
    assert offer is not None and not offer.forced
    end = play_out(scoundrel, state, offer.actions)
    assert end.status == scoundrel.WON
    assert offer.actions.index("face 9C with weapon") < offer.actions.index("face 3S with weapon")
    assert scoundrel.score(end) == max(
        scoundrel.score(random_end(scoundrel, state, random.Random(i))) for i in range(200))


# -- The Bogey -----------------------------------------------------------------------------
def bogey_near_end(seed):
    """A game played by the hint until nothing is left but the hand, or None if lost first."""
    state = bogey.new_game(1, seed)
    while not bogey.is_over(state):
        if (state.phase == bogey.PLAYER and not state.deck and not state.discards
                and state.hand and state.bogey_card is None):
            return state
        state = bogey.apply(state, bogey_hint(bogey.view(state)).action)
    return None


@pytest.mark.parametrize("seed", range(0, 40))
def test_bogey_offers_the_fewest_columns_once_only_the_hand_is_left(seed):
    state = bogey_near_end(seed)
    if state is None:
        return
    offer = autofinish.bogey_finish(state)
    rnd = random.Random(seed)
    plays = [random_end(bogey, state, rnd, lambda a: a.kind == "play")
             for _ in range(RANDOM_ORDERS)]
    if offer is None:  # no order places every card: the game is lost whatever is done
        assert plays == [None] * RANDOM_ORDERS
        return
    end = play_out(bogey, state, offer.actions)
    assert end.status == bogey.FINISHED
    assert all(t.startswith("play ") for t in offer.actions)
    columns = {len(e.columns) for e in plays if e is not None}
    assert min(columns) >= len(end.columns)
    if offer.forced:
        assert columns == {len(end.columns)} and None not in plays


def test_bogey_offers_nothing_while_cards_are_still_to_come():
    state = bogey.new_game(1, 3)
    assert autofinish.bogey_finish(state) is None
    while state.deck or state.discards:
        state = bogey.apply(state, bogey_hint(bogey.view(state)).action)
        if bogey.is_over(state):
            break
        if state.deck or state.discards or state.phase != bogey.PLAYER:
            assert autofinish.bogey_finish(state) is None
