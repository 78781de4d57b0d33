"""Pirate Rummy: meld runs and sets, do business on anyone's melds, plunder with pirate ships.

Rulings (shared/RULINGS.md) decide every ambiguity. Two decks, a table option:
- "uno" (default, 108 cards): number cards `<colour><n>` with colour r y g b (red, yellow,
  green, blue) and n 0-9, one 0 and two of 1-9 per colour, the second copy ending in "*"
  ("r7", "r7*"); 32 pirate ships "ship1" .. "ship32".
- "standard" (112 cards): two standard decks with jokers and four extra cards, every code
  starting with "p": numbers "pA" .. "p10" + suit S H D C ("p7H", second deck "p7H*"), pirate
  ships "pJS" .. "pKC" (and "*"), "pjoker1" .. "pjoker4" and "pextra1" .. "pextra4".
No code equals a standard card code. Every card is a number (with its colour) or a ship.

A turn: the player draws automatically (the discards are shuffled into an empty deck; nobody
draws when both are empty), then works on the table one small action at a time:
- `play <card> to a new meld` (a hand card starts a meld in the player's own area),
- `add <card> to [<meld>] of seat <n>` (a hand card onto any meld in play),
- `move <card> to [<meld>] of seat <n>`, `move <card> to a new meld of seat <n>` and
  `split [<meld>] before <card> of seat <n>` (business inside one area),
- `plunder <card> from seat <n>` (a pirate ship from hand is discarded),
- `reset turn`, `end turn`, `discard all pirate ships` (a hand of ships only; ends the turn).
A card goes onto a meld only when the result is a legitimate meld or the meld is not
legitimate yet (being built or broken): that keeps the actions few, and every arrangement
stays reachable by building in a new meld. Melds are kept sorted; `[<meld>]` lists its codes.
Seats are numbered from 0 in code and from 1 in action texts.

The state keeps the table and hand as they were after the draw (`start_*`) and the turn's
plunders, so the end of a turn can judge the business and roll it back (see `end_turn_outcome`).
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from . import rng
from .cards import SUIT_SYMBOLS, check_deck
from .contract import Action, IllegalAction, Option, Result, check_json_header, expect, resolve_options
from .games import INFO

GAME_ID = "pirate_rummy"
TITLE, BLURB = INFO[GAME_ID]
SEATS = (3, 5)
UNDO = False
OPTIONS = (
    Option("deck", "Deck", (("uno", "Coloured numbers and ships (108 cards)"),
                            ("standard", "Two standard decks + 8 (112 cards)")), "uno",
           "The coloured deck, or two standard decks with jokers where A-10 are numbers and "
           "J, Q, K and jokers are pirate ships."),
)
JSON_VERSION = 2  # 2: the log keeps its last LOG_KEPT lines and where they start (log_start)
LOG_KEPT = 200    # log lines a state keeps: far more than a recap needs, and saves stay small
HAND_SIZES = {3: 15, 4: 13, 5: 11}
MAX_ROUNDS = 100

UNO_COLOURS = ("r", "y", "g", "b")
COLOUR_NAMES = {"r": "red", "y": "yellow", "g": "green", "b": "blue",
                "S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
COLOUR_SYMBOLS = {"r": "\u25cf", "y": "\u2605", "g": "\u25b2", "b": "\u25c6", **SUIT_SYMBOLS}
_STD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")

Cards = tuple[str, ...]
Meld = tuple[str, ...]        # sorted by `card_key`
Area = tuple[Meld, ...]       # one seat's melds
Areas = tuple[Area, ...]      # per seat
Plunder = tuple[str, int, str]  # (card, victim seat, pirate ship spent)
T = TypeVar("T")


def _uno_deck() -> Cards:
    numbers = [f"{c}{n}" for c in UNO_COLOURS for n in range(10)]
    numbers += [f"{c}{n}*" for c in UNO_COLOURS for n in range(1, 10)]
    return tuple(numbers) + tuple(f"ship{i}" for i in range(1, 33))


def _standard_deck() -> Cards:
    out = []
    for mark in ("", "*"):
        out += [f"p{r}{s}{mark}" for s in "SHDC" for r in _STD_RANKS]
    for mark in ("", "*"):
        out += [f"p{r}{s}{mark}" for s in "SHDC" for r in "JQK"]
    out += [f"pjoker{i}" for i in range(1, 5)] + [f"pextra{i}" for i in range(1, 5)]
    return tuple(out)


DECKS = {"uno": _uno_deck(), "standard": _standard_deck()}
NUMBER: dict[str, int] = {}   # code -> its number, for number cards only
COLOUR: dict[str, str] = {}   # code -> its colour letter, for number cards only
for _code in DECKS["uno"][:76]:
    NUMBER[_code], COLOUR[_code] = int(_code[1]), _code[0]
for _code in DECKS["standard"][:80]:
    _plain = _code.rstrip("*")
    NUMBER[_code], COLOUR[_code] = _STD_RANKS.index(_plain[1:-1]) + 1, _plain[-1]
ALL_CODES = frozenset(DECKS["uno"]) | frozenset(DECKS["standard"])
_COLOUR_ORDER = {c: i for i, c in enumerate(UNO_COLOURS + ("S", "H", "D", "C"))}


def is_ship(card: str) -> bool:
    return card in ALL_CODES and card not in NUMBER


def card_key(card: str) -> tuple[int, int, str]:
    """Sort order inside a meld and a hand: number, then colour (ships last)."""
    if card in NUMBER:
        return (NUMBER[card], _COLOUR_ORDER[COLOUR[card]], card)
    return (99, 0, card)


def sorted_meld(cards: Iterable[str]) -> Meld:
    return tuple(sorted(cards, key=card_key))


def card_words(card: str) -> str:
    """'r7' -> '7● red', 'p7H*' -> '7♥', 'pAS' -> 'A♠', ships -> 'a pirate ship'."""
    if card not in NUMBER:
        return "a pirate ship"
    colour = COLOUR[card]
    if colour in SUIT_SYMBOLS:
        plain = card.rstrip("*")
        return plain[1:-1] + SUIT_SYMBOLS[colour]
    return f"{NUMBER[card]}{COLOUR_SYMBOLS[colour]} {COLOUR_NAMES[colour]}"


def meld_fault(meld: Meld) -> str | None:
    """Why a meld is not a legitimate run or set, in words; None when it is."""
    if any(c not in NUMBER for c in meld):
        return "a pirate ship can't be part of a meld"
    if len(meld) < 3:
        return f"only {len(meld)} card{'s' if len(meld) != 1 else ''}: a run or set needs 3 or more"
    numbers = [NUMBER[c] for c in meld]
    colours = [COLOUR[c] for c in meld]
    if len(set(numbers)) == 1:
        return None if len(set(colours)) == len(colours) else "a set can't repeat a colour"
    if len(set(colours)) > 1:
        return "not one colour (a run) nor one number (a set)"
    ordered = sorted(numbers)
    for a, b in zip(ordered, ordered[1:]):
        if a == b:
            return f"a run can't hold two {a}s"
        if b != a + 1:
            return f"a run can't skip from {a} to {b}"
    return None


def is_legit(meld: Meld) -> bool:
    return meld_fault(meld) is None


def meld_kind(meld: Meld) -> str:
    """'run', 'set' or 'meld' (not legitimate), for words."""
    if not is_legit(meld):
        return "meld"
    return "set" if NUMBER[meld[0]] == NUMBER[meld[-1]] else "run"


def meld_words(meld: Meld) -> str:
    """'run 4-5-6 blue', 'set of 7s', 'meld 3● red, 5◆ blue'."""
    kind = meld_kind(meld)
    if kind == "run":
        colour = COLOUR[meld[0]]
        numbers = "-".join(card_words(c).split()[0].rstrip(COLOUR_SYMBOLS[colour]) for c in meld)
        name = "" if colour in SUIT_SYMBOLS else " " + COLOUR_NAMES[colour]
        return f"run {numbers} {COLOUR_SYMBOLS[colour]}{name}"
    if kind == "set":
        return "set " + " ".join(card_words(c).split()[0] for c in meld)
    return "meld " + ", ".join(card_words(c) for c in meld)


# --- the state ------------------------------------------------------------------------------

class State:
    """A Pirate Rummy game. Treat as immutable: `apply` returns a new one."""

    __slots__ = ("seats", "deck", "discards", "hands", "areas", "turn", "round", "turns",
                 "start_hand", "start_areas", "plunders", "moves", "round_hands", "stale",
                 "winners", "finish", "log", "log_start", "options", "seed", "rng", "revealed",
                 "_legal")

    def __init__(self, seats: int, deck: Cards, discards: Cards, hands: tuple[Cards, ...],
                 areas: Areas, turn: int, round_: int, turns: int, start_hand: Cards,
                 start_areas: Areas, plunders: tuple[Plunder, ...], moves: int,
                 round_hands: tuple[int, ...], stale: bool, winners: tuple[int, ...], finish: str,
                 log: tuple[str, ...], log_start: int, options: dict[str, Any], seed: int,
                 rng_state: int, revealed: int):
        self.seats = seats
        self.deck = deck                # top card first
        self.discards = discards        # pirate ships discarded, oldest first
        self.hands = hands              # per seat
        self.areas = areas              # per seat: tuple of melds, each a sorted tuple of codes
        self.turn = turn
        self.round = round_             # 1-based; a round is one turn for every seat from seat 0
        self.turns = turns              # turns begun so far (identifies a turn)
        self.start_hand = start_hand    # the player's hand right after the draw
        self.start_areas = start_areas  # the table right after the draw
        self.plunders = plunders        # this turn: (card, victim seat, ship) in order
        self.moves = moves              # actions taken this turn
        self.round_hands = round_hands  # hand sizes when the round began
        self.stale = stale              # deck and discards empty all this round so far
        self.winners = winners          # () while the game goes on
        self.finish = finish            # how it ended: "", "emptied", "ships", "stalemate", "rounds"
        self.log = log                  # the latest public events (LOG_KEPT at most)
        self.log_start = log_start      # how many earlier ones were let go
        self.options = options
        self.seed = seed
        self.rng = rng_state
        self.revealed = revealed
        self._legal: list[Action] | None = None

    def copy(self) -> State:
        return State(*(getattr(self, k) for k in State.__slots__[:-1]))

    @property
    def to_act(self) -> int | None:
        return None if self.winners else self.turn

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, k) == getattr(other, k) for k in State.__slots__[:-1])

    def __repr__(self) -> str:
        return (f"<PirateRummy round {self.round} turn={self.turn} deck={len(self.deck)} "
                f"hands={tuple(map(len, self.hands))} winners={self.winners}>")


def _set(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return items[:i] + (value,) + items[i + 1:]


def _without(cards: Cards, card: str) -> Cards:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _say(s: State, *lines: str) -> None:
    log = s.log + lines
    if len(log) > LOG_KEPT:
        s.log_start += len(log) - LOG_KEPT
        log = log[-LOG_KEPT:]
    s.log = log


def deck_of(options: dict[str, Any]) -> Cards:
    return DECKS[options["deck"]]


def new_game(seats: int = 4, seed: int = 0, options: dict[str, Any] | None = None,
             deck: Iterable[str] | None = None) -> State:
    if not isinstance(seats, int) or isinstance(seats, bool) or not SEATS[0] <= seats <= SEATS[1]:
        raise ValueError(f"Pirate Rummy is for {SEATS[0]} to {SEATS[1]} players")
    options = resolve_options(OPTIONS, options)
    rng_state = rng.seed_state(seed)
    if deck is None:
        deck, rng_state = rng.shuffled(deck_of(options), rng_state)
    else:
        deck = check_deck(deck, deck_of(options))
    size = HAND_SIZES[seats]
    hands = tuple(tuple(deck[i * size:(i + 1) * size]) for i in range(seats))
    s = State(seats, tuple(deck[seats * size:]), (), hands, ((),) * seats, 0, 1, 0, (), (), (),
              0, tuple(map(len, hands)), False, (), "", (), 0, options, seed, rng_state,
              seats * size)
    _say(s, f"Each player is dealt {size} cards.")
    s.stale = not s.deck
    _start_turn(s, 0)
    return s


def _start_turn(s: State, seat: int) -> None:
    """Draw one card (reshuffling the discards into an empty deck) and note the turn's start."""
    s.turn, s.turns, s.plunders, s.moves = seat, s.turns + 1, (), 0
    if not s.deck and s.discards:
        s.deck, s.rng = rng.shuffled(s.discards, s.rng)
        s.discards = ()
        _say(s, "The discards are shuffled into a new deck.")
    if s.deck:
        s.hands = _set(s.hands, seat, s.hands[seat] + (s.deck[0],))
        s.deck = s.deck[1:]
        s.revealed += 1
        _say(s, f"{{p{seat}}} draws a card.")
    else:
        _say(s, f"{{p{seat}}} can't draw: the deck and the discards are empty.")
    s.start_hand, s.start_areas = s.hands[seat], s.areas


