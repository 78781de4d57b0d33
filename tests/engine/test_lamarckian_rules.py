"""Lamarckian Poker: the rules text's example and one test per ruling (shared/RULINGS.md)."""
import random

import pytest

from game.engine import IllegalAction, games
from game.engine import lamarckian_poker as lp
from game.engine.cards import FULL_DECK
from game.engine.lamarckian_poker import Step


def stack(hands, *pools):
    """A full deck that deals `hands` (one list of four per seat) and then the given pools."""
    deck = [hand[i] for i in range(lp.HAND_SIZE) for hand in hands]
    deck += [c for pool in pools for c in pool]
    return deck + [c for c in FULL_DECK if c not in deck]


def make_state(hands, pool, deck=(), marks=None, alive=None):
    """A round-1 position built through from_json; every card not named is a discard."""
    seats = len(hands)
    marks = marks or [None] * seats
    alive = alive or [bool(h) or m is not None for h, m in zip(hands, marks)]
    named = [c for h in hands for c in h] + list(pool) + list(deck) + [m for m in marks if m]
    return lp.from_json({
        "game": lp.GAME_ID, "version": 1, "seats": seats, "deck": list(deck),
        "hands": [list(h) for h in hands], "secret": [list(h) for h in hands],
        "alive": alive, "pool": list(pool), "marks": marks,
        "discards": [c for c in FULL_DECK if c not in named], "round": 1, "phase": "marking",
        "last_resolution": None, "log": [], "seed": 0, "revealed": 0})


def play(state, *marks):
    for mark in marks:
        state = lp.apply(state, f"mark {mark}")
    return state


def test_the_rules_text_example():
    hands = [["AS", "2C", "3C", "4C"], ["10C", "2D", "3D", "4D"], ["9H", "2S", "3S", "4S"]]
    state = lp.new_game(3, 0, deck=stack(hands, ["AH", "QC", "9S", "5H"]))
    assert state.pool == ("AH", "QC", "9S", "5H")
    state = play(state, "AS", "10C")
    assert lp.view(state, 2).chosen == (True, True, False)
    state = play(state, "9H")
    last = lp.view(state, 0).last_resolution
    assert last.pool == ("AH", "QC", "9S", "5H")
    assert last.steps == (
        Step(0, "AS", ("AH", "9S"), ("QC", "5H", "AS")),
        Step(1, "10C", ("QC",), ("5H", "AS", "10C")),
        Step(2, "9H", ("5H",), ("AS", "10C", "9H")),
    )
    assert set(last.steps[0].pool) == {"AS", "QC", "5H"}  # "the new pool contains A♠, Q♣, 5♥"
    assert state.discards == ("AS", "10C", "9H")
    assert state.hands == (("2C", "3C", "4C", "9S", "AH"), ("2D", "3D", "4D", "QC"),
                           ("2S", "3S", "4S", "5H"))
    assert "{p0} marks with the A♠ and takes the A♥ and 9♠." in state.log
    assert "{p1} marks with the 10♣ and takes the Q♣." in state.log


@pytest.mark.parametrize("seats", range(2, 9))
def test_deal_four_each_one_at_a_time_then_four_to_the_pool(seats):
    deck = list(FULL_DECK)
    state = lp.new_game(seats, 0, deck=deck)
    for seat in range(seats):
        assert sorted(state.hands[seat]) == sorted(deck[seat:4 * seats:seats])
    assert state.pool == tuple(deck[4 * seats:4 * seats + 4])
    assert len(state.deck) == 52 - 4 * seats - 4 and state.round == 1
    assert state.to_act == 0 and lp.view(state, 1).hand_counts == (4,) * seats


def test_seat_counts_outside_two_to_eight_are_refused():
    for seats in (0, 1, 9, True):
        with pytest.raises(ValueError):
            lp.new_game(seats, 0)


def test_a_short_deck_deals_a_smaller_pool_and_ends_the_game():
    # Dealing 4 each from 52 always leaves a multiple of four, so this needs a built position.
    assert all((52 - 4 * n) % 4 == 0 for n in range(2, 9))
    state = make_state([["KS", "2C"], ["QH", "3D"]], ["5S", "6S", "7S", "8S"], deck=["9C", "10D"])
    state = play(state, "KS", "QH")
    assert state.pool == ("9C", "10D") and not state.deck and state.round == 2
    state = play(state, "2C", "3D")
    assert lp.is_over(state)
    assert state.hands == (("5S", "6S", "7S", "8S", "9C"), ("10D",))


def test_marks_resolve_from_highest_rank_then_suit():
    hands = [["7C"], ["7S"], ["7H"], ["7D"], ["AC"], ["KS"]]
    state = make_state(hands, ["2H", "3H", "4H", "5H"], deck=["2S", "3S"])
    state = play(state, "7C", "7S", "7H", "7D", "AC", "KS")
    order = [(step.seat, step.mark) for step in state.last.steps]
    assert order == [(4, "AC"), (5, "KS"), (1, "7S"), (2, "7H"), (3, "7D"), (0, "7C")]


