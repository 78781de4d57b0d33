"""Poker hands for any games that need them: `best_hand(cards)` picks the best five.

Cards are standard codes ("10H", "AS"). Aces are high, and also low in the wheel A-2-3-4-5,
the lowest straight. With fewer than five cards the best hand those cards make is found (a pair
from two cards, three of a kind from three); straights and flushes need five. Hands compare by
category, then by the ranks of their cards in display order, so kickers count and a missing
kicker is lower than any card. Suits never break ties.
"""
from __future__ import annotations

from collections.abc import Iterable

from .cards import FULL_DECK, RANKS, SUITS

CATEGORIES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush",
              "full house", "four of a kind", "straight flush", "royal flush")
(HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,
 STRAIGHT_FLUSH, ROYAL_FLUSH) = range(len(CATEGORIES))

VALUE = {c: RANKS.index(c[:-1]) + 1 if c[0] != "A" else 14 for c in FULL_DECK}  # 2..14
# Sorting key: aces first, then kings ..., and spades > hearts > diamonds > clubs within a rank.
_ORDER = {c: -(VALUE[c] * 4 + 3 - SUITS.index(c[-1])) for c in FULL_DECK}
_NAMES = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
          9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
_PLURALS = {v: ("sixes" if v == 6 else n + "s") for v, n in _NAMES.items()}
_WHEEL = (5, 4, 3, 2, 1)


class Hand:
    """A poker hand: ordered (a total order with kickers), `category`, `cards`, `name`."""

    __slots__ = ("key", "cards")

    def __init__(self, key: tuple[int, ...], cards: tuple[str, ...]):
        self.key = key       # (category index, rank values of `cards` in order; ace low = 1)
        self.cards = cards   # the best five (or fewer), most significant first

    @property
    def category(self) -> str:
        return CATEGORIES[self.key[0]]

    @property
    def name(self) -> str:
        cat, ranks = self.key[0], self.key[1:]
        top = _NAMES[ranks[0]]
        if cat == ROYAL_FLUSH:
            return "Royal flush"
        if cat in (STRAIGHT_FLUSH, STRAIGHT):
            return f"{'Straight flush' if cat == STRAIGHT_FLUSH else 'Straight'}, {top} high"
        if cat == FLUSH:
            return f"Flush, {top} high"
        if cat == FOUR_OF_A_KIND:
            return f"Four of a kind, {_PLURALS[ranks[0]]}"
        if cat == FULL_HOUSE:
            return f"Full house, {_PLURALS[ranks[0]]} over {_PLURALS[ranks[3]]}"
        if cat == THREE_OF_A_KIND:
            return f"Three of a kind, {_PLURALS[ranks[0]]}"
        if cat == TWO_PAIR:
            return f"Two pair, {_PLURALS[ranks[0]]} and {_PLURALS[ranks[2]]}"
        if cat == ONE_PAIR:
            return f"Pair of {_PLURALS[ranks[0]]}"
        return f"High card, {top}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self.key == other.key

    def __lt__(self, other: Hand) -> bool:
        return self.key < other.key

    def __le__(self, other: Hand) -> bool:
        return self.key <= other.key

    def __gt__(self, other: Hand) -> bool:
        return self.key > other.key

    def __ge__(self, other: Hand) -> bool:
        return self.key >= other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Hand({self.name!r}, {' '.join(self.cards)})"


def _straight(cards: list[str]) -> list[str] | None:
    """The highest five-card run among `cards` (sorted high to low), one card per rank."""
    first: dict[int, str] = {}
    for c in cards:
        first.setdefault(VALUE[c], c)
    if len(first) < 5:
        return None
    if 14 in first:
        first[1] = first[14]
    for high in range(14, 4, -1):
        if (high in first and high - 1 in first and high - 2 in first and high - 3 in first
                and high - 4 in first):
            return [first[v] for v in range(high, high - 5, -1)]
    return None


def _hand(category: int, cards: list[str]) -> Hand:
    ranks = tuple(VALUE[c] for c in cards)
    if category in (STRAIGHT, STRAIGHT_FLUSH) and ranks[0] == 5 and ranks[4] == 14:
        ranks = _WHEEL
    return Hand((category, *ranks), tuple(cards))


def best_hand(cards: Iterable[str]) -> Hand:
    """The best poker hand among `cards` (any number of distinct card codes, at least one)."""
    try:
        cs = sorted(cards, key=_ORDER.__getitem__)
    except KeyError as exc:
        raise ValueError(f"not a card: {exc.args[0]!r}") from None
    n = len(cs)
    if n == 0:
        raise ValueError("a poker hand needs at least one card")
    if len(set(cs)) != n:
        raise ValueError("a poker hand cannot hold the same card twice")
    flush = None
    if n >= 5:
        suits: dict[str, list[str]] = {}
        for c in cs:
            suits.setdefault(c[-1], []).append(c)
        for group in suits.values():
            if len(group) >= 5:
                run = _straight(group)
                if run:
                    h = _hand(ROYAL_FLUSH if VALUE[run[0]] == 14 else STRAIGHT_FLUSH, run)
                else:
                    h = _hand(FLUSH, group[:5])
                if flush is None or h > flush:
                    flush = h
        if flush is not None and flush.key[0] >= STRAIGHT_FLUSH:
            return flush
    groups: dict[int, list[str]] = {}
    for c in cs:
        groups.setdefault(VALUE[c], []).append(c)
    order = sorted(groups.values(), key=lambda g: (len(g), VALUE[g[0]]), reverse=True)
    size = len(order[0])
    if size >= 4:
        quads = order[0][:4]
        return _hand(FOUR_OF_A_KIND, quads + [c for c in cs if c not in quads][:1])
    if size == 3 and len(order) > 1 and len(order[1]) >= 2:
        pair = max((g for g in order[1:] if len(g) >= 2), key=lambda g: VALUE[g[0]])
        return _hand(FULL_HOUSE, order[0] + pair[:2])
    if flush is not None:
        return flush
    if n >= 5:
        run = _straight(cs)
        if run:
            return _hand(STRAIGHT, run)
    if size == 3:
        return _hand(THREE_OF_A_KIND, order[0] + [c for c in cs if c not in order[0]][:2])
    if size == 2 and len(order) > 1 and len(order[1]) == 2:
        pairs = order[0] + order[1]
        return _hand(TWO_PAIR, pairs + [c for c in cs if c not in pairs][:1])
    if size == 2:
        return _hand(ONE_PAIR, order[0] + [c for c in cs if c not in order[0]][:3])
    return _hand(HIGH_CARD, cs[:5])
