"""Computer players for Lamarckian Poker.

The strong bot is an information-set Monte Carlo search: for each mark it could play it deals
out the cards it has not seen (the deck and the other seats' unseen cards) at random, plays the
rest of the game out quickly, and keeps the mark with the best average share of the win.
"""
from __future__ import annotations

from ..cards import FULL_DECK
from ..lamarckian_poker import POOL_SIZE, resolve
from ..poker import best_hand
from . import RandomBot

ROLLOUTS = 600      # playouts per decision, shared among the candidate marks


class StrongBot:
    """Monte Carlo over the unseen cards; the other seats are modelled as playing at random."""

    def __init__(self, rollouts: int = ROLLOUTS):
        self.rollouts = rollouts

    def think(self, view, legal, rng):
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        others = [s for s in view.living if s != me]
        seen = set(view.hand) | set(view.pool) | set(view.discards)
        seen.update(c for s in others for c in view.known[s])
        unseen = [c for c in FULL_DECK if c not in seen]
        hidden = {s: view.hand_counts[s] + view.chosen[s] - len(view.known[s]) for s in others}
        totals = [0.0] * len(legal)
        per = max(1, self.rollouts // len(legal))
        for _ in range(per):
            rng.shuffle(unseen)
            hands, at = {}, 0
            for s in others:
                hands[s] = list(view.known[s]) + unseen[at:at + hidden[s]]
                at += hidden[s]
            deck = unseen[at:]
            for i, action in enumerate(legal):
                totals[i] += _playout(me, action.card, view.hand, hands, view.pool, deck, rng)
            yield None  # one playout per candidate between pauses: about a millisecond
        return legal[max(range(len(legal)), key=totals.__getitem__)]


def _playout(me, mark, hand, others, pool, deck, rng) -> float:
    """My share of the win when I mark `mark` now and everyone plays at random afterwards."""
    hands = {s: list(h) for s, h in others.items()}
    hands[me] = list(hand)
    first = {me: mark}
    at = 0
    while True:
        marks = []
        for s, h in hands.items():
            card = first.get(s) or h[int(rng.random() * len(h))]
            h.remove(card)
            marks.append((s, card))
        for step in resolve(pool, marks):
            hands[step.seat] += step.captured
        hands = {s: h for s, h in hands.items() if h}
        if me not in hands:
            return 0.0
        if at >= len(deck):
            break
        pool, at, first = deck[at:at + POOL_SIZE], at + POOL_SIZE, {}
    best = {s: best_hand(h) for s, h in hands.items()}
    top = max(best.values())
    if best[me] != top:
        return 0.0
    return 1.0 / sum(1 for b in best.values() if b == top)


LEVELS = (("random", RandomBot), ("strong", StrongBot))
