"""Ships and Sailors: a trick-taking game where the penalty colour, Sailors and Ships score.

Rulings (shared/RULINGS.md) decide every ambiguity. The deck has four colours (see COLOURS),
each with the numbers 1, 2, 4, 5, 6, 7, 9..15, a Sailor that plays as 3 and a Ship that plays
as 8: 60 cards. Codes: a number and the colour's letter ("7a", "15k"), "sailor-a", "ship-a".
2 players play without every 9 and up (option: those cards are the kitty), 3 without 13-15.
`new_game(..., deck=...)` takes an order of all 60 cards, top first; the cards a seat count
leaves out keep their order (with the kitty, that order is the shuffled kitty).

A hand: the cards are dealt one at a time from the left of the dealer. Every seat makes a pile
of 3 cards, never a Ship or Sailor (a hand with fewer than 3 other cards puts all of them and
tops the pile up with Ships or Sailors of its choice). 2 players swap piles, or with the kitty
set them aside unseen and draw 3 from the kitty each, left of the dealer first. 3+ players: the
dealer gives the piles out, one to each seat; a pile's cards are seen only by its maker and its
receiver. The dealer declares the penalty colour. With teams (3-6 players, the default) the
dealer picks a partner (with 6, optionally two), with 5-6 the nearest seat to the dealer's right
without a partner picks next, and the rest form the last team. Then tricks: left of the dealer
leads, follow the led colour if able, the highest card of the led colour wins and leads.

Scoring: penalty-colour number cards +1, Sailor +10 (+15 in the penalty colour), Ship -3; one
side winning all four Sailors scores -50 for them instead. Teammates each score the team total.
The game ends after a hand that leaves a score at or past the limits (200 / -100, option
100 / -50) with a single lowest score; a tie for lowest plays more hands (partner picks keep
the tied players apart as far as possible) until one hand leaves a single lowest.

Phases: "piles" (`pile <c1> <c2> <c3>`), "assign" (`give pile of seat <m> to seat <r>`),
"penalty" (`penalty <colour name>`), "partners" (`partner seat <n>`,
`partners seats <n> and <m>`), "play" (`play <card>`), "hand_over" (`deal next hand`, for the
next dealer) and "over". Seats are 0-based in code and 1-based in texts.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from . import rng
from .cards import check_deck
from .contract import Action, IllegalAction, Option, Result, check_json_header, expect, resolve_options
from .games import INFO

GAME_ID = "ships_and_sailors"
TITLE, BLURB = INFO[GAME_ID]
SEATS = (2, 6)
UNDO = False
JSON_VERSION = 1

COLOURS = ("a", "w", "k", "r")
COLOUR_NAMES = {"a": "Anchors", "w": "Swords", "k": "Skulls", "r": "Stars"}
COLOUR_SYMBOLS = {"a": "\u2693", "w": "\u2694", "k": "\u2620", "r": "\u2605"}
NUMBERS = (1, 2, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15)
SAILOR_VALUE, SHIP_VALUE = 3, 8

Cards = tuple[str, ...]
Trick = tuple[tuple[int, str], ...]   # ((seat, card), ...), led card first
Teams = tuple[tuple[int, ...], ...]
Picks = tuple[tuple[int, tuple[int, ...]], ...]   # ((picker, partners), ...)


def _cards_of(colour: str) -> Cards:
    return (*(f"{n}{colour}" for n in NUMBERS), f"sailor-{colour}", f"ship-{colour}")


FULL_DECK = tuple(c for colour in COLOURS for c in _cards_of(colour))
COLOUR_OF = {c: c[-1] for c in FULL_DECK}
VALUE = {c: SAILOR_VALUE if c.startswith("sailor") else SHIP_VALUE if c.startswith("ship")
         else int(c[:-1]) for c in FULL_DECK}
SAILORS = frozenset(c for c in FULL_DECK if c.startswith("sailor"))
SHIPS = frozenset(c for c in FULL_DECK if c.startswith("ship"))
PICTURES = SAILORS | SHIPS
DECK = FULL_DECK

PILE_SIZE = 3
SAILOR_POINTS, PENALTY_SAILOR_POINTS, SHIP_POINTS, ALL_SAILORS_POINTS = 10, 15, -3, -50
LIMITS = {"200": (200, -100), "100": (100, -50)}

OPTIONS = (
    Option("partners", "Partners", (("teams", "Teams"), ("individuals", "Individuals")), "teams",
           "With 3-6 players the dealer picks a partner each hand; partners score together."),
    Option("target", "Game ends",
           (("200", "At 200 or \u2212100"), ("100", "At 100 or \u221250")), "200",
           "The game ends when a score reaches the top limit or the bottom one."),
    Option("kitty", "Two players", (("off", "No kitty, swap piles"),
                                    ("on", "Draw 3 from the kitty")), "off",
           "With 2 players the cards 9 and up can form a kitty to draw from instead of swapping."),
)

PILES, ASSIGN, PENALTY, PARTNERS, PLAY, HAND_OVER, OVER = (
    "piles", "assign", "penalty", "partners", "play", "hand_over", "over")
PHASES = (PILES, ASSIGN, PENALTY, PARTNERS, PLAY, HAND_OVER, OVER)


def in_play(seats: int) -> Cards:
    """The cards dealt for this many seats, in deck order."""
    if seats == 2:
        return tuple(c for c in FULL_DECK if VALUE[c] < 9)
    if seats == 3:
        return tuple(c for c in FULL_DECK if VALUE[c] < 13)
    return FULL_DECK


# --- words ----------------------------------------------------------------------------------

def colour_words(colour: str) -> str:
    """'a' -> '⚓ Anchors'."""
    return f"{COLOUR_SYMBOLS[colour]} {COLOUR_NAMES[colour]}"


def name(card: str) -> str:
    """Short: '7 ⚓', '⚓ Sailor', '⚓ Ship'."""
    symbol = COLOUR_SYMBOLS[COLOUR_OF[card]]
    if card in SAILORS:
        return f"{symbol} Sailor"
    if card in SHIPS:
        return f"{symbol} Ship"
    return f"{VALUE[card]} {symbol}"


def long_name(card: str) -> str:
    """'7 ⚓ Anchors', 'the ⚓ Anchors Sailor (3)'."""
    if card in PICTURES:
        kind = "Sailor" if card in SAILORS else "Ship"
        return f"the {colour_words(COLOUR_OF[card])} {kind} ({VALUE[card]})"
    return f"{VALUE[card]} {colour_words(COLOUR_OF[card])}"


def _seat_words(seat: int) -> str:
    return f"seat {seat + 1}"


def action_words(action_text: str) -> str:
    """An action as a player reads it: 'play 7a' -> 'Play 7 ⚓ Anchors'."""
    a = _parse(action_text)
    if a is None:
        return action_text
    if a.kind == "pile":
        return "Make a pile of " + ", ".join(long_name(c) for c in a.target)
    if a.kind == "give":
        maker, receiver = a.target
        return f"Give {_seat_words(maker)}'s pile to {_seat_words(receiver)}"
    if a.kind == "penalty":
        return f"Make {colour_words(a.target)} the penalty colour"
    if a.kind == "partner":
        return "Pick " + " and ".join(_seat_words(p) for p in a.target) + " as partner" + (
            "s" if len(a.target) > 1 else "")
    if a.kind == "play":
        return "Play " + long_name(a.named_card)
    return "Deal the next hand"


# --- actions --------------------------------------------------------------------------------

DEAL = Action("deal", "deal next hand")
_PLAY = {c: Action("play", f"play {c}", c) for c in FULL_DECK}
_PENALTY = {c: Action("penalty", f"penalty {COLOUR_NAMES[c].lower()}", None, c) for c in COLOURS}
_GIVE = {(m, r): Action("give", f"give pile of seat {m + 1} to seat {r + 1}", None, (m, r))
         for m in range(SEATS[1]) for r in range(SEATS[1])}
_PARTNER: dict[tuple[int, ...], Action] = {
    (p,): Action("partner", f"partner seat {p + 1}", None, (p,)) for p in range(SEATS[1])}
_PARTNER.update({(p, q): Action("partner", f"partners seats {p + 1} and {q + 1}", None, (p, q))
                 for p, q in combinations(range(SEATS[1]), 2)})
_BY_TEXT = {a.text: a for a in [DEAL, *_PLAY.values(), *_PENALTY.values(), *_GIVE.values(),
                                *_PARTNER.values()]}
_ORDER = {c: i for i, c in enumerate(FULL_DECK)}


def pile_action(cards: Iterable[str]) -> Action:
    """The action that makes a pile of `cards` (in any order)."""
    pile = tuple(sorted(cards, key=_ORDER.__getitem__))
    return Action("pile", "pile " + " ".join(pile), None, pile)


def _parse(text: str) -> Action | None:
    if text.startswith("pile "):
        cards = text[5:].split(" ")
        if len(cards) == PILE_SIZE and all(c in _ORDER for c in cards) and len(set(cards)) == 3:
            return pile_action(cards)
        return None
    return _BY_TEXT.get(text)


# --- state ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class HandSummary:
    """A finished hand, for the table to show before the next one."""

    hand: int
    dealer: int
    penalty: str
    teams: Teams          # tuples of seats; with individuals one seat each
    taken: tuple[Cards, ...]  # per seat: the scoring cards won (penalty numbers, Sailors, Ships)
    team_points: tuple[int, ...]  # per team, in `teams` order
    all_sailors: int | None   # the team index that won all four Sailors, if any
    gained: tuple[int, ...]   # per seat
    scores: tuple[int, ...]   # totals after the hand


class State:
    """A Ships and Sailors game. Treat as immutable: `apply` returns a new one."""

    __slots__ = ("seats", "options", "seed", "rng", "dealer", "hand_no", "scores", "phase",
                 "hands", "piles", "pile_to", "kitty", "out", "penalty", "picks", "teams",
                 "leader", "trick", "tricks", "won", "tie_break", "last_hand", "log", "revealed")
    seats: int
    options: dict[str, Any]
    seed: int
    rng: int
    dealer: int
    hand_no: int
    scores: tuple[int, ...]
    phase: str
    hands: tuple[tuple[str, ...], ...]
    piles: tuple[Any, ...]
    pile_to: tuple[Any, ...]
    kitty: tuple[str, ...]
    out: tuple[str, ...]
    penalty: Any
    picks: tuple[Any, ...]
    teams: Any
    leader: int
    trick: tuple[Any, ...]
    tricks: tuple[Any, ...]
    won: tuple[Any, ...]
    tie_break: bool
    last_hand: Any
    log: tuple[str, ...]
    revealed: int

    def __init__(self, **fields: Any) -> None:
        for k in State.__slots__:
            setattr(self, k, fields[k])

    def copy(self) -> State:
        return State(**{k: getattr(self, k) for k in State.__slots__})

    @property
    def to_act(self) -> int | None:
        if self.phase == PILES:
            return next(p for p in _from_left(self) if self.piles[p] is None)
        if self.phase in (ASSIGN, PENALTY):
            return self.dealer
        if self.phase == PARTNERS:
            return _picker(self)
        if self.phase == PLAY:
            return (self.leader + len(self.trick)) % self.seats
        if self.phase == HAND_OVER:
            return (self.dealer + 1) % self.seats
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, k) == getattr(other, k) for k in State.__slots__)

    def __repr__(self) -> str:
        return (f"<ShipsAndSailors hand {self.hand_no} {self.phase} to_act={self.to_act} "
                f"scores={self.scores}>")


def _from_left(s: State) -> list[int]:
    return [(s.dealer + 1 + i) % s.seats for i in range(s.seats)]


def _set(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return items[:i] + (value,) + items[i + 1:]


def _without(cards: Cards, gone: Iterable[str]) -> Cards:
    out = set(gone)
    return tuple(c for c in cards if c not in out)


def _say(s: State, *lines: str) -> None:
    s.log = s.log + lines


def teams_on(s: State | View) -> bool:
    return s.seats >= 3 and s.options["partners"] == "teams"


# --- teams ----------------------------------------------------------------------------------

def _right_picker(n: int, dealer: int, taken: tuple[int, ...]) -> int:
    """The nearest seat to the dealer's right that has no partner yet."""
    return next((dealer - k) % n for k in range(1, n) if (dealer - k) % n not in taken)


