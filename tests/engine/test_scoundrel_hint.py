"""The Scoundrel hint: always legal, view-only, sensible, fast, and better than chance."""
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import scoundrel as sc
from game.engine.cards import pretty
from game.engine.scoundrel_careful import careful_move
from game.engine.scoundrel_hint import Hint, _reason, hint


def position(room, health=20, weapon=None, slain=(), rule="at_most", **fields):
    """A game with `room` dealt; every other card is still in the dungeon."""
    used = {*room, *slain, weapon}
    data = {
        "game": "scoundrel", "version": 1, "dungeon": [c for c in sc.DECK if c not in used],
        "room": list(room) + [None] * (sc.ROOM_SIZE - len(room)), "health": health,
        "weapon": weapon, "slain": list(slain), "discard": [], "potion_used": False,
        "avoided_last": False, "faced": sc.ROOM_SIZE - len(room), "last_faced": None,
        "status": "playing", "options": {"weapon_rule": rule}, "seed": 0, "revealed": 4,
        "rooms": 1,
    }
    return sc.from_json({**data, **fields})


def shuffle_unseen(state, rnd: random.Random):
    """The same game with the dungeon's unseen cards in another order (the cards avoided to the
    bottom stay there, in the order the player saw them go)."""
    data = sc.to_json(state)
    unseen = len(state.dungeon) - state.known_bottom
    top = data["dungeon"][:unseen]
    rnd.shuffle(top)
    data["dungeon"] = top + data["dungeon"][unseen:]
    return sc.from_json(data)


def lethal(state, text):
    return sc.apply(state, text).status == sc.DEAD


def advice(state):
    return hint(sc.view(state))


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["at_most", "below"]), st.data())
def test_the_hint_is_always_legal_and_never_needlessly_lethal(seed, rule, data):
    state = sc.new_game(1, seed, {"weapon_rule": rule})
    while not sc.is_over(state):
        legal = [a.text for a in sc.legal_actions(state)]
        suggested = advice(state)
        assert isinstance(suggested, Hint)
        assert suggested.action in legal
        assert suggested.reason.endswith(".") and len(suggested.reason) < 120
        if any(not lethal(state, text) for text in legal):
            assert not lethal(state, suggested.action), suggested
        follow = data.draw(st.booleans(), label="follow the hint")
        state = sc.apply(state, suggested.action if follow
                         else legal[data.draw(st.integers(0, len(legal) - 1), label="action")])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 6))
def test_the_hint_sees_only_the_view(seed, steps):
    state = sc.new_game(1, seed)
    for _ in range(steps):
        if sc.is_over(state):
            return
        state = sc.apply(state, advice(state).action)
    if sc.is_over(state):
        return
    other = shuffle_unseen(state, random.Random(seed))
    assert sc.view(other) == sc.view(state)
    assert advice(other) == advice(state) == advice(state)  # and deterministic


def test_the_hint_refuses_a_finished_game():
    dead = sc.apply(position(["AS", "6C", "9H", "2D"], health=14), "face AS barehanded")
    with pytest.raises(ValueError, match="over"):
        advice(dead)


def test_take_a_big_weapon_before_a_big_monster():
    assert advice(position(["10D", "KS", "2H", "3S"])).action == "face 10D"
    assert advice(position(["QS", "9D", "KC", "4H"], weapon="2D")).action == "face 9D"


def test_drink_a_potion_rather_than_take_a_lethal_hit():
    suggested = advice(position(["9H", "5S", "6C", "7S"], health=3))
    assert suggested.action == "face 9H"
    assert "kill" in suggested.reason


def test_use_the_weapon_on_the_biggest_monster_first():
    suggested = advice(position(["3C", "KS", "QS", "4H"], weapon="9D"))
    assert suggested.action == "face KS with weapon"
    assert suggested.reason == "Use the 9\u2666 on the K\u2660: it costs 4 health instead of 13."


def test_avoid_a_room_of_big_monsters_when_low():
    suggested = advice(position(["KS", "QC", "AS", "JC"], health=8))
    assert suggested.action == "avoid room"
    assert "K\u2660" in suggested.reason


@pytest.mark.parametrize("room, fields", [(["KS", "QC", "AS", "9S"], {"avoided_last": True}),
                                          (["KS", "QC", "9S"], {})])  # one card already faced
def test_never_avoid_when_it_is_not_allowed(room, fields):
    state = position(room, health=15, **fields)
    assert "avoid room" not in [a.text for a in sc.legal_actions(state)]
    assert advice(state).action in [a.text for a in sc.legal_actions(state)]


