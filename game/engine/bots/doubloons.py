"""Computer players for Doubloons.

A bot sees only its view. To weigh an action it deals the cards it cannot see at random (a
*determinization*: other hands, the deck order, the pirate deck and any cards set aside) and
applies the action to that guessed state, letting everyone else pass, then scores the position
(`worth`): doubloons above all, the leader's doubloons against it, cards in hand, and the crew's
pirates by what their effects bring (read from the card data, so a corrected card file is
understood too).

- easy: one guess, the best-looking action, but often (40%) any roughly sensible one; it answers
  plays with Heave To! only when they would hand someone the game.
- normal: one guess per decision, the best action by `worth`; Heave To! when a play costs it more
  than the card is worth.
- hard: a determinized search: the few best actions by `worth` are each played out to the end of
  the turn (greedily) on several guesses, and the best average wins. It keeps its Heave To! for
  plays that would win the game or hurt it badly.
"""
from __future__ import annotations

import random
from collections.abc import Generator, Iterable

from .. import doubloons as D
from ..contract import Action
from ..doubloons_cards import CardKind, kind_of
from . import Thinking

WIN_SCORE = 1000.0
DOUBLOON = 10.0
LEADER = 5.0          # the richest other player's doubloons, against us
OTHERS = 2.0          # the others' average
CARD = 1.3            # a card in hand (up to HAND_CAP)
HAND_CAP = 8
HEAVE_HELD = 4.0      # holding a Heave To! for later
THREAT = 300.0        # another player with 7+ on their own turn will likely win
CREW_USES = 2.5       # how many more uses a hired pirate is worth

PER_USE = {           # a step's worth in doubloons per use
    "gain": 1.0, "pay": -1.0, "discard": -0.3, "draw": 0.35, "steal_doubloon": 1.3,
    "steal_card": 0.4, "look_take_card": 0.5, "disable_pirate": 0.3, "disable_crew": 0.4,
    "discard_pirate": 0.4, "copy_pirate": 0.8, "replay_played": 0.8, "replay_last": 0.8,
    "cancel": 0.0, "cheaper": 0.2, "swap_pirate": 0.3, "take_top_pirate": 0.5,
    "pick_pirate": 0.4, "spy": 0.4, "draw_give": 0.3, "toll": 1.0, "protect": 1.0,
}


def _pirate_worth(card: CardKind) -> float:
    per = sum(PER_USE[st.do] * (st.n if st.do in ("gain", "pay", "steal_doubloon", "draw")
                                else 1) for st in card.effect)
    return DOUBLOON * CREW_USES * max(per, 0.1)


PIRATE_WORTH = {pid: _pirate_worth(c) for pid, c in D.PIRATES.items()}


def worth(s: D.State, me: int) -> float:
    """How good the position is for `me` (higher is better)."""
    if s.phase == D.OVER:
        return WIN_SCORE if me in s.winners else -WIN_SCORE
    others = [s.purses[p] for p in range(s.seats) if p != me]
    v = DOUBLOON * min(s.purses[me], D.WIN + 2) - LEADER * max(others) - OTHERS * sum(others) / len(others)
    if s.turn == me and s.purses[me] >= D.WIN:
        v += THREAT
    elif s.turn != me and s.purses[s.turn] >= D.WIN:
        v -= THREAT
    hand = s.hands[me]
    v += CARD * min(len(hand), HAND_CAP)
    if any(kind_of(c) == D.HEAVE for c in hand):
        v += HEAVE_HELD
    for p in range(s.seats):
        for pid in s.crews[p]:
            w = PIRATE_WORTH[pid] * (0.6 if pid in s.disabled else 1.0)
            v += w if p == me else -w / (2 * (s.seats - 1))
    return v


# --- guessing what the view hides -----------------------------------------------------------