def _teams_from(n: int, dealer: int, picks: Picks) -> Teams | None:
    """The teams once `picks` ((picker, partners), ...) are complete, else None."""
    if not picks:
        return None
    first = (dealer, *picks[0][1])
    rest = [p for p in range(n) if p not in first]
    if n in (3, 4) or len(first) == 3:
        return (tuple(sorted(first)), tuple(rest)) if rest else (tuple(sorted(first)),)
    if len(picks) < 2:
        return None
    picker, (mate,) = picks[1]
    second = tuple(sorted((picker, mate)))
    last = tuple(p for p in rest if p not in second)
    return (tuple(sorted(first)), second, last)


def _picker(s: State) -> int | None:
    if s.phase != PARTNERS:
        return None
    if not s.picks:
        return s.dealer
    return _right_picker(s.seats, s.dealer, (s.dealer, *s.picks[0][1]))


def _pick_options(n: int, dealer: int, picks: Picks) -> list[tuple[int, ...]]:
    """Every partner pick open to the picker now, as tuples of seats."""
    if not picks:
        others = [p for p in range(n) if p != dealer]
        out: list[tuple[int, ...]] = [(p,) for p in others]
        if n == 6:
            out += list(combinations(others, 2))
        return out
    first = (dealer, *picks[0][1])
    picker = _right_picker(n, dealer, first)
    return [(p,) for p in range(n) if p not in first and p != picker]


