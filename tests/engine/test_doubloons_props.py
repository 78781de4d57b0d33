"""Doubloons: random play over 2-6 seats, saves, privacy and the card file's checks."""
import contextlib
import copy
import dataclasses
import json
import random

import pytest

from game.engine import doubloons as D
from game.engine import doubloons_cards
from game.engine.doubloons_cards import CardFileError

MAX_STEPS = 4000


def playout(seats, seed, chooser_seed):
    chooser = random.Random(chooser_seed)
    state = D.new_game(seats, seed)
    states = [state]
    while not D.is_over(state) and len(states) < MAX_STEPS:
        legal = D.legal_actions(state)
        assert legal and len({a.text for a in legal}) == len(legal)
        # ending the turn only now and then makes turns richer
        plays = [a for a in legal if a is not D.END_TURN] or legal
        state = D.apply(state, chooser.choice(plays if chooser.random() < 0.8 else legal))
        states.append(state)
    return states


@pytest.mark.parametrize("seats", range(2, 7))
def test_random_games_keep_every_card_and_no_purse_below_zero(seats):
    for game in range(3):
        for s in playout(seats, 100 * seats + game, game):
            assert sorted(D.held_cards(s)) == sorted(D.ACTION_DECK)
            assert sorted(D.held_pirates(s)) == sorted(D.PIRATES)
            assert min(s.purses) >= 0 and all(len(c) <= D.CREW_SIZE for c in s.crews)
        assert D.is_over(s), "a random game ends"
        assert D.result(s).winners


def test_json_round_trip_through_text_at_every_step():
    for s in playout(4, 9, 9)[::3]:
        data = json.loads(json.dumps(D.to_json(s)))
        back = D.from_json(data)
        assert back == s and D.legal_actions(back) == D.legal_actions(s)


def test_bad_saves_are_refused_with_value_error():
    good = D.to_json(playout(3, 5, 5)[40])
    for key in good:
        for bad in (None, -1, "x", [None], {"a": 1}, 10**9):
            data = copy.deepcopy(good)
            data[key] = bad
            with contextlib.suppress(ValueError):
                D.to_json(D.from_json(data))   # accepted only as a whole, playable state
    for corrupt in (lambda d: d["hands"][1].append(d["hands"][0][0]),
                    lambda d: d["purses"].__setitem__(0, -2),
                    lambda d: d["crews"][0].extend(["anne_bonny", "mary_read", "blackbeard"]),
                    lambda d: d.update(phase="react"),
                    lambda d: d["row"].pop()):
        data = copy.deepcopy(good)
        corrupt(data)
        with pytest.raises(ValueError):
            D.from_json(data)


def test_views_show_no_other_hand_and_no_private_look():
    for s in playout(4, 21, 3):
        for seat in range(4):
            v = D.view(s, seat)
            text = json.dumps(dataclasses.asdict(v), default=str)
            public = set(s.discard) | set(s.played) | {p["card"] for p in s.pending if p["card"]}
            if s.choice and s.choice["seat"] == seat:
                public |= set(s.choice["cards"])   # a private look is this seat's to see
            for other in range(4):
                if other != seat:
                    for code in s.hands[other]:
                        assert code in public or f'"{code}"' not in text
            if s.choice and s.choice["seat"] != seat:
                assert v.choice is None
            assert v.notes == tuple(s.notes[seat])
            for code in s.deck:
                assert f'"{code}"' not in text


def test_who_is_asked_never_depends_on_a_hand():
    for s in playout(5, 33, 4):
        if s.phase == D.REACT:
            for seat in range(5):
                v = D.view(s, seat)
                swapped = dataclasses.replace(v, hand=())
                for mode in ("every", "targeted", "never"):
                    assert D.asks(v, seat, mode) == D.asks(swapped, seat, mode)


# --- the card file ------------------------------------------------------------------------

def shipped() -> dict:
    return json.loads(doubloons_cards.PATH.read_text())


def test_the_shipped_card_file_loads():
    cards = doubloons_cards.load()
    assert cards.heave_to == "heave_to" and len(cards.deck) == 60