# --- moving cards on a table ----------------------------------------------------------------

def _find(area: Area, card: str) -> int:
    for i, meld in enumerate(area):
        if card in meld:
            return i
    return -1


def _take(area: Area, card: str, split_run: bool = False) -> Area:
    """The area without `card`; an emptied meld goes; a plundered run splits at the gap."""
    i = _find(area, card)
    if i < 0:
        raise ValueError(f"{card} is not in that area")
    meld = area[i]
    rest = _without(meld, card)
    if not rest:
        return area[:i] + area[i + 1:]
    if split_run and meld_kind(meld) == "run":
        low = tuple(c for c in rest if NUMBER[c] < NUMBER[card])
        high = tuple(c for c in rest if NUMBER[c] > NUMBER[card])
        parts = tuple(p for p in (low, high) if p)
        return area[:i] + parts + area[i + 1:]
    return _set(area, i, rest)


def _put(area: Area, card: str, meld_index: int | None) -> Area:
    if meld_index is None:
        return area + ((card,),)
    return _set(area, meld_index, sorted_meld(area[meld_index] + (card,)))


def plundered(areas: Areas, card: str, victim: int, mover: int) -> Areas:
    """The table after `mover` plunders `card` from `victim`: it lies alone in the mover's area."""
    areas = _set(areas, victim, _take(areas[victim], card, split_run=True))
    return _set(areas, mover, areas[mover] + ((card,),))