def _all_teams(n: int, dealer: int, picks: Picks) -> list[Teams]:
    """Every set of teams the picks so far can still lead to."""
    done = _teams_from(n, dealer, picks)
    if done is not None:
        return [done]
    out: list[Teams] = []
    for option in _pick_options(n, dealer, picks):
        picker = dealer if not picks else _right_picker(n, dealer, (dealer, *picks[0][1]))
        out += _all_teams(n, dealer, picks + ((picker, option),))
    return out


def _clash(teams: Teams, tied: tuple[int, ...]) -> int:
    """Pairs of tied players on the same team."""
    return sum(k * (k - 1) // 2 for k in (sum(p in tied for p in t) for t in teams))


def tied_lowest(scores: Sequence[int]) -> tuple[int, ...]:
    low = min(scores)
    return tuple(p for p, x in enumerate(scores) if x == low)


def _legal_picks(s: State) -> list[tuple[int, ...]]:
    options = _pick_options(s.seats, s.dealer, s.picks)
    if not s.tie_break:
        return options
    tied = tied_lowest(s.scores)
    picker = _picker(s)
    assert picker is not None, "partners are picked only while someone has a pick to make"

    def best(option: tuple[int, ...]) -> int:
        return min(_clash(t, tied) for t in _all_teams(s.seats, s.dealer,
                                                       s.picks + ((picker, option),)))
    scored = [(best(o), o) for o in options]
    low = min(x for x, _ in scored)
    return [o for x, o in scored if x == low]


# --- the deal -------------------------------------------------------------------------------

def _deal(s: State, order: Cards) -> None:
    """Deal a hand from `order` (all 60 cards, top first) and start the piles."""
    n = s.seats
    used = set(in_play(n))
    dealt = [c for c in order if c in used]
    left = tuple(c for c in order if c not in used)
    hands: list[list[str]] = [[] for _ in range(n)]
    for i, c in enumerate(dealt):
        hands[(s.dealer + 1 + i) % n].append(c)
    s.hands = tuple(tuple(h) for h in hands)
    kitty = n == 2 and s.options["kitty"] == "on"
    s.kitty, s.out = (left, ()) if kitty else ((), left)
    s.piles, s.pile_to = (None,) * n, (None,) * n
    s.penalty, s.picks, s.teams = None, (), None
    s.trick, s.tricks, s.won = (), (), ((),) * n
    s.leader = (s.dealer + 1) % n
    s.phase = PILES
    s.revealed += len(dealt)
    _say(s, f"Hand {s.hand_no}: {{p{s.dealer}}} deals {len(dealt) // n} cards each."
            + (" Tied for lowest: this hand decides the game." if s.tie_break else ""))


def new_game(seats: int = 4, seed: int = 0, options: dict[str, Any] | None = None,
             deck: Iterable[str] | None = None) -> State:
    if not isinstance(seats, int) or isinstance(seats, bool) or not SEATS[0] <= seats <= SEATS[1]:
        raise ValueError(f"Ships and Sailors is for {SEATS[0]} to {SEATS[1]} players")
    chosen = resolve_options(OPTIONS, options)
    rng_state = rng.seed_state(seed)
    if deck is None:
        order, rng_state = rng.shuffled(FULL_DECK, rng_state)
    else:
        order = check_deck(deck, FULL_DECK)
    s = State(seats=seats, options=chosen, seed=seed, rng=rng_state, dealer=0, hand_no=1,
              scores=(0,) * seats, phase=PILES, hands=(), piles=(), pile_to=(), kitty=(), out=(),
              penalty=None, picks=(), teams=None, leader=0, trick=(), tricks=(), won=(),
              tie_break=False, last_hand=None, log=(), revealed=0)
    _deal(s, order)
    return s


# --- legal actions --------------------------------------------------------------------------

def pile_choices(hand: Iterable[str]) -> list[Cards]:
    """Every legal pile from `hand`, as tuples of cards in deck order."""
    others = sorted((c for c in hand if c not in PICTURES), key=_ORDER.__getitem__)
    if len(others) >= PILE_SIZE:
        return list(combinations(others, PILE_SIZE))
    pictures = sorted((c for c in hand if c in PICTURES), key=_ORDER.__getitem__)
    return [tuple(sorted((*others, *extra), key=_ORDER.__getitem__))
            for extra in combinations(pictures, PILE_SIZE - len(others))]


def playable(hand: Iterable[str], trick: Trick) -> Cards:
    """The cards of `hand` that may go on `trick` (((seat, card), ...), led card first)."""
    if not trick:
        return tuple(hand)
    led = COLOUR_OF[trick[0][1]]
    follow = tuple(c for c in hand if COLOUR_OF[c] == led)
    return follow or tuple(hand)


def trick_winner(trick: Trick) -> int:
    """The seat whose card is the highest of the led colour."""
    led = COLOUR_OF[trick[0][1]]
    return max((VALUE[c], p) for p, c in trick if COLOUR_OF[c] == led)[1]


def legal_actions(state: State) -> list[Action]:
    s = state
    me = s.to_act
    if s.phase == PILES:
        assert me is not None, "while piles are made some seat has yet to make one"
        return [pile_action(p) for p in pile_choices(s.hands[me])]
    if s.phase == ASSIGN:
        makers = [m for m in range(s.seats) if s.pile_to[m] is None]
        free = [r for r in range(s.seats) if r not in s.pile_to]
        return [_GIVE[m, r] for m in makers for r in free]
    if s.phase == PENALTY:
        return [_PENALTY[c] for c in COLOURS]
    if s.phase == PARTNERS:
        return [_PARTNER[o] for o in _legal_picks(s)]
    if s.phase == PLAY:
        assert me is not None, "in the play it is always someone's turn"
        return [_PLAY[c] for c in playable(s.hands[me], s.trick)]
    if s.phase == HAND_OVER:
        return [DEAL]
    return []


_WRONG_PHASE = {
    PILES: "Each player first puts three cards face down as a pile.",
    ASSIGN: "The dealer is giving out the piles.",
    PENALTY: "The dealer is choosing the penalty colour.",
    PARTNERS: "Partners are being picked.",
    PLAY: "Tricks are being played: play a card.",
    HAND_OVER: "The hand is over: deal the next hand.",
}
_PHASE_OF = {"pile": PILES, "give": ASSIGN, "penalty": PENALTY, "partner": PARTNERS,
             "play": PLAY, "deal": HAND_OVER}


def _why_illegal(s: State, text: str) -> str | None:
    a = _parse(text) if isinstance(text, str) else None
    if a is None:
        return f"{text!r} is not a Ships and Sailors action"
    if s.phase == OVER:
        return "The game is over."
    if _PHASE_OF[a.kind] != s.phase:
        return _WRONG_PHASE[s.phase]
    me = s.to_act
    assert me is not None, "every phase but the last has a seat to act"
    hand = s.hands[me]
    if a.kind == "pile":
        missing = [c for c in a.target if c not in hand]
        if missing:
            return f"The {name(missing[0])} is not in your hand."
        if a.target not in pile_choices(hand):
            if len([c for c in hand if c not in PICTURES]) >= PILE_SIZE:
                return "Ships and Sailors can't go into a pile."
            return "Your pile must hold every card you have other than Ships and Sailors."
        return None
    if a.kind == "give":
        maker, receiver = a.target
        if max(maker, receiver) >= s.seats:
            return "There is no such seat at this table."
        if s.pile_to[maker] is not None:
            return f"{{p{maker}}}'s pile has already been given out."
        if receiver in s.pile_to:
            return f"{{p{receiver}}} already has a pile."
        return None
    if a.kind == "partner":
        if a.target not in _pick_options(s.seats, s.dealer, s.picks) or max(a.target) >= s.seats:
            return "You can't pick that partner."
        if a.target not in _legal_picks(s):
            return "In the deciding hand the players tied for lowest must be kept apart."
        return None
    if a.kind == "play":
        if a.card not in hand:
            if a.card not in in_play(s.seats):
                return f"The {name(a.named_card)} is not used with {s.seats} players."
            return f"The {name(a.named_card)} is not in your hand."
        if a.card not in playable(hand, s.trick):
            return f"You must follow {colour_words(COLOUR_OF[s.trick[0][1]])}."
    return None


def why_illegal(state: State, action: Action | str) -> str | None:
    """Why `action` is refused now, in words with {pN} names, or None if it is legal."""
    text = action.text if isinstance(action, Action) else action
    return _why_illegal(state, text)


# --- apply ----------------------------------------------------------------------------------

def apply(state: State, action: Action | str) -> State:
    """The state after `action` (an Action or its text); raises IllegalAction if not allowed."""
    text = action.text if isinstance(action, Action) else action
    why = _why_illegal(state, text)
    if why is not None:
        raise IllegalAction(why)
    a = _parse(text)
    assert a is not None, "_why_illegal accepted the text, so it parses"
    s = state.copy()
    me = state.to_act
    assert me is not None, "a legal action always has a seat to make it"
    if a.kind == "pile":
        s.piles = _set(s.piles, me, a.target)
        s.hands = _set(s.hands, me, _without(s.hands[me], a.target))
        _say(s, f"{{p{me}}} puts three cards face down as a pile.")
        if all(p is not None for p in s.piles):
            _piles_made(s)
    elif a.kind == "give":
        _give(s, *a.target)
        free = [m for m in range(s.seats) if s.pile_to[m] is None]
        if len(free) == 1:
            _give(s, free[0], next(r for r in range(s.seats) if r not in s.pile_to))
        if None not in s.pile_to:
            _take_piles(s)
    elif a.kind == "penalty":
        s.penalty = a.target
        _say(s, f"{{p{me}}} declares {colour_words(a.target)} the penalty colour.")
        _start_partners(s)
    elif a.kind == "partner":
        s.picks = s.picks + ((me, a.target),)
        names = " and ".join(f"{{p{p}}}" for p in a.target)
        _say(s, f"{{p{me}}} picks {names} as partner{'s' if len(a.target) > 1 else ''}.")
        teams = _teams_from(s.seats, s.dealer, s.picks)
        if teams is not None:
            s.teams = teams
            _say(s, "Teams: " + "; ".join(" and ".join(f"{{p{p}}}" for p in t) for t in teams)
                 + ".")
            _start_play(s)
    elif a.kind == "play":
        _play(s, me, a.named_card)
    else:
        s.dealer, s.hand_no = me, state.hand_no + 1
        order, s.rng = rng.shuffled(FULL_DECK, state.rng)
        _deal(s, order)
    return s


def _piles_made(s: State) -> None:
    if s.seats > 2:
        s.phase = ASSIGN
        _say(s, f"{{p{s.dealer}}} gives out the piles.")
        return
    if s.options["kitty"] == "on":
        s.out = s.out + s.piles[0] + s.piles[1]
        hands = list(s.hands)
        for i, p in enumerate(_from_left(s)):
            hands[p] = hands[p] + s.kitty[PILE_SIZE * i:PILE_SIZE * (i + 1)]
        s.hands, s.kitty = tuple(hands), s.kitty[PILE_SIZE * 2:]
        s.revealed += 2 * PILE_SIZE
        _say(s, "The piles leave play unseen; each player draws three cards from the kitty.")
    else:
        s.pile_to = (1, 0)
        _take_piles(s)
        _say(s, "The players swap piles.")
    s.phase = PENALTY


def _give(s: State, maker: int, receiver: int) -> None:
    s.pile_to = _set(s.pile_to, maker, receiver)
    whose = "their own pile" if maker == receiver else f"{{p{maker}}}'s pile"
    _say(s, f"{{p{receiver}}} gets {whose}.")


def _take_piles(s: State) -> None:
    hands = list(s.hands)
    for maker, receiver in enumerate(s.pile_to):
        hands[receiver] = hands[receiver] + s.piles[maker]
    s.hands = tuple(hands)
    s.revealed += sum(maker != r for maker, r in enumerate(s.pile_to)) * PILE_SIZE
    s.phase = PENALTY


def _start_partners(s: State) -> None:
    if teams_on(s):
        s.phase = PARTNERS
    else:
        s.teams = tuple((p,) for p in range(s.seats))
        _start_play(s)


def _start_play(s: State) -> None:
    s.phase, s.leader, s.trick = PLAY, (s.dealer + 1) % s.seats, ()
    _say(s, f"{{p{s.leader}}} leads the first trick.")


def _play(s: State, me: int, card: str) -> None:
    s.hands = _set(s.hands, me, _without(s.hands[me], (card,)))
    s.trick = s.trick + ((me, card),)
    _say(s, f"{{p{me}}} plays the {name(card)}.")
    if len(s.trick) < s.seats:
        return
    winner = trick_winner(s.trick)
    cards = tuple(c for _, c in s.trick)
    s.won = _set(s.won, winner, s.won[winner] + cards)
    s.tricks = s.tricks + (s.trick,)
    best = next(c for p, c in s.trick if p == winner)
    scoring = [name(c) for c in cards if _scores(c, s.penalty)]
    _say(s, f"{{p{winner}}} wins the trick with the {name(best)}"
         + (f", taking {', '.join(scoring)}" if scoring else "") + ".")
    s.trick, s.leader = (), winner
    if not any(s.hands):
        _end_hand(s)


def _scores(card: str, penalty: str) -> bool:
    return card in PICTURES or COLOUR_OF[card] == penalty


def _signed(points: int) -> str:
    """+3 or −3, with a real minus sign, as a person reads a gain or a loss."""
    return f"{points:+d}".replace("-", "\u2212")


def card_points(card: str, penalty: str) -> int:
    """What a won card scores on its own (Sailors before the all-four rule)."""
    if card in SAILORS:
        return PENALTY_SAILOR_POINTS if COLOUR_OF[card] == penalty else SAILOR_POINTS
    if card in SHIPS:
        return SHIP_POINTS
    return 1 if COLOUR_OF[card] == penalty else 0


def side_points(cards: Sequence[str], penalty: str) -> int:
    """The points of one side's won cards, with the all-four-Sailors rule."""
    total = sum(card_points(c, penalty) for c in cards)
    sailors = [c for c in cards if c in SAILORS]
    if len(sailors) == len(SAILORS):
        total += ALL_SAILORS_POINTS - sum(card_points(c, penalty) for c in sailors)
    return total


def running_points(s: State | View) -> tuple[int, ...]:
    """Per seat: the points its side has won so far this hand (a state or a view)."""
    teams = s.teams or tuple((p,) for p in range(s.seats))
    out = [0] * s.seats
    for t in teams:
        pts = side_points([c for p in t for c in s.won[p]], s.penalty) if s.penalty else 0
        for p in t:
            out[p] = pts
    return tuple(out)


def _end_hand(s: State) -> None:
    teams = s.teams
    team_points = tuple(side_points([c for p in t for c in s.won[p]], s.penalty) for t in teams)
    all_sailors = next((i for i, t in enumerate(teams)
                        if SAILORS <= {c for p in t for c in s.won[p]}), None)
    gained = [0] * s.seats
    for t, pts in zip(teams, team_points):
        for p in t:
            gained[p] = pts
    s.scores = tuple(x + g for x, g in zip(s.scores, gained))
    taken = tuple(tuple(c for c in s.won[p] if _scores(c, s.penalty)) for p in range(s.seats))
    s.last_hand = HandSummary(s.hand_no, s.dealer, s.penalty, teams, taken, team_points,
                              all_sailors, tuple(gained), s.scores)
    if all_sailors is not None:
        _say(s, " and ".join(f"{{p{p}}}" for p in teams[all_sailors])
             + " won all four Sailors: \u221250 for them.")
    _say(s, "Hand over: " + ", ".join(f"{{p{p}}} {_signed(g)}" for p, g in enumerate(gained)) + ".")
    lows = tied_lowest(s.scores)
    high, low = LIMITS[s.options["target"]]
    finished = s.tie_break or max(s.scores) >= high or min(s.scores) <= low
    if finished and len(lows) == 1:
        s.phase = OVER
        _say(s, f"{{p{lows[0]}}} wins the game with {s.scores[lows[0]]} points.")
    else:
        s.phase = HAND_OVER
        if finished:
            s.tie_break = True
            _say(s, " and ".join(f"{{p{p}}}" for p in lows) + f" are tied for lowest at "
                 f"{min(s.scores)}: one more hand.")


def is_over(state: State) -> bool:
    return state.phase == OVER


def winners_of(state: State) -> tuple[int, ...]:
    return tied_lowest(state.scores) if state.phase == OVER else ()


def result(state: State) -> Result:
    if not is_over(state):
        raise ValueError("the game is not over yet")
    (won,) = tied_lowest(state.scores)
    summary = f"{{p{won}}} wins with {state.scores[won]} points after {state.hand_no} hands."
    return Result(state.scores, (won,), summary, {"hands": state.hand_no})


def revealed(state: State) -> int:
    """Hidden cards seen so far: dealt, drawn from the kitty, piles passed on."""
    return state.revealed


# --- views ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class View:
    """What one seat sees. Pile cards show only to their maker and receiver; the kitty, the
    set-aside cards and other hands are counts."""

    seat: int
    seats: int
    phase: str
    to_act: int | None
    dealer: int
    hand_no: int
    scores: tuple[int, ...]
    options: dict[str, Any]
    hand: Cards
    hand_counts: tuple[int, ...]
    piles: tuple[Cards | None, ...]  # per maker: the cards if this seat made or received it
    pile_made: tuple[bool, ...]  # per seat: has made a pile
    pile_to: tuple[int | None, ...]  # per maker: the receiving seat, once given (public)
    kitty_count: int
    out_count: int
    penalty: str | None
    teams_on: bool
    picks: Picks
    teams: Teams | None
    leader: int
    trick: Trick          # ((seat, card), ...) this trick so far
    tricks: tuple[Trick, ...]  # finished tricks this hand, oldest first
    won: tuple[Cards, ...]  # per seat: cards won this hand (public)
    running: tuple[int, ...]  # per seat: their side's points so far this hand
    tie_break: bool
    last_hand: HandSummary | None
    log: tuple[str, ...]
    winners: tuple[int, ...]

    def team_of(self, seat: int) -> tuple[int, ...] | None:
        return next((t for t in self.teams or () if seat in t), None)


def view(state: State, seat: int) -> View:
    s = state
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.seats:
        raise ValueError(f"there is no seat {seat} at this table")
    piles = tuple(p if p is not None and seat in (maker, s.pile_to[maker]) else None
                  for maker, p in enumerate(s.piles))
    return View(seat, s.seats, s.phase, s.to_act, s.dealer, s.hand_no, s.scores,
                dict(s.options), s.hands[seat], tuple(map(len, s.hands)), piles,
                tuple(p is not None for p in s.piles), s.pile_to, len(s.kitty), len(s.out),
                s.penalty, teams_on(s), s.picks, s.teams, s.leader, s.trick, s.tricks, s.won,
                running_points(s), s.tie_break, s.last_hand, s.log, winners_of(s))


# --- saving ---------------------------------------------------------------------------------

def _summary_json(h: HandSummary | None) -> dict[str, Any] | None:
    if h is None:
        return None
    return {"hand": h.hand, "dealer": h.dealer, "penalty": h.penalty,
            "teams": [list(t) for t in h.teams], "taken": [list(t) for t in h.taken],
            "team_points": list(h.team_points), "all_sailors": h.all_sailors,
            "gained": list(h.gained), "scores": list(h.scores)}


def to_json(state: State) -> dict[str, Any]:
    s = state
    return {
        "game": GAME_ID, "version": JSON_VERSION, "seats": s.seats, "options": dict(s.options),
        "seed": s.seed, "rng": s.rng, "dealer": s.dealer, "hand_no": s.hand_no,
        "scores": list(s.scores), "phase": s.phase, "hands": [list(h) for h in s.hands],
        "piles": [None if p is None else list(p) for p in s.piles], "pile_to": list(s.pile_to),
        "kitty": list(s.kitty), "out": list(s.out), "penalty": s.penalty,
        "picks": [[picker, list(mates)] for picker, mates in s.picks],
        "teams": None if s.teams is None else [list(t) for t in s.teams], "leader": s.leader,
        "trick": [[p, c] for p, c in s.trick],
        "tricks": [[[p, c] for p, c in t] for t in s.tricks], "won": [list(w) for w in s.won],
        "tie_break": s.tie_break, "last_hand": _summary_json(s.last_hand), "log": list(s.log),
        "revealed": s.revealed,
    }


def _bad(what: str) -> ValueError:
    return ValueError(f"saved Ships and Sailors state has a bad {what}")


def _get(data: Any, key: str, kind: type[Any], optional: bool = False) -> Any:
    return expect("Ships and Sailors", data, key, kind, optional=optional)


def _int(data: Any, key: str, low: int | None = None, high: int | None = None,
         optional: bool = False) -> Any:
    value = _get(data, key, int, optional)
    if value is not None and ((low is not None and value < low)
                              or (high is not None and value > high)):
        raise _bad(repr(key))
    return value


def _cards(value: Any, what: str) -> Cards:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in _ORDER for c in value):
        raise _bad(what)
    return tuple(value)


