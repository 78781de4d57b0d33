"""Lamarckian Poker: evolve a poker hand by capturing cards from a shared pool (2-8 players).

Rulings (shared/RULINGS.md) decide every ambiguity. 52 cards, aces high. Each seat is dealt four
cards, one at a time from seat 0. Each round four cards (fewer if the deck has fewer) are dealt
face up to the pool; every living seat chooses a mark in secret, one seat at a time in seat order
(`to_act`). When the last mark is chosen, `apply` reveals and resolves the whole round: marks go
from highest to lowest (rank, then suit: clubs < diamonds < hearts < spades); each takes every
pool card of its suit or rank, then falls into the pool (at its end). The rest of the pool is
discarded, and a seat left with no cards is extinct. The round that empties the deck is the last:
the best poker hand (`poker.best_hand`) among the survivors wins, exact ties share the win. The
game ends early as soon as at most one seat is still in after a round: a lone survivor wins
outright (no showdown, its hand stays hidden), and with no survivor nobody wins.

The only action is `mark <card>`. The view's `last_resolution` replays the latest round one mark
at a time for the table. Result scores are 1 for each winner and 0 for everyone else; the
summary and the log name players as {p0}, {p1}, ...
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import rng
from .cards import FULL_DECK, check_deck, pretty
from .contract import Action, IllegalAction, Option, Result, check_json_header, expect, resolve_options
from .games import INFO
from .poker import VALUE, Hand, best_hand

GAME_ID = "lamarckian_poker"
TITLE, BLURB = INFO[GAME_ID]
SEATS = (2, 8)
OPTIONS: tuple[Option, ...] = ()
UNDO = False
JSON_VERSION = 1

HAND_SIZE = 4
POOL_SIZE = 4
MARKING, OVER = "marking", "over"

Cards = tuple[str, ...]

# Resolution order (and hand order): aces high, then clubs < diamonds < hearts < spades.
STRENGTH = {c: VALUE[c] * 4 + "CDHS".index(c[-1]) for c in FULL_DECK}
_MARK = {c: Action("mark", f"mark {c}", c) for c in FULL_DECK}
_BY_TEXT = {a.text: a for a in _MARK.values()}


def action_words(action_text: str) -> str:
    """An action as a player reads it: 'mark 10H' -> 'Mark with 10♥'."""
    a = _BY_TEXT.get(str(action_text))
    return str(action_text) if a is None else f"Mark with {pretty(a.named_card)}"


class Step(NamedTuple):
    """One mark played: who, which card, what it took, and the pool after it fell in."""

    seat: int
    mark: str
    captured: Cards
    pool: Cards


@dataclass(frozen=True)
class Resolution:
    """A whole round, for the table to animate one mark at a time."""

    round: int
    pool: Cards      # as dealt at the round's start
    steps: tuple[Step, ...]     # Steps, highest mark first
    extinct: tuple[int, ...]   # seats that went extinct at the end of the round

    @property
    def discarded(self) -> Cards:
        return self.steps[-1].pool


class ShowdownHand(NamedTuple):
    cards: Cards     # the whole hand
    best: Hand       # its best poker hand: `best.cards`, `best.name`


def ordered(cards: Iterable[str]) -> Cards:
    """Cards lowest first, in resolution order."""
    return tuple(sorted(cards, key=STRENGTH.__getitem__))


def resolve(pool: Iterable[str], marks: Iterable[tuple[int, str]]) -> tuple[Step, ...]:
    """The Steps of a round: `marks` is (seat, card) pairs, in any order."""
    cards, steps = tuple(pool), []
    for seat, mark in sorted(marks, key=lambda m: STRENGTH[m[1]], reverse=True):
        rank, suit = mark[:-1], mark[-1]
        captured = tuple(c for c in cards if c[-1] == suit or c[:-1] == rank)
        cards = tuple(c for c in cards if c not in captured) + (mark,)
        steps.append(Step(seat, mark, captured, cards))
    return tuple(steps)


def _and(items: Iterable[str]) -> str:
    names = list(items)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cards_text(cards: Iterable[str]) -> str:
    return _and(map(pretty, cards))


class State:
    """A Lamarckian Poker game. Treat as immutable: `apply` returns a new one."""

    __slots__ = ("seats", "deck", "hands", "secret", "alive", "pool", "marks", "discards",
                 "round", "phase", "last", "log", "seed", "revealed")

    def __init__(self, seats: int, deck: Cards, hands: tuple[Cards, ...],
                 secret: tuple[Cards, ...], alive: tuple[bool, ...], pool: Cards,
                 marks: tuple[str | None, ...], discards: Cards, round_: int, phase: str,
                 last: Resolution | None, log: tuple[str, ...], seed: int, revealed: int):
        self.seats = seats
        self.deck = deck            # tuple, top card first
        self.hands = hands          # per seat, a tuple in `ordered` order
        self.secret = secret        # per seat, its hand and mark cards no other seat has seen
        self.alive = alive          # per seat
        self.pool = pool            # as dealt this round
        self.marks = marks          # per seat, the mark chosen this round or None
        self.discards = discards    # discarded pool cards, oldest first
        self.round = round_         # rounds dealt so far
        self.phase = phase
        self.last = last            # Resolution of the latest round, or None
        self.log = log
        self.seed = seed
        self.revealed = revealed    # cards turned face up so far

    def copy(self) -> State:
        return State(self.seats, self.deck, self.hands, self.secret, self.alive, self.pool,
                     self.marks, self.discards, self.round, self.phase, self.last, self.log,
                     self.seed, self.revealed)

    @property
    def to_act(self) -> int | None:
        if self.phase != MARKING:
            return None
        for seat in range(self.seats):
            if self.alive[seat] and self.marks[seat] is None:
                return seat
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, k) == getattr(other, k) for k in State.__slots__)

    def __repr__(self) -> str:
        return (f"<LamarckianPoker {self.phase} round {self.round} pool={self.pool} "
                f"hands={self.hands} deck={len(self.deck)}>")


def _with(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1:]


def _deal_pool(s: State) -> None:
    s.round += 1
    s.pool, s.deck = s.deck[:POOL_SIZE], s.deck[POOL_SIZE:]
    s.revealed += len(s.pool)
    s.log += (f"Round {s.round}: the pool is {_cards_text(s.pool)}.",)


def new_game(seats: int = 2, seed: int = 0, options: dict[str, Any] | None = None,
             deck: Iterable[str] | None = None) -> State:
    if (not isinstance(seats, int) or isinstance(seats, bool)
            or not SEATS[0] <= seats <= SEATS[1]):
        raise ValueError(f"Lamarckian Poker is for {SEATS[0]} to {SEATS[1]} players")
    resolve_options(OPTIONS, options)
    rng_state = rng.seed_state(seed)  # also validates the deal number
    if deck is None:
        order, _ = rng.shuffled(FULL_DECK, rng_state)
    else:
        order = check_deck(deck, FULL_DECK)
    dealt = HAND_SIZE * seats
    hands = tuple(ordered(order[seat:dealt:seats]) for seat in range(seats))
    s = State(seats, order[dealt:], hands, hands, (True,) * seats, (), (None,) * seats, (), 0,
              MARKING, None, (), seed, 0)
    _deal_pool(s)
    return s


def legal_actions(state: State) -> list[Action]:
    seat = state.to_act
    return [] if seat is None else [_MARK[c] for c in state.hands[seat]]


def _why_illegal(state: State, action: Action | str) -> str | None:
    text = action.text if isinstance(action, Action) else action
    a = _BY_TEXT.get(text)
    if a is None:
        return f"{text!r} is not a Lamarckian Poker action: choose a mark, e.g. 'mark 7H'."
    if state.phase != MARKING:
        return "The game is over."
    seat = state.to_act
    assert seat is not None, "while marking, some living seat has yet to choose its mark"
    if a.card not in state.hands[seat]:
        return f"The {pretty(a.named_card)} is not in your hand: mark one of your own cards."
    return None


def apply(state: State, action: Action | str) -> State:
    """The state after `action` (an Action or its text); raises IllegalAction if not allowed."""
    why = _why_illegal(state, action)
    if why is not None:
        raise IllegalAction(why)
    card = _BY_TEXT[action.text if isinstance(action, Action) else action].card
    seat = state.to_act
    assert seat is not None, "a legal mark always has a seat to make it"
    s = state.copy()
    s.hands = _with(state.hands, seat, tuple(c for c in state.hands[seat] if c != card))
    s.marks = _with(state.marks, seat, card)
    if s.to_act is None:
        _end_round(s)
    return s


def _end_round(s: State) -> None:
    marks = [(seat, m) for seat, m in enumerate(s.marks) if m is not None]
    steps = resolve(s.pool, marks)
    hands, log = list(s.hands), list(s.log)
    log.append("Marks: " + ", ".join(f"{{p{seat}}} {pretty(m)}" for seat, m in marks) + ".")
    for step in steps:
        hands[step.seat] = ordered(hands[step.seat] + step.captured)
        took = _cards_text(step.captured) if step.captured else "nothing"
        log.append(f"{{p{step.seat}}} marks with the {pretty(step.mark)} and takes "
                   f"{'the ' if step.captured else ''}{took}.")
    log.append(f"The pool is discarded: {_cards_text(steps[-1].pool)}.")
    extinct = tuple(seat for seat in range(s.seats) if s.alive[seat] and not hands[seat])
    log.extend(f"{{p{seat}}} has no cards left and is extinct." for seat in extinct)
    s.hands, s.log = tuple(hands), tuple(log)
    s.secret = tuple(tuple(c for c in sec if c != m) for sec, m in zip(s.secret, s.marks))
    s.alive = tuple(a and seat not in extinct for seat, a in enumerate(s.alive))
    s.discards += steps[-1].pool
    s.last = Resolution(s.round, s.pool, steps, extinct)
    s.revealed += len(marks)
    s.pool, s.marks = (), (None,) * s.seats
    if s.deck and sum(s.alive) > 1:
        _deal_pool(s)
    else:
        _showdown(s)


def _showdown(s: State) -> None:
    s.phase = OVER
    log = list(s.log)
    if sum(s.alive) == 1:
        log.append(_summary(s))
        s.log = tuple(log)
        return
    for seat, hand in enumerate(showdown(s)):
        if hand is not None:
            s.revealed += len(s.secret[seat])
            log.append(f"{{p{seat}}} shows {hand.best.name}: {_cards_text(hand.best.cards)}.")
    log.append(_summary(s))
    s.secret, s.log = ((),) * s.seats, tuple(log)


def lone_survivor(state: State) -> int | None:
    """The only seat still in once the game is over (it wins outright, no showdown), or None."""
    living = [seat for seat, alive in enumerate(state.alive) if alive]
    return living[0] if state.phase == OVER and len(living) == 1 else None


def showdown(state: State) -> tuple[ShowdownHand | None, ...]:
    """Per seat, its ShowdownHand, or None for an extinct seat (any time: the state sees all).
    A lone survivor shows nothing: there is no showdown."""
    if lone_survivor(state) is not None:
        return (None,) * state.seats
    return tuple(ShowdownHand(hand, best_hand(hand)) if alive else None
                 for hand, alive in zip(state.hands, state.alive))


def _winners(state: State, hands: tuple[ShowdownHand | None, ...]) -> tuple[int, ...]:
    lone = lone_survivor(state)
    if lone is not None:
        return (lone,)
    best = max((h.best for h in hands if h is not None), default=None)
    return tuple(seat for seat, h in enumerate(hands) if h is not None and h.best == best)


def _summary(state: State) -> str:
    hands = showdown(state)
    winners = _winners(state, hands)
    if not winners:
        return "Every player is extinct: nobody wins."
    if lone_survivor(state) is not None:
        return f"{{p{winners[0]}}} is the last player still in and wins outright."
    first = hands[winners[0]]
    assert first is not None, "a winner always shows a hand"
    name = first.best.name
    if len(winners) == 1:
        return f"{{p{winners[0]}}} wins with {name}."
    return f"{_and(f'{{p{seat}}}' for seat in winners)} share the win, each with {name}."


def is_over(state: State) -> bool:
    return state.phase == OVER


def result(state: State) -> Result:
    if not is_over(state):
        raise ValueError("the game is not over yet")
    hands = showdown(state)
    winners = _winners(state, hands)
    details = {
        "showdown": tuple(None if h is None else {"hand": h.cards, "best": h.best.cards,
                                                  "name": h.best.name} for h in hands),
        "extinct": tuple(seat for seat, alive in enumerate(state.alive) if not alive),
        "rounds": state.round,
        "lone_survivor": lone_survivor(state),
    }
    scores = tuple(int(seat in winners) for seat in range(state.seats))
    return Result(scores, winners, _summary(state), details)


def revealed(state: State) -> int:
    """How many cards have been turned face up so far (pool cards, marks, showdown hands)."""
    return state.revealed


@dataclass(frozen=True)
class View:
    """What one seat sees: its own hand and mark, counts of the others, the public piles."""

    seat: int
    seats: int
    hand: Cards
    mark: str | None         # this seat's mark for the round, once chosen
    hand_counts: tuple[int, ...]  # per seat (a chosen mark is not counted)
    known: tuple[Cards, ...]  # per seat, the cards of its hand and mark everyone has seen it take
    alive: tuple[bool, ...]
    chosen: tuple[bool, ...]  # per seat, whether it has chosen its mark this round
    pool: Cards
    deck_count: int
    discards: Cards
    round: int
    phase: str
    to_act: int | None
    last_resolution: Resolution | None
    showdown: tuple[ShowdownHand | None, ...]  # when over: per seat, None if extinct; else ()
    winners: tuple[int, ...]  # when over
    log: tuple[str, ...]

    @property
    def living(self) -> tuple[int, ...]:
        return tuple(seat for seat, alive in enumerate(self.alive) if alive)


def view(state: State, seat: int = 0) -> View:
    if not isinstance(seat, int) or not 0 <= seat < state.seats:
        raise ValueError(f"this game has seats 0 to {state.seats - 1}")
    over = state.phase == OVER
    hands = showdown(state) if over else ()
    return View(
        seat, state.seats, state.hands[seat], state.marks[seat],
        tuple(map(len, state.hands)),
        tuple(ordered(c for c in h + ((m,) if m is not None else ()) if c not in sec)
              for h, m, sec in zip(state.hands, state.marks, state.secret)),
        state.alive, tuple(m is not None for m in state.marks), state.pool, len(state.deck),
        state.discards, state.round, state.phase, state.to_act, state.last, hands,
        _winners(state, hands) if over else (), state.log)


def _resolution_json(r: Resolution | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"round": r.round, "pool": list(r.pool), "extinct": list(r.extinct),
            "steps": [[st.seat, st.mark, list(st.captured), list(st.pool)] for st in r.steps]}


def to_json(state: State) -> dict[str, Any]:
    return {
        "game": GAME_ID, "version": JSON_VERSION, "seats": state.seats,
        "deck": list(state.deck), "hands": [list(h) for h in state.hands],
        "secret": [list(h) for h in state.secret], "alive": list(state.alive),
        "pool": list(state.pool), "marks": list(state.marks), "discards": list(state.discards),
        "round": state.round, "phase": state.phase, "last_resolution": _resolution_json(state.last),
        "log": list(state.log), "seed": state.seed, "revealed": state.revealed,
    }


def _bad(what: str) -> ValueError:
    return ValueError(f"saved Lamarckian Poker state has a bad {what}")


def _expect(data: Any, key: str, kind: type[Any] | tuple[type[Any], ...],
            length: int | None = None) -> Any:
    return expect("Lamarckian Poker", data, key, kind, length=length)


def _cards(value: Any, what: str) -> Cards:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in VALUE for c in value):
        raise _bad(what)
    return tuple(value)


def _load_resolution(data: Any, seats: int) -> Resolution | None:
    if data is None:
        return None
    pool = _cards(_expect(data, "pool", list), "last_resolution pool")
    marks: list[tuple[int, str]] = []
    for step in _expect(data, "steps", list):
        if not (isinstance(step, list) and len(step) == 4 and type(step[0]) is int
                and 0 <= step[0] < seats and isinstance(step[1], str) and step[1] in VALUE):
            raise _bad("last_resolution step")
        marks.append((step[0], step[1]))
    extinct = _expect(data, "extinct", list)
    if not all(type(s) is int and 0 <= s < seats for s in extinct) \
            or len(set(extinct)) != len(extinct):
        raise _bad("last_resolution extinct")
    steps = resolve(pool, marks)
    if (not steps or len({s for s, _ in marks}) != len(marks) or len(set(pool)) != len(pool)
            or set(pool) & {m for _, m in marks}
            or [[st.seat, st.mark, list(st.captured), list(st.pool)] for st in steps]
            != data["steps"]):
        raise _bad("last_resolution: its steps do not follow from its pool and marks")
    return Resolution(_expect(data, "round", int), pool, steps, tuple(extinct))


def from_json(data: dict[str, Any]) -> State:
    """Rebuild a state, checking every field so a bad file cannot produce a broken game."""
    check_json_header(data, GAME_ID, JSON_VERSION)
    seats = _expect(data, "seats", int)
    if not SEATS[0] <= seats <= SEATS[1]:
        raise _bad("'seats'")
    deck, pool, discards = (_cards(_expect(data, k, list), repr(k))
                            for k in ("deck", "pool", "discards"))
    hands = tuple(ordered(_cards(h, "hand")) for h in _expect(data, "hands", list, seats))
    secret = tuple(ordered(_cards(h, "secret")) for h in _expect(data, "secret", list, seats))
    marks = tuple(_expect(data, "marks", list, seats))
    if not all(m is None or (isinstance(m, str) and m in VALUE) for m in marks):
        raise _bad("'marks'")
    alive = tuple(_expect(data, "alive", list, seats))
    if not all(isinstance(a, bool) for a in alive):
        raise _bad("'alive'")
    check_deck(deck + pool + discards + sum(hands, ()) + tuple(m for m in marks if m), FULL_DECK)
    if any(len(set(sec)) != len(sec) or not set(sec) <= {*h, m}
           for sec, h, m in zip(secret, hands, marks)):
        raise _bad("'secret': it holds cards that are not in the hand")
    if any(not a and (h or m) for a, h, m in zip(alive, hands, marks)):
        raise _bad("seat: an extinct seat still holds cards")
    phase, round_ = _expect(data, "phase", str), _expect(data, "round", int)
    if phase == MARKING:
        waiting = [seat for seat in range(seats) if alive[seat] and marks[seat] is None]
        if not waiting or not 1 <= len(pool) <= POOL_SIZE or round_ < 1 or (
                round_ > 1 and sum(alive) < 2):
            raise _bad("round: no seat left to choose a mark, or a bad pool")
        if any(not hands[seat] for seat in waiting):
            raise _bad("seat: a living seat has no card to mark")
    elif phase == OVER:
        if pool or any(marks) or (deck and sum(alive) > 1) or round_ < 1:
            raise _bad("finish: the game ended with cards still in play")
    else:
        raise _bad("'phase'")
    last = _load_resolution(_expect(data, "last_resolution", (dict, type(None))), seats)
    if (last is None) != (phase == MARKING and round_ == 1) or (
            last is not None and (last.round != round_ - (phase == MARKING)
                                  or any(alive[seat] for seat in last.extinct))):
        raise _bad("'last_resolution': it is not the latest round")
    log = tuple(_expect(data, "log", list))
    if not all(isinstance(line, str) for line in log):
        raise _bad("'log'")
    seed = _expect(data, "seed", int)
    rng.seed_state(seed)
    turned_up = _expect(data, "revealed", int)
    if turned_up < 0:
        raise _bad("'revealed'")
    return State(seats, deck, hands, secret, alive, pool, marks, discards, round_, phase, last,
                 log, seed, turned_up)
