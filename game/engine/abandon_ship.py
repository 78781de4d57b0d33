"""Abandon Ship: grab treasure on a sinking pirate ship, then bribe your way into a lifeboat.

Rulings (shared/RULINGS.md) decide every ambiguity. 2-5 players use one standard deck; 6-8
players shuffle two decks together. The second deck's cards have codes with a trailing "*"
("7H*", "KS*") so every code is unique; they are the same cards in play (the log names both
as "7♥"). Card points are A=1 .. K=13; fights compare rank only.

A round: the deck is shuffled and dealt five cards at a time, the first five to the dealer, the
next five to the seat on the dealer's left, and so on. With two players the next five cards are
set aside face down; with 6-8 players eight hands are always dealt and the hands beyond the
players' are removed (the next 5 x (8 - players) cards). Both are out of play for the round.
The dealer plays first; seat 0 deals the first round and the deal moves left (seat + 1).

A turn starts by drawing up to five cards by itself; drawing the last card of the deck sinks
the ship and ends the turn at once. Then the player discards a card into its suit's lifeboat or
attacks a player who holds cards. In a fight the two players alternate raising with strictly
higher ranks until one surrenders (the only choice left to one who cannot raise); the winner
takes a random card from the loser's hand onto their board, and every card played in the fight
goes to its suit's lifeboat. Nobody may play the last card in hand unless it is a King.

At the showdown the players holding cards choose their key cards one at a time in seat order,
starting with the player after the one who sank the ship; until all have chosen a view shows
only who has chosen. Then every hand is shown and the lifeboats are boarded (see `boardings`).
The game ends after a round in which someone reaches 200 with the single highest score.

Phases: "play" (`discard <card>`, `attack seat <n> with <card>`), "fight" (`raise with <card>`,
`surrender`), "showdown" (`key card <card>`), "round_over" (`deal next round`, for the next
dealer) and "over". Seats are numbered from 0 in code and from 1 in action texts. Log texts name
players as {p0}, {p1}, ... for the UI to fill in.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import rng
from .cards import FULL_DECK, RANK_VALUE, SUIT_NAMES, SUIT_SYMBOLS, SUITS, check_deck
from .contract import Action, IllegalAction, Option, Result, check_json_header, expect, resolve_options
from .games import INFO

GAME_ID = "abandon_ship"
TITLE, BLURB = INFO[GAME_ID]
SEATS = (2, 8)
UNDO = False
OPTIONS: tuple[Option, ...] = ()
JSON_VERSION = 1

HAND_SIZE = 5
TARGET = 200
TWO_DECK_SEATS = 6      # from this many players on, two decks
TWO_DECK_HANDS = 8      # hands dealt with two decks, whatever the player count
TWO_PLAYER_ASIDE = 5    # cards set aside with two players

ONE_DECK = FULL_DECK
TWO_DECKS = FULL_DECK + tuple(c + "*" for c in FULL_DECK)
POINTS = {c: RANK_VALUE[c.rstrip("*")] for c in TWO_DECKS}
SUIT_OF = {c: c.rstrip("*")[-1] for c in TWO_DECKS}
KING = 13

Cards = tuple[str, ...]

PLAY, FIGHT, SHOWDOWN, ROUND_OVER, OVER = "play", "fight", "showdown", "round_over", "over"
PHASES = (PLAY, FIGHT, SHOWDOWN, ROUND_OVER, OVER)


def deck_for(seats: int) -> Cards:
    """Every card in play for this many seats, in a fixed order."""
    return TWO_DECKS if seats >= TWO_DECK_SEATS else ONE_DECK


def out_count(seats: int) -> int:
    """Cards set aside or removed each round."""
    if seats == 2:
        return TWO_PLAYER_ASIDE
    if seats >= TWO_DECK_SEATS:
        return HAND_SIZE * (TWO_DECK_HANDS - seats)
    return 0


def name(card: str) -> str:
    """'10H' and '10H*' -> '10♥'."""
    plain = card.rstrip("*")
    return plain[:-1] + SUIT_SYMBOLS[plain[-1]]


def can_play(hand: Cards, card: str) -> bool:
    """The last card in hand may only be played if it is a King."""
    return len(hand) > 1 or POINTS[card] == KING


SURRENDER = Action("surrender", "surrender")
DEAL = Action("deal", "deal next round")
_DISCARD = {c: Action("discard", f"discard {c}", c) for c in TWO_DECKS}
_RAISE = {c: Action("raise", f"raise with {c}", c) for c in TWO_DECKS}
_KEY = {c: Action("key", f"key card {c}", c) for c in TWO_DECKS}
_ATTACK = {(c, t): Action("attack", f"attack seat {t + 1} with {c}", c, t)
           for c in TWO_DECKS for t in range(SEATS[1])}
_BY_TEXT = {a.text: a for a in [SURRENDER, DEAL, *_DISCARD.values(), *_RAISE.values(),
                                *_KEY.values(), *_ATTACK.values()]}


def action_words(action_text: str) -> str:
    """An action as a player reads it, with {p0}, {p1}... for players' names:
    'attack seat 2 with 9S' -> 'Attack {p1} with 9♠'."""
    a = _BY_TEXT.get(str(action_text))
    if a is None:
        return str(action_text)
    if a.kind in ("surrender", "deal"):
        return {"surrender": "Surrender", "deal": "Deal the next round"}[a.kind]
    card, boat = name(a.named_card), SUIT_SYMBOLS[SUIT_OF[a.named_card]]
    if a.kind == "discard":
        return f"Put {card} in the {boat} lifeboat"
    if a.kind == "attack":
        return f"Attack {{p{a.target}}} with {card}"
    if a.kind == "raise":
        return f"Raise with {card}"
    return f"Run for the {boat} lifeboat with key card {card}"


@dataclass(frozen=True)
class Fight:
    """A fight in progress: `cards` in the order played, the attacker's first."""

    attacker: int
    defender: int
    cards: Cards

    @property
    def to_answer(self) -> int:
        return self.defender if len(self.cards) % 2 else self.attacker

    @property
    def last(self) -> str:
        return self.cards[-1]