def _seat(value: Any, n: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise _bad(what)
    return value


def _list(value: Any, n: int | None, what: str) -> list[Any]:
    if not isinstance(value, list) or (n is not None and len(value) != n):
        raise _bad(what)
    return value


def _ints(value: Any, n: int, what: str) -> tuple[int, ...]:
    if not all(type(x) is int for x in _list(value, n, what)):
        raise _bad(what)
    return tuple(value)


def _teams_json(value: Any, n: int, what: str) -> Teams:
    teams = tuple(tuple(_seat(p, n, what) for p in _list(t, None, what))
                  for t in _list(value, None, what))
    if sorted(p for t in teams for p in t) != list(range(n)) or not all(teams):
        raise _bad(what)
    return teams


def _trick_json(value: Any, n: int, what: str) -> Trick:
    out = []
    for pair in _list(value, None, what):
        if (not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[1], str)
                or pair[1] not in _ORDER):
            raise _bad(what)
        out.append((_seat(pair[0], n, what), pair[1]))
    return tuple(out)


def _summary_from_json(data: Any, n: int) -> HandSummary | None:
    if data is None:
        return None
    teams = _teams_json(_get(data, "teams", list), n, "hand summary")
    penalty = _get(data, "penalty", str)
    if penalty not in COLOURS:
        raise _bad("hand summary")
    all_sailors = _int(data, "all_sailors", 0, len(teams) - 1, optional=True)
    taken = _list(_get(data, "taken", list), n, "hand summary")
    return HandSummary(_int(data, "hand", 1), _int(data, "dealer", 0, n - 1), penalty, teams,
                       tuple(_cards(t, "hand summary") for t in taken),
                       _ints(_get(data, "team_points", list), len(teams), "hand summary"),
                       all_sailors, _ints(_get(data, "gained", list), n, "hand summary"),
                       _ints(_get(data, "scores", list), n, "hand summary"))