class TurnRecord(Protocol):
    """What judging a turn reads: a State, or a stand-in built from the player's view (see
    `outcome_for_view`, and the bots' planned end of turn)."""

    @property
    def turn(self) -> int: ...
    @property
    def areas(self) -> Areas: ...
    @property
    def hands(self) -> tuple[Cards, ...]: ...  # per seat; only hands[turn] is read
    @property
    def start_areas(self) -> Areas: ...
    @property
    def start_hand(self) -> Cards: ...
    @property
    def plunders(self) -> tuple[Plunder, ...]: ...


def base_of(s: TurnRecord) -> tuple[Areas, Cards]:
    """(table, hand) as the turn's roll-back leaves them: its start with its plunders done."""
    areas, hand = s.start_areas, s.start_hand
    for card, victim, ship in s.plunders:
        areas = plundered(areas, card, victim, s.turn)
        hand = _without(hand, ship)
    return areas, hand


def broken_cards(areas: Areas) -> frozenset[str]:
    """Cards in melds that are not legitimate."""
    return frozenset(c for area in areas for meld in area if not is_legit(meld) for c in meld)


@dataclass(frozen=True)
class Outcome:
    """What ending the turn now would do: roll back (and which melds are at fault), then the
    cards the player picks up."""

    rolled_back: bool
    faulty: tuple[tuple[int, Meld], ...]  # (seat, meld) per illegitimate meld that holds cards not excused
    picked_up: Cards     # cards that go into the player's hand
    hand: Cards          # the hand afterwards
    areas: Areas         # the table afterwards