@dataclass(frozen=True)
class Boarding:
    """One lifeboat at a showdown: who ran for it, their points of its suit (hand + board + key
    card, in `claimants` order) and who boarded it (None: an exact tie, nobody)."""

    suit: str
    points: int
    claimants: tuple[int, ...]
    holdings: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True)
class RoundSummary:
    """What happened at a round's showdown, for the table to show between rounds."""

    round: int
    dealer: int
    sinker: int
    key_cards: tuple[str | None, ...]    # per seat, None for a seat with no cards
    boardings: tuple[Boarding, ...]    # Boarding per claimed lifeboat, in suit order S H D C
    gained: tuple[int, ...]       # points per seat this round
    scores: tuple[int, ...]       # totals after the round


class State:
    """An Abandon Ship game. Treat as immutable: `apply` returns a new one."""

    __slots__ = ("seats", "deck", "hands", "boards", "lifeboats", "out", "fight", "keys", "phase",
                 "turn", "dealer", "round", "scores", "last_round", "log", "options", "seed",
                 "rng", "revealed")

    def __init__(self, seats: int, deck: Cards, hands: tuple[Cards, ...],
                 boards: tuple[Cards, ...], lifeboats: tuple[Cards, ...], out: Cards,
                 fight: Fight | None, keys: tuple[str | None, ...], phase: str, turn: int,
                 dealer: int, round_: int, scores: tuple[int, ...],
                 last_round: RoundSummary | None, log: tuple[str, ...], options: dict[str, Any],
                 seed: int, rng_state: int, revealed: int):
        self.seats = seats
        self.deck = deck            # tuple, top card first
        self.hands = hands          # per seat, tuple in the order received
        self.boards = boards        # per seat, face up
        self.lifeboats = lifeboats  # per suit in SUITS order (S H D C), oldest first
        self.out = out              # set aside (2 players) or removed hands (6-8), face down
        self.fight = fight          # Fight or None
        self.keys = keys            # per seat: key card or None (showdown and after)
        self.phase = phase
        self.turn = turn            # whose turn it is; in the showdown, who sank the ship
        self.dealer = dealer
        self.round = round_
        self.scores = scores
        self.last_round = last_round
        self.log = log
        self.options = options
        self.seed = seed
        self.rng = rng_state        # generator state: the next deals and the cards taken
        self.revealed = revealed    # hidden cards turned up so far

    def copy(self) -> State:
        return State(*(getattr(self, k) for k in State.__slots__))

    @property
    def to_act(self) -> int | None:
        if self.phase == PLAY:
            return self.turn
        if self.phase == FIGHT:
            assert self.fight is not None, "a fight phase always has its fight"
            return self.fight.to_answer
        if self.phase == SHOWDOWN:
            return _next_chooser(self)
        if self.phase == ROUND_OVER:
            return (self.dealer + 1) % self.seats
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, k) == getattr(other, k) for k in State.__slots__)

    def __repr__(self) -> str:
        return (f"<AbandonShip round {self.round} {self.phase} to_act={self.to_act} "
                f"deck={len(self.deck)} scores={self.scores}>")


