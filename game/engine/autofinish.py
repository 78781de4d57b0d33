"""Auto-finish for the solitaires: once nothing is hidden any more and what is left takes only
a few moves, the end is worked out here and the table offers to play it out.

- Scoundrel: the dungeon is empty, so every card left in the room must be faced (RULINGS).
  Every order, each monster with the weapon or barehanded, is tried; the line played is the
  best (highest score, the first found on a tie), and the end is *forced* when every line
  scores the same.
- The Bogey: the deck and the discards are empty, so no draw and no bogey card will come and
  every card not yet in a column is in the hand. Every order of playing the hand to its legal
  places is tried; the line played uses the fewest columns, and the end is *forced* when every
  order places every card and ends with the same number of columns. Discarding is left out:
  a discarded card comes back as the bogey's card with the same places it has in the hand, so
  it never changes what can be reached. No offer when no order places every card.

Only the state is read, at a moment when the player's view holds all of it.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from . import bogey, scoundrel
from .cards import pretty
from .contract import Action

# Positions tried at most; past it, no offer. The 230 endings the hint reaches in deals 0-299
# took at most 1,426 positions (22 ms).
BOGEY_NODE_LIMIT = 20_000
Span = tuple[int | None, int | None]  # (fewest, most) columns at the end


class Finish(NamedTuple):
    actions: tuple[str, ...]   # the action texts that play the game out
    forced: bool     # every line ends the same
    words: str       # the offer, for the player


# -- Scoundrel -------------------------------------------------------------------------------
def _scoundrel_lines(state: scoundrel.State) -> Iterator[tuple[int, tuple[str, ...]]]:
    """(score, actions) of every way to play `state` out."""
    if scoundrel.is_over(state):
        yield scoundrel.score(state), ()
        return
    for action in scoundrel.legal_actions(state):
        for points, rest in _scoundrel_lines(scoundrel.apply(state, action)):
            yield points, (action.text,) + rest


def _scoundrel_end(state: scoundrel.State) -> str:
    if state.status == scoundrel.WON:
        points = scoundrel.score(state)
        bonus = f" and a score of {points}" if points != state.health else ""
        return f"you come out alive with {state.health} health{bonus}"
    assert state.last_faced is not None, "only facing a monster can kill"
    return f"the {pretty(state.last_faced)} slays you"


def scoundrel_finish(state: scoundrel.State) -> Finish | None:
    """The offer for a Scoundrel game whose dungeon is empty, or None."""
    if scoundrel.is_over(state) or state.dungeon:
        return None
    lines = list(_scoundrel_lines(state))
    best_points, best = max(lines, key=lambda line: line[0])
    forced = all(points == best_points for points, _ in lines)
    end = state
    for text in best:
        end = scoundrel.apply(end, text)
    left = len(best)
    cards = f"the last {left} cards" if left > 1 else "the last card"
    if forced:
        words = f"The end is forced: facing {cards}, {_scoundrel_end(end)}."
    else:
        words = f"Finish faces {cards} in the best order: {_scoundrel_end(end)}."
    return Finish(best, forced, words)


# -- The Bogey -------------------------------------------------------------------------------
class _TooMany(Exception):
    pass


def _bogey_plays(state: bogey.State) -> list[Action]:
    return [a for a in bogey.legal_actions(state) if a.kind == "play"]


def _bogey_range(state: bogey.State, seen: dict[object, Span]) -> Span:
    """(fewest, most) columns at the end over every order of playing the hand; fewest is None
    when no order places every card, most is None when some order gets stuck (a card with
    nowhere to go)."""
    if bogey.is_over(state):
        return len(state.columns), len(state.columns)
    key = (state.columns, frozenset(state.hand))
    if key in seen:
        return seen[key]
    if len(seen) >= BOGEY_NODE_LIMIT:
        raise _TooMany
    plays = _bogey_plays(state)
    if not plays:
        seen[key] = (None, None)
        return seen[key]
    fewest, most, stuck = None, None, False
    for action in plays:
        low, high = _bogey_range(bogey.apply(state, action), seen)
        stuck = stuck or high is None
        if low is not None:
            fewest = low if fewest is None else min(fewest, low)
        if high is not None:
            most = high if most is None else max(most, high)
    seen[key] = (fewest, None if stuck else most)
    return seen[key]


def bogey_finish(state: bogey.State) -> Finish | None:
    """The offer for a Bogey game with nothing left but the hand, or None."""
    if (bogey.is_over(state) or state.phase != bogey.PLAYER or state.deck or state.discards
            or state.bogey_card is not None or not state.hand):
        return None
    seen: dict[object, Span] = {}
    try:
        fewest, most = _bogey_range(state, seen)
    except _TooMany:
        return None
    if fewest is None:
        return None
    line, at = [], state
    while not bogey.is_over(at):
        action = next(a for a in _bogey_plays(at)
                      if _bogey_range(bogey.apply(at, a), seen)[0] == fewest)
        line.append(action.text)
        at = bogey.apply(at, action)
    left = len(state.hand)
    cards = f"your last {left} cards" if left > 1 else "your last card"
    end = f"{fewest} columns in all, {bogey.level_of(fewest)}"
    if most == fewest:
        words = f"The end is forced: playing {cards} leaves {end}."
    else:
        words = f"Finish plays {cards} the best way: {end}."
    return Finish(tuple(line), most == fewest, words)