def end_turn_outcome(s: TurnRecord) -> Outcome:
    """Judge the turn's business as the rulings say (works on a state or the player's view)."""
    base_areas, base_hand = base_of(s)
    excused = broken_cards(base_areas)
    faulty = tuple((p, meld) for p, area in enumerate(s.areas) for meld in area
                   if not is_legit(meld) and any(c not in excused for c in meld))
    areas, hand = (base_areas, base_hand) if faulty else (s.areas, s.hands[s.turn])
    me = s.turn
    picked = tuple(c for meld in areas[me] if not is_legit(meld) for c in meld)
    if picked:
        hand = hand + picked
        areas = _set(areas, me, tuple(m for m in areas[me] if is_legit(m)))
    return Outcome(bool(faulty), faulty, picked, hand, areas)


# --- actions --------------------------------------------------------------------------------

END = Action("end", "end turn")
RESET = Action("reset", "reset turn")
DISCARD_SHIPS = Action("ships", "discard all pirate ships")


def _meld_text(meld: Meld) -> str:
    return "[" + " ".join(meld) + "]"


def _legal(s: State) -> list[Action]:
    me = s.turn
    hand = s.hands[me]
    out = []
    numbers = [c for c in hand if c in NUMBER]
    ships = [c for c in hand if c not in NUMBER]
    for c in numbers:
        out.append(Action("play", f"play {c} to a new meld", c, (me, None)))
    for p, area in enumerate(s.areas):
        for j, meld in enumerate(area):
            legit = is_legit(meld)
            text = _meld_text(meld)
            for c in numbers:
                if not legit or is_legit(meld + (c,)):
                    out.append(Action("add", f"add {c} to {text} of seat {p + 1}", c, (p, j)))
            for k, other in enumerate(area):
                if k == j:
                    continue
                for c in other:
                    if not legit or is_legit(meld + (c,)):
                        out.append(Action("move", f"move {c} to {text} of seat {p + 1}", c,
                                          (p, j)))
            if len(meld) > 1:
                for c in meld:
                    out.append(Action("move", f"move {c} to a new meld of seat {p + 1}", c,
                                      (p, None)))
            if legit and len(meld) >= 4 and meld_kind(meld) == "run":
                for c in meld[2:-1]:
                    out.append(Action("split", f"split {text} before {c} of seat {p + 1}", c,
                                      (p, j)))
    if ships:
        start_cards = [frozenset(c for meld in area for c in meld) for area in s.start_areas]
        for p, area in enumerate(s.areas):
            if p == me:
                continue
            for meld in area:
                for c in meld:
                    if c in start_cards[p]:
                        out.append(Action("plunder", f"plunder {c} from seat {p + 1}", c,
                                          (p, None)))
    if (s.areas, s.hands[me]) != base_of(s):
        out.append(RESET)
    if hand and not numbers:
        out.append(DISCARD_SHIPS)
    out.append(END)
    return out


