"""The Bogey: properties over random deals and random legal play, and the hint against chance."""
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import bogey
from game.engine.bogey_hint import hint
from game.engine.cards import FULL_DECK, RANK_VALUE, suit

MAX_STEPS = 2000

seeds = st.integers(min_value=0, max_value=10**9)
table_options = st.fixed_dictionaries({
    "hand_size": st.sampled_from([5, 4]),
    "target": st.sampled_from(["novice", "normal", "advanced", "legendary", "epic"]),
    "auto_place": st.booleans(),
})
# How often the random player follows the hint instead: pure chance loses within a few turns,
# the hint reaches reshuffles and finished games.
hint_shares = st.sampled_from([0.0, 0.7, 1.0])


def playout(seed, options, chooser_seed, hint_share):
    """Every (state, action text) of one game, then the final state with action None."""
    chooser = random.Random(chooser_seed)
    state = bogey.new_game(1, seed, options)
    steps = []
    while not bogey.is_over(state):
        assert len(steps) < MAX_STEPS, "the game did not end"
        if chooser.random() < hint_share:
            action = hint(bogey.view(state)).action
        else:
            action = str(chooser.choice(bogey.legal_actions(state)))
        steps.append((state, action))
        state = bogey.apply(state, action)
    steps.append((state, None))
    return steps


def all_cards(state):
    cards = list(state.deck) + list(state.hand) + list(state.discards)
    cards += [c for col in state.columns for c in col]
    return cards + ([state.bogey_card] if state.bogey_card else [])


def check_invariants(state):
    assert sorted(all_cards(state)) == sorted(FULL_DECK)
    assert len(state.columns) <= bogey.MAX_COLUMNS
    for col in state.columns:
        assert col and len({suit(c) for c in col}) == 1
        assert all(RANK_VALUE[a] > RANK_VALUE[b] for a, b in zip(col, col[1:]))
    assert len(state.hand) <= state.options["hand_size"]
    assert (state.bogey_card is not None) == (state.phase == "bogey" and state.status != "finished")


def check_view(state):
    v = bogey.view(state, 0)
    assert v.hand == state.hand and v.columns == state.columns and v.to_act == state.to_act
    assert v.deck_count == len(state.deck)
    assert v.deck_cards == tuple(sorted(state.deck, key=FULL_DECK.index))
    if len(state.deck) > 1 and v.deck_cards != state.deck:
        fields = [getattr(v, name) for name in v.__dataclass_fields__]
        assert state.deck not in fields and list(state.deck) not in fields


@settings(max_examples=30, deadline=None)
@given(seeds, table_options, st.integers(0, 2**32), hint_shares)
def test_every_step_keeps_the_rules(seed, options, chooser_seed, hint_share):
    steps = playout(seed, options, chooser_seed, hint_share)
    last_revealed = 0
    for state, _ in steps:
        check_invariants(state)
        check_view(state)
        assert bogey.revealed(state) >= last_revealed
        last_revealed = bogey.revealed(state)
        assert bogey.from_json(json.loads(json.dumps(bogey.to_json(state)))) == state
    assert bogey.result(steps[-1][0]).scores == (len(steps[-1][0].columns),)


@settings(max_examples=20, deadline=None)
@given(seeds, table_options, st.integers(0, 2**32), hint_shares)
def test_every_legal_action_applies_and_never_changes_its_input(seed, options, chooser_seed,
                                                                 hint_share):
    for state, _ in playout(seed, options, chooser_seed, hint_share)[::3]:
        before = bogey.to_json(state)
        for action in bogey.legal_actions(state):
            check_invariants(bogey.apply(state, action))
        assert bogey.to_json(state) == before


@settings(max_examples=20, deadline=None)
@given(seeds, table_options, st.integers(0, 2**32), hint_shares)
def test_same_seed_and_actions_give_the_same_game(seed, options, chooser_seed, hint_share):
    steps = playout(seed, options, chooser_seed, hint_share)
    state = bogey.new_game(1, seed, options)
    for expected, action in steps:
        assert state == expected
        if action is not None:
            state = bogey.apply(state, action)


@settings(max_examples=30, deadline=None)
@given(seeds, table_options, st.integers(0, 2**32), hint_shares)
def test_the_hint_is_always_legal(seed, options, chooser_seed, hint_share):
    for state, _ in playout(seed, options, chooser_seed, hint_share):
        h = hint(bogey.view(state))
        if bogey.is_over(state):
            assert h is None
        else:
            assert h.action in [str(a) for a in bogey.legal_actions(state)] and h.reason


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**65) | st.text(max_size=4)
    | st.sampled_from(FULL_DECK + ("player", "bogey", "lost", "finished")),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                max_size=3),
    max_leaves=8)


@settings(max_examples=60, deadline=None)
@given(seeds, st.integers(0, 2**32), st.data())
def test_a_damaged_save_is_refused_or_loads_a_playable_game(seed, chooser_seed, data):
    steps = playout(seed, None, chooser_seed, 0.8)
    saved = bogey.to_json(data.draw(st.sampled_from(steps))[0])
    other = bogey.to_json(data.draw(st.sampled_from(steps))[0])
    for key in data.draw(st.lists(st.sampled_from(sorted(saved)), min_size=1, max_size=3)):
        saved[key] = data.draw(st.sampled_from([other[key]]) | json_values)
    try:
        state = bogey.from_json(saved)
    except ValueError:
        return
    check_invariants(state)
    check_view(state)
    legal = bogey.legal_actions(state)
    assert bool(legal) != bogey.is_over(state)
    for action in legal:
        bogey.apply(state, action)


def _outcomes(hint_share, games=100):
    outcomes = []
    for seed in range(games):
        final = playout(seed, None, seed, hint_share)[-1][0]
        outcomes.append((final.status == "lost", len(final.columns)))
    losses = sum(lost for lost, _ in outcomes)
    finished = [columns for lost, columns in outcomes if not lost]
    return losses, sum(c for _, c in outcomes) / games, finished


def test_the_hint_beats_random_play():
    hint_losses, hint_columns, hint_finished = _outcomes(1.0)
    random_losses, random_columns, random_finished = _outcomes(0.0)
    for name, losses, columns, finished in (
            ("hint", hint_losses, hint_columns, hint_finished),
            ("random", random_losses, random_columns, random_finished)):
        finish = f"{sum(finished) / len(finished):.2f}" if finished else "-"
        print(f"\nBogey, 100 deals, {name}: lost {losses}, finished {len(finished)} "
              f"(mean columns {finish}), mean columns over all {columns:.2f}", end="")
    assert hint_losses < random_losses
    assert hint_columns < random_columns
    assert len(hint_finished) >= 50
