"""Properties of Scoundrel over random deals and random legal play."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import IllegalAction
from game.engine import scoundrel as sc
from game.engine.session import Session

seeds = st.integers(0, 10**9)
rules = st.sampled_from(["at_most", "below"])
quick = settings(max_examples=150, deadline=None)


@st.composite
def starts(draw):
    """A fresh deal, or a game part-way through (to reach the end of the dungeon, which random
    play from a fresh deal almost never survives to)."""
    seed, rule = draw(seeds), draw(rules)
    if draw(st.booleans()):
        return sc.new_game(1, seed, {"weapon_rule": rule})
    cards = list(sc.DECK)
    random.Random(seed).shuffle(cards)
    left = draw(st.integers(0, 40), label="dungeon size")
    in_room = 4 if left else draw(st.integers(1, 4), label="room size")
    dungeon, room, rest = cards[:left], cards[left:left + in_room], cards[left + in_room:]
    weapon = draw(st.sampled_from([None] + [c for c in rest if sc.KIND[c] == "weapon"]))
    monsters = sorted((c for c in rest if sc.KIND[c] == "monster"), key=lambda c: -sc.VALUE[c])
    slain = monsters[:draw(st.integers(0, 3))] if weapon else []
    room += [None] * (sc.ROOM_SIZE - len(room))
    return sc.from_json({
        "game": "scoundrel", "version": 1, "dungeon": dungeon, "room": room,
        "health": draw(st.integers(1, 20), label="health"), "weapon": weapon, "slain": slain,
        "discard": [c for c in rest if c != weapon and c not in slain],
        "potion_used": False, "avoided_last": left > 0 and draw(st.booleans()), "faced": 0,
        "last_faced": None, "status": "playing", "options": {"weapon_rule": rule},
        "seed": seed, "revealed": 44 - left, "rooms": 1 + (40 - left) // 3,
    })


def random_game(start, data):
    """Play legal actions picked by hypothesis to the end; returns (states, action texts)."""
    state = start
    states, actions = [state], []
    while not sc.is_over(state):
        legal = sc.legal_actions(state)
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        state = sc.apply(state, action)
        states.append(state)
        actions.append(action.text)
    return states, actions


def every_card(state):
    return (list(state.dungeon) + list(state.room_cards) + list(state.slain)
            + list(state.discard) + ([state.weapon] if state.weapon else []))


def illegal_texts(state):
    """A sample of actions the rules must refuse in this state."""
    out = []
    for card in [*state.dungeon[:3], *state.discard[-3:], *state.slain[-1:]]:
        out.append(f"face {card} barehanded" if sc.KIND[card] == "monster" else f"face {card}")
    for card in state.room_cards:
        if sc.KIND[card] == "monster" and not sc.weapon_allows(state, card):
            out.append(f"face {card} with weapon")
    if not sc.can_avoid(state):
        out.append("avoid room")
    if sc.is_over(state):
        out += [f"face {c} barehanded" for c in state.room_cards if sc.KIND[c] == "monster"]
        out += [f"face {c}" for c in state.room_cards if sc.KIND[c] != "monster"]
    return out


@quick
@given(starts(), st.data())
def test_cards_are_conserved_health_stays_in_bounds_and_legal_actions_apply(start, data):
    states, _ = random_game(start, data)
    for state in states:
        assert sorted(every_card(state), key=sc.DECK.index) == list(sc.DECK)
        assert state.health <= sc.MAX_HEALTH
        if not sc.is_over(state):
            assert state.health > 0 and state.to_act == 0
            for action in sc.legal_actions(state):
                sc.apply(state, action)
    assert states[-1].to_act is None and sc.legal_actions(states[-1]) == []
    assert sc.result(states[-1]).scores == (sc.score(states[-1]),)


@quick
@given(starts(), st.data())
def test_illegal_actions_are_refused_without_changing_the_state(start, data):
    states, _ = random_game(start, data)
    for state in states:
        legal = {a.text for a in sc.legal_actions(state)}
        saved = sc.to_json(state)
        for text in illegal_texts(state):
            assert text not in legal
            try:
                sc.apply(state, text)
            except IllegalAction as refusal:
                assert str(refusal)
            else:
                raise AssertionError(f"{text!r} was accepted in {state!r}")
            assert sc.to_json(state) == saved


@quick
@given(starts(), st.data())
def test_json_round_trip_at_every_step(start, data):
    states, _ = random_game(start, data)
    for state in states:
        assert sc.from_json(json.loads(json.dumps(sc.to_json(state)))) == state


@quick
@given(seeds, rules, st.data())
def test_same_seed_and_actions_give_the_same_game(seed, rule, data):
    states, actions = random_game(sc.new_game(1, seed, {"weapon_rule": rule}), data)
    state = sc.new_game(1, seed, {"weapon_rule": rule})
    assert state == states[0]
    for text, expected in zip(actions, states[1:]):
        state = sc.apply(state, text)
        assert state == expected


@settings(max_examples=60, deadline=None)
@given(seeds, rules, st.data())
def test_session_round_trip_replays_to_the_same_state(seed, rule, data):
    _, actions = random_game(sc.new_game(1, seed, {"weapon_rule": rule}), data)
    cut = data.draw(st.integers(0, len(actions)), label="cut")
    session = Session("scoundrel", 1, seed, {"weapon_rule": rule})
    for text in actions[:cut]:
        session.apply(text)
    loaded = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert loaded.state == session.state and loaded.actions == session.actions


@quick
@given(starts(), st.data())
def test_the_view_never_shows_the_dungeon_order(start, data):
    """Only the order of the cards the player avoided to the bottom is theirs to know."""
    states, _ = random_game(start, data)
    shuffle = random.Random(start.seed).shuffle
    for state in states:
        view = sc.view(state)
        assert view.dungeon_cards == tuple(sorted(state.dungeon, key=sc.DECK.index))
        reordered = sc.to_json(state)
        unseen = len(state.dungeon) - state.known_bottom
        top = reordered["dungeon"][:unseen]
        shuffle(top)
        reordered["dungeon"][:unseen] = top
        assert sc.view(sc.from_json(reordered)) == view


JUNK = [None, "", -1, 0, 10**6, 1.5, True, "AS", "9D", "playing", [], ["AS"], [None], {}, {"x": 1}]


@pytest.mark.parametrize("seed", [0, 1])
def test_a_damaged_save_is_refused_with_value_error_or_loads_a_playable_game(seed):
    start = sc.apply(sc.new_game(1, seed), "avoid room")
    for field in sc.to_json(start):
        for junk in JUNK:
            saved = {**sc.to_json(start), field: junk}
            try:
                state = sc.from_json(saved)
            except ValueError:
                continue
            sc.view(state)
            for action in sc.legal_actions(state):
                sc.apply(state, action)