def legal_actions(state: State) -> list[Action]:
    """Every legal action; kept on the state so the `apply` that follows needn't list them again."""
    if state.winners:
        return []
    state._legal = _legal(state)
    return list(state._legal)


_PATTERNS = (
    re.compile(r"play (\S+) to a new meld"),
    re.compile(r"add (\S+) to \[[^\]]*\] of seat (\d+)"),
    re.compile(r"move (\S+) to (?:\[[^\]]*\]|a new meld) of seat (\d+)"),
    re.compile(r"split \[[^\]]*\] before (\S+) of seat (\d+)"),
    re.compile(r"plunder (\S+) from seat (\d+)"),
)


def _why_illegal(s: State, text: str) -> str:
    """A reason a player understands for an action that is not among the legal ones."""
    if s.winners:
        return "The game is over."
    if text in ("end turn", "reset turn"):
        return "Nothing to reset: the table is as it was after your draw."
    if text == DISCARD_SHIPS.text:
        return "You can discard your hand only when it holds nothing but pirate ships."
    for pattern in _PATTERNS:
        m = pattern.fullmatch(text)
        if not m:
            continue
        card = m.group(1)
        if card not in deck_of(s.options):
            return f"There is no card {card!r} in this game."
        kind = text.split()[0]
        if kind in ("play", "add") and card not in s.hands[s.turn]:
            return f"The {card_words(card)} is not in your hand."
        if kind in ("play", "add") and card not in NUMBER:
            return "A pirate ship can't go into a meld: use it to plunder."
        if kind == "plunder":
            if not any(c not in NUMBER for c in s.hands[s.turn]):
                return "Plundering needs a pirate ship from your hand."
            return ("You can plunder only cards that were in another player's area when your "
                    "turn began.")
        if kind in ("move", "split"):
            return ("Cards move only inside one area, onto a meld they fit, or to a new meld; "
                    "build in a new meld first.")
        return (f"The {card_words(card)} doesn't fit there: a card goes onto a legitimate meld "
                "only if it stays legitimate. Start a new meld to build.")
    return f"{text!r} is not a Pirate Rummy action."


def apply(state: State, action: Action | str) -> State:
    """The state after `action` (an Action or its text); raises IllegalAction if not allowed."""
    text = action.text if isinstance(action, Action) else action
    if not isinstance(text, str):
        raise IllegalAction("An action must be given as its text.")
    legal = {a.text: a for a in (state._legal if state._legal is not None
                                 else legal_actions(state))}
    a = legal.get(text)
    if a is None:
        raise IllegalAction(_why_illegal(state, text))
    s = state.copy()
    me = s.turn
    if a.kind in ("end", "ships"):
        _end_turn(s, discard_ships=a.kind == "ships")
        return s
    s.moves = state.moves + 1
    if a.kind == "reset":
        s.areas, hand = base_of(state)
        s.hands = _set(s.hands, me, hand)
        _say(s, f"{{p{me}}} puts the table back as it was after the draw.")
        return s
    card = a.named_card  # every other action moves one card
    if a.kind in ("play", "add"):
        seat, j = a.target
        s.hands = _set(s.hands, me, _without(s.hands[me], card))
        s.areas = _set(s.areas, seat, _put(s.areas[seat], card, j))
        if j is None:
            _say(s, f"{{p{me}}} starts a new meld with the {card_words(card)}.")
        else:
            _say(s, f"{{p{me}}} adds the {card_words(card)} to the "
                    f"{meld_words(state.areas[seat][j])} of {{p{seat}}}.")
    elif a.kind == "move":
        seat, j = a.target
        area = state.areas[seat]
        target = area[j] if j is not None else None
        area = _take(area, card)
        j = area.index(target) if target is not None else None
        s.areas = _set(s.areas, seat, _put(area, card, j))
        where = "a new meld" if target is None else f"the {meld_words(target)}"
        _say(s, f"{{p{me}}} moves the {card_words(card)} to {where} of {{p{seat}}}.")
    elif a.kind == "split":
        seat, j = a.target
        meld = state.areas[seat][j]
        i = meld.index(card)
        s.areas = _set(s.areas, seat, state.areas[seat][:j] + (meld[:i], meld[i:])
                       + state.areas[seat][j + 1:])
        _say(s, f"{{p{me}}} splits the {meld_words(meld)} of {{p{seat}}} before the "
                f"{card_words(card)}.")
    elif a.kind == "plunder":
        victim = a.target[0]
        ship = next(c for c in state.hands[me] if c not in NUMBER)
        s.hands = _set(s.hands, me, _without(state.hands[me], ship))
        s.discards = state.discards + (ship,)
        s.stale = False
        s.plunders = state.plunders + ((card, victim, ship),)
        s.areas = plundered(state.areas, card, victim, me)
        _say(s, f"{{p{me}}} discards a pirate ship and plunders the {card_words(card)} "
                f"from {{p{victim}}}.")
    return s