def _next_chooser(s: State) -> int | None:
    for i in range(1, s.seats + 1):
        seat = (s.turn + i) % s.seats
        if s.hands[seat] and s.keys[seat] is None:
            return seat
    return None


def _lifeboat_index(card: str) -> int:
    return SUITS.index(SUIT_OF[card])


def _without(cards: Cards, card: str) -> Cards:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _set(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return items[:i] + (value,) + items[i + 1:]


def _say(s: State, *lines: str) -> None:
    s.log = s.log + lines


def _deal(s: State, order: Cards) -> None:
    """Deal a round from `order` (top card first) and start the dealer's turn."""
    n = s.seats
    hands: list[Cards] = [()] * n
    for i in range(n):
        hands[(s.dealer + i) % n] = tuple(order[HAND_SIZE * i:HAND_SIZE * (i + 1)])
    dealt = HAND_SIZE * n
    s.hands, s.out = tuple(hands), tuple(order[dealt:dealt + out_count(n)])
    s.deck = tuple(order[dealt + out_count(n):])
    s.boards, s.keys = ((),) * n, (None,) * n
    s.lifeboats, s.fight, s.phase = ((),) * len(SUITS), None, PLAY
    s.revealed += dealt
    _say(s, f"Round {s.round}: {{p{s.dealer}}} deals.")
    _start_turn(s, s.dealer)


def _start_turn(s: State, seat: int) -> None:
    """Draw up to five; drawing the last card sinks the ship and ends the turn."""
    s.turn, s.phase, s.fight = seat, PLAY, None
    need = min(HAND_SIZE - len(s.hands[seat]), len(s.deck))
    if need <= 0:
        return
    s.hands = _set(s.hands, seat, s.hands[seat] + s.deck[:need])
    s.deck = s.deck[need:]
    s.revealed += need
    _say(s, f"{{p{seat}}} draws {need} card{'s' if need > 1 else ''}.")
    if not s.deck:
        s.phase = SHOWDOWN
        _say(s, f"{{p{seat}}} draws the last card: the ship sinks! Everyone picks a key card.")


def new_game(seats: int = 2, seed: int = 0, options: dict[str, Any] | None = None,
             deck: Iterable[str] | None = None) -> State:
    if not isinstance(seats, int) or isinstance(seats, bool) or not SEATS[0] <= seats <= SEATS[1]:
        raise ValueError(f"Abandon Ship is for {SEATS[0]} to {SEATS[1]} players")
    options = resolve_options(OPTIONS, options)
    rng_state = rng.seed_state(seed)
    if deck is None:
        order, rng_state = rng.shuffled(deck_for(seats), rng_state)
    else:
        order = check_deck(deck, deck_for(seats))
    s = State(seats, (), (), (), (), (), None, (), PLAY, 0, 0, 1, (0,) * seats, None, (),
              options, seed, rng_state, 0)
    _deal(s, order)
    return s


def legal_actions(state: State) -> list[Action]:
    s = state
    if s.phase == PLAY:
        hand = s.hands[s.turn]
        cards = [c for c in hand if can_play(hand, c)]
        targets = [t for t in range(s.seats) if t != s.turn and s.hands[t]]
        return [_DISCARD[c] for c in cards] + [_ATTACK[c, t] for t in targets for c in cards]
    if s.phase == FIGHT:
        assert s.fight is not None, "a fight phase always has its fight"
        hand = s.hands[s.fight.to_answer]
        beat = POINTS[s.fight.last]
        return [_RAISE[c] for c in hand if POINTS[c] > beat and can_play(hand, c)] + [SURRENDER]
    if s.phase == SHOWDOWN:
        chooser = s.to_act
        assert chooser is not None, "the showdown lasts while someone has a key card to choose"
        return [_KEY[c] for c in s.hands[chooser]]
    if s.phase == ROUND_OVER:
        return [DEAL]
    return []


_WRONG_PHASE = {
    PLAY: "It is a turn of play: discard a card or attack a player.",
    FIGHT: "A fight is on: raise with a higher card or surrender.",
    SHOWDOWN: "The ship has sunk: choose a key card.",
    ROUND_OVER: "The round is over: deal the next round.",
}
_PHASE_OF = {"discard": PLAY, "attack": PLAY, "raise": FIGHT, "surrender": FIGHT,
             "key": SHOWDOWN, "deal": ROUND_OVER}


def _why_illegal(s: State, text: str) -> str | None:
    a = _BY_TEXT.get(text)
    if a is None:
        return f"{text!r} is not an Abandon Ship action"
    if s.phase == OVER:
        return "The game is over."
    if _PHASE_OF[a.kind] != s.phase:
        return _WRONG_PHASE[s.phase]
    if a.card is None:
        return None
    if a.card not in deck_for(s.seats):
        return f"There is no {a.card} in this game: second-deck cards are used from 6 players on."
    me = s.to_act
    assert me is not None, "every phase but the last has a player to act"
    hand = s.hands[me]
    if a.card not in hand:
        return f"The {name(a.card)} is not in your hand."
    if a.kind == "key":
        return None
    if not can_play(hand, a.card):
        return "You can't play the last card in your hand unless it is a King."
    if a.kind == "raise" and s.fight is not None and POINTS[a.card] <= POINTS[s.fight.last]:
        return f"A raise must be higher than the {name(s.fight.last)}."
    if a.kind == "attack":
        if a.target == s.turn:
            return "You can't attack yourself."
        if a.target >= s.seats:
            return f"There is no seat {a.target + 1} at this table."
        if not s.hands[a.target]:
            return f"Seat {a.target + 1} holds no cards: there is nothing to win from them."
    return None


def apply(state: State, action: Action | str) -> State:
    """The state after `action` (an Action or its text); raises IllegalAction if not allowed."""
    text = action.text if isinstance(action, Action) else action
    why = _why_illegal(state, text)
    if why is not None:
        raise IllegalAction(why)
    a = _BY_TEXT[text]
    s = state.copy()
    me = state.to_act
    assert me is not None, "a legal action always has a player to make it"
    if a.kind == "deal":
        s.dealer, s.round = me, state.round + 1
        order, s.rng = rng.shuffled(deck_for(s.seats), state.rng)
        _deal(s, order)
    elif a.kind == "key":
        s.hands = _set(state.hands, me, _without(state.hands[me], a.named_card))
        s.keys = _set(state.keys, me, a.card)
        _say(s, f"{{p{me}}} chooses a key card.")
        if _next_chooser(s) is None:
            _showdown(s)
    elif a.kind == "surrender":
        fight = state.fight
        assert fight is not None, "surrender is legal only in a fight"
        _end_fight(s, fight.attacker if me == fight.defender else fight.defender, me)
    else:
        s.hands = _set(state.hands, me, _without(state.hands[me], a.named_card))
        if a.kind == "discard":
            s.lifeboats = _into_lifeboats(state.lifeboats, (a.named_card,))
            _say(s, f"{{p{me}}} discards the {name(a.named_card)} into the "
                    f"{SUIT_NAMES[SUIT_OF[a.named_card]]} lifeboat.")
            _start_turn(s, (me + 1) % s.seats)
        elif a.kind == "attack":
            s.fight, s.phase = Fight(me, a.target, (a.named_card,)), FIGHT
            _say(s, f"{{p{me}}} attacks {{p{a.target}}} with the {name(a.named_card)}.")
        else:
            assert state.fight is not None, "a raise is legal only in a fight"
            s.fight = Fight(state.fight.attacker, state.fight.defender,
                            state.fight.cards + (a.named_card,))
            _say(s, f"{{p{me}}} raises with the {name(a.named_card)}.")
    return s


def _into_lifeboats(lifeboats: tuple[Cards, ...], cards: Iterable[str]) -> tuple[Cards, ...]:
    boats = list(lifeboats)
    for c in cards:
        boats[_lifeboat_index(c)] += (c,)
    return tuple(boats)


def _end_fight(s: State, winner: int, loser: int) -> None:
    """The loser surrendered: the winner takes a random card of theirs onto the board."""
    fight = s.fight
    assert fight is not None, "only a fight can end"
    s.lifeboats = _into_lifeboats(s.lifeboats, fight.cards)
    line = f"{{p{loser}}} surrenders"
    if s.hands[loser]:  # always true: the rules keep a card in the loser's hand
        s.rng, i = rng.below(s.rng, len(s.hands[loser]))
        card = s.hands[loser][i]
        s.hands = _set(s.hands, loser, _without(s.hands[loser], card))
        s.boards = _set(s.boards, winner, s.boards[winner] + (card,))
        s.revealed += 1
        line += f"; {{p{winner}}} takes the {name(card)} from {{p{loser}}} onto the board"
    _say(s, line + ". The fight's cards go to the lifeboats.")
    _start_turn(s, (fight.attacker + 1) % s.seats)


def holding(cards: Iterable[str], suit: str) -> tuple[int, ...]:
    """The points of `suit` among `cards`, highest first: the strength at a contested lifeboat
    is its sum, ties broken by comparing these one by one."""
    return tuple(sorted((POINTS[c] for c in cards if SUIT_OF[c] == suit), reverse=True))


def boardings(hands: tuple[Cards, ...], boards: tuple[Cards, ...], keys: tuple[str | None, ...],
              lifeboats: tuple[Cards, ...]) -> tuple[Boarding, ...]:
    """Who boards which lifeboat, given every seat's remaining hand, board and key card."""
    out = []
    for i, suit in enumerate(SUITS):
        key_of = {p: k for p, k in enumerate(keys) if k is not None and SUIT_OF[k] == suit}
        claimants = tuple(key_of)
        if not claimants:
            continue
        held = [holding(hands[p] + boards[p] + (key_of[p],), suit) for p in claimants]
        best = max((sum(h), h) for h in held)
        top = [p for p, h in zip(claimants, held) if (sum(h), h) == best]
        out.append(Boarding(suit, sum(POINTS[c] for c in lifeboats[i]), claimants,
                            tuple(sum(h) for h in held), top[0] if len(top) == 1 else None))
    return tuple(out)


def _names(seats: Iterable[int]) -> str:
    names = [f"{{p{p}}}" for p in seats]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def _showdown(s: State) -> None:
    """Reveal every hand and key card, board the lifeboats and score the round."""
    s.revealed += sum(map(len, s.hands)) + sum(k is not None for k in s.keys)
    for p, key in enumerate(s.keys):
        if key is None:
            _say(s, f"{{p{p}}} has no cards and goes down with the ship.")
        else:
            _say(s, f"{{p{p}}} runs for the {SUIT_NAMES[SUIT_OF[key]]} lifeboat "
                    f"with the {name(key)}.")
    gained = [0] * s.seats
    result = boardings(s.hands, s.boards, s.keys, s.lifeboats)
    for b in result:
        boat = f"the {SUIT_NAMES[b.suit]} lifeboat"
        contest = ""
        if len(b.claimants) > 1:
            contest = " (" + ", ".join(f"{{p{p}}} {h}" for p, h in zip(b.claimants, b.holdings))
            contest += f" {SUIT_NAMES[b.suit]})"
        if b.winner is None:
            _say(s, f"Nobody boards {boat}: {_names(b.claimants)} hold the very same "
                    f"{SUIT_NAMES[b.suit]}.")
        else:
            gained[b.winner] += b.points
            _say(s, f"{{p{b.winner}}} boards {boat} for {b.points} points{contest}.")
    s.scores = tuple(x + g for x, g in zip(s.scores, gained))
    s.last_round = RoundSummary(s.round, s.dealer, s.turn, s.keys, result, tuple(gained),
                                s.scores)
    won = winners(s.scores)
    if won:
        s.phase = OVER
        _say(s, f"{{p{won[0]}}} wins the game with {s.scores[won[0]]} points.")
    else:
        s.phase = ROUND_OVER
        if max(s.scores) >= TARGET:
            _say(s, f"{_names(p for p in range(s.seats) if s.scores[p] == max(s.scores))} "
                    f"are tied at {max(s.scores)}: another round.")


def winners(scores: tuple[int, ...]) -> tuple[int, ...]:
    """The winning seat once someone has reached 200 with the single highest score, else ()."""
    top = max(scores)
    leaders = [p for p, x in enumerate(scores) if x == top]
    return tuple(leaders) if top >= TARGET and len(leaders) == 1 else ()


def is_over(state: State) -> bool:
    return state.phase == OVER


def result(state: State) -> Result:
    if not is_over(state):
        raise ValueError("the game is not over yet")
    won = winners(state.scores)
    summary = f"{{p{won[0]}}} wins with {state.scores[won[0]]} points after {state.round} rounds."
    return Result(state.scores, won, summary, {"rounds": state.round})


def revealed(state: State) -> int:
    """Hidden cards turned up so far: dealt, drawn, taken in fights, shown at the showdown."""
    return state.revealed


@dataclass(frozen=True)
class View:
    """What one seat sees. Other hands are counts until the showdown's reveal."""

    seat: int
    seats: int
    phase: str
    to_act: int | None
    turn: int             # whose turn it is; in the showdown and after, who sank the ship
    dealer: int
    round: int
    scores: tuple[int, ...]
    hand: Cards
    hand_counts: tuple[int, ...]
    hands: tuple[Cards | None, ...]  # per seat: the cards once shown (own hand always), else None
    boards: tuple[Cards, ...]
    lifeboats: dict[str, Cards]      # suit letter -> cards, oldest first
    lifeboat_points: dict[str, int]
    deck_count: int
    out_count: int        # set aside (2 players) or removed (6-8 players) this round
    fight: Fight | None
    chosen: tuple[bool, ...]  # per seat: has chosen a key card (showdown and after)
    key_cards: tuple[str | None, ...]  # per seat: own key card, every key card after the reveal, else None
    last_round: RoundSummary | None
    log: tuple[str, ...]
    winners: tuple[int, ...]


def view(state: State, seat: int) -> View:
    s = state
    if not isinstance(seat, int) or not 0 <= seat < s.seats:
        raise ValueError(f"there is no seat {seat} at this table")
    shown = s.phase in (ROUND_OVER, OVER)
    hands = tuple(h if shown or p == seat else None for p, h in enumerate(s.hands))
    keys = tuple(k if shown or p == seat else None for p, k in enumerate(s.keys))
    return View(seat, s.seats, s.phase, s.to_act, s.turn, s.dealer, s.round, s.scores,
                s.hands[seat], tuple(map(len, s.hands)), hands, s.boards,
                dict(zip(SUITS, s.lifeboats)),
                {suit: sum(POINTS[c] for c in boat) for suit, boat in zip(SUITS, s.lifeboats)},
                len(s.deck), len(s.out), s.fight, tuple(k is not None for k in s.keys), keys,
                s.last_round, s.log, winners(s.scores) if s.phase == OVER else ())


# --- saving -------------------------------------------------------------------------------

def _summary_json(r: RoundSummary | None) -> dict[str, Any] | None:
    if r is None:
        return None
    return {"round": r.round, "dealer": r.dealer, "sinker": r.sinker,
            "key_cards": list(r.key_cards),
            "boardings": [{"suit": b.suit, "points": b.points, "claimants": list(b.claimants),
                           "holdings": list(b.holdings), "winner": b.winner} for b in r.boardings],
            "gained": list(r.gained), "scores": list(r.scores)}


def to_json(state: State) -> dict[str, Any]:
    s = state
    fight = None if s.fight is None else {
        "attacker": s.fight.attacker, "defender": s.fight.defender, "cards": list(s.fight.cards)}
    return {
        "game": GAME_ID, "version": JSON_VERSION, "seats": s.seats,
        "deck": list(s.deck), "hands": [list(h) for h in s.hands],
        "boards": [list(b) for b in s.boards], "lifeboats": [list(b) for b in s.lifeboats],
        "out": list(s.out), "fight": fight, "keys": list(s.keys), "phase": s.phase,
        "turn": s.turn, "dealer": s.dealer, "round": s.round, "scores": list(s.scores),
        "last_round": _summary_json(s.last_round), "log": list(s.log),
        "options": dict(s.options), "seed": s.seed, "rng": s.rng, "revealed": s.revealed,
    }


def _bad(what: str) -> ValueError:
    return ValueError(f"saved Abandon Ship state has a bad {what}")


def _get(data: Any, key: str, kind: type[Any], optional: bool = False) -> Any:
    return expect("Abandon Ship", data, key, kind, optional=optional)


def _int(data: Any, key: str, low: int, high: int | None = None, optional: bool = False) -> Any:
    value = _get(data, key, int, optional)
    if value is not None and (value < low or (high is not None and value > high)):
        raise _bad(repr(key))
    return value


def _cards(value: Any, what: str) -> Cards:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in POINTS for c in value):
        raise _bad(what)
    return tuple(value)


