"""Computer players for Ships and Sailors.

Every level shares the table sense in `heuristic_card`: lead low, duck under a trick that holds
points, win a trick that holds a Ship, and when void dump Sailors and penalty cards on an
opponent's trick (a Ship on a partner's). Piles give away the highest cards, shortest colours
first; the dealer gives its own pile to the leader and declares the colour it holds least of high
cards; a partner pick keeps the players with the lowest scores on the other side.

- easy: that sense with slips: now and then a random legal card, and no partner logic.
- normal: that sense, every time.
- hard: determinized sampling. It deals the cards it cannot see to the other seats at random,
  consistent with everything it has seen (the cards played, who showed out of which colour, where
  its own pile went), plays every legal card out to the end of the hand with the heuristic for
  every seat, and picks the card whose hand ends best for its side against the others.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .. import ships_and_sailors as S
from ..contract import Action
from . import RandomBot, Thinking

CARDS = S.FULL_DECK
INDEX = {c: i for i, c in enumerate(CARDS)}
COLOUR = [S.COLOURS.index(S.COLOUR_OF[c]) for c in CARDS]
VALUE = [S.VALUE[c] for c in CARDS]
SAILOR = [c in S.SAILORS for c in CARDS]
SHIP = [c in S.SHIPS for c in CARDS]

SAMPLES = 48          # hidden deals per decision (hard)
MAX_ROLLOUTS = 480    # fewer deals when many cards are legal: deals x cards stays under this
SLIP = 0.25           # easy: chance of a careless card
MOON_WATCH = 3       # Sailors a side may hold alone before the others stop feeding it more


def points(card: int, penalty: int) -> int:
    if SAILOR[card]:
        return 15 if COLOUR[card] == penalty else 10
    if SHIP[card]:
        return -3
    return 1 if COLOUR[card] == penalty else 0


def heuristic_card(hand: list[int], trick: Sequence[tuple[int, int]], me: int,
                   sides: Sequence[tuple[int, ...]], penalty: int, seats: int,
                   side_sailors: Sequence[int] | None = None) -> int:
    """The card a sensible player plays (hand and trick as card numbers; trick as (seat, card)).

    `sides` per seat: the seats on its side. `side_sailors` per seat: how many Sailors its side
    has won this hand. A side holding every Sailor won so far is kept from collecting all four
    (that would score -50 for it)."""
    mates = sides[me]
    if not trick:
        def lead_key(c: int) -> int:
            if SHIP[c]:
                return 50
            if SAILOR[c]:
                return -1
            return VALUE[c] + (4 if COLOUR[c] == penalty else 0)
        return min(hand, key=lead_key)
    led = COLOUR[trick[0][1]]
    top_value, winner = max((VALUE[c], p) for p, c in trick if COLOUR[c] == led)
    partner_wins = winner in mates
    in_trick = sum(SAILOR[c] for _, c in trick)
    threat = False
    if side_sailors is not None and not partner_wins:
        theirs = side_sailors[winner]
        threat = theirs + in_trick >= MOON_WATCH and not any(
            side_sailors[p] for p in range(seats) if p not in sides[winner])
    follow = [c for c in hand if COLOUR[c] == led]
    if not follow:
        if partner_wins:
            return max(hand, key=lambda c: (SHIP[c], -SAILOR[c], -(COLOUR[c] == penalty),
                                            VALUE[c]))
        sailor_weight = 0 if threat else 1
        return max(hand, key=lambda c: (SAILOR[c] * sailor_weight * (2 + (COLOUR[c] == penalty)),
                                        -SAILOR[c], COLOUR[c] == penalty, -SHIP[c], VALUE[c]))
    at_stake = sum(points(c, penalty) for _, c in trick)
    if threat and in_trick:
        at_stake = -1  # take it: their all-four would be worth far more than the Sailor costs
    last = len(trick) == seats - 1
    below = [c for c in follow if VALUE[c] < top_value]
    above = [c for c in follow if VALUE[c] > top_value]
    if partner_wins:
        return max(below, key=lambda c: VALUE[c]) if below else min(follow, key=VALUE.__getitem__)
    ships_up = [c for c in above if SHIP[c]]
    cheapest = min((points(c, penalty) for c in above), default=0)
    if above and (at_stake < 0 or (last and at_stake + cheapest <= 0)):
        if ships_up:
            return ships_up[0]
        return max(above, key=lambda c: (-SAILOR[c], VALUE[c])) if last else min(
            above, key=VALUE.__getitem__)
    if below:
        return max(below, key=lambda c: (SAILOR[c] and not threat, VALUE[c]))
    if last:
        return max(above, key=lambda c: (SHIP[c], -SAILOR[c], VALUE[c]))
    return min(above, key=lambda c: (SAILOR[c], VALUE[c]))


def side_points(cards: Sequence[int], penalty: int) -> int:
    total = sum(points(c, penalty) for c in cards)
    sailors = [c for c in cards if SAILOR[c]]
    if len(sailors) == 4:
        total += -50 - sum(points(c, penalty) for c in sailors)
    return total


def side_sailors(view: S.View) -> list[int]:
    """Per seat: the Sailors its side has won so far this hand."""
    return [sum(c in S.SAILORS for q in mates_of(view, p) for c in view.won[q])
            for p in range(view.seats)]


def mates_of(view: S.View, seat: int) -> tuple[int, ...]:
    team = view.team_of(seat) if view.teams else None
    return tuple(team) if team else (seat,)


# --- the decisions other than card play -----------------------------------------------------

def pile_choice(view: S.View, legal: list[Action], rng: random.Random | None) -> Action:
    """Give away the highest cards, from the shortest colours first."""
    counts: dict[str, int] = {}
    for c in view.hand:
        counts[S.COLOUR_OF[c]] = counts.get(S.COLOUR_OF[c], 0) + 1

    def badness(action: Action) -> int:
        return sum(S.VALUE[c] * 2 - counts[S.COLOUR_OF[c]] for c in action.target)
    return max(legal, key=lambda a: (badness(a), a.text))


def assign_choice(view: S.View, legal: list[Action], rng: random.Random) -> Action:
    """The dealer's own pile goes to the player with the lowest score; the rest at random."""
    me = view.seat
    mine = [a for a in legal if a.target[0] == me]
    if mine:
        others = [a for a in mine if a.target[1] != me]
        if others:
            return min(others, key=lambda a: (view.scores[a.target[1]], a.target[1]))
    return rng.choice(legal)