def _end_turn(s: State, discard_ships: bool) -> None:
    me = s.turn
    out = end_turn_outcome(s)
    if out.rolled_back:
        _say(s, f"{{p{me}}}'s business leaves {len(out.faulty)} meld"
                f"{'s' if len(out.faulty) > 1 else ''} not legitimate: it is all put back.")
    s.areas, s.hands = out.areas, _set(s.hands, me, out.hand)
    if out.picked_up:
        n = len(out.picked_up)
        _say(s, f"{{p{me}}} picks up {n} card{'s' if n > 1 else ''} left loose: "
                + ", ".join(card_words(c) for c in out.picked_up) + ".")
    hand = s.hands[me]
    if discard_ships:
        if hand and all(c not in NUMBER for c in hand):
            s.discards += hand
            s.stale = False
            s.hands = _set(s.hands, me, ())
            _say(s, f"{{p{me}}} discards {len(hand)} pirate ship{'s' if len(hand) > 1 else ''}.")
        else:
            _say(s, f"{{p{me}}} can't discard the pirate ships: other cards came back to hand.")
    if not s.hands[me]:
        s.winners, s.finish = (me,), "ships" if discard_ships else "emptied"
        _say(s, f"{{p{me}}} has emptied their hand and wins!")
        return
    _say(s, f"{{p{me}}} ends the turn with {len(s.hands[me])} cards in hand.")
    nxt = (me + 1) % s.seats
    if nxt == 0 and _round_ends(s):
        return
    _start_turn(s, nxt)


def _round_ends(s: State) -> bool:
    """A round is over: the stalemate rule may end the game; else the next round begins."""
    sizes = tuple(map(len, s.hands))
    stuck = s.stale and all(now >= then for now, then in zip(sizes, s.round_hands))
    if stuck or s.round >= MAX_ROUNDS:
        low = min(sizes)
        s.winners = tuple(p for p, n in enumerate(sizes) if n == low)
        s.finish = "stalemate" if stuck else "rounds"
        why = ("a whole round passed with nothing to draw and no hand smaller" if stuck
               else f"{MAX_ROUNDS} rounds have been played")
        names = " and ".join(f"{{p{p}}}" for p in s.winners)
        _say(s, f"Stalemate: {why}. Fewest cards in hand ({low}): {names} "
                f"win{'s' if len(s.winners) == 1 else ''}.")
        return True
    s.round += 1
    s.round_hands, s.stale = sizes, not s.deck and not s.discards
    _say(s, f"Round {s.round}.")
    return False


def is_over(state: State) -> bool:
    return bool(state.winners)


def result(state: State) -> Result:
    if not is_over(state):
        raise ValueError("the game is not over yet")
    sizes = tuple(map(len, state.hands))
    names = " and ".join(f"{{p{p}}}" for p in state.winners)
    if state.finish in ("emptied", "ships"):
        summary = f"{names} emptied their hand in round {state.round}."
    else:
        summary = f"Stalemate in round {state.round}: {names} held the fewest cards."
    scores = tuple(int(p in state.winners) for p in range(state.seats))
    return Result(scores, state.winners, summary,
                  {"rounds": state.round, "finish": state.finish, "hand_counts": sizes})


def revealed(state: State) -> int:
    """Hidden cards turned up so far (dealt and drawn into hands)."""
    return state.revealed


def action_words(action_text: str) -> str:
    """An action as a player reads it: 'Add 7◆ blue to the run 4-5-6 ◆ blue of {p1}'."""
    if action_text in ("end turn", "reset turn", "discard all pirate ships"):
        return action_text[0].upper() + action_text[1:]
    m = re.fullmatch(r"(add|move) (\S+) to (\[[^\]]*\]|a new meld) of seat (\d+)", action_text)
    if m:
        verb, card, where, seat = m.groups()
        where = where if where == "a new meld" else "the " + meld_words(tuple(where[1:-1].split()))
        return f"{verb.capitalize()} {card_words(card)} to {where} of {{p{int(seat) - 1}}}"
    m = re.fullmatch(r"play (\S+) to a new meld", action_text)
    if m:
        return f"Play {card_words(m.group(1))} to a new meld"
    m = re.fullmatch(r"split \[([^\]]*)\] before (\S+) of seat (\d+)", action_text)
    if m:
        meld, card, seat = m.groups()
        return (f"Split the {meld_words(tuple(meld.split()))} of {{p{int(seat) - 1}}} "
                f"before {card_words(card)}")
    m = re.fullmatch(r"plunder (\S+) from seat (\d+)", action_text)
    if m:
        return f"Plunder {card_words(m.group(1))} from {{p{int(m.group(2)) - 1}}}"
    return action_text


