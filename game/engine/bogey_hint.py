"""A hint for The Bogey: which move keeps the columns few, and why, in one plain line.

It reads only the player's view. The plan, found by playing many deals:
- the bogey's card goes to the closest fit (the column ending just above it), which is what
  keeps the number of columns lowest for cards arriving in an order nobody chooses;
- a hand card is played only where no card still to come is shut out between it and the end
  of its column, so a suit's cards line up in one column;
- a column is started with a card nothing can go above, or with a 9 or higher of a suit
  that has no column yet, so the bogey's cards of that suit have somewhere to go;
- every other card is discarded: a fresh draw may play at once, and a discarded low card
  comes back after the reshuffle when its column has grown down to it.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .bogey import BOGEY, MAX_COLUMNS, NEW, PLAYING, View, legal_places, place_text
from .cards import FULL_DECK, RANK_VALUE, SUIT_NAMES, pretty, suit

Columns = Sequence[Sequence[str]]
LOWEST_OPENER = RANK_VALUE["9S"]  # lowest card worth opening a column of a suit that has none


@dataclass(frozen=True)
class Hint:
    action: str
    reason: str


def _unplaced(columns: Columns) -> set[str]:
    placed = {c for col in columns for c in col}
    return {c for c in FULL_DECK if c not in placed}


def _closest_column(columns: Columns, card: str) -> int | None:
    """The index of the column ending just above `card` in its suit, or None."""
    places = [p for p in legal_places(columns, card) if isinstance(p, int)]  # not NEW
    return min(places, key=lambda p: RANK_VALUE[columns[p][-1]], default=None)


def _same_suit_between(card: str, above: int, unplaced: set[str]) -> int:
    """Cards still to place of `card`'s suit ranked between it and `above`."""
    return sum(1 for c in unplaced
               if suit(c) == suit(card) and RANK_VALUE[card] < RANK_VALUE[c] < above)


def _wait(columns: Columns, card: str, unplaced: set[str]) -> int:
    """How many cards of its suit must be placed before `card` fits without shutting any out."""
    column = _closest_column(columns, card)
    above = RANK_VALUE[columns[column][-1]] if column is not None else RANK_VALUE["KS"] + 1
    return _same_suit_between(card, above, unplaced)


def _by_rank(cards: Iterable[str]) -> list[str]:
    """Highest first; the deck order breaks ties so the hint is deterministic."""
    return sorted(cards, key=lambda c: (-RANK_VALUE[c], FULL_DECK.index(c)))


def _bogey_hint(v: View) -> Hint:
    card = v.bogey_card
    assert card is not None  # the bogey's turn: it has turned up a card
    column = _closest_column(v.columns, card)
    if column is None:
        return Hint(place_text("place", card, NEW),
                    f"Start a new column with the {pretty(card)}: no column of "
                    f"{SUIT_NAMES[suit(card)]} ends above it.")
    return Hint(place_text("place", card, column),
                f"Place the {pretty(card)} under the {pretty(v.columns[column][-1])}: the closest "
                f"fit keeps the higher columns open for the cards still to come.")


def _fitting_play(v: View, unplaced: set[str]) -> Hint | None:
    """A hand card that goes under a column without shutting any card out, highest first."""
    for card in _by_rank(v.hand):
        column = _closest_column(v.columns, card)
        if column is not None and _wait(v.columns, card, unplaced) == 0:
            return Hint(place_text("play", card, column),
                        f"Play the {pretty(card)} under the {pretty(v.columns[column][-1])}: it "
                        f"keeps {SUIT_NAMES[suit(card)]} in one column.")
    return None


def _new_column(v: View, unplaced: set[str]) -> Hint | None:
    """Start a column that is needed anyway, or one for a suit the bogey has nowhere to put."""
    if len(v.columns) >= MAX_COLUMNS:
        return None
    homeless = [c for c in _by_rank(v.hand) if _closest_column(v.columns, c) is None]
    for card in homeless:
        if _wait(v.columns, card, unplaced) == 0:
            return Hint(place_text("play", card, NEW),
                        f"Start a column with the {pretty(card)}: nothing left can go above it, "
                        f"so it needs a column of its own anyway.")
    suits_with_column = {suit(col[0]) for col in v.columns}
    for card in homeless:
        if suit(card) not in suits_with_column and RANK_VALUE[card] >= LOWEST_OPENER:
            return Hint(place_text("play", card, NEW),
                        f"Start a {SUIT_NAMES[suit(card)]} column with the {pretty(card)}: the "
                        f"bogey's {SUIT_NAMES[suit(card)]} will have somewhere to go.")
    return None


def _discard(v: View, unplaced: set[str]) -> Hint | None:
    """Let go of the card that would wait longest; it comes back after the reshuffle."""
    if not v.hand:
        return None
    card = max(reversed(_by_rank(v.hand)), key=lambda c: _wait(v.columns, c, unplaced))
    wait = _wait(v.columns, card, unplaced)
    if wait == 0:
        why = "no column can take it now."
    else:
        cards = SUIT_NAMES[suit(card)] if wait > 1 else SUIT_NAMES[suit(card)][:-1]
        why = (f"{wait} higher {cards} must be placed before it fits, "
               f"so draw a fresh card instead.")
    return Hint(f"discard {card}", f"Discard the {pretty(card)}: {why}")


def hint(v: View) -> Hint | None:
    """The suggested action for the player's view, or None when the game is over."""
    if v.status != PLAYING:
        return None
    if v.phase == BOGEY:
        return _bogey_hint(v)
    unplaced = _unplaced(v.columns)
    return (_fitting_play(v, unplaced) or _new_column(v, unplaced) or _discard(v, unplaced)
            or Hint("end turn", "End the turn: your hand is empty, so draw a fresh one."))


def hint_for(v: View, card: str) -> Hint | None:
    """The hint's best place for one movable card (a double-click plays it): the bogey's card
    goes to its closest fit; a hand card is judged as if it were the only one in the hand,
    which is how `hint` judges each card anyway."""
    if v.status != PLAYING:
        return None
    if v.phase == BOGEY:
        return _bogey_hint(v) if card == v.bogey_card else None
    if card not in v.hand:
        return None
    return hint(replace(v, hand=(card,)))