def determinize(view: D.View, rng: random.Random) -> D.State:
    """A full state that agrees with everything `view` shows; hidden cards dealt at random."""
    me = view.seat
    choice = view.choice
    seen = set(view.hand) | set(view.discard) | set(view.played)
    seen |= {p.card for p in view.pending if p.card}
    known_hands: dict[int, list[str]] = {}
    if choice is not None:
        seen |= set(choice.cards)
        if choice.kind == "take":
            assert choice.target is not None, "taking a card always names whose hand"
            known_hands[choice.target] = list(choice.cards)
    unseen = [c for c in D.ACTION_DECK if c not in seen]
    rng.shuffle(unseen)
    hands: list[list[str]] = []
    for p in range(view.seats):
        if p == me:
            hands.append(list(view.hand))
        elif p in known_hands:
            hands.append(known_hands[p])
        else:
            hands.append([unseen.pop() for _ in range(view.hand_counts[p])])
    pending: list[D.ChainEntry] = []
    for i, entry in enumerate(view.pending):
        aside = [unseen.pop() for _ in range(entry.set_aside)] if i == 0 else []
        pending.append({"seat": entry.seat, "card": entry.card, "source": entry.source,
                        "target": entry.target, "discards": aside})
    deck = unseen[:view.deck_count]
    placed = {p for p in view.row if p} | {p for c in view.crews for p in c}
    placed |= set(view.pirate_discard) | set(choice.pirates if choice else ())
    pirates = [p for p in D.PIRATES if p not in placed]
    rng.shuffle(pirates)
    c: D.OpenChoice | None = None
    if choice is not None:
        c = {"seat": me, "kind": choice.kind, "cards": list(choice.cards),
             "pirates": list(choice.pirates), "card": choice.card, "target": choice.target,
             "origin": choice.origin}
    discounts: dict[str, int] = {}
    for pid, cost in view.prices.items():
        full = D.PIRATES[pid].cost
        assert full is not None, "every pirate has a cost"
        if full > cost:
            discounts[pid] = full - cost
    return D.State(
        seats=view.seats, options=dict(view.options), seed=0, rng=rng.getrandbits(64),
        deck=deck, discard=list(view.discard), hands=hands, purses=list(view.purses),
        crews=[list(x) for x in view.crews], row=list(view.row), pirate_deck=pirates,
        pirate_discard=list(view.pirate_discard), disabled=dict(view.disabled), turn=view.turn,
        turn_no=max(view.turn_no, 1), plays=D.PLAYS_PER_TURN - view.plays_left, used=list(view.used),
        discounts=discounts, played=list(view.played), last_card=view.last_card,
        shields=list(view.shields), pending=pending, queue=list(view.asking),
        choice=c, phase=view.phase, winners=list(view.winners), log=[],
        notes=[[] for _ in range(view.seats)], revealed=0)


# --- looking one step ahead -------------------------------------------------------------------

def settle(s: D.State, me: int, limit: int = 12) -> D.State:
    """Play on from `s` while nobody cancels: every asked seat lets it pass, and a choice
    (ours or another's) takes its best option by `worth` for the chooser."""
    for _ in range(limit):
        if s.phase == D.REACT:
            s = D.apply_legal(s, D.LET_PASS)
        elif s.phase == D.CHOOSE:
            chooser = s.to_act
            assert chooser is not None, "a card's choice always has its chooser"
            s = max((D.apply_legal(s, a) for a in D.legal_actions(s)), key=lambda x: worth(x, chooser))
        else:
            return s
    return s


def after(s: D.State, action: Action, me: int) -> D.State:
    return settle(D.apply_legal(s, action), me)


def score(s: D.State, action: Action, me: int) -> float:
    """The worth of the position right after `action`, the turn player's end of turn included."""
    nxt = after(s, action, me)
    return worth(nxt, me)


def react_gain(s: D.State, me: int) -> float:
    """How much better off `me` is with Heave To! than letting the chain's top pass."""
    passed = worth(settle(D.apply_legal(s, D.LET_PASS), me), me)
    heaved = worth(settle(D.apply_legal(s, D.HEAVE_TO), me), me)
    return heaved - passed