# --- what a seat sees -----------------------------------------------------------------------

@dataclass(frozen=True)
class View:
    """What one seat sees: its own hand, other hands as counts, the whole table."""

    seat: int
    seats: int
    to_act: int | None
    turn: int
    round: int
    turns: int
    moves: int
    hand: Cards
    hand_counts: tuple[int, ...]
    areas: Areas
    faults: tuple[tuple[str | None, ...], ...]  # per seat, per meld: why it is not legitimate, or None
    excused: frozenset[str]  # cards that plundering left in broken melds (judged at the start)
    start_areas: Areas     # the table after this turn's draw
    start_hand: Cards | None   # the player's own hand after the draw (only the player's view)
    plunders: tuple[Plunder, ...] | None  # this turn's plunders: the player's view only
    deck_count: int
    discards: Cards
    log: tuple[str, ...]   # the latest public events (see LOG_KEPT)
    winners: tuple[int, ...]
    finish: str
    options: dict[str, Any]
    log_start: int = 0     # how many events came before log[0]


def view(state: State, seat: int) -> View:
    s = state
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.seats:
        raise ValueError(f"there is no seat {seat} at this table")
    mine = seat == s.turn
    faults = tuple(tuple(meld_fault(m) for m in area) for area in s.areas)
    start_hand = s.start_hand if mine else None
    plunders = s.plunders if mine else None
    excused = broken_cards(base_of(s)[0])
    return View(seat, s.seats, s.to_act, s.turn, s.round, s.turns, s.moves, s.hands[seat],
                tuple(map(len, s.hands)), s.areas, faults, excused, s.start_areas, start_hand,
                plunders, len(s.deck), s.discards, s.log, s.winners, s.finish, dict(s.options),
                s.log_start)


@dataclass(frozen=True)
class _Judged:
    """A view of the player whose turn it is, shaped like a state for `end_turn_outcome`."""

    turn: int
    areas: Areas
    hands: tuple[Cards, ...]   # the player's hand; the others empty (the view hides them)
    start_areas: Areas
    start_hand: Cards
    plunders: tuple[Plunder, ...]


def outcome_for_view(v: View) -> Outcome:
    """`end_turn_outcome` from the view of the player whose turn it is."""
    # The player's own view holds both start_hand and plunders; any other holds neither.
    if v.seat != v.turn or v.start_hand is None or v.plunders is None:
        raise ValueError("only the player whose turn it is can judge the turn")
    hands = tuple(v.hand if p == v.seat else () for p in range(v.seats))
    return end_turn_outcome(_Judged(v.turn, v.areas, hands, v.start_areas, v.start_hand,
                                    v.plunders))


# --- saving ---------------------------------------------------------------------------------

def to_json(state: State) -> dict[str, Any]:
    s = state
    return {
        "game": GAME_ID, "version": JSON_VERSION, "seats": s.seats, "deck": list(s.deck),
        "discards": list(s.discards), "hands": [list(h) for h in s.hands],
        "areas": [[list(m) for m in area] for area in s.areas], "turn": s.turn,
        "round": s.round, "turns": s.turns, "start_hand": list(s.start_hand),
        "start_areas": [[list(m) for m in area] for area in s.start_areas],
        "plunders": [[c, v, ship] for c, v, ship in s.plunders], "moves": s.moves,
        "round_hands": list(s.round_hands), "stale": s.stale, "winners": list(s.winners),
        "finish": s.finish, "log": list(s.log), "log_start": s.log_start,
        "options": dict(s.options), "seed": s.seed,
        "rng": s.rng, "revealed": s.revealed,
    }


def _bad(what: str) -> ValueError:
    return ValueError(f"saved Pirate Rummy state has a bad {what}")


def _get(data: Any, key: str, kind: type[Any]) -> Any:
    return expect("Pirate Rummy", data, key, kind)


def _int(data: Any, key: str, low: int, high: int | None = None) -> int:
    value: int = _get(data, key, int)
    if value < low or (high is not None and value > high):
        raise _bad(repr(key))
    return value


