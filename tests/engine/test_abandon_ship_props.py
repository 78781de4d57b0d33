"""Abandon Ship: properties over random deals, 2-8 players and random legal play."""
import dataclasses
import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import IllegalAction
from game.engine import abandon_ship as A

MAX_STEPS = 3000
CARD_NAME = re.compile(r"(?:10|[2-9AJQK])[♠♥♦♣]")


def playout(seats, seed, chooser_seed, max_steps=MAX_STEPS):
    """(state, action text) pairs of a random game, then the last state with None."""
    chooser = random.Random(chooser_seed)
    state = A.new_game(seats, seed)
    steps = []
    while not A.is_over(state) and len(steps) < max_steps:
        action = str(chooser.choice(A.legal_actions(state)))
        steps.append((state, action))
        state = A.apply(state, action)
    steps.append((state, None))
    return steps


def every_card(s):
    cards = list(s.deck) + list(s.out) + [c for pile in (*s.hands, *s.boards, *s.lifeboats)
                                          for c in pile]
    cards += [k for k in s.keys if k is not None]
    return cards + list(s.fight.cards if s.fight else ())


def public_cards(s):
    """Cards every seat may see in this state."""
    cards = [c for pile in (*s.boards, *s.lifeboats) for c in pile]
    cards += list(s.fight.cards if s.fight else ())
    if s.phase in ("round_over", "over"):
        cards += [c for h in s.hands for c in h] + [k for k in s.keys if k]
    return cards


def strings(value, skip=("log", "last_round")):
    """Every string inside a view (dataclasses, dicts, tuples), except the named fields."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            if f.name not in skip:
                yield from strings(getattr(value, f.name), ())
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(k, ())
            yield from strings(v, ())
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from strings(v, ())


def check_privacy(before, s):
    """No view shows another seat's hidden hand card or key card; new log lines and a new round
    summary only name cards that are public now."""
    shown = s.phase in ("round_over", "over")
    public = {A.name(c) for c in public_cards(s)}
    for line in s.log[len(before.log) if before else 0:]:
        assert set(CARD_NAME.findall(line)) <= public, line
    if s.last_round is not None and (before is None or before.last_round != s.last_round):
        assert {A.name(k) for k in s.last_round.key_cards if k} <= public
    for seat in range(s.seats):
        v = A.view(s, seat)
        hidden = set() if shown else {c for p in range(s.seats) if p != seat
                                      for c in (*s.hands[p], s.keys[p]) if c}
        assert not hidden & set(strings(v))
        assert v.hand == s.hands[seat] and v.hand_counts == tuple(map(len, s.hands))
        assert v.to_act == s.to_act and v.deck_count == len(s.deck)


def check_invariants(s):
    assert sorted(every_card(s)) == sorted(A.deck_for(s.seats))
    assert len(s.out) == A.out_count(s.seats) and all(len(h) <= 5 for h in s.hands)
    for suit, boat in zip("SHDC", s.lifeboats):
        assert all(A.SUIT_OF[c] == suit for c in boat)
    if s.fight:
        ranks = [A.POINTS[c] for c in s.fight.cards]
        assert ranks == sorted(set(ranks))
    assert (not s.deck) == (s.phase in ("showdown", "round_over", "over"))
    if s.phase != "over":
        assert s.to_act in range(s.seats) and A.legal_actions(s)


def illegal_texts(s, pick):
    cards = A.deck_for(s.seats)
    seat = pick.randrange(8)
    tries = [f"discard {pick.choice(cards)}", f"attack seat {seat + 1} with {pick.choice(cards)}",
             f"raise with {pick.choice(cards)}", f"key card {pick.choice(cards)}", "surrender",
             "deal next round", "sail away"]
    legal = set(map(str, A.legal_actions(s)))
    return [t for t in tries if t not in legal]


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 8), st.integers(0, 10**9), st.integers(0, 2**32))
def test_random_play_keeps_every_rule(seats, seed, chooser_seed):
    steps = playout(seats, seed, chooser_seed)
    pick = random.Random(seed)
    before = None
    for state, _action in steps:
        check_invariants(state)
        check_privacy(before, state)
        assert A.from_json(json.loads(json.dumps(A.to_json(state)))) == state
        if before is not None:
            assert A.revealed(state) >= A.revealed(before)
        saved = A.to_json(state)
        for text in illegal_texts(state, pick):
            with pytest.raises(IllegalAction):
                A.apply(state, text)
        assert A.to_json(state) == saved
        before = state
    last = steps[-1][0]
    assert A.is_over(last), "a random game did not end"
    assert len(A.result(last).winners) == 1 and max(last.scores) >= A.TARGET


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 8), st.integers(0, 10**9), st.integers(0, 2**32))
def test_same_seed_and_actions_give_the_same_game(seats, seed, chooser_seed):
    steps = playout(seats, seed, chooser_seed, max_steps=300)
    state = A.new_game(seats, seed)
    for expected, action in steps:
        assert state == expected
        if action is not None:
            state = A.apply(state, action)
