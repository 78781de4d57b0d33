"""Computer players for Abandon Ship.

- easy: plays like a sensible beginner: discards its lowest card, fights only with a King,
  raises with the lowest card that wins, runs for the richest lifeboat it holds; but now and then
  it discards the wrong card or runs for the second-best lifeboat.
- normal (described below): judges the showdown by sampling the hidden cards.
- hard: the shared search (`search.py`) over the rest of the round: the unseen cards dealt at
  random (a chosen key card guessed as a sensible player's), the round played out quickly with
  everyone playing sensibly, and the end of the round scored by the lead it leaves.

The normal bot judges its position by the showdown: it deals the cards it cannot see to the other
hands at random (many times over) and counts which lifeboats it would board, assuming the others
run for a random suit of what they hold. With that estimate it picks its key card, chooses which
card to give up on its turn (discarding it, or fighting with it when the fight is likely won), and
whether to raise or surrender in a fight: a King always wins a fight, so it raises with one.
"""
from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence

from .. import abandon_ship as rules
from ..abandon_ship import FIGHT, HAND_SIZE, KING, PLAY, POINTS, SHOWDOWN, SUIT_OF, deck_for
from ..cards import SUITS
from ..contract import Action
from . import Thinking
from .search import Game, SearchBot

SAMPLES = 48          # random deals of the unseen cards per decision
SLICE = 8             # samples between two yields
FIGHT_RANK = 10       # attack rather than discard with a card this high (10, J, Q, K)
RAISE_RANK = 11       # answer a fight with a card this high (the lowest that will do)
BOARD_GAIN = 0.35     # bonus for giving up a card fit to fight with, per rank from FIGHT_RANK


def _holding(cards: Iterable[str], suit: str) -> list[int]:
    return sorted((POINTS[c] for c in cards if SUIT_OF[c] == suit), reverse=True)


def unseen_cards(view: rules.View) -> list[str]:
    """The cards the view's seat has not seen this round, in a fixed order."""
    seen = set(view.hand)
    for cards in (*view.boards, *view.lifeboats.values()):
        seen.update(cards)
    if view.fight:
        seen.update(view.fight.cards)
    key = view.key_cards[view.seat]
    if key:
        seen.add(key)
    return [c for c in deck_for(view.seats) if c not in seen]


class _Guess:
    """The other seats' cards dealt at random from the unseen ones, and their key suits."""

    def __init__(self, view: rules.View, rng: random.Random) -> None:
        me = view.seat
        pool = unseen_cards(view)
        others = [p for p in range(view.seats) if p != me]
        counts = [view.hand_counts[p] + view.chosen[p] for p in others]  # a chosen key is hidden
        cards = rng.sample(pool, min(len(pool), sum(counts)))
        self.hands: dict[int, list[str]] = {}
        at = 0
        for p, n in zip(others, counts):
            self.hands[p] = cards[at:at + n]
            at += n
        self.keys: dict[int, str] = {p: SUIT_OF[rng.choice(h)] for p, h in self.hands.items() if h}

    def boards(self, view: rules.View, suit: str, hand: Iterable[str], board: Iterable[str]) -> bool:
        """Whether I would board `suit`'s lifeboat holding `hand` and `board`."""
        held = _holding(list(hand) + list(board), suit)
        mine = (sum(held), held)
        for p, key in self.keys.items():
            if key == suit:
                theirs = _holding(self.hands[p] + list(view.boards[p]), suit)
                if (sum(theirs), theirs) >= mine:
                    return False
        return True