def _per_seat(value: Any, n: int, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) != n:
        raise _bad(what)
    return value


def _seat_list(value: Any, n: int, what: str, distinct: bool = False) -> tuple[int, ...]:
    if (not isinstance(value, list) or not all(type(p) is int and 0 <= p < n for p in value)
            or (distinct and len(set(value)) != len(value))):
        raise _bad(what)
    return tuple(value)


def _int_list(value: Any, n: int, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != n or not all(
            type(x) is int and x >= 0 for x in value):
        raise _bad(what)
    return tuple(value)


def _summary_from_json(data: Any, n: int) -> RoundSummary | None:
    if data is None:
        return None
    keys = tuple(_per_seat(_get(data, "key_cards", list), n, "round summary"))
    if not all(k is None or (isinstance(k, str) and k in POINTS) for k in keys):
        raise _bad("round summary")
    result = []
    for b in _get(data, "boardings", list):
        claimants = _seat_list(_get(b, "claimants", list), n, "boarding", distinct=True)
        holdings = _int_list(_get(b, "holdings", list), len(claimants), "boarding")
        winner = _int(b, "winner", 0, n - 1, optional=True)
        suit = _get(b, "suit", str)
        if suit not in SUITS or not claimants or (winner is not None and winner not in claimants):
            raise _bad("boarding")
        result.append(Boarding(suit, _int(b, "points", 0), claimants, holdings, winner))
    return RoundSummary(_int(data, "round", 1), _int(data, "dealer", 0, n - 1),
                        _int(data, "sinker", 0, n - 1), keys, tuple(result),
                        _int_list(_get(data, "gained", list), n, "round summary"),
                        _int_list(_get(data, "scores", list), n, "round summary"))


def from_json(data: Any) -> State:
    """Rebuild a state, checking every field so a bad file cannot produce a broken game."""
    check_json_header(data, GAME_ID, JSON_VERSION)
    n = _int(data, "seats", SEATS[0], SEATS[1])
    deck, out = _cards(_get(data, "deck", list), "'deck'"), _cards(_get(data, "out", list), "'out'")
    hands = tuple(_cards(h, "hand") for h in _per_seat(_get(data, "hands", list), n, "'hands'"))
    boards = tuple(_cards(b, "board") for b in _per_seat(_get(data, "boards", list), n, "'boards'"))
    lifeboats = tuple(_cards(b, "lifeboat")
                      for b in _per_seat(_get(data, "lifeboats", list), len(SUITS), "'lifeboats'"))
    if any(SUIT_OF[c] != suit for suit, boat in zip(SUITS, lifeboats) for c in boat):
        raise _bad("lifeboat: a card in the wrong suit's lifeboat")
    keys = tuple(_per_seat(_get(data, "keys", list), n, "'keys'"))
    if not all(k is None or (isinstance(k, str) and k in POINTS) for k in keys):
        raise _bad("'keys'")
    phase = _get(data, "phase", str)
    if phase not in PHASES:
        raise _bad("'phase'")
    fight = _get(data, "fight", dict, optional=True)
    if fight is not None:
        fight = Fight(_int(fight, "attacker", 0, n - 1), _int(fight, "defender", 0, n - 1),
                      _cards(_get(fight, "cards", list), "fight"))
        ranks = [POINTS[c] for c in fight.cards]
        if (fight.attacker == fight.defender or not ranks
                or any(a >= b for a, b in zip(ranks, ranks[1:]))):
            raise _bad("fight")
    every = (deck + out + sum(hands, ()) + sum(boards, ()) + sum(lifeboats, ())
             + tuple(k for k in keys if k is not None) + (fight.cards if fight else ()))
    check_deck(every, deck_for(n))
    scores = _int_list(_get(data, "scores", list), n, "'scores'")
    turn, dealer = _int(data, "turn", 0, n - 1), _int(data, "dealer", 0, n - 1)
    s = State(n, deck, hands, boards, lifeboats, out, fight, keys, phase, turn, dealer,
              _int(data, "round", 1), scores,
              _summary_from_json(_get(data, "last_round", dict, optional=True), n),
              tuple(_get(data, "log", list)), resolve_options(OPTIONS, _get(data, "options", dict)),
              _int(data, "seed", 0), _int(data, "rng", 0, rng.MASK), _int(data, "revealed", 0))
    rng.seed_state(s.seed)
    if not all(isinstance(line, str) for line in s.log):
        raise _bad("'log'")
    _check_phase(s)
    return s


def _check_phase(s: State) -> None:
    """The piles and the phase must agree."""
    if len(s.out) != out_count(s.seats) or any(len(h) > HAND_SIZE for h in s.hands):
        raise _bad("deal")
    if (s.fight is not None) != (s.phase == FIGHT):
        raise _bad("fight: it does not fit the phase")
    if s.fight and s.fight.attacker != s.turn:
        raise _bad("fight: the attacker is not the player whose turn it is")
    if (not s.deck) != (s.phase not in (PLAY, FIGHT)):
        raise _bad("deck: the ship sinks exactly when the deck runs out")
    if s.phase in (PLAY, FIGHT) and any(k is not None for k in s.keys):
        raise _bad("'keys': key cards are chosen at the showdown")
    if (s.phase == SHOWDOWN) != (_next_chooser(s) is not None) and s.phase not in (PLAY, FIGHT):
        raise _bad("'keys': they do not fit the phase")
    if s.phase in (ROUND_OVER, OVER) and s.last_round is None:
        raise _bad("'last_round': a finished round needs its summary")
    if (s.phase == OVER) != bool(winners(s.scores)):
        raise _bad("'scores': they do not fit the phase")