def finish_turn(s: D.State, me: int, budget: list[int], steps: int = 8) -> Generator[None, None, D.State]:
    """Play the rest of `me`'s turn greedily on a guessed state; returns the state when done,
    yielding after each position weighed (one can take a few milliseconds: a frame's
    thinking stops between them). `budget` ([positions left]) bounds the work, so a decision
    never runs long."""
    for _ in range(steps):
        if s.phase == D.OVER or s.turn != me or budget[0] <= 0:
            return s
        if s.to_act != me:
            s = settle(s, me)
            continue
        legal = D.legal_actions(s)
        budget[0] -= len(legal)
        best, best_worth = None, 0.0
        for a in legal:
            nxt = after(s, a, me)
            value = worth(nxt, me)
            if best is None or value > best_worth:  # the first of equals, as max() takes
                best, best_worth = nxt, value
            yield None
        assert best is not None, "a seat to act always has a legal action"
        s = best
    return s


# --- the bots -------------------------------------------------------------------------------

class GreedyBot:
    """normal: the best action by `worth` on one guess of the hidden cards."""

    heave_margin = 12.0
    noise = 0.0

    def think(self, view: D.View, legal: Iterable[Action], rng: random.Random) -> Thinking:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        yield None
        s = determinize(view, rng)
        if view.phase == D.REACT:
            return self.react(s, view.seat, legal)
        scored: list[tuple[float, Action]] = []
        for a in legal:
            scored.append((score(s, a, view.seat), a))
            yield None
        return self.pick(scored, rng)

    def react(self, s: D.State, me: int, legal: list[Action]) -> Action:
        return D.HEAVE_TO if react_gain(s, me) > self.heave_margin else D.LET_PASS

    def pick(self, scored: list[tuple[float, Action]], rng: random.Random) -> Action:
        return max(scored, key=lambda x: x[0])[1]


class EasyBot(GreedyBot):
    """easy: plays sensibly, but a quarter of its choices are any action not worse than ending
    the turn (a human slip), and it cancels only plays that would hand someone the game."""

    heave_margin = THREAT / 2
    slip = 0.4

    def pick(self, scored: list[tuple[float, Action]], rng: random.Random) -> Action:
        best = max(scored, key=lambda x: x[0])
        floor = next((v for v, a in scored if a is D.END_TURN), best[0] - 15)
        if rng.random() < self.slip:
            fair = [a for v, a in scored if v >= floor - 10]
            return rng.choice(fair)
        return best[1]


class SearchBot(GreedyBot):
    """hard: see the module docstring."""

    candidates = 5
    samples = 5
    heave_margin = 25.0
    budget = 1200       # positions looked at per decision, beyond the first look

    def think(self, view: D.View, legal: Iterable[Action], rng: random.Random) -> Thinking:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        yield None
        me = view.seat
        guesses = [determinize(view, rng) for _ in range(self.samples)]
        if view.phase == D.REACT:
            total = 0.0
            for g in guesses[:3]:
                total += react_gain(g, me)
                yield None
            return D.HEAVE_TO if total / 3 > self.heave_margin else D.LET_PASS
        first: list[tuple[float, Action]] = []
        for a in legal:
            first.append((score(guesses[0], a, me), a))
            yield None
        first.sort(key=lambda x: -x[0])
        shortlist = [a for _, a in first[:self.candidates]]
        if D.END_TURN in legal and D.END_TURN not in shortlist and view.phase == D.PLAY:
            shortlist.append(D.END_TURN)
        if len(shortlist) == 1:
            return shortlist[0]
        totals = {a.text: 0.0 for a in shortlist}
        share = [self.budget // (len(shortlist) * len(guesses))]
        for g in guesses:
            for a in shortlist:
                budget = list(share)
                end = yield from finish_turn(after(g, a, me), me, budget)
                totals[a.text] += worth(end, me)
                yield None
        return max(shortlist, key=lambda a: totals[a.text])


LEVELS = (("easy", EasyBot), ("normal", GreedyBot), ("hard", SearchBot))