def from_json(data: Any) -> State:
    """Rebuild a state, checking every field so a bad file cannot produce a broken game."""
    check_json_header(data, GAME_ID, JSON_VERSION)
    n = _int(data, "seats", SEATS[0], SEATS[1])
    options = _get(data, "options", dict)
    try:
        options = resolve_options(OPTIONS, options)
    except ValueError:
        raise _bad("'options'") from None
    phase = _get(data, "phase", str)
    if phase not in PHASES:
        raise _bad("'phase'")
    hands = tuple(_cards(h, "hand") for h in _list(_get(data, "hands", list), n, "'hands'"))
    piles = tuple(None if p is None else _cards(p, "pile")
                  for p in _list(_get(data, "piles", list), n, "'piles'"))
    if any(p is not None and len(p) != PILE_SIZE for p in piles):
        raise _bad("pile")
    pile_to = tuple(None if r is None else _seat(r, n, "'pile_to'")
                    for r in _list(_get(data, "pile_to", list), n, "'pile_to'"))
    given = [r for r in pile_to if r is not None]
    if len(set(given)) != len(given):
        raise _bad("'pile_to'")
    penalty = _get(data, "penalty", str, optional=True)
    if penalty is not None and penalty not in COLOURS:
        raise _bad("'penalty'")
    picks = []
    for pick in _list(_get(data, "picks", list), None, "'picks'"):
        if not isinstance(pick, list) or len(pick) != 2:
            raise _bad("'picks'")
        mates = tuple(_seat(p, n, "'picks'") for p in _list(pick[1], None, "'picks'"))
        picks.append((_seat(pick[0], n, "'picks'"), mates))
    teams = _get(data, "teams", list, optional=True)
    teams = None if teams is None else _teams_json(teams, n, "'teams'")
    trick = _trick_json(_get(data, "trick", list), n, "'trick'")
    tricks = tuple(_trick_json(t, n, "'tricks'") for t in _get(data, "tricks", list))
    won = tuple(_cards(w, "won pile") for w in _list(_get(data, "won", list), n, "'won'"))
    kitty, out = _cards(_get(data, "kitty", list), "'kitty'"), _cards(_get(data, "out", list),
                                                                      "'out'")
    log = tuple(_get(data, "log", list))
    if not all(isinstance(line, str) for line in log):
        raise _bad("'log'")
    s = State(seats=n, options=options, seed=_int(data, "seed", 0), rng=_int(data, "rng", 0,
                                                                            rng.MASK),
              dealer=_int(data, "dealer", 0, n - 1), hand_no=_int(data, "hand_no", 1),
              scores=_ints(_get(data, "scores", list), n, "'scores'"), phase=phase, hands=hands,
              piles=piles, pile_to=pile_to, kitty=kitty, out=out, penalty=penalty,
              picks=tuple(picks), teams=teams, leader=_int(data, "leader", 0, n - 1),
              trick=trick, tricks=tricks, won=won, tie_break=_get(data, "tie_break", bool),
              last_hand=_summary_from_json(_get(data, "last_hand", dict, optional=True), n),
              log=log, revealed=_int(data, "revealed", 0))
    rng.seed_state(s.seed)
    _check(s)
    return s


