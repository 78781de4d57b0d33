"""The shared poker evaluator: properties, fixed cases and the census of all five-card hands."""
import itertools
import random
from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from game.engine.cards import FULL_DECK, SUITS
from game.engine.poker import CATEGORIES, best_hand

# How many of the 2,598,960 five-card hands fall in each category.
CENSUS = {"royal flush": 4, "straight flush": 36, "four of a kind": 624, "full house": 3744,
          "flush": 5108, "straight": 10200, "three of a kind": 54912, "two pair": 123552,
          "one pair": 1098240, "high card": 1302540}


def cards(low=1, high=9):
    return st.lists(st.sampled_from(FULL_DECK), min_size=low, max_size=high, unique=True)


def h(text):
    return best_hand(text.split())


@given(cards(), cards(), cards())
def test_the_order_is_total_and_consistent(a, b, c):
    x, y, z = best_hand(a), best_hand(b), best_hand(c)
    assert [x < y, x == y, x > y].count(True) == 1
    assert (x <= y) == (x < y or x == y) and (x >= y) == (y <= x)
    assert x != y or hash(x) == hash(y)
    if x <= y <= z:
        assert x <= z
    assert max(x, y) >= x and max(x, y) >= y


@given(cards(1, 8), st.sampled_from(FULL_DECK))
def test_adding_a_card_never_makes_the_hand_worse(hand, extra):
    assume(extra not in hand)
    assert best_hand(hand + [extra]) >= best_hand(hand)


@given(cards(5, 8))
def test_the_best_hand_is_the_best_five_card_subset(hand):
    best = best_hand(hand)
    assert best == max(best_hand(five) for five in itertools.combinations(hand, 5))
    assert len(best.cards) == 5 and set(best.cards) <= set(hand)
    assert best_hand(best.cards) == best


@given(cards(1, 8), st.permutations(SUITS))
def test_renaming_the_suits_changes_nothing(hand, suits):
    rename = dict(zip(SUITS, suits))
    assert best_hand([c[:-1] + rename[c[-1]] for c in hand]) == best_hand(hand)


@given(cards(1, 8), st.randoms(use_true_random=False))
def test_suits_matter_only_for_flushes(hand, pick):
    other = [c[:-1] + pick.choice(SUITS) for c in hand]
    assume(len(set(other)) == len(other))
    assume(all(max(Counter(c[-1] for c in x).values()) < 5 for x in (hand, other)))
    assert best_hand(other) == best_hand(hand)


def test_the_wheel_is_the_lowest_straight():
    wheel, six_high = h("AH 2D 3C 4S 5H"), h("2D 3C 4S 5H 6C")
    assert wheel.category == six_high.category == "straight"
    assert wheel < six_high and wheel > h("KS KH KD 2C 3C")
    assert wheel.name == "Straight, five high"
    assert wheel.cards == ("5H", "4S", "3C", "2D", "AH")
    assert h("AS KD QC JH 10S").name == "Straight, ace high"
    assert h("QS KD AC 2H 3S").category == "high card"  # no wrapping round the ace
    assert h("AS 2S 3S 4S 5S").name == "Straight flush, five high"
    assert h("AS 2S 3S 4S 5S") < h("2S 3S 4S 5S 6S")


def test_kickers_decide_within_a_category():
    assert h("AS AH KD 7C 2S") > h("AD AC QS JH 10D")
    assert h("AS AH KD 7C 3S") > h("AD AC KS 7H 2D")
    assert h("AS AH KD 7C 3S") == h("AD AC KS 7H 3D")
    assert h("9S 9H 9D AC 2S") > h("9S 9H 9D KC QS")
    assert h("JS JH JD JC 3S") > h("JS JH JD JC 2S")
    assert h("AH KH 9H 5H 2H") == h("AD KD 9D 5D 2D")  # suits never break ties
    assert h("AH KH 9H 5H 3H") > h("AD KD 9D 5D 2D")
    assert h("KS QD 9C 5H 3S") > h("KD QS 9H 5C 2D")