def _cards(value: Any, codes: frozenset[str], what: str) -> Cards:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in codes for c in value):
        raise _bad(what)
    return tuple(value)


def _areas(value: Any, n: int, codes: frozenset[str], what: str) -> Areas:
    if not isinstance(value, list) or len(value) != n:
        raise _bad(what)
    out = []
    for area in value:
        if not isinstance(area, list):
            raise _bad(what)
        melds = tuple(_cards(m, codes, what) for m in area)
        if any(not m or m != sorted_meld(m) for m in melds):
            raise _bad(what)
        out.append(melds)
    return tuple(out)


def _flat(areas: Areas) -> Cards:
    return tuple(c for area in areas for meld in area for c in meld)


def from_json(data: Any) -> State:
    """Rebuild a state, checking every field so a bad file cannot produce a broken game."""
    check_json_header(data, GAME_ID, JSON_VERSION)
    n = _int(data, "seats", SEATS[0], SEATS[1])
    options = resolve_options(OPTIONS, _get(data, "options", dict))
    codes = frozenset(deck_of(options))
    deck = _cards(_get(data, "deck", list), codes, "'deck'")
    discards = _cards(_get(data, "discards", list), codes, "'discards'")
    hands = _get(data, "hands", list)
    if len(hands) != n:
        raise _bad("'hands'")
    hands = tuple(_cards(h, codes, "'hands'") for h in hands)
    areas = _areas(_get(data, "areas", list), n, codes, "'areas'")
    start_areas = _areas(_get(data, "start_areas", list), n, codes, "'start_areas'")
    turn = _int(data, "turn", 0, n - 1)
    start_hand = _cards(_get(data, "start_hand", list), codes, "'start_hand'")
    plunders = []
    for item in _get(data, "plunders", list):
        if (not isinstance(item, list) or len(item) != 3 or item[0] not in NUMBER
                or item[0] not in codes or type(item[1]) is not int
                or not 0 <= item[1] < n or item[1] == turn or is_ship(item[2]) is False
                or item[2] not in codes):
            raise _bad("'plunders'")
        plunders.append(tuple(item))
    round_hands = _get(data, "round_hands", list)
    if len(round_hands) != n or not all(type(x) is int and x >= 0 for x in round_hands):
        raise _bad("'round_hands'")
    winners = _get(data, "winners", list)
    if (not all(type(p) is int and 0 <= p < n for p in winners)
            or len(set(winners)) != len(winners)):
        raise _bad("'winners'")
    finish = _get(data, "finish", str)
    if finish not in ("", "emptied", "ships", "stalemate", "rounds") or bool(finish) != bool(winners):
        raise _bad("'finish'")
    log = tuple(_get(data, "log", list))
    if not all(isinstance(line, str) for line in log):
        raise _bad("'log'")
    if data["version"] == 1:  # the whole log was kept: keep its end, as a game does now
        log_start = max(0, len(log) - LOG_KEPT)
        log = log[log_start:]
    else:
        log_start = _int(data, "log_start", 0)
        if len(log) > LOG_KEPT:
            raise _bad("'log'")
    s = State(n, deck, discards, hands, areas, turn, _int(data, "round", 1, MAX_ROUNDS),
              _int(data, "turns", 1), start_hand, start_areas, tuple(plunders),
              _int(data, "moves", 0), tuple(round_hands), _get(data, "stale", bool),
              tuple(winners), finish, log, log_start, options, _int(data, "seed", 0),
              _int(data, "rng", 0, rng.MASK), _int(data, "revealed", 0))
    rng.seed_state(s.seed)
    check_deck(deck + discards + sum(hands, ()) + _flat(areas), deck_of(options))
    if not winners:
        _check_turn_record(s)
    return s


def _check_turn_record(s: State) -> None:
    """The table and hand after the draw, with this turn's plunders, must add up to the deck."""
    k = len(s.plunders)
    ships = tuple(ship for _, _, ship in s.plunders)
    before = s.discards[:len(s.discards) - k]
    try:
        if s.discards[len(before):] != ships:
            raise ValueError
        check_deck(s.deck + before + s.start_hand + _others(s.hands, s.turn)
                   + _flat(s.start_areas), deck_of(s.options))
        base_of(s)
    except (ValueError, IndexError):
        raise _bad("turn record: the table after the draw does not add up") from None


def _others(hands: tuple[Cards, ...], turn: int) -> Cards:
    return tuple(c for p, h in enumerate(hands) if p != turn for c in h)


def all_cards(state: State) -> Cards:
    """Every card of the game wherever it is: deck, discards, hands and areas."""
    s = state
    return (s.deck + s.discards + tuple(c for hand in s.hands for c in hand)
            + tuple(c for area in s.areas for meld in area for c in meld))