def cards_held(state: State) -> Cards:
    """Every card where it is now: hands, piles not yet taken, kitty, out, won, the trick."""
    s = state
    piles = [c for p in s.piles if p for c in p] if s.phase in (PILES, ASSIGN) else []
    return (sum(s.hands, ()) + tuple(piles) + s.kitty + s.out + sum(s.won, ())
            + tuple(c for _, c in s.trick))


def _check(s: State) -> None:
    """Every card once, and the piles, teams and tricks agree with the phase."""
    try:
        check_deck(cards_held(s), FULL_DECK)
    except ValueError as exc:
        raise _bad(f"set of cards ({exc})") from None
    if sorted(c for t in s.tricks for _, c in t) != sorted(c for w in s.won for c in w):
        raise _bad("'tricks': they do not match the won piles")
    before_play = s.phase in (PILES, ASSIGN, PENALTY, PARTNERS)
    if (s.phase == PILES) != (None in s.piles):
        raise _bad("'piles': they do not fit the phase")
    if s.phase in (PILES, ASSIGN) and s.seats > 2 and None not in s.pile_to:
        raise _bad("'pile_to': they do not fit the phase")
    if (s.penalty is None) != (s.phase in (PILES, ASSIGN, PENALTY)):
        raise _bad("'penalty': it does not fit the phase")
    if (s.teams is None) != before_play:
        raise _bad("'teams': they do not fit the phase")
    if s.phase == PARTNERS and (not teams_on(s) or _picker(s) is None):
        raise _bad("'picks'")
    if s.phase == PLAY:
        sizes = {len(h) + any(p == q for q, _ in s.trick) for p, h in enumerate(s.hands)}
        if len(sizes) != 1 or [p for p, _ in s.trick] != [
                (s.leader + i) % s.seats for i in range(len(s.trick))]:
            raise _bad("'trick'")
    elif s.trick:
        raise _bad("'trick'")
    if s.phase in (HAND_OVER, OVER) and (s.last_hand is None or any(s.hands)):
        raise _bad("'last_hand'")
    if s.phase == OVER and len(tied_lowest(s.scores)) != 1:
        raise _bad("'scores': they do not fit the phase")