def win_rate(choose, seeds):
    wins = 0
    for seed in seeds:
        state = sc.new_game(1, seed)
        pick = random.Random(seed)
        while not sc.is_over(state):
            state = sc.apply(state, choose(state, pick))
        wins += state.status == sc.WON
    return wins / len(seeds)


@pytest.mark.slow
def test_hint_guided_play_wins_far_more_often_than_random_play():
    seeds = range(60)  # a few minutes; tests/bench measures the autoplayer on thousands
    guided = win_rate(lambda state, pick: advice(state).action, seeds)
    chance = win_rate(lambda state, pick: pick.choice(sc.legal_actions(state)), seeds)
    print(f"\nScoundrel wins over {len(seeds)} deals: hint {guided:.1%}, random {chance:.1%}")
    assert guided >= 0.2 and guided >= chance + 0.15


def test_the_careful_move_is_legal():
    for seed in range(3):
        state = sc.new_game(1, seed)
        while not sc.is_over(state):
            text = careful_move(sc.view(state))
            assert text in [a.text for a in sc.legal_actions(state)]
            state = sc.apply(state, text)


def _cost(view, card):
    """What facing `card` costs at least, by the engine: the weapon when it may, else bare."""
    armed = sc.damage(view, card, True) if sc.weapon_allows(view, card) else None
    bare = sc.damage(view, card, False)
    return bare if armed is None else min(armed, bare)


def _names(cards):
    return {pretty(c): c for c in cards}


def check_reason(state, text):
    """Every figure and claim a reason states is checked against the engine (issue 24)."""
    view = sc.view(state)
    reason = _reason(view, text)
    names = _names(view.room_cards + ((view.weapon,) if view.weapon else ()) + tuple(view.slain))
    after = sc.apply(state, text)
    if m := re.match(r"Avoid this room: facing (.+) would cost (\d+) of your (\d+) health\.", reason):
        named = [names[n] for n in re.findall(r"the ([^ ,]+)", m.group(1))]
        assert named and all(_cost(view, c) > 0 for c in named), reason
        assert sum(_cost(view, c) for c in named) == int(m.group(2)), reason
        assert int(m.group(3)) == view.health
        monsters = [c for c in view.room_cards if sc.KIND[c] == "monster"]
        assert all(_cost(view, c) == 0 for c in monsters if c not in named), reason
    if m := re.search(r"it costs (\d+) health instead of (\d+)", reason):
        card = text.split()[1]
        assert sc.damage(view, card, True) == int(m.group(1)) == view.health - after.health
        assert sc.damage(view, card, False) == int(m.group(2))
    if "it costs no health" in reason or "heals nothing" in reason:
        assert after.health == view.health, reason
    if m := re.search(r"it restores (\d+) health", reason):
        assert after.health - view.health == int(m.group(1)) > 0, reason
    if m := re.search(r"facing the (\S+) now would kill you", reason):
        assert _cost(view, names[m.group(1)]) >= view.health, reason
    if m := re.search(r"can't face it after the", reason):
        assert not sc.weapon_allows(view, text.split()[1]), reason
    if m := re.search(r"it hits harder than your", reason):
        assert sc.VALUE[text.split()[1]] > sc.VALUE[view.weapon], reason
    if m := re.search(r"only face monsters up to (\d+) now", reason):
        reach = int(m.group(1))
        spade = {sc.VALUE[c]: c for c in sc.DECK if c.endswith("S")}
        if reach in spade:
            assert sc.weapon_allows(view, spade[reach]), reason
        if reach + 1 in spade:
            assert not sc.weapon_allows(view, spade[reach + 1]), reason
    if reason.startswith("No card here can be faced and survived"):
        assert all(lethal(state, a.text) for a in sc.legal_actions(state) if a.text != "avoid room")


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["at_most", "below"]), st.data())
def test_every_reason_a_hint_could_give_is_true_by_the_engine(seed, rule, data):
    state = sc.new_game(1, seed, {"weapon_rule": rule})
    while not sc.is_over(state):
        legal = [a.text for a in sc.legal_actions(state)]
        for text in legal:
            check_reason(state, text)
        state = sc.apply(state, legal[data.draw(st.integers(0, len(legal) - 1), label="action")])


def test_an_avoid_reason_names_no_monster_the_weapon_takes_for_free():
    state = position(["3S", "QC", "KS", "2H"], health=12, weapon="4D")
    reason = _reason(sc.view(state), "avoid room")
    assert "3♠" not in reason, reason
    check_reason(state, "avoid room")
