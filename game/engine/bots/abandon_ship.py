"""Computer players for Abandon Ship.

The strong bot judges its position by the showdown: it deals the cards it cannot see to the other
hands at random (many times over) and counts which lifeboats it would board, assuming the others
run for a random suit of what they hold. With that estimate it picks its key card, chooses which
card to give up on its turn (discarding it, or fighting with it when the fight is likely won), and
whether to raise or surrender in a fight: a King always wins a fight, so it raises with one.
"""
from __future__ import annotations

import random

from . import RandomBot
from ..abandon_ship import KING, POINTS, SUIT_OF, deck_for

SAMPLES = 48          # random deals of the unseen cards per decision
SLICE = 8             # samples between two yields
FIGHT_RANK = 10       # attack rather than discard with a card this high (10, J, Q, K)
RAISE_RANK = 11       # answer a fight with a card this high (the lowest that will do)
BOARD_GAIN = 0.35     # bonus for giving up a card fit to fight with, per rank from FIGHT_RANK


def _holding(cards, suit):
    return sorted((POINTS[c] for c in cards if SUIT_OF[c] == suit), reverse=True)


class _Guess:
    """The other seats' cards dealt at random from the unseen ones, and their key suits."""

    def __init__(self, view, rng: random.Random):
        me = view.seat
        seen = set(view.hand)
        for cards in (*view.boards, *view.lifeboats.values()):
            seen.update(cards)
        if view.fight:
            seen.update(view.fight.cards)
        if view.key_cards[me]:
            seen.add(view.key_cards[me])
        pool = [c for c in deck_for(view.seats) if c not in seen]
        others = [p for p in range(view.seats) if p != me]
        counts = [view.hand_counts[p] + view.chosen[p] for p in others]  # a chosen key is hidden
        cards = rng.sample(pool, min(len(pool), sum(counts)))
        self.hands, at = {}, 0
        for p, n in zip(others, counts):
            self.hands[p] = cards[at:at + n]
            at += n
        self.keys = {p: SUIT_OF[rng.choice(h)] for p, h in self.hands.items() if h}

    def boards(self, view, suit: str, hand, board) -> bool:
        """Whether I would board `suit`'s lifeboat holding `hand` and `board`."""
        mine = _holding(list(hand) + list(board), suit)
        mine = (sum(mine), mine)
        for p, key in self.keys.items():
            if key == suit:
                theirs = _holding(self.hands[p] + list(view.boards[p]), suit)
                if (sum(theirs), theirs) >= mine:
                    return False
        return True


class StrongBot:
    """Estimates the showdown by sampling the hidden cards; see the module docstring."""

    def think(self, view, legal, rng: random.Random):
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        if legal[0].kind in ("raise", "surrender"):
            return self._answer(legal)
        guesses = []
        while len(guesses) < SAMPLES:
            guesses += [_Guess(view, rng) for _ in range(SLICE)]
            yield None
        if legal[0].kind == "key":
            return self._key(view, legal, guesses)
        return (yield from self._turn(view, legal, guesses))

    @staticmethod
    def _worth(view, guesses, hand, boats) -> dict:
        """Expected points per suit in hand if the showdown came now."""
        board = view.boards[view.seat]
        out = {}
        for suit in dict.fromkeys(SUIT_OF[c] for c in hand):  # in a fixed order
            wins = sum(g.boards(view, suit, hand, board) for g in guesses)
            out[suit] = boats[suit] * wins / len(guesses)
        return out

    def _key(self, view, legal, guesses):
        worth = self._worth(view, guesses, view.hand, view.lifeboat_points)
        best = max(worth, key=worth.get)
        return min((a for a in legal if SUIT_OF[a.card] == best), key=lambda a: POINTS[a.card])

    @staticmethod
    def _answer(legal):
        raises = [a for a in legal if a.kind == "raise"]
        kings = [a for a in raises if POINTS[a.card] == KING]
        if kings:
            return kings[0]
        high = [a for a in raises if POINTS[a.card] >= RAISE_RANK]
        if high:
            return min(high, key=lambda a: POINTS[a.card])
        return legal[-1]  # surrender

    def _turn(self, view, legal, guesses):
        hand = view.hand
        boats = view.lifeboat_points
        best_card, best = None, None
        for card in dict.fromkeys(a.card for a in legal):
            after = dict(boats)
            after[SUIT_OF[card]] += POINTS[card]
            rest = list(hand)
            rest.remove(card)
            value = max(self._worth(view, guesses, rest, after).values(), default=0)
            if POINTS[card] >= FIGHT_RANK:
                value += BOARD_GAIN * (POINTS[card] - FIGHT_RANK + 1)
            if best is None or value > best:
                best_card, best = card, value
            yield None
        attacks = [a for a in legal if a.kind == "attack" and a.card == best_card]
        if attacks and POINTS[best_card] >= FIGHT_RANK:
            return max(attacks, key=lambda a: (view.scores[a.target], view.hand_counts[a.target]))
        return next(a for a in legal if a.kind == "discard" and a.card == best_card)


LEVELS = (("random", RandomBot), ("strong", StrongBot))
