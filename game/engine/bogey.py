"""The Bogey: a solitaire of building suit columns while a mischievous bogey plays too.

Rulings (shared/RULINGS.md) decide every ambiguity. Columns hold one suit each, strictly
decreasing from top to bottom (gaps allowed), and at most 12 of them ever exist. The player's
turn starts by drawing up to the hand size; then cards may be played or discarded in any order
before ending the turn. The bogey then turns up the top card of the deck and the player must
place it; a card with no legal place loses the game. Every empty deck is refilled by shuffling
the discards with the generator kept in the state. Finishing with all 52 cards in columns ranks
the result by the number of columns used.

Phases: in "player" the actions are `play <card> on column <n>`, `play <card> to a new column`,
`discard <card>` and `end turn`; in "bogey" they are `place <card> on column <n>` and
`place <card> in a new column` for the turned-up card. Columns are numbered from 1 in the
texts, in creation order, and from 0 everywhere else.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from . import rng
from .cards import FULL_DECK, RANK_VALUE, SUIT_NAMES, check_deck, pretty, suit
from .contract import Action, IllegalAction, Option, Result, check_json_header, expect, resolve_options
from .games import INFO

GAME_ID = "bogey"
TITLE, BLURB = INFO[GAME_ID]
SEATS = (1, 1)
UNDO = True
JSON_VERSION = 1

MAX_COLUMNS = 12
NEW: Final = "new"  # the place of a new column, beside column indices in `legal_places`
Place = int | Literal["new"]
Cards = tuple[str, ...]
Columns = tuple[Cards, ...]  # creation order, each top card first

LEVELS = (("novice", 12), ("normal", 11), ("advanced", 10), ("legendary", 9), ("epic", 8))
TARGET_COLUMNS = dict(LEVELS)

OPTIONS = (
    Option("hand_size", "Hand size",
           ((5, "5 cards"), (4, "4 cards (harder)")),
           5,
           "Cards drawn up to at the start of each turn. With 4 the bogey plays a larger share."),
    Option("target", "Target level",
           tuple((name, f"{name.capitalize()} ({n} columns or fewer)") for name, n in LEVELS),
           "novice",
           "Finishing with more columns than the target counts as a loss; the game still "
           "plays to the end."),
    Option("auto_place", "Place the bogey's card by itself",
           ((True, "When it has only one place"), (False, "Always ask")),
           True,
           "A bogey card with a single legal place is placed without asking."),
)

PLAYER, BOGEY = "player", "bogey"
PLAYING, FINISHED, LOST = "playing", "finished", "lost"


def place_text(verb: str, card: str, target: Place) -> str:
    """The text of the action putting `card` at `target` (a column index or NEW); verb is
    "play" (from the hand) or "place" (the bogey's card)."""
    if target == NEW:
        return f"{verb} {card} {'to' if verb == 'play' else 'in'} a new column"
    return f"{verb} {card} on column {target + 1}"


END_TURN = Action("end", "end turn")
_PLAY: dict[tuple[str, Place], Action] = {}
_PLACE: dict[tuple[str, Place], Action] = {}
_DISCARD: dict[str, Action] = {}
for _c in FULL_DECK:
    for _t in (*range(MAX_COLUMNS), NEW):
        _PLAY[_c, _t] = Action("play", place_text("play", _c, _t), _c, _t)
        _PLACE[_c, _t] = Action("place", place_text("place", _c, _t), _c, _t)
    _DISCARD[_c] = Action("discard", f"discard {_c}", _c)
_BY_TEXT = {a.text: a for a in [END_TURN, *_PLAY.values(), *_PLACE.values(), *_DISCARD.values()]}


def action_words(action_text: str) -> str:
    """An action as a player reads it: 'play 7H on column 2' -> 'Play 7♥ on column 2'."""
    a = _BY_TEXT.get(str(action_text))
    if a is None:
        return str(action_text)
    if a.kind == "end":
        return "End the turn"
    if a.kind == "discard":
        return f"Discard the {pretty(a.named_card)}"
    card = pretty(a.named_card) if a.kind == "play" else f"the bogey's {pretty(a.named_card)}"
    verb = "Play" if a.kind == "play" else "Place"
    if a.target == NEW:
        return f"{verb} {card} in a new column"
    return f"{verb} {card} on column {a.target + 1}"


class State:
    """A Bogey game. Treat as immutable: `apply` returns a new one."""

    __slots__ = ("deck", "hand", "columns", "discards", "bogey_card", "phase", "acted", "status",
                 "options", "seed", "rng", "revealed")

    def __init__(self, deck: Cards, hand: Cards, columns: Columns, discards: Cards,
                 bogey_card: str | None, phase: str, acted: bool, status: str,
                 options: dict[str, Any], seed: int, rng_state: int, revealed: int):
        self.deck = deck                # tuple, top card first
        self.hand = hand                # tuple, in the order drawn
        self.columns = columns          # tuple of tuples, creation order, top card first
        self.discards = discards        # tuple, oldest first (face up)
        self.bogey_card = bogey_card    # the card turned up by the bogey, or None
        self.phase = phase
        self.acted = acted              # a card was played or discarded this turn
        self.status = status
        self.options = options
        self.seed = seed
        self.rng = rng_state            # generator state for reshuffling the discards
        self.revealed = revealed        # cards turned up from the deck so far

    def copy(self) -> State:
        return State(self.deck, self.hand, self.columns, self.discards, self.bogey_card,
                     self.phase, self.acted, self.status, self.options, self.seed, self.rng,
                     self.revealed)

    @property
    def to_act(self) -> int | None:
        return 0 if self.status == PLAYING else None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, k) == getattr(other, k) for k in State.__slots__)

    def __repr__(self) -> str:
        return (f"<Bogey {self.status} {self.phase} hand={self.hand} columns={len(self.columns)} "
                f"bogey={self.bogey_card} deck={len(self.deck)} discards={len(self.discards)}>")