@pytest.mark.parametrize("change, field", [
    (lambda d: d["actions"][0].pop("count"), "'count'"),
    (lambda d: d["actions"][0].update(count=0), "'count'"),
    (lambda d: d["pirates"][0].update(cost=7), "'cost'"),
    (lambda d: d["pirates"][0].update(cost="1"), "'cost'"),
    (lambda d: d["pirates"][1]["effect"][0].update(do="explode"), "'do'"),
    (lambda d: d["pirates"][0]["effect"][0].update(n=99), "'n'"),
    (lambda d: d["pirates"][0].update(name=""), "'name'"),
    (lambda d: d["pirates"][2].update(id="Bad Id"), "'id'"),
    (lambda d: d["actions"][3]["effect"].append({"do": "gain", "n": 1}), "cancel"),
    (lambda d: d["pirates"][1]["effect"].reverse(), "cost"),
    (lambda d: d.update(format=2), "'format'"),
])
def test_a_bad_card_file_names_the_field(change, field):
    data = shipped()
    change(data)
    with pytest.raises(CardFileError, match=field):
        doubloons_cards.parse(data)


def pirate_named(data, pid):
    return next(p for p in data["pirates"] if p["id"] == pid)


def action_named(data, kind):
    return next(a for a in data["actions"] if a["kind"] == kind)


@pytest.mark.parametrize("change", [
    lambda d: pirate_named(d, "edward_low").update(effect=[{"do": "discard_pirate"}]),
    lambda d: pirate_named(d, "blackbeard")["effect"].append({"do": "discard_pirate"}),
    lambda d: action_named(d, "pillage").update(effect=[{"do": "discard_pirate"}]),
    lambda d: action_named(d, "walk_the_plank")["effect"].insert(0, {"do": "pay", "n": 1}),
], ids=["a pirate", "a pirate's second step", "another action card", "walk the plank and more"])
def test_only_walk_the_plank_may_discard_a_pirate(change):
    """The rules page: a pirate is discarded only when replaced or by Walk the Plank."""
    data = shipped()
    change(data)
    with pytest.raises(CardFileError, match="only Walk the Plank discards a pirate"):
        doubloons_cards.parse(data)


def test_no_shipped_effect_but_walk_the_plank_and_replacements_remove_a_pirate():
    cards = doubloons_cards.load()
    removers = [k.id for k in (*cards.actions.values(), *cards.pirates.values())
                if k.has("discard_pirate")]
    assert removers == ["walk_the_plank"]
    assert not cards.pirates["edward_low"].has("discard_pirate")


def test_a_bad_card_file_on_disk(tmp_path):
    path = tmp_path / "doubloons_cards.json"
    path.write_text("{not json")
    with pytest.raises(CardFileError, match="not valid JSON"):
        doubloons_cards.load(path)
    with pytest.raises(CardFileError, match="not found"):
        doubloons_cards.load(tmp_path / "missing.json")
    path.write_text(" " * (doubloons_cards.MAX_BYTES + 1))
    with pytest.raises(CardFileError, match="larger"):
        doubloons_cards.load(path)


def test_a_corrected_card_file_changes_the_game_without_code():
    data = shipped()
    data["pirates"][0]["effect"] = [{"do": "gain", "n": 3}]
    cards = doubloons_cards.parse(data)
    assert cards.pirates["anne_bonny"].effect[0].n == 3


def test_the_rules_screen_lists_the_shipped_cards():
    from game.resources import asset
    text = asset("rules", "doubloons.md").read_text(encoding="utf-8")
    assert "reconstruction" in text and "doubloons_cards.json" in text
    for card in D.ACTIONS.values():
        assert f"{card.name} ({card.count})" in text
    for card in D.PIRATES.values():
        assert f"{card.name} ({card.cost})" in text


def test_saves_in_every_phase_refuse_wrong_types_with_value_error():
    from tests.store.fuzz import wrong_types
    seen = {}
    for s in playout(4, 77, 2):
        key = (s.phase, s.choice["kind"] if s.choice else None, bool(s.shields), len(s.pending))
        seen.setdefault(key, s)
    assert {D.REACT, D.CHOOSE} <= {k[0] for k in seen}
    for s in seen.values():
        for _, spoiled in wrong_types(D.to_json(s)):
            with contextlib.suppress(ValueError):
                D.from_json(spoiled)