def test_two_pair_ordering():
    assert h("KS KH 6D 6C 2S") > h("QS QH JD JC AS")  # the higher pair first
    assert h("KS KH 7D 7C 2S") > h("KS KH 6D 6C AS")  # then the lower pair
    assert h("KS KH 6D 6C 9S") > h("KD KC 6S 6H 8S")  # then the kicker
    assert h("KS KH 6D 6C 9S 9H 4S").name == "Two pair, kings and nines"  # the best two of three
    assert h("KS KH 6D 6C 9S 9H 4S").cards[4] == "6D"  # and the third pair's card as kicker


def test_categories_rank_in_the_usual_order():
    ladder = ["KS 9H 7D 4C 2S", "8S 8H KD 4C 2S", "8S 8H 4D 4C 2S", "8S 8H 8D 4C 2S",
              "5S 6H 7D 8C 9S", "2H 5H 7H 9H JH", "8S 8H 8D 4C 4S", "8S 8H 8D 8C 2S",
              "5S 6S 7S 8S 9S", "10S JS QS KS AS"]
    hands = [h(x) for x in ladder]
    assert [x.category for x in hands] == list(CATEGORIES)
    assert hands == sorted(hands)


@pytest.mark.parametrize("text, name", [
    ("AS KS QS JS 10S", "Royal flush"),
    ("9D 8D 7D 6D 5D", "Straight flush, nine high"),
    ("JS JH JD JC 2S", "Four of a kind, jacks"),
    ("QS QH QD 3C 3S", "Full house, queens over threes"),
    ("3S 3H 3D QC QS", "Full house, threes over queens"),
    ("AH 9H 7H 4H 2H", "Flush, ace high"),
    ("AH 2D 3C 4S 5H", "Straight, five high"),
    ("7S 7H 7D KC 2S", "Three of a kind, sevens"),
    ("KS KH 6D 6C 2S", "Two pair, kings and sixes"),
    ("8S 8H KD 4C 2S", "Pair of eights"),
    ("KS 9H 7D 4C 2S", "High card, king"),
    ("10S 10H", "Pair of tens"),
    ("2S", "High card, two"),
])
def test_names(text, name):
    assert h(text).name == name


def test_fewer_than_five_cards_make_what_they_can():
    assert h("8S 8H").category == "one pair" and h("8S 8H").cards == ("8S", "8H")
    assert h("7S 7H 7D").name == "Three of a kind, sevens"
    assert h("7S 7H 7D 7C").name == "Four of a kind, sevens"
    assert h("7S 7H 2D 2C").name == "Two pair, sevens and twos"
    assert h("AS KS QS JS").category == "high card"  # straights and flushes need five
    assert h("AS KS QS JS").cards == ("AS", "KS", "QS", "JS")
    assert h("8S 8H") < h("8D 8C 2S")  # a missing kicker is lower than any card
    assert h("AS") > h("KS QS")


def test_the_best_of_many_cards():
    assert h("9S 8S 7S 6S 5S 4S AH AD AC AS").name == "Straight flush, nine high"
    assert h("2S 3S 4S 6S 9S KH KD KC KS 2H").name == "Four of a kind, kings"
    assert h("QS QH QD 3C 3S 3H KD KH").name == "Full house, queens over kings"
    assert h("2C 4C 6C 8C 10C 3D 5D 7D 9D JD").name == "Flush, jack high"
    assert h("AS 2S 3S 4S 5S 6S").name == "Straight flush, six high"


@pytest.mark.parametrize("bad", [[], ["AS", "AS"], ["1S"], ["AS", "ZZ"]])
def test_bad_cards_are_refused(bad):
    with pytest.raises(ValueError):
        best_hand(bad)


def test_a_sample_of_five_card_hands_has_the_usual_mix():
    pick = random.Random(5)
    counts = Counter(best_hand(pick.sample(FULL_DECK, 5)).category for _ in range(20_000))
    total = sum(CENSUS.values())
    for category in ("high card", "one pair", "two pair", "three of a kind"):
        expected = CENSUS[category] / total * 20_000
        assert abs(counts[category] - expected) < 6 * expected ** 0.5 + 5, category


@pytest.mark.slow
def test_every_five_card_hand_census():
    counts = Counter(best_hand(five).category for five in itertools.combinations(FULL_DECK, 5))
    assert counts == CENSUS