def legal_places(columns: Sequence[Sequence[str]], card: str) -> list[Place]:
    """Where `card` may go: indices of columns it may extend, then NEW if a column may start."""
    places: list[Place] = [i for i, col in enumerate(columns)
              if suit(col[-1]) == suit(card) and RANK_VALUE[col[-1]] > RANK_VALUE[card]]
    if len(columns) < MAX_COLUMNS:
        places.append(NEW)
    return places


def level_of(columns_used: int) -> str:
    """The level a finish with this many columns reaches."""
    for name, most in reversed(LEVELS):
        if columns_used <= most:
            return name
    raise ValueError(f"{columns_used} columns is more than the game allows")


def _resolve(options: dict[str, Any] | None) -> dict[str, Any]:
    """Table options with defaults, refusing values of the wrong type (1 for True, ...)."""
    out = resolve_options(OPTIONS, options)
    for o in OPTIONS:
        if type(out[o.key]) is not type(o.default):
            raise ValueError(f"table option {o.key!r} has a value of the wrong type")
    return out


def _reshuffle(s: State) -> None:
    s.deck, s.rng = rng.shuffled(s.discards, s.rng)
    s.discards = ()


def _turn_up(s: State) -> str | None:
    """Take the top card of the deck, reshuffling the discards first if the deck is empty."""
    if not s.deck and s.discards:
        _reshuffle(s)
    if not s.deck:
        return None
    card, s.deck = s.deck[0], s.deck[1:]
    s.revealed += 1
    return card


def _start_player_turn(s: State) -> None:
    s.phase, s.acted, s.bogey_card = PLAYER, False, None
    while len(s.hand) < s.options["hand_size"]:
        card = _turn_up(s)
        if card is None:
            break
        s.hand += (card,)


def _all_placed(s: State) -> bool:
    return sum(len(col) for col in s.columns) == len(FULL_DECK)


def new_game(seats: int = 1, seed: int = 0, options: dict[str, Any] | None = None,
             deck: Iterable[str] | None = None) -> State:
    if seats != 1:
        raise ValueError("The Bogey is a solitaire: it has exactly one seat")
    options = _resolve(options)
    rng_state = rng.seed_state(seed)  # also validates the deal number
    if deck is None:
        cards, rng_state = rng.shuffled(FULL_DECK, rng_state)
    else:
        cards = check_deck(deck, FULL_DECK)
    s = State(cards, (), (), (), None, PLAYER, False, PLAYING, options, seed, rng_state, 0)
    _start_player_turn(s)
    return s


def can_end_turn(state: State | View) -> bool:
    """Ending the turn is refused only when it would change nothing at all (works on views)."""
    if state.status != PLAYING or state.phase != PLAYER:
        return False
    cards_left = state.deck if isinstance(state, State) else state.deck_count
    return bool(cards_left or state.discards or state.acted)


def legal_actions(state: State) -> list[Action]:
    if state.status != PLAYING:
        return []
    if state.phase == BOGEY:
        assert state.bogey_card is not None, "the bogey's turn always has its card turned up"
        return [_PLACE[state.bogey_card, t] for t in legal_places(state.columns, state.bogey_card)]
    out: list[Action] = []
    for card in state.hand:
        out.extend(_PLAY[card, t] for t in legal_places(state.columns, card))
        out.append(_DISCARD[card])
    if can_end_turn(state):
        out.append(END_TURN)
    return out


