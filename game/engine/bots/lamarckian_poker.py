"""Computer players for Lamarckian Poker.

- easy: marks the card that captures the most from the pool as dealt, but now and then slips
  and marks the second best, as a person in a hurry would.
- normal: a Monte Carlo estimate: for each mark it could play it deals out the cards it has not
  seen at random, plays the rest of the game out with everyone marking at random, and keeps the
  mark with the best average share of the win.
- hard: the shared search (`search.py`): the unseen cards dealt consistently with what the seat
  has seen, the marks already chosen this round guessed as a sensible player's, and the rest of
  the game played out with everyone marking sensibly (the card that captures most, now and then
  another).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence

from .. import lamarckian_poker as rules
from ..cards import FULL_DECK
from ..contract import Action
from ..lamarckian_poker import POOL_SIZE, STRENGTH, View, resolve
from ..poker import best_hand
from . import Thinking
from .search import Game, SearchBot

ROLLOUTS = 600        # normal: playouts per decision, shared among the candidate marks
SLIP = 0.25           # easy: chance of marking the second best card
ITERATIONS = 500      # hard: determinizations and playouts per decision
WANDER = 0.15         # hard's playouts: chance a player marks at random rather than greedily

Chooser = Callable[[list[str], Sequence[str], random.Random], str]   # hand, pool -> mark


def captures(card: str, pool: Iterable[str]) -> int:
    """How many pool cards `card` takes as a mark, the pool as dealt."""
    return sum(1 for c in pool if c[-1] == card[-1] or c[:-1] == card[:-1])


def by_captures(hand: Iterable[str], pool: Sequence[str]) -> list[str]:
    """The hand, the marks that capture most first, ties lowest first."""
    return sorted(hand, key=lambda c: (-captures(c, pool), STRENGTH[c]))


class EasyBot:
    """Marks the card that captures most, but slips now and then; see the module docstring."""

    def think(self, view: View, legal: Iterable[Action], rng: random.Random) -> Thinking:
        legal = list(legal)
        ranked = by_captures([a.named_card for a in legal], view.pool)
        card = ranked[1] if len(ranked) > 1 and rng.random() < SLIP else ranked[0]
        return next(a for a in legal if a.card == card)
        yield  # a generator that never needs to pause


class NormalBot:
    """Monte Carlo over the unseen cards; the other seats are modelled as playing at random."""

    def __init__(self, rollouts: int = ROLLOUTS) -> None:
        self.rollouts = rollouts

    def think(self, view: View, legal: Iterable[Action], rng: random.Random) -> Thinking:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        others = [s for s in view.living if s != me]
        unseen = _unseen(view)
        hidden = {s: view.hand_counts[s] + view.chosen[s] - len(view.known[s]) for s in others}
        totals = [0.0] * len(legal)
        per = max(1, self.rollouts // len(legal))
        for _ in range(per):
            rng.shuffle(unseen)
            hands: dict[int, Sequence[str]] = {}
            at = 0
            for s in others:
                hands[s] = list(view.known[s]) + unseen[at:at + hidden[s]]
                at += hidden[s]
            deck = unseen[at:]
            for i, action in enumerate(legal):
                hands[me] = view.hand
                totals[i] += _playout(me, {me: action.named_card}, hands, view.pool, deck, rng,
                                      _random_mark)
            yield None  # one playout per candidate between pauses: about a millisecond
        return legal[max(range(len(legal)), key=totals.__getitem__)]


def _unseen(view: View) -> list[str]:
    """The cards the seat has not seen, in a fixed order: the deck and the others' secrets."""
    seen = set(view.hand) | set(view.pool) | set(view.discards)
    if view.mark:
        seen.add(view.mark)
    seen.update(c for s in range(view.seats) for c in view.known[s])
    return [c for c in FULL_DECK if c not in seen]


def _random_mark(hand: list[str], pool: Sequence[str], rng: random.Random) -> str:
    return hand[int(rng.random() * len(hand))]


def _sensible_mark(hand: list[str], pool: Sequence[str], rng: random.Random) -> str:
    if rng.random() < WANDER:
        return hand[int(rng.random() * len(hand))]
    return min(hand, key=lambda c: (-captures(c, pool), STRENGTH[c]))


def _playout(me: int, marked: dict[int, str], dealt: Mapping[int, Sequence[str]],
             pool: Sequence[str], deck: Sequence[str], rng: random.Random,
             choose: Chooser) -> float:
    """My share of the win when the seats in `marked` have marked those cards this round and
    everyone marks with `choose` afterwards. `hands`: seat -> cards, for the living seats."""
    hands = {s: list(h) for s, h in dealt.items()}
    at = 0
    while True:
        marks: list[tuple[int, str]] = []
        for s, h in hands.items():
            card = marked.get(s) or choose(h, pool, rng)
            if card in h:
                h.remove(card)
            marks.append((s, card))
        for step in resolve(pool, marks):
            hands[step.seat] += step.captured
        hands = {s: h for s, h in hands.items() if h}
        if me not in hands:
            return 0.0
        if at >= len(deck):
            break
        pool, at, marked = deck[at:at + POOL_SIZE], at + POOL_SIZE, {}
    best = {s: best_hand(h) for s, h in hands.items()}
    top = max(best.values())
    if best[me] != top:
        return 0.0
    return 1.0 / sum(1 for b in best.values() if b == top)


class LamarckianGame(Game):
    """Lamarckian Poker for the shared search."""

    def __init__(self) -> None:
        super().__init__(rules)

    def determinize(self, view: View, rng: random.Random) -> rules.State:
        """The unseen cards shuffled into the deck and the other hands; a seat that has already
        marked this round gets a hand one card larger, and the mark it would sensibly choose."""
        unseen = _unseen(view)
        rng.shuffle(unseen)
        hands: list[tuple[str, ...]] = [()] * view.seats
        marks: list[str | None] = [None] * view.seats
        at = 0
        for s in range(view.seats):
            if s == view.seat:
                hands[s], marks[s] = view.hand, view.mark
                continue
            if not view.alive[s]:
                hands[s] = ()
                continue
            count = view.hand_counts[s] + view.chosen[s] - len(view.known[s])
            hand = list(view.known[s]) + unseen[at:at + count]
            at += count
            if view.chosen[s]:
                mark = _sensible_mark(hand, view.pool, rng)
                marks[s] = mark
                hand.remove(mark)
            hands[s] = rules.ordered(hand)
        dealt = tuple(hands)
        return rules.State(view.seats, tuple(unseen[at:]), dealt, dealt, view.alive, view.pool,
                           tuple(marks), view.discards, view.round, view.phase,
                           view.last_resolution, (), 0, 0)

    def rollout(self, state: rules.State, seat: int, rng: random.Random) -> float:
        if state.phase == rules.OVER:
            return self.value(state, seat)
        hands = {s: list(h) for s, h in enumerate(state.hands) if state.alive[s]}
        marked = {s: m for s, m in enumerate(state.marks) if m is not None}
        for s, m in marked.items():
            hands[s].append(m)  # _playout takes the mark out of the hand
        return _playout(seat, marked, hands, state.pool, state.deck, rng, _sensible_mark)


class HardBot(SearchBot):
    def __init__(self, iterations: int = ITERATIONS) -> None:
        super().__init__(LamarckianGame(), iterations)


LEVELS = (("easy", EasyBot), ("normal", NormalBot), ("hard", HardBot))
