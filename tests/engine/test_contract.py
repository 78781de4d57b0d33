"""The engine contract (docs/engine.md), checked for every game implemented so far."""
import json
import random

import pytest

from game.engine import IllegalAction, games
from game.engine.contract import Option, Result

GAMES = games.available()
MAX_STEPS = 20_000


@pytest.fixture(params=GAMES)
def rules(request):
    return games.get(request.param)


def seats_of(rules):
    return rules.SEATS[0]


def full_deck(rules):
    """The contract has no deck constant, but a deck is checked by `cards.check_deck`, which names
    every missing card: an empty deck therefore lists the whole deck."""
    with pytest.raises(ValueError, match="missing cards: ") as refusal:
        rules.new_game(seats_of(rules), 0, None, deck=[])
    listed = str(refusal.value).split("missing cards: ", 1)[1].split(";")[0]
    return listed.split(", ")


def test_the_registry_knows_its_games():
    assert "scoundrel" in GAMES
    assert set(GAMES) <= set(games.GAME_IDS)
    with pytest.raises(KeyError):
        games.get("nope")


def test_module_constants(rules):
    assert isinstance(rules.GAME_ID, str) and games.get(rules.GAME_ID) is rules
    assert isinstance(rules.TITLE, str) and rules.TITLE
    assert isinstance(rules.BLURB, str) and rules.BLURB
    low, high = rules.SEATS
    assert 1 <= low <= high
    assert isinstance(rules.UNDO, bool)
    assert isinstance(rules.OPTIONS, tuple)
    for option in rules.OPTIONS:
        assert isinstance(option, Option)
        assert option.default in [value for value, _ in option.choices]


def test_a_full_deck_is_accepted_as_given(rules):
    deck = full_deck(rules)
    state = rules.new_game(seats_of(rules), 0, None, deck=deck)
    assert not rules.is_over(state)


@pytest.mark.parametrize("damage, problem", [
    (lambda deck: deck[:-1] + deck[:1], "duplicate"),
    (lambda deck: deck[:-1], "missing"),
    (lambda deck: deck[:-1] + ["??"], r"\?\?"),
], ids=["duplicate", "missing", "unknown"])
def test_bad_decks_are_refused(rules, damage, problem):
    with pytest.raises(ValueError, match=problem):
        rules.new_game(seats_of(rules), 0, None, deck=damage(full_deck(rules)))


def test_unknown_options_are_refused(rules):
    with pytest.raises(ValueError, match="no_such_option"):
        rules.new_game(seats_of(rules), 0, {"no_such_option": 1})
    for option in rules.OPTIONS:
        with pytest.raises(ValueError):
            rules.new_game(seats_of(rules), 0, {option.key: "no such value"})


def round_trips(rules, state):
    data = json.loads(json.dumps(rules.to_json(state)))
    assert data["game"] == rules.GAME_ID and isinstance(data["version"], int)
    again = rules.from_json(data)
    assert again == state
    assert rules.to_json(again) == rules.to_json(state)


@pytest.mark.parametrize("seed", [0, 1, 2, 12345])
def test_random_playout_keeps_the_contract(rules, seed):
    pick = random.Random(seed)
    seats = seats_of(rules)
    state = rules.new_game(seats, seed)
    for _ in range(MAX_STEPS):
        round_trips(rules, state)
        for seat in range(seats):
            rules.view(state, seat)
        if rules.is_over(state):
            break
        assert state.to_act in range(seats)
        legal = rules.legal_actions(state)
        names = [str(a) for a in legal]
        assert legal and len(set(names)) == len(names), names
        before, previous = rules.to_json(state), state
        state = rules.apply(state, str(pick.choice(legal)))
        assert rules.to_json(previous) == before  # states are never changed in place
        assert rules.revealed(state) >= rules.revealed(previous)
    else:
        pytest.fail(f"{rules.GAME_ID} did not end within {MAX_STEPS} random actions")
    assert state.to_act is None and rules.legal_actions(state) == []
    result = rules.result(state)
    assert isinstance(result, Result)
    assert len(result.scores) == seats
    assert all(w in range(seats) for w in result.winners)


def test_actions_after_the_end_are_refused(rules):
    pick = random.Random(7)
    state = rules.new_game(seats_of(rules), 7)
    legal_before = []
    while not rules.is_over(state):
        legal_before = rules.legal_actions(state)
        state = rules.apply(state, pick.choice(legal_before))
    saved = rules.to_json(state)
    for action in legal_before:
        with pytest.raises(IllegalAction):
            rules.apply(state, action)
    assert rules.to_json(state) == saved


def test_from_json_refuses_other_games_and_garbage(rules):
    state = rules.new_game(seats_of(rules), 3)
    data = rules.to_json(state)
    for bad in ({**data, "game": "other"}, {**data, "version": 10**6}, [], None, "x"):
        with pytest.raises(ValueError):
            rules.from_json(bad)


HOSTILE_TEXTS = [
    "", " ", "   ", "\t", "then ", "then", "play", "use", "hire", "face", "mark", "attack", "seat",
    "give", "take", "keep", "end", "end  turn", " end turn", "pile", "split", "plunder", "place",
    "attack seat 99 with 5H", "attack seat 0 with 5H", "attack seat -1 with 5H",
    "give pile of seat 9 to seat 1", "partner seat 99", "play pillage on seat 99",
    "play 10H on column 99999999999999999999", "place 5H on column -1",
    "play pillage on seat " + "9" * 400, "mark 5H" + "0" * 300,
    "play ♠", "fäce 5H", "mark ☠", "play r7 тест", "use 海賊",
    "x" * 100_000, "play " + "yo_ho_ho " * 5_000,
    "end turn\x00", "\x00", "end\nturn", "play\x1b[2J", "let it pass\r", "\ud800",
]


def states_along_a_playout(rules, seed=11, every=15, most=400):
    """A few states of one random game: the start, every `every` actions, and the end."""
    pick = random.Random(seed)
    state = rules.new_game(seats_of(rules), seed)
    out = [state]
    for step in range(1, most):
        if rules.is_over(state):
            break
        state = rules.apply(state, pick.choice(rules.legal_actions(state)))
        if step % every == 0:
            out.append(state)
    return out + [state]


def test_malformed_texts_raise_illegal_action_and_change_nothing(rules):
    """Whatever text comes (an edited save, a typo, a hostile file), `apply` answers with
    IllegalAction and leaves the state as it was; never IndexError, KeyError or the like."""
    for state in states_along_a_playout(rules):
        before = rules.to_json(state)
        legal = [str(a) for a in rules.legal_actions(state)]
        near_misses = [t + " x" for t in legal[:4]] + [t + "0" for t in legal[:4]]
        for text in HOSTILE_TEXTS + near_misses:
            if text in legal:
                continue
            with pytest.raises(IllegalAction):
                rules.apply(state, text)
        assert rules.to_json(state) == before