class NormalBot:
    """Estimates the showdown by sampling the hidden cards; see the module docstring."""

    def think(self, view: rules.View, legal: Iterable[Action], rng: random.Random) -> Thinking:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        if legal[0].kind in ("raise", "surrender"):
            return self._answer(legal)
        guesses: list[_Guess] = []
        while len(guesses) < SAMPLES:
            guesses += [_Guess(view, rng) for _ in range(SLICE)]
            yield None
        if legal[0].kind == "key":
            return self._key(view, legal, guesses)
        return (yield from self._turn(view, legal, guesses))

    @staticmethod
    def _worth(view: rules.View, guesses: list[_Guess], hand: Sequence[str],
               boats: dict[str, int]) -> dict[str, float]:
        """Expected points per suit in hand if the showdown came now."""
        board = view.boards[view.seat]
        out: dict[str, float] = {}
        for suit in dict.fromkeys(SUIT_OF[c] for c in hand):  # in a fixed order
            wins = sum(g.boards(view, suit, hand, board) for g in guesses)
            out[suit] = boats[suit] * wins / len(guesses)
        return out

    def _key(self, view: rules.View, legal: list[Action], guesses: list[_Guess]) -> Action:
        worth = self._worth(view, guesses, view.hand, view.lifeboat_points)
        best = max(worth, key=worth.__getitem__)
        return min((a for a in legal if SUIT_OF[a.named_card] == best),
                   key=lambda a: POINTS[a.named_card])

    @staticmethod
    def _answer(legal: list[Action]) -> Action:
        raises = [a for a in legal if a.kind == "raise"]
        kings = [a for a in raises if POINTS[a.named_card] == KING]
        if kings:
            return kings[0]
        high = [a for a in raises if POINTS[a.named_card] >= RAISE_RANK]
        if high:
            return min(high, key=lambda a: POINTS[a.named_card])
        return legal[-1]  # surrender

    def _turn(self, view: rules.View, legal: list[Action], guesses: list[_Guess]) -> Thinking:
        hand = view.hand
        boats = view.lifeboat_points
        best_card: str | None = None
        best: float | None = None
        for card in dict.fromkeys(a.named_card for a in legal):
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
        assert best_card is not None, "a turn always has a card to give up"
        attacks = [a for a in legal if a.kind == "attack" and a.card == best_card]
        if attacks and POINTS[best_card] >= FIGHT_RANK:
            return max(attacks, key=lambda a: (view.scores[a.target], view.hand_counts[a.target]))
        return next(a for a in legal if a.kind == "discard" and a.card == best_card)


# --- easy ------------------------------------------------------------------------------------

SLIP = 0.2            # easy: chance of a careless discard or the second-best lifeboat


def richest_suits(cards: Iterable[str], lifeboat_points: dict[str, int]) -> list[str]:
    """The suits among `cards`, richest lifeboat first (ties in suit order)."""
    held = {SUIT_OF[c] for c in cards}
    return sorted((s for s in SUITS if s in held), key=lambda s: -lifeboat_points[s])


class EasyBot:
    """A sensible beginner who slips now and then; see the module docstring."""

    def think(self, view: rules.View, legal: Iterable[Action], rng: random.Random) -> Thinking:
        legal = list(legal)
        kind = legal[0].kind
        if kind in ("discard", "attack"):
            kings = [a for a in legal if a.kind == "attack" and POINTS[a.named_card] == KING]
            if kings:
                return max(kings, key=lambda a: view.hand_counts[a.target])
            discards = sorted((a for a in legal if a.kind == "discard"),
                              key=lambda a: POINTS[a.named_card])
            return discards[1 if len(discards) > 1 and rng.random() < SLIP else 0]
        if kind in ("raise", "surrender"):
            raises = [a for a in legal if a.kind == "raise"]
            return min(raises, key=lambda a: POINTS[a.named_card]) if raises else legal[-1]
        if kind == "key":
            suits = richest_suits([a.named_card for a in legal], view.lifeboat_points)
            suit = suits[1 if len(suits) > 1 and rng.random() < SLIP else 0]
            return next(a for a in legal if SUIT_OF[a.named_card] == suit)
        return legal[0]
        yield  # a generator that never needs to pause


# --- hard -------------------------------------------------------------------------------------

ITERATIONS = 300      # hard: determinizations and playouts per decision
ATTACK = 0.5          # hard's playouts: chance a player holding a King fights with it
LEAD_SCALE = 40.0     # points of lead that make a round's end worth about 0.73


class AbandonShipGame(Game):
    """Abandon Ship for the shared search: one round at a time."""

    def __init__(self) -> None:
        super().__init__(rules)

    def determinize(self, view: rules.View, rng: random.Random) -> rules.State:
        """The unseen cards dealt at random to the other hands, the deck and the cards out of
        play; a seat that has chosen its key card gets the one a sensible player would."""
        me, n = view.seat, view.seats
        unseen = unseen_cards(view)
        rng.shuffle(unseen)
        hands, keys, at = [view.hand] * n, list(view.key_cards), 0
        for p in range(n):
            if p == me:
                continue
            count = view.hand_counts[p] + view.chosen[p]
            hand = unseen[at:at + count]
            at += count
            if view.chosen[p]:
                key = _sensible_key(hand, view.lifeboat_points)
                keys[p] = key
                hand.remove(key)
            hands[p] = tuple(hand)
        out = tuple(unseen[at:at + view.out_count])
        deck = tuple(unseen[at + view.out_count:])
        return rules.State(n, deck, tuple(hands), view.boards,
                           tuple(view.lifeboats[s] for s in SUITS), out, view.fight, tuple(keys),
                           view.phase, view.turn, view.dealer, view.round, view.scores, None, (),
                           {}, 0, int(rng.random() * 2**63), 0)

    def rollout(self, state: rules.State, seat: int, rng: random.Random) -> float:
        if state.phase in (PLAY, FIGHT, SHOWDOWN):
            scores = _play_round(state, rng)
        else:
            scores = state.scores
        if rules.winners(scores):
            return float(seat in rules.winners(scores))
        lead = scores[seat] - max(x for p, x in enumerate(scores) if p != seat)
        return 1.0 / (1.0 + math.exp(-lead / LEAD_SCALE))