def penalty_choice(view: S.View, legal: list[Action], rng: random.Random) -> Action:
    """The colour this hand is safest in: few high cards, many low ones."""
    def risk(action: Action) -> int:
        colour = action.target
        cards = [c for c in view.hand if S.COLOUR_OF[c] == colour]
        high = sum(S.VALUE[c] - 8 for c in cards if S.VALUE[c] > 8 and c not in S.PICTURES)
        low = sum(1 for c in cards if S.VALUE[c] <= 5 and c not in S.PICTURES)
        return high - low
    return min(legal, key=lambda a: (risk(a), a.text))


def partner_choice(view: S.View, legal: list[Action], rng: random.Random) -> Action:
    """Partners share the hand's points: keep the lowest scores on the other side."""
    singles = [a for a in legal if len(a.target) == 1] or legal
    return max(singles, key=lambda a: (sum(view.scores[p] for p in a.target), -a.target[0]))


def first_decisions(view: S.View, legal: list[Action], rng: random.Random) -> Action:
    kind = legal[0].kind
    if kind == "pile":
        return pile_choice(view, legal, rng)
    if kind == "give":
        return assign_choice(view, legal, rng)
    if kind == "penalty":
        return penalty_choice(view, legal, rng)
    if kind == "partner":
        return partner_choice(view, legal, rng)
    return legal[0]


class HeuristicBot:
    """normal: the table sense, every time."""

    slip = 0.0
    random_partner = False

    def think(self, view: S.View, legal: Iterable[Action], rng: random.Random) -> Thinking:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        if legal[0].kind != "play":
            if self.random_partner and legal[0].kind == "partner":
                return rng.choice(legal)
            return first_decisions(view, legal, rng)
        if self.slip and rng.random() < self.slip:
            return rng.choice(legal)
        return self.card(view, legal, rng)
        yield  # never needs a pause

    @staticmethod
    def card(view: S.View, legal: list[Action], rng: random.Random) -> Action:
        assert view.penalty is not None, "cards are played once the penalty colour is declared"
        card = heuristic_card([INDEX[a.named_card] for a in legal],
                              [(p, INDEX[c]) for p, c in view.trick], view.seat,
                              [mates_of(view, p) for p in range(view.seats)],
                              S.COLOURS.index(view.penalty), view.seats, side_sailors(view))
        return next(a for a in legal if a.card == CARDS[card])


class EasyBot(HeuristicBot):
    """easy: the table sense with slips, and a partner picked on a whim."""

    slip = SLIP
    random_partner = True


# --- hard: determinized sampling ------------------------------------------------------------

class _Knowledge:
    """What a seat knows about the hidden cards from its view."""

    def __init__(self, view: S.View) -> None:
        n, me = view.seats, view.seat
        played = {c for t in view.tricks for _, c in t} | {c for _, c in view.trick}
        held: dict[int, set[str]] = {p: set() for p in range(n)}   # known in other hands
        out: set[str] = set()
        mine = view.piles[me]
        if mine is not None:
            to = view.pile_to[me]
            if to is None:
                out |= set(mine)   # the kitty game: my pile left play
            elif to != me:
                held[to] |= set(mine) - played
        pool = set(S.in_play(n))
        if n == 2 and view.options["kitty"] == "on":
            pool = set(S.FULL_DECK)
        pool -= set(view.hand) | played | out
        for cards in held.values():
            pool -= cards
        self.pool = sorted(INDEX[c] for c in pool)
        self.voids: dict[int, set[int]] = {p: set() for p in range(n)}
        for trick in (*view.tricks, view.trick):
            if not trick:
                continue
            led = S.COLOUR_OF[trick[0][1]]
            for p, c in trick[1:]:
                if S.COLOUR_OF[c] != led:
                    self.voids[p].add(S.COLOURS.index(led))
        self.need = {p: view.hand_counts[p] - len(held[p]) for p in range(n) if p != me}
        self.held = {p: [INDEX[c] for c in sorted(cs)] for p, cs in held.items()}

    def deal(self, rng: random.Random, tries: int = 12) -> dict[int, list[int]]:
        """Other seats' hands, at random, honouring voids where it can."""
        for attempt in range(tries + 1):
            strict = attempt < tries
            pool = self.pool[:]
            rng.shuffle(pool)
            hands: dict[int, list[int]] = {}
            ok = True
            order = sorted(self.need, key=lambda p: -len(self.voids[p]))
            for p in order:
                if strict:
                    fits = [c for c in pool if COLOUR[c] not in self.voids[p]]
                    if len(fits) < self.need[p]:
                        ok = False
                        break
                else:
                    fits = pool
                take = fits[:self.need[p]]
                taken = set(take)
                pool = [c for c in pool if c not in taken]
                hands[p] = self.held[p] + take
            if ok:
                return hands
        return hands


