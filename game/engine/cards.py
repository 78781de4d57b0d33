"""Standard playing cards as short codes: rank (A 2..10 J Q K) + suit (S H D C)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_NAMES = {
    "A": "ace", "J": "jack", "Q": "queen", "K": "king",
    **{r: r for r in RANKS[1:10]},
}
RED_SUITS = frozenset("HD")

FULL_DECK = tuple(r + s for s in SUITS for r in RANKS)
RANK_VALUE = {c: RANKS.index(c[:-1]) + 1 for c in FULL_DECK}  # A=1 .. K=13


def rank(code: str) -> str:
    return code[:-1]


def suit(code: str) -> str:
    return code[-1]


def is_red(code: str) -> bool:
    return code[-1] in RED_SUITS


def pretty(code: str) -> str:
    """'10H' -> '10♥', for captions and messages."""
    return code[:-1] + SUIT_SYMBOLS[code[-1]]


def long_name(code: str) -> str:
    """'QS' -> 'queen of spades'."""
    return f"{RANK_NAMES[code[:-1]]} of {SUIT_NAMES[code[-1]]}"


def check_deck(deck: Any, expected: Iterable[str]) -> tuple[str, ...]:
    """Validate a full deck order against the cards a game uses.

    Returns the deck as a tuple; raises ValueError naming every problem found.
    """
    if isinstance(deck, (str, bytes)) or not hasattr(deck, "__iter__"):
        raise ValueError("deck must be a list of card codes")
    cards: tuple[str, ...] = tuple(deck)  # each checked to be one of `expected` below
    expected = tuple(expected)
    expected_set = set(expected)
    problems = []
    wrong = [c for c in cards if not isinstance(c, str) or c not in expected_set]
    if wrong:
        problems.append("cards not in this game's deck: " + ", ".join(map(str, wrong)))
    seen, dupes = set(), []
    for c in cards:
        if isinstance(c, str) and c in expected_set:
            if c in seen and c not in dupes:
                dupes.append(c)
            seen.add(c)
    if dupes:
        problems.append("duplicate cards: " + ", ".join(dupes))
    missing = [c for c in expected if c not in seen]
    if missing:
        problems.append("missing cards: " + ", ".join(missing))
    if problems:
        raise ValueError("bad deck: " + "; ".join(problems))
    return cards