def _sensible_key(cards: Iterable[str], lifeboat_points: dict[str, int]) -> str:
    suit = richest_suits(cards, lifeboat_points)[0]
    return next(c for c in cards if SUIT_OF[c] == suit)


def _play_round(s: rules.State, rng: random.Random) -> tuple[int, ...]:
    """The scores after the round of engine state `s` (play, fight or showdown) is played out
    with everyone playing sensibly: a quick simulation of the rules on plain lists."""
    n = s.seats
    hands = [list(h) for h in s.hands]
    boards = [list(b) for b in s.boards]
    boats = {suit: sum(POINTS[c] for c in boat) for suit, boat in zip(SUITS, s.lifeboats)}
    deck, at = s.deck, 0
    keys = list(s.keys)
    phase, turn = s.phase, s.turn
    if phase == FIGHT:
        assert s.fight is not None, "a fight phase always has its fight"
        attacker, defender, fought = s.fight.attacker, s.fight.defender, list(s.fight.cards)
    while phase in (PLAY, FIGHT):
        if phase == PLAY:
            hand = hands[turn]
            if rng.random() < ATTACK:
                king = next((c for c in hand if POINTS[c] == KING), None)
                targets = [p for p in range(n) if p != turn and hands[p]]
                if king and targets:
                    hand.remove(king)
                    defender = max(targets, key=lambda p: len(hands[p]))
                    attacker, fought = turn, [king]
                    phase = FIGHT
                    continue
            card = min(hand, key=POINTS.__getitem__)
            hand.remove(card)
            boats[SUIT_OF[card]] += POINTS[card]
            turn = (turn + 1) % n
        else:
            answer = defender if len(fought) % 2 else attacker
            hand = hands[answer]
            beat = POINTS[fought[-1]]
            raises = [c for c in hand if POINTS[c] > beat and (len(hand) > 1 or POINTS[c] == KING)]
            if raises:
                card = min(raises, key=POINTS.__getitem__)
                hand.remove(card)
                fought.append(card)
                continue
            for c in fought:
                boats[SUIT_OF[c]] += POINTS[c]
            if hand:
                taken = hand.pop(int(rng.random() * len(hand)))
                boards[defender if answer == attacker else attacker].append(taken)
            turn = (attacker + 1) % n
        phase = PLAY
        need = min(HAND_SIZE - len(hands[turn]), len(deck) - at)
        if need > 0:
            hands[turn] += deck[at:at + need]
            at += need
            if at == len(deck):
                phase = SHOWDOWN
    for i in range(1, n + 1):
        p = (turn + i) % n
        if hands[p] and keys[p] is None:
            chosen = _sensible_key(hands[p], boats)
            keys[p] = chosen
            hands[p].remove(chosen)
    scores = list(s.scores)
    for suit in SUITS:
        best: tuple[int, list[int]] | None = None
        winner: int | None = None
        for p in range(n):
            key = keys[p]
            if key is not None and SUIT_OF[key] == suit:
                points = sorted((POINTS[c] for c in hands[p] + boards[p] + [key]
                                 if SUIT_OF[c] == suit), reverse=True)
                held = (sum(points), points)
                if best is None or held > best:
                    best, winner = held, p
                elif held == best:
                    winner = None
        if winner is not None:
            scores[winner] += boats[suit]
    return tuple(scores)


class HardBot(SearchBot):
    def __init__(self, iterations: int = ITERATIONS):
        super().__init__(AbandonShipGame(), iterations)


LEVELS = (("easy", EasyBot), ("normal", NormalBot), ("hard", HardBot))
