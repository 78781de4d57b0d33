"""The Scoundrel solver: exact on small dungeons, and every winning line it gives wins."""
import random

import pytest

from game.engine import scoundrel as sc
from game.engine import scoundrel_deals
from game.engine.scoundrel_solver import DEFAULT_NODE_LIMIT, PAUSE_NODES, solve, winnable


def stacked(rnd: random.Random, cards: int, rule: str) -> sc.State:
    """A game near its end: `cards` cards left (four of them in the room), a random weapon and
    health; every other card is already in the discard pile."""
    deck = list(sc.DECK)
    rnd.shuffle(deck)
    left, gone = deck[:cards], deck[cards:]
    weapons = [c for c in gone if sc.KIND[c] == "weapon"]
    weapon = rnd.choice(weapons + [None])
    slain = ()
    if weapon and rnd.random() < 0.5:
        slain = (rnd.choice([c for c in gone if sc.KIND[c] == "monster"]),)
    discard = tuple(c for c in gone if c != weapon and c not in slain)
    return sc.State(tuple(left[4:]), tuple(left[:4]), rnd.randint(1, 20), weapon, slain, discard,
                    False, rnd.random() < 0.3, 0, None, sc.PLAYING, {"weapon_rule": rule}, 0,
                    4, 1)


def exhaustive(state: sc.State) -> bool:
    """Whether any sequence of legal actions wins: every one is tried, through the engine."""
    if state.status != sc.PLAYING:
        return state.status == sc.WON
    return any(exhaustive(sc.apply(state, action)) for action in sc.legal_actions(state))


def replays_to_a_win(state: sc.State, line) -> bool:
    for text in line:
        state = sc.apply(state, text)
    return state.status == sc.WON


def agrees_with_exhaustive_search(rule, seed, deals, sizes) -> None:
    """The solver's verdict on `deals` stacked dungeons of `sizes` cards is the exhaustive one,
    a winning line replays to a win, and both verdicts occur."""
    rnd = random.Random(seed)
    verdicts = set()
    for _ in range(deals):
        state = stacked(rnd, rnd.randint(*sizes), rule)
        verdict = solve(state)
        assert verdict.winnable is exhaustive(state), state
        verdicts.add(verdict.winnable)
        if verdict.winnable:
            assert replays_to_a_win(state, verdict.line)
    assert verdicts == {True, False}  # both answers were exercised


@pytest.mark.parametrize("rule", ["at_most", "below"])
def test_the_solver_agrees_with_exhaustive_search_on_small_dungeons(rule):
    agrees_with_exhaustive_search(rule, 17, 120, (4, 8))


@pytest.mark.parametrize("rule", ["at_most", "below"])
def test_the_solver_agrees_with_exhaustive_search_on_longer_dungeons(rule):
    agrees_with_exhaustive_search(rule, 29, 30, (9, 12))


@pytest.mark.parametrize("rule", ["at_most", "below"])
def test_the_solver_agrees_with_exhaustive_search_mid_room(rule):
    rnd = random.Random(5)
    for _ in range(60):
        state = stacked(rnd, rnd.randint(5, 8), rule)
        legal = [a for a in sc.legal_actions(state) if a.text != "avoid room"]
        state = sc.apply(state, rnd.choice(legal))
        if state.status == sc.PLAYING:
            assert solve(state).winnable is exhaustive(state)


def test_under_the_strict_rule_a_weapon_slays_only_one_of_two_equal_monsters():
    room = ("KC", "KS", "2H", "3H")
    slain_before = ("AC",)
    rest = [c for c in sc.DECK if c not in room + slain_before + ("10D",)]
    for rule, can in (("at_most", True), ("below", False)):
        state = sc.State((), room, 7, "10D", slain_before, tuple(rest), False, False, 0, None,
                         sc.PLAYING, {"weapon_rule": rule}, 0, 44, 12)
        assert solve(state).winnable is can is exhaustive(state)


def test_every_winning_line_replays_to_a_win_from_the_deal():
    answers = []
    for seed in range(12):
        state = sc.new_game(seed=seed)
        verdict = solve(state)
        answers.append(verdict.winnable)
        if verdict.winnable:
            assert replays_to_a_win(state, verdict.line)
        else:
            assert verdict.line == ()
    assert True in answers and False in answers


def test_a_finished_game_needs_no_search():
    state = sc.new_game(seed=3)
    while not sc.is_over(state):
        state = sc.apply(state, sc.legal_actions(state)[-1])
    assert solve(state).winnable is (state.status == sc.WON)


def test_the_node_limit_gives_no_answer_rather_than_a_guess():
    verdict = solve(sc.new_game(seed=1), node_limit=3)
    assert verdict.winnable is None and verdict.line == ()


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["at_most", "below"])
def test_a_sample_of_deals_is_decided_within_the_node_limit(rule):
    for seed in random.Random(29).sample(range(10**9), 200):
        assert solve(sc.new_game(seed=seed, options={"weapon_rule": rule})).winnable is not None, seed


@pytest.mark.parametrize("rule", ["at_most", "below"])
def test_the_shipped_lists_agree_with_the_solver(rule):
    table = scoundrel_deals.shipped()[rule]
    lost = [first for first, _ in table.lost][:4]
    decided = [seed for first, last in table.decided for seed in range(first, last + 1)]
    for seed in lost + random.Random(3).sample(decided, 8):
        assert winnable(seed, {"weapon_rule": rule}, DEFAULT_NODE_LIMIT) is table.verdict(seed)


def test_a_search_given_a_pause_calls_it_now_and_then_and_finds_the_same():
    calls = []
    state = sc.new_game(seed=0)
    plain = solve(state, 20_000)
    paused = solve(state, 20_000, lambda: calls.append(1))
    assert paused == plain
    assert len(calls) == plain.nodes // PAUSE_NODES > 0