def _rollout(dealt: Sequence[list[int]], played: Sequence[tuple[int, int]], leader: int,
             taken: Sequence[list[int]], mates: Sequence[tuple[int, ...]], penalty: int,
             seats: int) -> list[list[int]]:
    """Play the hand out with the heuristic; returns the cards each seat has won."""
    hands = [h[:] for h in dealt]
    won = [w[:] for w in taken]
    trick = list(played)
    sailors = [sum(SAILOR[c] for q in mates[p] for c in won[q]) for p in range(seats)]
    while True:
        while len(trick) < seats:
            p = (leader + len(trick)) % seats
            hand = hands[p]
            if not hand:
                return won
            if trick:
                led = COLOUR[trick[0][1]]
                legal = [c for c in hand if COLOUR[c] == led] or hand
            else:
                legal = hand
            card = legal[0] if len(legal) == 1 else heuristic_card(legal, trick, p, mates,
                                                                   penalty, seats, sailors)
            hand.remove(card)
            trick.append((p, card))
        led = COLOUR[trick[0][1]]
        leader = max((VALUE[c], p) for p, c in trick if COLOUR[c] == led)[1]
        won[leader].extend(c for _, c in trick)
        caught = sum(SAILOR[c] for _, c in trick)
        if caught:
            for q in mates[leader]:
                sailors[q] += caught
        trick = []


class SamplingBot(HeuristicBot):
    """hard: determinized sampling with heuristic play-outs (see the module docstring)."""

    samples = SAMPLES

    def think(self, view: S.View, legal: Iterable[Action], rng: random.Random) -> Thinking:
        legal = list(legal)
        if len(legal) == 1 or legal[0].kind != "play":
            return (yield from super().think(view, legal, rng))
        n, me = view.seats, view.seat
        know = _Knowledge(view)
        assert view.penalty is not None, "cards are played once the penalty colour is declared"
        penalty = S.COLOURS.index(view.penalty)
        mates = [mates_of(view, p) for p in range(n)]
        teams = view.teams or tuple((p,) for p in range(n))
        won = [[INDEX[c] for c in w] for w in view.won]
        trick = [(p, INDEX[c]) for p, c in view.trick]
        leader = view.leader
        mine = [INDEX[c] for c in view.hand]
        moves = [INDEX[a.named_card] for a in legal]
        total = {m: 0.0 for m in moves}
        deals = max(8, min(self.samples, MAX_ROLLOUTS // len(moves)))
        for _ in range(deals):
            others = know.deal(rng)
            hands = [others.get(p, []) if p != me else mine for p in range(n)]
            for m in moves:
                hands[me] = [c for c in mine if c != m]
                t = trick + [(me, m)]
                if len(t) == n:
                    lead = max((VALUE[c], p) for p, c in t if COLOUR[c] == COLOUR[t[0][1]])[1]
                    w = [x[:] for x in won]
                    w[lead].extend(c for _, c in t)
                    outcome = _rollout(hands, [], lead, w, mates, penalty, n)
                else:
                    outcome = _rollout(hands, t, leader, won, mates, penalty, n)
                total[m] += _utility(outcome, teams, me, penalty, n)
                yield None
        best = max(moves, key=lambda m: (total[m], -VALUE[m], -m))
        return next(a for a in legal if a.card == CARDS[best])


def _utility(won: Sequence[Sequence[int]], teams: S.Teams, me: int, penalty: int,
             seats: int) -> float:
    """My side's points against the average of the seats not on my side (lower is better)."""
    mine, others, count = 0, 0, 0
    for team in teams:
        pts = side_points([c for p in team for c in won[p]], penalty)
        if me in team:
            mine = pts
        else:
            others += pts * len(team)
            count += len(team)
    return (others / count if count else 0) - mine


LEVELS = (("easy", EasyBot), ("normal", HeuristicBot), ("hard", SamplingBot))
__all__ = ["LEVELS", "RandomBot", "EasyBot", "HeuristicBot", "SamplingBot", "heuristic_card"]
