"""Greedy players: simple sensible play that a good computer player must beat clearly.

As issue #20 describes them. Abandon Ship: never attack, discard the lowest card, raise with the
lowest card that beats the last one (else surrender), run for the richest lifeboat of a suit
held. Lamarckian Poker: mark the card that captures most from the pool, ties to the lowest.
They are for tests and benchmarks only, not a level a person can choose.
"""
from __future__ import annotations

from game.engine.abandon_ship import POINTS, SUIT_OF
from game.engine.cards import SUITS
from game.engine.lamarckian_poker import STRENGTH


class GreedyAbandonShip:
    def think(self, view, legal, rng):
        legal = list(legal)
        kind = legal[0].kind
        if kind == "discard" or kind == "attack":
            return min((a for a in legal if a.kind == "discard"), key=lambda a: POINTS[a.card])
        if kind in ("raise", "surrender"):
            raises = [a for a in legal if a.kind == "raise"]
            return min(raises, key=lambda a: POINTS[a.card]) if raises else legal[-1]
        if kind == "key":
            held = {SUIT_OF[a.card] for a in legal}
            suit = max((s for s in SUITS if s in held), key=lambda s: view.lifeboat_points[s])
            return min((a for a in legal if SUIT_OF[a.card] == suit), key=lambda a: POINTS[a.card])
        return legal[0]
        yield  # a generator that never needs to pause


class GreedyLamarckian:
    def think(self, view, legal, rng):
        def captured(card):
            return sum(1 for c in view.pool if c[-1] == card[-1] or c[:-1] == card[:-1])
        return min(legal, key=lambda a: (-captured(a.card), STRENGTH[a.card]))
        yield  # a generator that never needs to pause


GREEDY = {"abandon_ship": GreedyAbandonShip, "lamarckian_poker": GreedyLamarckian}
