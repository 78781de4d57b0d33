"""Lamarckian Poker: properties over random deals and random legal play with 2 to 8 players."""
import dataclasses
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import IllegalAction
from game.engine import lamarckian_poker as lp
from game.engine.cards import FULL_DECK
from game.engine.poker import Hand

games = st.tuples(st.integers(2, 8), st.integers(0, 10**9), st.integers(0, 10**6))
CARD = re.compile(r"(?:10|[2-9AJQK])[SHDC\u2660\u2665\u2666\u2663]")
SUIT_OF = dict(zip("\u2660\u2665\u2666\u2663", "SHDC"))


def playout(seats, seed, chooser_seed):
    """Every (state, action text) of one random game, then the final state with None."""
    chooser = random.Random(chooser_seed)
    state = lp.new_game(seats, seed)
    steps = []
    while not lp.is_over(state):
        assert len(steps) < 200, "the game did not end"
        action = str(chooser.choice(lp.legal_actions(state)))
        steps.append((state, action))
        state = lp.apply(state, action)
    return steps + [(state, None)]


def every_card(state):
    return (list(state.deck) + [c for h in state.hands for c in h] + list(state.pool)
            + list(state.discards) + [m for m in state.marks if m])


def cards_named(value) -> set:
    """Every card code a view holds anywhere: in card fields, in texts (as codes or symbols)."""
    if isinstance(value, str):
        return {c[:-1] + SUIT_OF.get(c[-1], c[-1]) for c in CARD.findall(value)}
    if isinstance(value, Hand):
        return set(value.cards)
    if dataclasses.is_dataclass(value):
        value = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif isinstance(value, dict):
        value = [*value.keys(), *value.values()]
    if isinstance(value, (tuple, list)):
        return set().union(*map(cards_named, value)) if value else set()
    return set()


@settings(max_examples=40, deadline=None)
@given(games)
def test_every_card_is_somewhere_once_and_json_round_trips(game):
    for state, _ in playout(*game):
        assert sorted(every_card(state)) == sorted(FULL_DECK)
        data = json.loads(json.dumps(lp.to_json(state)))
        assert lp.from_json(data) == state and lp.to_json(lp.from_json(data)) == data
        assert all(sec <= set(h) | {m} for sec, h, m in
                   zip(map(set, state.secret), state.hands, state.marks))


@settings(max_examples=25, deadline=None)
@given(games)
def test_the_same_seed_and_actions_give_the_same_game(game):
    steps = playout(*game)
    state = lp.new_game(game[0], game[1])
    for (recorded, action), (following, _) in zip(steps, steps[1:]):
        assert state == recorded
        state = lp.apply(state, action)
        assert state == following and lp.revealed(state) >= lp.revealed(recorded)


@settings(max_examples=25, deadline=None)
@given(games)
def test_illegal_actions_are_refused_and_change_nothing(game):
    for state, _ in playout(*game):
        saved = lp.to_json(state)
        seat = state.to_act
        others = [c for c in FULL_DECK if seat is None or c not in state.hands[seat]]
        for bad in (f"mark {others[0]}", f"mark {others[-1]}", "mark", "pass", "mark 1S"):
            with pytest.raises(IllegalAction):
                lp.apply(state, bad)
        assert lp.to_json(state) == saved


@settings(max_examples=40, deadline=None)
@given(games)
def test_no_view_names_a_card_its_seat_has_not_seen(game):
    public = set()
    for state, _ in playout(*game):
        public |= set(state.pool)
        if state.last:
            public |= {step.mark for step in state.last.steps}
        for seat in range(state.seats):
            hidden = set(state.deck)
            if not lp.is_over(state):
                for other in range(state.seats):
                    if other != seat:
                        hidden |= (set(state.hands[other]) | {state.marks[other]}) - public
            hidden.discard(None)
            named = cards_named(lp.view(state, seat))
            assert not named & hidden, (seat, named & hidden)


@settings(max_examples=25, deadline=None)
@given(games)
def test_before_the_reveal_a_view_is_the_same_whichever_mark_was_chosen(game):
    for state, _ in playout(*game):
        seat = state.to_act
        if seat is None:
            continue
        outcomes = [lp.apply(state, a) for a in lp.legal_actions(state)]
        if not any(outcomes[0].marks):
            continue  # the last mark of the round: everything is revealed at once
        for other in range(state.seats):
            if other != seat:
                views = [lp.view(s, other) for s in outcomes]
                assert all(v == views[0] for v in views)
                assert views[0].chosen[seat] and views[0].mark == state.marks[other]