def _why_not_placed(columns: Columns, card: str, target: Place) -> str | None:
    if target == NEW:
        if len(columns) >= MAX_COLUMNS:
            return (f"All {MAX_COLUMNS} columns are in use: the {pretty(card)} must go under a "
                    f"higher card of its suit.")
        return None
    if target >= len(columns):
        return f"There is no column {target + 1} yet."
    last = columns[target][-1]
    if suit(last) != suit(card):
        return (f"Column {target + 1} holds {SUIT_NAMES[suit(last)]}: the {pretty(card)} can only "
                f"go on a column of {SUIT_NAMES[suit(card)]}.")
    if RANK_VALUE[last] <= RANK_VALUE[card]:
        return (f"Column {target + 1} ends with the {pretty(last)}: only a lower card can go "
                f"under it.")
    return None


def _why_illegal(state: State, action: Action | str) -> str | None:
    text = action.text if isinstance(action, Action) else action
    a = _BY_TEXT.get(text)
    if a is None:
        return f"{text!r} is not a Bogey action"
    if state.status != PLAYING:
        return "The game is over."
    if state.phase == BOGEY and a.kind != "place":
        assert state.bogey_card is not None, "the bogey's turn always has its card turned up"
        return f"The bogey has turned up the {pretty(state.bogey_card)}: place it first."
    if state.phase == PLAYER and a.kind == "place":
        return "It is your turn, not the bogey's: play, discard or end your turn."
    if a is END_TURN:
        if not can_end_turn(state):
            return ("The deck and the discards are empty, so passing would change nothing: "
                    "play or discard a card.")
        return None
    if a.kind == "place":
        if a.card != state.bogey_card:
            assert state.bogey_card is not None, "a place action is refused outside the bogey's turn"
            return (f"The bogey turned up the {pretty(state.bogey_card)}, "
                    f"not the {pretty(a.named_card)}.")
    elif a.card not in state.hand:
        return f"The {pretty(a.named_card)} is not in your hand."
    if a.kind == "discard":
        return None
    return _why_not_placed(state.columns, a.named_card, a.target)


def _put(columns: Columns, card: str, target: Place) -> Columns:
    if target == NEW:
        return columns + ((card,),)
    return columns[:target] + (columns[target] + (card,),) + columns[target + 1:]


def _bogey_turn(s: State) -> None:
    """The bogey turns up a card; with no card left anywhere its turn is skipped."""
    card = _turn_up(s)
    if card is None:
        _start_player_turn(s)
        return
    s.phase, s.bogey_card = BOGEY, card
    if not legal_places(s.columns, card):
        s.status = LOST


def apply(state: State, action: Action | str) -> State:
    """The state after `action` (an Action or its text); raises IllegalAction if not allowed."""
    why = _why_illegal(state, action)
    if why is not None:
        raise IllegalAction(why)
    a = _BY_TEXT[action.text if isinstance(action, Action) else action]
    s = state.copy()
    if a is END_TURN:
        _bogey_turn(s)
        return s
    if a.kind == "discard":
        s.hand = tuple(c for c in state.hand if c != a.card)
        s.discards = state.discards + (a.named_card,)
        s.acted = True
        return s
    s.columns = _put(state.columns, a.named_card, a.target)
    if a.kind == "play":
        s.hand = tuple(c for c in state.hand if c != a.card)
        s.acted = True
    else:
        s.bogey_card = None
    if _all_placed(s):
        s.status, s.bogey_card = FINISHED, None
    elif a.kind == "place":
        _start_player_turn(s)
    return s


def is_over(state: State) -> bool:
    return state.status != PLAYING


def met_target(state: State | View) -> bool:
    """Whether the game finished within the target level's columns (works on views)."""
    return (state.status == FINISHED
            and len(state.columns) <= TARGET_COLUMNS[state.options["target"]])


def result(state: State) -> Result:
    if not is_over(state):
        raise ValueError("the game is not over yet")
    used = len(state.columns)
    target = state.options["target"]
    level = level_of(used) if state.status == FINISHED else None
    won = met_target(state)
    if state.status == LOST:
        assert state.bogey_card is not None, "only a bogey card with nowhere to go loses"
        summary = (f"The bogey turned up the {pretty(state.bogey_card)} and it had nowhere to go "
                   f"({used} columns in use).")
    elif won:
        summary = f"All 52 cards in {used} columns: {level}, meeting your {target} target."
    else:
        summary = f"All 52 cards in {used} columns: {level}, short of your {target} target."
    details = {"status": state.status, "columns": used, "level": level, "target": target,
               "target_columns": TARGET_COLUMNS[target], "met_target": won}
    return Result((used,), (0,) if won else (), summary, details)


def revealed(state: State) -> int:
    """How many cards have been turned up from the deck; undo never crosses a change in it."""
    return state.revealed