def test_a_mark_takes_every_pool_card_of_its_suit_or_rank():
    state = make_state([["QS", "2C"], ["3D", "4D"]], ["QH", "9S", "2S", "QC"], deck=["5H"])
    state = play(state, "QS", "3D")
    first = state.last.steps[0]
    assert first.captured == ("QH", "9S", "2S", "QC")
    assert first.pool == ("QS",)
    second = state.last.steps[1]
    assert second.captured == () and second.pool == ("QS", "3D")


def test_the_mark_falls_into_the_pool_where_a_later_mark_can_take_it():
    state = make_state([["KS", "2C"], ["2S", "4D"]], ["5H", "6H", "7H", "8H"], deck=["9C"])
    state = play(state, "KS", "2S")
    assert state.last.steps == (Step(0, "KS", (), ("5H", "6H", "7H", "8H", "KS")),
                                Step(1, "2S", ("KS",), ("5H", "6H", "7H", "8H", "2S")))
    assert "KS" in state.hands[1]


def test_the_pool_is_discarded_after_the_last_mark():
    deck = ["9C", "10C", "JC", "QC", "KC"]
    state = make_state([["KS", "2C"], ["2S", "4D"]], ["5H", "6H", "7H", "8H"], deck=deck)
    before = state.discards
    state = play(state, "KS", "2S")
    assert state.discards == before + ("5H", "6H", "7H", "8H", "2S")
    assert state.pool == ("9C", "10C", "JC", "QC") and state.last.discarded[-1] == "2S"


def test_a_seat_with_no_cards_after_a_round_is_extinct():
    state = make_state([["KS"], ["2D", "4D"], ["JC", "3C"]], ["5H", "6H", "7H", "8H"],
                       deck=["9C", "10C", "QC", "KC", "AD"])
    state = play(state, "KS", "2D", "JC")
    assert state.alive == (False, True, True) and state.hands[0] == ()
    assert state.last.extinct == (0,)
    assert "{p0} has no cards left and is extinct." in state.log
    assert state.to_act == 1  # the extinct seat no longer marks
    state = play(state, "4D")
    assert state.to_act == 2
    assert lp.view(state, 1).alive == (False, True, True)


def test_a_seat_that_marks_its_last_card_but_takes_some_survives():
    state = make_state([["5S"], ["2D", "4D"]], ["5H", "6H", "7H", "8H"], deck=["9C"])
    state = play(state, "5S", "2D")
    assert state.alive == (True, True) and state.hands[0] == ("5H",)


def test_the_round_that_empties_the_deck_is_the_last():
    for seats in (2, 5, 8):
        pick = random.Random(seats)
        state = lp.new_game(seats, 11)
        while not lp.is_over(state):
            assert state.deck or state.phase == "marking"
            state = lp.apply(state, pick.choice(lp.legal_actions(state)))
        if any(state.alive):
            assert state.round == 13 - seats and not state.deck


def test_showdown_kickers_decide():
    state = make_state([["AS", "AH", "KD", "QC", "2S"], ["AD", "AC", "KS", "JC", "3S"]],
                       ["9H", "8H", "7H", "6H"])
    state = play(state, "2S", "3S")
    assert lp.is_over(state)
    result = lp.result(state)
    assert result.winners == (0,) and result.scores == (1, 0)
    assert result.details["showdown"][0]["name"] == "Pair of aces"
    assert result.details["showdown"][0]["best"] == ("AS", "AH", "KD", "QC", "3S")
    assert result.details["showdown"][1]["best"] == ("AD", "AC", "KS", "JC")
    assert result.summary == "{p0} wins with Pair of aces."


def test_exact_ties_share_the_win():
    state = make_state([["AS", "KH", "9D", "7C", "2D"], ["AD", "KC", "9S", "7H", "3C"],
                        ["QS", "JD", "4S"]], ["5H", "6H", "8H", "10H"])
    state = play(state, "2D", "3C", "4S")
    result = lp.result(state)
    assert result.winners == (0, 1) and result.scores == (1, 1, 0)
    assert result.summary == "{p0} and {p1} share the win, each with High card, ace."
    assert lp.view(state, 2).winners == (0, 1)


def test_fewer_than_five_cards_make_the_best_hand_they_can():
    state = make_state([["8S", "8H", "2C"], ["AS", "KD", "QC", "9H", "7D", "3C"]],
                       ["5D", "6D", "JH", "10H"])
    state = play(state, "2C", "7D")
    assert lp.result(state).winners == (0,)
    assert lp.result(state).details["showdown"][0]["best"] == ("8S", "8H")


def test_when_every_player_is_extinct_nobody_wins():
    state = make_state([["KS"], ["QH"]], ["5C", "6C", "7C", "8C"], deck=["9D", "10D", "JD", "QD"])
    state = play(state, "KS", "QH")
    assert not state.alive[0] and not state.alive[1]
    assert lp.is_over(state) and state.deck  # no survivor: the game ends at once
    result = lp.result(state)
    assert result.winners == () and result.scores == (0, 0)
    assert result.summary == "Every player is extinct: nobody wins."


def test_a_lone_survivor_wins_outright_without_a_showdown():
    state = make_state([["KS"], ["QH", "2C"], ["JD"]], ["5H", "6H", "7H", "8H"],
                       deck=["9C", "10D", "4S", "5S"])
    state = play(state, "KS", "QH", "JD")
    assert state.alive == (False, True, False)
    assert lp.is_over(state) and state.deck  # no more pools once only one player is in
    result = lp.result(state)
    assert result.winners == (1,) and result.scores == (0, 1, 0)
    assert result.summary == "{p1} is the last player still in and wins outright."
    assert result.details["lone_survivor"] == 1
    view = lp.view(state, 0)
    assert view.winners == (1,) and view.showdown == (None, None, None)
    assert "5H" not in repr(view.showdown)  # no showdown: the survivor's hand is not shown
    assert not any(" shows " in line for line in state.log)
    assert lp.from_json(lp.to_json(state)) == state


def test_a_lone_survivor_of_the_last_round_also_wins_outright():
    state = make_state([["KS"], ["QH", "2C"]], ["5H", "6H", "7H", "8H"])
    state = play(state, "KS", "QH")
    assert lp.is_over(state) and lp.result(state).winners == (1,)
    assert lp.result(state).details["lone_survivor"] == 1


def test_the_last_players_going_extinct_together_means_nobody_wins():
    state = make_state([["KH"], ["QS"], ["2C"]], ["5D", "6D", "7D", "8D"],
                       deck=["9D", "10D", "JD", "QD"])
    state = play(state, "KH", "QS", "2C")  # nobody takes anything: all three go extinct
    assert state.alive == (False, False, False) and lp.is_over(state)
    assert lp.result(state).winners == () and lp.result(state).scores == (0, 0, 0)
    assert lp.result(state).details["lone_survivor"] is None


def test_a_saved_game_still_marking_with_one_player_left_is_refused():
    state = make_state([["KS"], ["QH", "2C"], ["JD", "3D"]], ["5H", "6H", "7H", "8H"],
                       deck=["9C", "10D", "4S", "5S"])
    state = play(state, "KS", "QH", "JD")  # only seat 0 goes extinct: the game goes on
    assert state.alive == (False, True, True) and not lp.is_over(state)
    data = lp.to_json(state)
    data["alive"] = [False, True, False]
    data["hands"][2], data["secret"][2] = [], []
    data["discards"] += ["3D"]
    with pytest.raises(ValueError):
        lp.from_json(data)


def test_only_the_seat_to_act_marks_and_only_its_own_cards():
    state = lp.new_game(3, 4, deck=stack([["AS", "2C", "3C", "4C"], ["10C", "2D", "3D", "4D"],
                                          ["9H", "2S", "3S", "4S"]]))
    saved = lp.to_json(state)
    for bad, message in [("mark 10C", "not in your hand"), ("mark XX", "not a Lamarckian"),
                         ("pass", "not a Lamarckian")]:
        with pytest.raises(IllegalAction, match=message):
            lp.apply(state, bad)
    assert lp.to_json(state) == saved
    assert [str(a) for a in lp.legal_actions(state)] == ["mark 2C", "mark 3C", "mark 4C", "mark AS"]


def test_marks_stay_hidden_until_the_reveal():
    state = lp.new_game(3, 0, deck=stack([["AS", "2C", "3C", "4C"], ["10C", "2D", "3D", "4D"],
                                          ["9H", "2S", "3S", "4S"]]))
    state = play(state, "AS")
    mine, theirs = lp.view(state, 0), lp.view(state, 1)
    assert mine.mark == "AS" and theirs.mark is None
    assert theirs.chosen == (True, False, False) and theirs.hand_counts == (3, 4, 4)
    assert "AS" not in repr(theirs) and "A♠" not in repr(theirs)


@pytest.mark.parametrize("seats", [2, 8])
def test_two_and_eight_players_play_to_the_end(seats):
    pick = random.Random(seats)
    state = lp.new_game(seats, 99)
    while not lp.is_over(state):
        state = lp.apply(state, pick.choice(lp.legal_actions(state)))
    result = lp.result(state)
    assert len(result.scores) == seats and set(result.winners) <= set(range(seats))
    shown = lp.view(state, 0).showdown
    assert len(shown) == seats
    lone = lp.lone_survivor(state) is not None
    for seat, hand in enumerate(shown):
        assert (hand is None) == (lone or not state.alive[seat])
        if hand is not None:
            assert hand.cards == state.hands[seat]


def test_the_registry_knows_the_game():
    assert games.get("lamarckian_poker") is lp
    assert (lp.SEATS, lp.UNDO, lp.TITLE) == ((2, 8), False, "Lamarckian Poker")