@dataclass(frozen=True)
class View:
    """What the player sees: everything but the order of the deck."""

    hand: Cards
    columns: Columns
    discards: Cards       # face up, oldest first
    deck_count: int
    deck_cards: Cards     # what is left in the deck, sorted: its order stays hidden
    phase: str
    bogey_card: str | None
    acted: bool
    status: str
    options: dict[str, Any]
    seed: int
    to_act: int | None

    @property
    def discard_count(self) -> int:
        return len(self.discards)

    @property
    def top_discard(self) -> str | None:
        return self.discards[-1] if self.discards else None

    @property
    def target(self) -> str:
        target: str = self.options["target"]
        return target

    @property
    def columns_used(self) -> int:
        return len(self.columns)


def view(state: State, seat: int = 0) -> View:
    if seat != 0:
        raise ValueError("The Bogey has only seat 0")
    return View(state.hand, state.columns, state.discards, len(state.deck),
                tuple(sorted(state.deck, key=FULL_DECK.index)), state.phase, state.bogey_card,
                state.acted, state.status, dict(state.options), state.seed, state.to_act)


def to_json(state: State) -> dict[str, Any]:
    return {
        "game": GAME_ID, "version": JSON_VERSION,
        "deck": list(state.deck), "hand": list(state.hand),
        "columns": [list(col) for col in state.columns], "discards": list(state.discards),
        "bogey_card": state.bogey_card, "phase": state.phase, "acted": state.acted,
        "status": state.status, "options": dict(state.options), "seed": state.seed,
        "rng": state.rng, "revealed": state.revealed,
    }


def _expect(data: dict[str, Any], key: str, kind: type[Any], optional: bool = False) -> Any:
    return expect("Bogey", data, key, kind, optional=optional)


def _check_columns(columns: list[Any]) -> Columns:
    if len(columns) > MAX_COLUMNS:
        raise ValueError(f"saved Bogey state has more than {MAX_COLUMNS} columns")
    for col in columns:
        if (not isinstance(col, list) or not col
                or not all(isinstance(c, str) and c in RANK_VALUE for c in col)):
            raise ValueError("saved Bogey state has a bad column")
        if any(suit(a) != suit(b) or RANK_VALUE[a] <= RANK_VALUE[b] for a, b in zip(col, col[1:])):
            raise ValueError("saved Bogey state has a column out of order")
    return tuple(tuple(col) for col in columns)


def _check_phase(phase: str, status: str, bogey_card: str | None, hand: Cards, columns: Columns,
                 options: dict[str, Any]) -> None:
    if phase not in (PLAYER, BOGEY) or status not in (PLAYING, FINISHED, LOST):
        raise ValueError("saved Bogey state has a bad 'phase' or 'status'")
    if (bogey_card is not None) != (phase == BOGEY and status != FINISHED):
        raise ValueError("saved Bogey state has a bogey card that does not fit its phase")
    if status == LOST and phase != BOGEY:
        raise ValueError("saved Bogey state is lost outside the bogey's turn")
    if bogey_card is not None and (status == LOST) != (not legal_places(columns, bogey_card)):
        raise ValueError("saved Bogey state disagrees with itself about the bogey's card")
    if len(hand) > options["hand_size"]:
        raise ValueError("saved Bogey state has too many cards in hand")


def from_json(data: dict[str, Any]) -> State:
    """Rebuild a state, checking every field so a bad file cannot produce a broken game."""
    check_json_header(data, GAME_ID, JSON_VERSION)
    piles = {k: tuple(_expect(data, k, list)) for k in ("deck", "hand", "discards")}
    columns = _check_columns(_expect(data, "columns", list))
    bogey_card = _expect(data, "bogey_card", str, optional=True)
    every = (piles["deck"] + piles["hand"] + piles["discards"] + sum(columns, ())
             + ((bogey_card,) if bogey_card else ()))
    check_deck(every, FULL_DECK)
    options = _resolve(_expect(data, "options", dict))
    phase, status = _expect(data, "phase", str), _expect(data, "status", str)
    _check_phase(phase, status, bogey_card, piles["hand"], columns, options)
    if (status == FINISHED) != (sum(map(len, columns)) == len(FULL_DECK)):
        raise ValueError("saved Bogey state is finished without every card in a column")
    seed = _expect(data, "seed", int)
    rng.seed_state(seed)
    rng_state = _expect(data, "rng", int)
    if not 0 <= rng_state <= rng.MASK:
        raise ValueError("saved Bogey state has a bad 'rng'")
    turned_up = _expect(data, "revealed", int)
    if turned_up < 0:
        raise ValueError("saved Bogey state has a bad 'revealed'")
    return State(piles["deck"], piles["hand"], columns, piles["discards"], bogey_card, phase,
                 _expect(data, "acted", bool), status, options, seed, rng_state, turned_up)
