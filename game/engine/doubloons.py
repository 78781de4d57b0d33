"""Doubloons: hire pirates, play action cards and be first to seven doubloons (2-6 players).

Rulings (shared/RULINGS.md) decide every ambiguity. The card texts are Deckhand's reconstruction,
kept as data in `doubloons_cards.json` (see `doubloons_cards`): every effect below is run step by
step from that file, so this module names no card.

Codes: an action card is `<kind>#<copy>` ("pillage#3"); a pirate is its id ("anne_bonny").
Seats are numbered from 0 in code and from 1 in action texts.

Set-up: the first seat is dealt 3 cards, the next 4, and so on; five pirates lie face up. A turn
starts by drawing a card (automatically). Then, in any order: play up to 3 action cards
(`play <kind>[ on seat N| on <pirate>| swapping <mine> for <theirs>| repeating <kind>]
[ discarding <kind>]`), use each pirate of the crew once (`use <pirate>...`), hire a face-up pirate
(`hire <pirate>[ dismissing <pirate>]`), and `end turn`. At least 7 doubloons at the end of your
own turn wins.

Heave To! (the RULINGS' pending model): every play and pirate use first becomes pending, and
`to_act` walks the other seats in seat order, each answering `let it pass` or `heave to`. A Heave
To! is itself pending and asks every seat but its player again (the player whose turn it is only
when their play stands cancelled). When everyone lets the top of the chain pass, the chain
resolves at once: an odd number of Heave To!s cancels the play. A cancelled card still counts as
played; a cancelled pirate is used. Effects that end in a choice (look at a hand, draw and give,
spyglass, pick a pirate, use a copied pirate, re-play a card) leave `phase` "choose" with the
options as actions.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence, Sized
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any, TypedDict

from . import doubloons_cards, rng
from .cards import check_deck
from .contract import Action, IllegalAction, Option, Result, check_json_header, expect, resolve_options
from .doubloons_cards import STEPS, CardKind, Step, kind_of
from .games import INFO

GAME_ID = "doubloons"
TITLE, BLURB = INFO[GAME_ID]
SEATS = (2, 6)
UNDO = False
JSON_VERSION = 1
OPTIONS = (
    Option("ask_humans", "Ask about Heave To!",
           (("every", "Every play"), ("targeted", "Plays at them or that could win"),
            ("never", "Never")),
           "every", "When a human seat is asked whether to cancel a play. Computers always decide."),
)

CARDS = doubloons_cards.load()
ACTIONS, PIRATES, HEAVE = CARDS.actions, CARDS.pirates, CARDS.heave_to
ACTION_DECK = CARDS.deck
FIRST_HAND = 3
ROW_SIZE = 5
CREW_SIZE = 2
PLAYS_PER_TURN = 3
WIN = 7
LONGEST_ACTION = 200  # longer texts are no move at all (the longest legal one is far shorter)
MAX_TURNS = 200     # a safety net (see the rules screen): the richest player wins after this many

PLAY, REACT, CHOOSE, OVER = "play", "react", "choose", "over"
PHASES = (PLAY, REACT, CHOOSE, OVER)
REPLAYS = ("replay_last", "replay_played")

END_TURN = Action("end", "end turn")
LET_PASS = Action("pass", "let it pass")
HEAVE_TO = Action("heave", "heave to")


# What a play is aimed at: a seat, a pirate id or action kind, [mine, theirs] for a swap, or nothing.
# A view that came over the network holds the swap's pair as a tuple (the codec sends lists so).
Target = int | str | list[str] | tuple[str, ...] | None
Play = tuple[Target, tuple[str, ...]]   # a variant of a card or pirate: (target, kinds discarded)
Shield = tuple[int, str, str | None]    # (seat, "doubloons" or "cards", the pirate giving it or None)


class ChainEntry(TypedDict):
    """A play or Heave To! waiting in the chain, as the state keeps (and saves) it."""

    seat: int
    card: str | None      # the action card's code, None for a pirate use
    source: str           # action kind or pirate id
    target: Target
    discards: list[str]   # the cards set aside, discarded when the play resolves


class OpenChoice(TypedDict):
    """A card's follow-up choice waiting for `seat`, as the state keeps (and saves) it."""

    seat: int
    kind: str             # take, give, spy, pirate, effect
    cards: list[str]
    pirates: list[str]
    card: str | None      # effect: the card or pirate whose effect is being used
    origin: str | None    # effect: the pirate using it (None for an action card)
    target: int | None    # take: whose hand


def name_of(thing: str) -> str:
    """A card code, kind or pirate id as a player reads it."""
    kind = kind_of(thing)
    card = ACTIONS.get(kind) or PIRATES.get(kind)
    return card.name if card else thing


@dataclass(slots=True, eq=False, repr=False, kw_only=True)
class State:
    """A Doubloons game. Treat as immutable: `apply` returns a new one."""

    seats: int
    options: dict[str, Any]
    seed: int
    rng: int
    deck: list[str]
    discard: list[str]
    hands: list[list[str]]
    purses: list[int]
    crews: list[list[str]]          # pirate ids per seat
    row: list[str | None]           # an empty slot is None
    pirate_deck: list[str]
    pirate_discard: list[str]
    disabled: dict[str, int]        # pirate id -> the seat that disabled it
    turn: int
    turn_no: int
    plays: int
    used: list[str]
    discounts: dict[str, int]
    played: list[str]
    last_card: str | None
    shields: list[Shield]
    pending: list[ChainEntry]       # the play first, then each Heave To!
    queue: list[int]
    choice: OpenChoice | None
    phase: str
    winners: list[int]
    log: list[str]
    notes: list[list[str]]
    revealed: int

    def copy(self) -> State:
        """A copy whose containers may be changed without touching this one."""
        s = State.__new__(State)
        for k in State.__slots__:
            setattr(s, k, getattr(self, k))
        s.deck, s.discard = list(self.deck), list(self.discard)
        s.hands, s.purses = [list(h) for h in self.hands], list(self.purses)
        s.crews, s.row = [list(c) for c in self.crews], list(self.row)
        s.pirate_deck, s.pirate_discard = list(self.pirate_deck), list(self.pirate_discard)
        s.disabled, s.discounts = dict(self.disabled), dict(self.discounts)
        s.used, s.played = list(self.used), list(self.played)
        s.shields = list(self.shields)
        s.pending, s.queue = [p.copy() for p in self.pending], list(self.queue)
        s.choice = None if self.choice is None else self.choice.copy()
        s.winners, s.log = list(self.winners), list(self.log)
        s.notes = [list(n) for n in self.notes]
        return s

    @property
    def to_act(self) -> int | None:
        if self.phase == PLAY:
            return self.turn
        if self.phase == REACT:
            return self.queue[0]
        if self.phase == CHOOSE:
            assert self.choice is not None  # the phase is "choose" only while a choice waits
            return self.choice["seat"]
        return None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and to_json(self) == to_json(other)

    def __repr__(self) -> str:
        return f"<Doubloons turn {self.turn_no} {self.phase} to_act={self.to_act} purses={self.purses}>"


# --- small helpers ------------------------------------------------------------------------

def _say(s: State, line: str) -> None:
    s.log.append(line.replace("!.", "!"))   # "... Heave To!." reads "... Heave To!"


def _tell(s: State, seat: int, line: str) -> None:
    """A private note: only `seat`'s view shows it."""
    s.notes[seat].append(line.replace("!.", "!"))


def _p(seat: int) -> str:
    return f"{{p{seat}}}"


def _owner(s: State, pid: str) -> int | None:
    """The seat whose crew holds the pirate, or None."""
    for seat, crew in enumerate(s.crews):
        if pid in crew:
            return seat
    return None


def price(s: State, pid: str) -> int:
    """A pirate's hire cost for the player whose turn it is, Barter applied, never below 0."""
    cost = PIRATES[pid].cost
    assert cost is not None  # every pirate has a cost (only action cards have none)
    return max(0, cost - s.discounts.get(pid, 0))


def protected(s: State, seat: int, what: str) -> bool:
    """Whether `what` ("doubloons" or "cards") can't be stolen from `seat` right now."""
    for pid in s.crews[seat]:
        step = PIRATES[pid].step("protect")
        if step and step.what == what and pid not in s.disabled:
            return True
    for owner, kind, source in s.shields:
        if owner == seat and kind == what and (
                source is None or (source in s.crews[seat] and source not in s.disabled)):
            return True
    return False


def _guards(card: CardKind) -> set[str]:
    """What a target's protection must cover for this effect to do nothing to them."""
    out = set()
    for st in card.effect:
        if st.do in ("steal_doubloon", "toll"):
            out.add("doubloons")
        elif st.do in ("steal_card", "look_take_card"):
            out.add("cards")
    return out


def _refill(s: State) -> None:
    """An empty action deck is refilled by shuffling the discards."""
    if not s.deck and s.discard:
        shuffled, s.rng = rng.shuffled(s.discard, s.rng)
        s.deck, s.discard = list(shuffled), []
        _say(s, "The discards are shuffled into a new action deck.")


def _take_from_deck(s: State, n: int) -> list[str]:
    out = []
    for _ in range(n):
        _refill(s)
        if not s.deck:
            break
        out.append(s.deck.pop(0))
    s.revealed += len(out)
    return out


def _draw(s: State, seat: int, n: int) -> int:
    cards = _take_from_deck(s, n)
    s.hands[seat].extend(cards)
    if cards:
        _tell(s, seat, "You drew " + ", ".join(name_of(c) for c in cards) + ".")
    return len(cards)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _first_of(cards: Iterable[str], kind: str) -> str:
    return next(c for c in cards if kind_of(c) == kind)


# --- what a card or pirate could do: its variants -------------------------------------------

def _targets(s: State, seat: int, card: CardKind, copying: bool) -> Sequence[Target]:
    """Every target the effect could take (None when it takes none); [] if it can't be used."""
    kind = card.target
    others = [p for p in range(s.seats) if p != seat]
    if kind is None:
        if card.has("protect"):
            return [None] if copying else []      # a passive pirate is never used by its owner
        if card.has("take_top_pirate") or card.has("pick_pirate"):
            return [None] if s.pirate_deck else []
        if card.has("replay_last"):
            last = s.last_card
            return [None] if last and _can_replay(s, seat, last) else []
        if card.has("cancel"):
            return []
        return [None]
    if kind == "player":
        guards = _guards(card)
        return [p for p in others if not guards or not all(protected(s, p, g) for g in guards)]
    if kind == "player_with_crew":
        return [p for p in others if any(pid not in s.disabled for pid in s.crews[p])]
    if kind == "pirate_of_other":
        return [pid for p in others for pid in s.crews[p] if pid not in s.disabled]
    if kind == "pirate_in_crew":
        return [pid for crew in s.crews for pid in crew]
    if kind == "pirate_to_copy":
        out = []
        for p in others:
            for pid in s.crews[p]:
                target = PIRATES[pid]
                if (pid not in s.disabled and pid not in s.used and not _copies(target)
                        and _variants(s, seat, target, copying=True)):
                    out.append(pid)
        return out
    if kind == "kind_played":
        kinds = dict.fromkeys(kind_of(c) for c in s.played)
        return [k for k in kinds if _can_replay(s, seat, k)]
    if kind == "pirate_to_price":
        return [pid for pid in s.row if pid] + [pid for p in others for pid in s.crews[p]]
    if kind == "swap":
        theirs = [pid for pid in s.row if pid] + [pid for p in others for pid in s.crews[p]]
        return [[mine, t] for mine in s.crews[seat] for t in theirs if price(s, t) <= s.purses[seat]]
    raise AssertionError(kind)


def _copies(card: CardKind) -> bool:
    """A pirate that uses another pirate or re-plays a card can't itself be copied (no loops)."""
    return any(card.has(d) for d in (*REPLAYS, "copy_pirate"))


def _can_replay(s: State, seat: int, kind: str) -> bool:
    card = ACTIONS[kind]
    if kind == HEAVE or any(card.has(r) for r in REPLAYS):
        return False
    return bool(_variants(s, seat, card, copying=True))


def _variants(s: State, seat: int, card: CardKind, copying: bool = False,
              hand: Sequence[str] | None = None) -> list[Play]:
    """(target, discards) pairs the card or pirate could be played with."""
    hand = s.hands[seat] if hand is None else hand
    pay = sum(st.n for st in card.effect if st.do == "pay")
    if pay > s.purses[seat]:
        return []
    need = sum(st.n for st in card.effect if st.do == "discard")
    if need:
        kinds = sorted(kind_of(c) for c in hand)
        if len(kinds) < need:
            return []
        discard_sets: list[tuple[str, ...]] = list(dict.fromkeys(combinations(kinds, need)))
    else:
        discard_sets = [()]
    return [(t, d) for t in _targets(s, seat, card, copying) for d in discard_sets]


def _suffix(target: Target, discards: Sequence[str]) -> str:
    out = ""
    if isinstance(target, int):
        out = f" on seat {target + 1}"
    elif isinstance(target, list):
        out = f" swapping {target[0]} for {target[1]}"
    elif isinstance(target, str):
        out = f" repeating {target}" if target in ACTIONS else f" on {target}"
    if discards:
        out += " discarding " + " and ".join(discards)
    return out


def _action(kind: str, prefix: str, source: str, target: Target, discards: Sequence[str]) -> Action:
    return Action(kind, prefix + _suffix(target, discards), source, (target, tuple(discards)))


# --- legal actions -------------------------------------------------------------------------

def legal_actions(state: State) -> list[Action]:
    s = state
    if s.phase == PLAY:
        return _turn_actions(s)
    if s.phase == REACT:
        seat = s.queue[0]
        holds = any(kind_of(c) == HEAVE for c in s.hands[seat])
        return [LET_PASS, HEAVE_TO] if holds else [LET_PASS]
    if s.phase == CHOOSE:
        return _choice_actions(s)
    return []


def _turn_actions(s: State) -> list[Action]:
    me = s.turn
    out = []
    if s.plays < PLAYS_PER_TURN:
        for kind in dict.fromkeys(kind_of(c) for c in s.hands[me]):
            if kind == HEAVE:
                continue
            hand = list(s.hands[me])
            hand.remove(_first_of(hand, kind))
            for t, d in _variants(s, me, ACTIONS[kind], hand=hand):
                out.append(_action("play", f"play {kind}", kind, t, d))
    for pid in s.crews[me]:
        if pid not in s.disabled and pid not in s.used:
            for t, d in _variants(s, me, PIRATES[pid]):
                out.append(_action("use", f"use {pid}", pid, t, d))
    for offered in s.row:
        if offered and price(s, offered) <= s.purses[me]:
            if len(s.crews[me]) < CREW_SIZE:
                out.append(Action("hire", f"hire {offered}", offered, None))
            else:
                out += [Action("hire", f"hire {offered} dismissing {m}", offered, m)
                        for m in s.crews[me]]
    out.append(END_TURN)
    return out


def _choice_actions(s: State) -> list[Action]:
    c = s.choice
    assert c is not None  # asked only while a choice waits
    kind = c["kind"]
    if kind == "take":
        return [Action("choose", f"take {k}", k) for k in dict.fromkeys(map(kind_of, c["cards"]))]
    if kind == "give":
        kinds = dict.fromkeys(map(kind_of, c["cards"]))
        return [Action("choose", f"give {k} to seat {p + 1}", k, p)
                for k in kinds for p in range(s.seats) if p != c["seat"]]
    if kind == "spy":
        by_text: dict[str, Action] = {}
        cards = [kind_of(x) for x in c["cards"]]
        for i, keep in enumerate(cards):
            rest = cards[:i] + cards[i + 1:]
            for order in permutations(rest):
                text = f"keep {keep}" + (", put back " + " over ".join(order) if order else "")
                by_text[text] = Action("choose", text, keep, order)
        return list(by_text.values())
    if kind == "pirate":
        crew = s.crews[c["seat"]]
        out = []
        for pid in c["pirates"]:
            if len(crew) < CREW_SIZE:
                out.append(Action("choose", f"take {pid}", pid, None))
            else:
                out += [Action("choose", f"take {pid} dismissing {m}", pid, m) for m in crew]
        return out
    if kind == "effect":
        key = c["card"]
        assert key is not None  # an effect choice always names its card
        return [_action("choose", "then", key, t, d)
                for t, d in _variants(s, c["seat"], _card(key), copying=True)]
    raise AssertionError(kind)


def _card(key: str) -> CardKind:
    return ACTIONS.get(key) or PIRATES[key]


# --- applying ------------------------------------------------------------------------------

def apply(state: State, action: Action | str) -> State:
    """The state after `action` (an Action or its text); raises IllegalAction if not allowed."""
    text = action.text if isinstance(action, Action) else action
    if not isinstance(text, str):
        raise IllegalAction("An action is a text.")
    if state.phase == OVER:
        raise IllegalAction("The game is over.")
    chosen = next((a for a in legal_actions(state) if a.text == text), None)
    if chosen is None:
        raise IllegalAction(_why_illegal(state, text))
    return apply_legal(state, chosen)


def apply_legal(state: State, chosen: Action) -> State:
    """`apply` for an Action taken from `legal_actions(state)` itself, without checking it
    again (a search looks at many positions)."""
    s = state.copy()
    if chosen.kind in ("play", "use"):
        _play(s, chosen)
    elif chosen.kind == "hire":
        _hire(s, chosen.named_card, chosen.target)
    elif chosen.kind == "end":
        _end_turn(s)
    elif chosen.kind == "pass":
        s.queue.pop(0)
        if not s.queue:
            _resolve_chain(s)
    elif chosen.kind == "heave":
        _heave(s)
    else:
        _choose(s, chosen)
    return s


def _why_illegal(s: State, text: str) -> str:
    """A message a player understands for an action that is not legal now."""
    words = action_words(text)
    if s.phase == REACT:
        if text == HEAVE_TO.text:
            return "You hold no Heave To!"
        return "A play is waiting: let it pass or answer with Heave To!."
    if s.phase == CHOOSE:
        return "Finish the card's choice first."
    first = text.split(" ")[0]
    if first == "play" and s.plays >= PLAYS_PER_TURN:
        return f"You have played {PLAYS_PER_TURN} action cards this turn."
    if first == "play" and text.split(" ")[1:2] == [HEAVE]:
        return "Heave To! is played only to cancel another player's play."
    if first == "use":
        pid = text.split(" ")[1] if len(text.split(" ")) > 1 else ""
        if pid in s.used:
            return f"{name_of(pid)} has already been used this turn."
        if pid in s.disabled:
            return f"{name_of(pid)} is disabled."
    if first == "hire":
        pid = text.split(" ")[1] if len(text.split(" ")) > 1 else ""
        if pid in PIRATES and pid in s.row and price(s, pid) > s.purses[s.turn]:
            return f"{name_of(pid)} costs {price(s, pid)} doubloons."
        if len(s.crews[s.turn]) >= CREW_SIZE and "dismissing" not in text:
            return "Your crew is full: dismiss a pirate to hire another."
    for seat in range(s.seats):
        if text.endswith(f"on seat {seat + 1}") and seat != s.turn:
            for what in ("doubloons", "cards"):
                if protected(s, seat, what):
                    return f"{_p(seat)}'s {what} are protected."
    if not words.strip() or not words.isprintable() or len(words) > LONGEST_ACTION:
        return "That is not a move of this game."
    return f"You can't {words[0].lower() + words[1:]} now."


def _play(s: State, a: Action) -> None:
    me = s.turn
    play: Play = a.target
    target, discards = play
    entry: ChainEntry = {"seat": me, "card": None, "source": a.named_card, "target": target,
                         "discards": _set_aside(s, me, discards)}
    if a.kind == "play":
        code = _first_of(s.hands[me], a.named_card)
        s.hands[me].remove(code)
        s.played.append(code)
        s.plays += 1
        entry["card"] = code
        if not any(ACTIONS[a.named_card].has(r) for r in REPLAYS):
            s.last_card = a.card
        _say(s, f"{_p(me)} plays {describe_play(a.named_card, target)}.")
    else:
        s.used.append(a.named_card)
        _say(s, f"{_p(me)} uses {describe_play(a.named_card, target)}.")
    s.pending = [entry]
    _ask(s)


def _set_aside(s: State, seat: int, kinds: Iterable[str]) -> list[str]:
    """Take the cards a play will discard out of the hand (back if the play is cancelled)."""
    codes = []
    for kind in kinds:
        codes.append(_first_of(s.hands[seat], kind))
        s.hands[seat].remove(codes[-1])
    return codes


def describe_play(source: str, target: Target) -> str:
    """A card or pirate and its target in words ("Pillage on {p1}")."""
    out = name_of(source)
    if isinstance(target, int):
        out += f" on {_p(target)}"
    elif isinstance(target, (list, tuple)):  # a tuple once it has crossed the network
        out += f", swapping {name_of(target[0])} for {name_of(target[1])}"
    elif isinstance(target, str):
        out += f" ({name_of(target)})" if target in ACTIONS else f" on {name_of(target)}"
    return out


def cancelled(pending: Sized) -> bool:
    """Whether the play at the bottom of a Heave To! chain stands cancelled."""
    return len(pending) % 2 == 0


def _ask(s: State) -> None:
    """Queue the seats asked about the top of the chain; resolve at once if nobody is."""
    top = s.pending[-1]["seat"]
    s.queue = [p % s.seats for p in range(top + 1, top + s.seats)
               if p % s.seats != s.turn or cancelled(s.pending)]
    if s.queue:
        s.phase = REACT
    else:
        _resolve_chain(s)


def _heave(s: State) -> None:
    seat = s.queue[0]
    code = _first_of(s.hands[seat], HEAVE)
    s.hands[seat].remove(code)
    s.pending.append({"seat": seat, "card": code, "source": HEAVE, "target": None, "discards": []})
    _say(s, f"{_p(seat)} shouts Heave To!")
    _ask(s)


def _resolve_chain(s: State) -> None:
    base = s.pending[0]
    stopped = cancelled(s.pending)
    s.discard.extend(_heave_code(p) for p in s.pending[1:])
    s.pending, s.queue, s.phase = [], [], PLAY
    if stopped:
        s.hands[base["seat"]].extend(base["discards"])
        _say(s, f"{name_of(base['source'])} is cancelled.")
        return
    _run(s, base["seat"], _card(base["source"]), base["target"], base["discards"],
         origin=base["source"] if base["source"] in PIRATES else None)


def _heave_code(entry: ChainEntry) -> str:
    """The card of a Heave To! in the chain (only the play at its bottom may be a pirate's)."""
    assert entry["card"] is not None
    return entry["card"]


def _run(s: State, seat: int, card: CardKind, target: Target, discards: Sequence[str],
         origin: str | None) -> None:
    """Carry out an effect's steps. `origin` is the pirate running it (None for a card), the
    source of any protection it gives."""
    for st in card.effect:
        _STEP_RUNNERS[st.do](s, seat, st, target, discards, origin)


def _step_pay(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
              origin: str | None) -> None:
    s.purses[seat] -= st.n
    _say(s, f"{_p(seat)} pays {_plural(st.n, 'doubloon')}.")


def _step_discard(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                  origin: str | None) -> None:
    s.discard.extend(discards)
    s.revealed += len(discards)
    _say(s, f"{_p(seat)} discards {' and '.join(name_of(c) for c in discards)}.")


def _step_gain(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
               origin: str | None) -> None:
    s.purses[seat] += st.n
    _say(s, f"{_p(seat)} takes {_plural(st.n, 'doubloon')} from the bank.")


def _step_draw(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
               origin: str | None) -> None:
    got = _draw(s, seat, st.n)
    _say(s, f"{_p(seat)} draws {_plural(got, 'card')}." if got else "The action deck is empty.")


def _step_steal_doubloon(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                         origin: str | None) -> None:
    assert isinstance(target, int)  # a player
    if protected(s, target, "doubloons"):
        _say(s, f"{_p(seat)} can't steal: {_p(target)}'s doubloons are protected.")
        return
    n = min(st.n, s.purses[target])
    if not n:
        _say(s, f"{_p(seat)} finds no doubloons to steal from {_p(target)}.")
        return
    s.purses[target] -= n
    s.purses[seat] += n
    _say(s, f"{_p(seat)} steals {_plural(n, 'doubloon')} from {_p(target)}.")


def _cards_out_of_reach(s: State, seat: int, target: int, empty: str) -> bool:
    """Whether the target's hand can't be taken from: protected, or empty (the log says which,
    starting with the player who tried: each line of the log starts with whoever acted)."""
    if protected(s, target, "cards"):
        _say(s, f"{_p(seat)} can't take a card: {_p(target)}'s cards are protected.")
        return True
    if not s.hands[target]:
        _say(s, empty)
        return True
    return False


def _step_steal_card(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                     origin: str | None) -> None:
    assert isinstance(target, int)  # a player
    if _cards_out_of_reach(s, seat, target, f"{_p(seat)} finds no cards to take from {_p(target)}."):
        return
    s.rng, i = rng.below(s.rng, len(s.hands[target]))
    code = s.hands[target].pop(i)
    s.hands[seat].append(code)
    s.revealed += 1
    _say(s, f"{_p(seat)} takes a card at random from {_p(target)}.")
    _tell(s, seat, f"You took {name_of(code)} from {_p(target)}.")
    _tell(s, target, f"{_p(seat)} took your {name_of(code)}.")


def _step_look_take_card(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                         origin: str | None) -> None:
    assert isinstance(target, int)  # a player
    if _cards_out_of_reach(s, seat, target, f"{_p(seat)} looks at {_p(target)}'s hand: it is empty."):
        return
    s.revealed += len(s.hands[target])
    _say(s, f"{_p(seat)} looks at {_p(target)}'s hand.")
    _offer(s, seat, "take", cards=s.hands[target], target=target)


def _offer(s: State, seat: int, kind: str, cards: Iterable[str] = (), pirates: Iterable[str] = (),
           card: str | None = None, origin: str | None = None, target: int | None = None) -> None:
    """Leave the rest of an effect to `seat`'s choice: `cards` and `pirates` are theirs to see."""
    s.choice = {"seat": seat, "kind": kind, "cards": list(cards), "pirates": list(pirates),
                "card": card, "origin": origin, "target": target}
    s.phase = CHOOSE


def _step_disable_pirate(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                         origin: str | None) -> None:
    assert isinstance(target, str)  # a pirate
    s.disabled[target] = seat
    _say(s, f"{_p(seat)} disables {name_of(target)} until {_p(seat)}'s next turn.")


def _step_disable_crew(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                       origin: str | None) -> None:
    assert isinstance(target, int)  # a player
    for pid in s.crews[target]:
        s.disabled[pid] = seat
    _say(s, f"{_p(seat)} disables {_p(target)}'s pirates until {_p(seat)}'s next turn.")


def _step_discard_pirate(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                         origin: str | None) -> None:
    assert isinstance(target, str)  # a pirate
    owner = _owner(s, target)
    assert owner is not None  # the target is a pirate in a crew
    s.crews[owner].remove(target)
    s.pirate_discard.append(target)
    s.disabled.pop(target, None)
    _say(s, f"{_p(seat)} makes {name_of(target)} walk the plank from {_p(owner)}'s crew.")


def _step_copy_pirate(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                      origin: str | None) -> None:
    assert isinstance(target, str)  # a pirate
    s.used.append(target)
    _say(s, f"{_p(seat)} commands {name_of(target)}.")
    _follow(s, seat, target, origin)


def _step_replay(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                 origin: str | None) -> None:
    kind = target if st.do == "replay_played" else s.last_card
    assert isinstance(kind, str)  # a kind played this turn, or the last card (replay_last needs one)
    _say(s, f"{_p(seat)} plays {name_of(kind)} again.")
    _follow(s, seat, kind, None)


def _follow(s: State, seat: int, key: str, origin: str | None) -> None:
    """Run another card's effect: at once if it needs no choice, else as a choice."""
    card = _card(key)
    options = _variants(s, seat, card, copying=True)
    if not options:
        _say(s, f"{name_of(key)} has nothing to do.")
    elif options == [(None, ())]:
        _run(s, seat, card, None, (), origin)
    else:
        _offer(s, seat, "effect", card=key, origin=origin)


def _step_cheaper(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                  origin: str | None) -> None:
    assert isinstance(target, str)  # a pirate
    s.discounts[target] = s.discounts.get(target, 0) + st.n
    _say(s, f"{_p(seat)} can hire {name_of(target)} for {price(s, target)} this turn.")


def _step_swap(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
               origin: str | None) -> None:
    assert isinstance(target, (list, tuple))  # [mine, theirs]
    mine, theirs = target
    cost = price(s, theirs)
    s.purses[seat] -= cost
    owner = _owner(s, theirs)
    s.crews[seat][s.crews[seat].index(mine)] = theirs
    if owner is None:
        s.row[s.row.index(theirs)] = mine
        where = "the face-up pirates"
    else:
        s.crews[owner][s.crews[owner].index(theirs)] = mine
        where = f"{_p(owner)}'s crew"
    _say(s, f"{_p(seat)} pays {cost} and swaps {name_of(mine)} for {name_of(theirs)} from {where}.")


def _step_take_top_pirate(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                          origin: str | None) -> None:
    if not s.pirate_deck:
        _say(s, "The pirate deck is empty.")
        return
    pid = s.pirate_deck.pop(0)
    if len(s.crews[seat]) < CREW_SIZE:
        s.crews[seat].append(pid)
        _say(s, f"{_p(seat)} takes {name_of(pid)} from the pirate deck.")
        return
    _say(s, f"{_p(seat)} takes {name_of(pid)} from the pirate deck and must dismiss a pirate.")
    _offer(s, seat, "pirate", pirates=[pid])


def _step_pick_pirate(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                      origin: str | None) -> None:
    if not s.pirate_deck:
        _say(s, "The pirate deck is empty.")
        return
    looked, s.pirate_deck = s.pirate_deck[:st.n], s.pirate_deck[st.n:]
    _say(s, f"{_p(seat)} looks at {_plural(len(looked), 'pirate')} of the pirate deck.")
    _offer(s, seat, "pirate", pirates=looked)


def _step_spy(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
              origin: str | None) -> None:
    _cards_to_choose(s, seat, st.n, "spy", "looks at the top {} of the action deck")


def _step_draw_give(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                    origin: str | None) -> None:
    _cards_to_choose(s, seat, st.n, "give", "draws {} and must give one away")


def _cards_to_choose(s: State, seat: int, n: int, kind: str, line: str) -> None:
    """Take up to n cards off the action deck for `seat`'s choice (the log says `line`)."""
    cards = _take_from_deck(s, n)
    if not cards:
        _say(s, "The action deck is empty.")
        return
    _say(s, f"{_p(seat)} " + line.format(_plural(len(cards), "card")) + ".")
    _offer(s, seat, kind, cards=cards)


def _step_toll(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
               origin: str | None) -> None:
    paid = []
    for p in range(s.seats):
        if p != seat and s.purses[p] > s.purses[seat] and not protected(s, p, "doubloons"):
            n = min(st.n, s.purses[p])
            s.purses[p] -= n
            s.purses[seat] += n
            paid.append(p)
    if paid:
        _say(s, f"{_p(seat)} takes a toll from " + ", ".join(_p(p) for p in paid) + ".")
    else:
        _say(s, f"{_p(seat)} finds nobody richer to pay a toll.")


def _step_protect(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                  origin: str | None) -> None:
    s.shields.append((seat, st.what, origin))
    _say(s, f"{_p(seat)}'s {st.what} can't be stolen until {_p(seat)}'s next turn.")


def _step_cancel(s: State, seat: int, st: Step, target: Target, discards: Sequence[str],
                 origin: str | None) -> None:
    raise AssertionError("Heave To! is never run as an effect")


_STEP_RUNNERS = {
    "pay": _step_pay, "discard": _step_discard, "gain": _step_gain, "draw": _step_draw,
    "steal_doubloon": _step_steal_doubloon, "steal_card": _step_steal_card,
    "look_take_card": _step_look_take_card, "disable_pirate": _step_disable_pirate,
    "disable_crew": _step_disable_crew, "discard_pirate": _step_discard_pirate,
    "copy_pirate": _step_copy_pirate, "replay_played": _step_replay, "replay_last": _step_replay,
    "cheaper": _step_cheaper, "swap_pirate": _step_swap, "take_top_pirate": _step_take_top_pirate,
    "pick_pirate": _step_pick_pirate, "spy": _step_spy, "draw_give": _step_draw_give,
    "toll": _step_toll, "protect": _step_protect, "cancel": _step_cancel,
}
assert set(_STEP_RUNNERS) == set(STEPS)


def _choose(s: State, a: Action) -> None:
    c = s.choice
    assert c is not None  # a choose action is legal only while a choice waits
    seat = c["seat"]
    s.choice, s.phase = None, PLAY
    if c["kind"] == "take":
        victim = c["target"]
        assert victim is not None  # a take names whose hand
        code = _first_of(s.hands[victim], a.named_card)
        s.hands[victim].remove(code)
        s.hands[seat].append(code)
        _say(s, f"{_p(seat)} takes a card from {_p(victim)}.")
        _tell(s, victim, f"{_p(seat)} took your {name_of(code)}.")
    elif c["kind"] == "give":
        code = _first_of(c["cards"], a.named_card)
        rest = list(c["cards"])
        rest.remove(code)
        receiver: int = a.target
        s.hands[receiver].append(code)
        s.hands[seat].extend(rest)
        _say(s, f"{_p(seat)} gives {_p(receiver)} a card.")
        _tell(s, receiver, f"{_p(seat)} gave you {name_of(code)}.")
        _tell(s, seat, f"You gave {name_of(code)} to {_p(receiver)}.")
    elif c["kind"] == "spy":
        rest = list(c["cards"])
        kept = _first_of(rest, a.named_card)
        rest.remove(kept)
        order = []
        put_back: tuple[str, ...] = a.target
        for k in put_back:
            order.append(_first_of(rest, k))
            rest.remove(order[-1])
        s.hands[seat].append(kept)
        s.deck = order + s.deck
        _say(s, f"{_p(seat)} keeps a card and puts {_plural(len(order), 'card')} back on top.")
    elif c["kind"] == "pirate":
        looked = list(c["pirates"])
        looked.remove(a.named_card)
        s.pirate_deck.extend(looked)        # the others go to the bottom of the pirate deck
        dismissed: str | None = a.target
        if dismissed:
            s.crews[seat].remove(dismissed)
            s.pirate_discard.append(dismissed)
            s.disabled.pop(dismissed, None)
            _say(s, f"{_p(seat)} dismisses {name_of(dismissed)}.")
        s.crews[seat].append(a.named_card)
        _say(s, f"{_p(seat)} takes {name_of(a.named_card)} into the crew.")
    else:
        key = c["card"]
        assert key is not None  # an effect choice always names its card
        play: Play = a.target
        target, discards = play
        _run(s, seat, _card(key), target, _set_aside(s, seat, discards), c["origin"])


def _hire(s: State, pid: str, dismiss: str | None) -> None:
    me = s.turn
    cost = price(s, pid)
    s.purses[me] -= cost
    slot = s.row.index(pid)
    s.row[slot] = s.pirate_deck.pop(0) if s.pirate_deck else None
    if dismiss:
        s.crews[me].remove(dismiss)
        s.pirate_discard.append(dismiss)
        s.disabled.pop(dismiss, None)
    s.crews[me].append(pid)
    line = f"{_p(me)} hires {name_of(pid)} for {_plural(cost, 'doubloon')}"
    _say(s, line + (f", dismissing {name_of(dismiss)}." if dismiss else "."))


def _end_turn(s: State) -> None:
    me = s.turn
    s.discard.extend(s.played)
    s.played, s.discounts = [], {}
    if s.purses[me] >= WIN:
        s.winners, s.phase = [me], OVER
        _say(s, f"{_p(me)} ends the turn with {s.purses[me]} doubloons and wins!")
        return
    if s.turn_no >= MAX_TURNS:
        top = max(s.purses)
        s.winners, s.phase = [p for p in range(s.seats) if s.purses[p] == top], OVER
        _say(s, f"After {MAX_TURNS} turns the richest wins: " + " and ".join(map(_p, s.winners)) + ".")
        return
    _start_turn(s, (me + 1) % s.seats)


def _start_turn(s: State, seat: int) -> None:
    s.turn, s.turn_no, s.phase = seat, s.turn_no + 1, PLAY
    back = [pid for pid, by in s.disabled.items() if by == seat]
    for pid in back:
        del s.disabled[pid]
    s.shields = [x for x in s.shields if x[0] != seat]
    s.used, s.plays, s.played, s.discounts = [], 0, [], {}
    got = _draw(s, seat, 1)
    _say(s, f"{_p(seat)}'s turn: {'draws a card' if got else 'no card left to draw'}.")
    if back:
        _say(s, ", ".join(name_of(p) for p in back) + (" is" if len(back) == 1 else " are")
             + " enabled again.")


def new_game(seats: int = 2, seed: int = 0, options: dict[str, Any] | None = None,
             deck: Iterable[str] | None = None) -> State:
    if not isinstance(seats, int) or isinstance(seats, bool) or not SEATS[0] <= seats <= SEATS[1]:
        raise ValueError(f"Doubloons is for {SEATS[0]} to {SEATS[1]} players")
    options = resolve_options(OPTIONS, options)
    r = rng.seed_state(seed)
    if deck is None:
        deck, r = rng.shuffled(ACTION_DECK, r)
    else:
        deck = check_deck(deck, ACTION_DECK)
    pirates, r = rng.shuffled(tuple(PIRATES), r)
    deck = list(deck)
    hands = []
    for seat in range(seats):
        n = FIRST_HAND + seat
        hands.append(deck[:n])
        deck = deck[n:]
    s = State(seats=seats, options=options, seed=seed, rng=r, deck=deck, discard=[], hands=hands,
              purses=[0] * seats, crews=[[] for _ in range(seats)], row=list(pirates[:ROW_SIZE]),
              pirate_deck=list(pirates[ROW_SIZE:]), pirate_discard=[], disabled={}, turn=0,
              turn_no=0, plays=0, used=[], discounts={}, played=[], last_card=None, shields=[],
              pending=[], queue=[], choice=None, phase=PLAY, winners=[], log=[],
              notes=[[] for _ in range(seats)], revealed=sum(map(len, hands)))
    _say(s, "The cards are dealt: 3 to " + _p(0) + ", one more to each next player.")
    _start_turn(s, 0)
    return s


def is_over(state: State) -> bool:
    return state.phase == OVER


def result(state: State) -> Result:
    if not is_over(state):
        raise ValueError("the game is not over yet")
    won = tuple(state.winners)
    scores = tuple(state.purses)
    who = " and ".join(map(_p, won))
    summary = f"{who} win{'s' if len(won) == 1 else ''} with {scores[won[0]]} doubloons after " \
              f"{state.turn_no} turns."
    return Result(scores, won, summary, {"turns": state.turn_no})


def revealed(state: State) -> int:
    return state.revealed


# --- the table option: which humans are asked ----------------------------------------------

def potential_gain(source: str) -> int:
    """The most doubloons a play of this card or pirate could bring its player at once."""
    card = _card(source)
    if card.has("replay_last") or card.has("replay_played") or card.has("copy_pirate"):
        return max(potential_gain(k) for k in (*ACTIONS, *PIRATES)
                   if not any(_card(k).has(d) for d in (*REPLAYS, "copy_pirate")))
    return sum(st.n * (SEATS[1] - 1 if st.do == "toll" else 1)
               for st in card.effect if st.do in ("gain", "steal_doubloon", "toll"))


def asks(view: View, seat: int, mode: str) -> bool:
    """Whether a human at `seat` is asked about the pending play, under the table option `mode`
    ("every", "targeted", "never"). Public information only: it never depends on a hand."""
    if mode == "every":
        return True
    if mode == "never" or not view.pending:
        return False
    base = view.pending[0]
    if base.seat == seat:
        return True                       # their own play was cancelled: they may answer
    target = base.target
    if isinstance(target, (list, tuple)):  # a swap: its pirate taken from the crew
        target = target[1]
    if target == seat or (isinstance(target, str) and target in view.crews[seat]):
        return True
    if _card(base.source).has("toll") or _card(base.source).target == "pirate_to_copy":
        return True
    return view.purses[base.seat] < WIN <= view.purses[base.seat] + potential_gain(base.source)


# --- views ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Pending:
    """A play waiting in the Heave To! chain (discards chosen for it stay secret)."""

    seat: int
    source: str          # action kind or pirate id
    card: str | None     # the action card's code, None for a pirate use
    target: Target
    set_aside: int       # how many cards wait to be discarded for it


@dataclass(frozen=True)
class Choice:
    """A choice the viewer must make: the cards or pirates only they may see."""

    kind: str            # take, give, spy, pirate, effect
    cards: tuple[str, ...]
    pirates: tuple[str, ...]
    card: str | None     # effect: the card or pirate whose effect is being used
    target: int | None   # take: whose hand
    origin: str | None   # effect: the pirate using it (None for an action card)


@dataclass(frozen=True)
class View:
    seat: int
    seats: int
    phase: str
    to_act: int | None
    turn: int
    turn_no: int
    hand: tuple[str, ...]
    hand_counts: tuple[int, ...]
    purses: tuple[int, ...]
    crews: tuple[tuple[str, ...], ...]
    disabled: dict[str, int]  # pirate -> the seat that disabled it
    row: tuple[str | None, ...]  # face-up pirates, None for an empty slot
    pirate_deck_count: int
    pirate_discard: tuple[str, ...]
    deck_count: int
    discard: tuple[str, ...]
    played: tuple[str, ...]  # the turn player's action cards this turn, oldest first
    plays_left: int
    used: tuple[str, ...]
    prices: dict[str, int]  # face-up and crew pirates -> cost for the player whose turn it is
    last_card: str | None
    protection: tuple[tuple[bool, bool], ...]  # per seat: (doubloons protected, cards protected)
    shields: tuple[Shield, ...]  # (seat, "doubloons" or "cards", pirate giving it or None) from copies
    pending: tuple[Pending, ...]  # the play first, then each Heave To!
    asking: tuple[int, ...]  # the seats still to be asked about the chain's top, next first
    choosing: int | None  # who is making a card's choice
    choice: Choice | None  # only for the seat choosing
    notes: tuple[str, ...]  # private lines for this seat, oldest first
    log: tuple[str, ...]
    winners: tuple[int, ...]
    options: dict[str, Any]


def view(state: State, seat: int) -> View:
    s = state
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < s.seats:
        raise ValueError(f"there is no seat {seat} at this table")
    choice = None
    if s.choice and s.choice["seat"] == seat:
        c = s.choice
        choice = Choice(c["kind"], tuple(c["cards"]), tuple(c["pirates"]), c["card"], c["target"],
                        c["origin"])
    pirates = [p for p in s.row if p] + [p for crew in s.crews for p in crew]
    return View(
        seat, s.seats, s.phase, s.to_act, s.turn, s.turn_no, tuple(s.hands[seat]),
        tuple(map(len, s.hands)), tuple(s.purses), tuple(tuple(c) for c in s.crews),
        dict(s.disabled), tuple(s.row), len(s.pirate_deck), tuple(s.pirate_discard), len(s.deck),
        tuple(s.discard), tuple(s.played), PLAYS_PER_TURN - s.plays, tuple(s.used),
        {p: price(s, p) for p in pirates}, s.last_card,
        tuple((protected(s, p, "doubloons"), protected(s, p, "cards")) for p in range(s.seats)),
        tuple(s.shields),
        tuple(Pending(p["seat"], p["source"], p["card"], p["target"], len(p["discards"]))
              for p in s.pending), tuple(s.queue),
        s.choice["seat"] if s.choice else None, choice, tuple(s.notes[seat]), tuple(s.log),
        tuple(s.winners), dict(s.options))


# --- words ---------------------------------------------------------------------------------

def _seat_words(token: str) -> str:
    return f"{{p{int(token) - 1}}}" if token.isdigit() else token


def action_words(action_text: str) -> str:
    """An action's text as a player reads it ("play pillage on seat 2" -> "Play Pillage on {p1}")."""
    words = action_text.split(" ")
    out = []
    i = 0
    while i < len(words):
        w = words[i]
        if w == "seat" and i + 1 < len(words):
            out.append(_seat_words(words[i + 1]))
            i += 2
            continue
        bare = w.rstrip(",")
        out.append(name_of(bare) + w[len(bare):] if (bare in ACTIONS or bare in PIRATES) else w)
        i += 1
    text = " ".join(out)
    fixes = {"heave to": "Heave To!", "let it pass": "Let it pass", "end turn": "End the turn",
             "then go": "Go on"}
    if text in fixes:
        return fixes[text]
    text = text.replace(" repeating ", ", playing again: ").replace("then ", "", 1)
    return text[:1].upper() + text[1:]


# --- saving --------------------------------------------------------------------------------

def to_json(state: State) -> dict[str, Any]:
    s = state
    return {
        "game": GAME_ID, "version": JSON_VERSION, "seats": s.seats, "options": dict(s.options),
        "seed": s.seed, "rng": s.rng, "deck": list(s.deck), "discard": list(s.discard),
        "hands": [list(h) for h in s.hands], "purses": list(s.purses),
        "crews": [list(c) for c in s.crews], "row": list(s.row),
        "pirate_deck": list(s.pirate_deck), "pirate_discard": list(s.pirate_discard),
        "disabled": dict(s.disabled), "turn": s.turn, "turn_no": s.turn_no, "plays": s.plays,
        "used": list(s.used), "discounts": dict(s.discounts), "played": list(s.played),
        "last_card": s.last_card, "shields": [list(x) for x in s.shields],
        "pending": [dict(p, discards=list(p["discards"])) for p in s.pending],
        "queue": list(s.queue),
        "choice": None if s.choice is None else dict(s.choice, cards=list(s.choice["cards"]),
                                                      pirates=list(s.choice["pirates"])),
        "phase": s.phase, "winners": list(s.winners), "log": list(s.log),
        "notes": [list(n) for n in s.notes], "revealed": s.revealed,
    }


def _bad(what: str) -> ValueError:
    return ValueError(f"saved Doubloons state has a bad {what}")


def _get(data: Any, key: str, kind: type[Any], optional: bool = False) -> Any:
    return expect("Doubloons", data, key, kind, optional=optional)


def _int(data: Any, key: str, low: int, high: int | None = None) -> int:
    value: int = _get(data, key, int)
    if value < low or (high is not None and value > high):
        raise _bad(repr(key))
    return value


def _seat(value: object, n: int, what: str) -> int:
    if type(value) is not int or not 0 <= value < n:
        raise _bad(what)
    return value


def _codes(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) and c in _CODES for c in value):
        raise _bad(what)
    return list(value)


def _pids(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(p, str) and p in PIRATES for p in value):
        raise _bad(what)
    return list(value)


_CODES = frozenset(ACTION_DECK)


def _target(value: object, n: int, what: str) -> Target:
    if value is None:
        return None
    if type(value) is int:
        return _seat(value, n, what)
    if isinstance(value, str) and (value in PIRATES or value in ACTIONS):
        return value
    if isinstance(value, list) and len(value) == 2:
        return _pids(value, what)
    raise _bad(what)


def _entry(data: Any, n: int) -> ChainEntry:
    source = _get(data, "source", str)
    if source not in ACTIONS and source not in PIRATES:
        raise _bad("'pending'")
    card = _get(data, "card", str, optional=True)
    if card is not None and (card not in _CODES or kind_of(card) != source):
        raise _bad("'pending'")
    return {"seat": _seat(_get(data, "seat", int), n, "'pending'"), "card": card, "source": source,
            "target": _target(data.get("target"), n, "'pending'"),
            "discards": _codes(_get(data, "discards", list), "'pending'")}


def _choice(data: Any, n: int) -> OpenChoice | None:
    if data is None:
        return None
    kind = _get(data, "kind", str)
    if kind not in ("take", "give", "spy", "pirate", "effect"):
        raise _bad("'choice'")
    card = _get(data, "card", str, optional=True)
    if card is not None and card not in ACTIONS and card not in PIRATES:
        raise _bad("'choice'")
    origin = _get(data, "origin", str, optional=True)
    if origin is not None and origin not in PIRATES:
        raise _bad("'choice'")
    target = data.get("target")
    if target is not None:
        _seat(target, n, "'choice'")
    out: OpenChoice = {"seat": _seat(_get(data, "seat", int), n, "'choice'"), "kind": kind, "card": card,
           "origin": origin, "target": target, "cards": _codes(_get(data, "cards", list), "'choice'"),
           "pirates": _pids(_get(data, "pirates", list), "'choice'")}
    if (kind == "effect") != (card is not None) or (kind == "take") != (target is not None):
        raise _bad("'choice'")
    return out


def from_json(data: Any) -> State:
    """Rebuild a state, checking every field so a bad file cannot produce a broken game."""
    check_json_header(data, GAME_ID, JSON_VERSION)
    n = _int(data, "seats", SEATS[0], SEATS[1])

    def per_seat(key: str) -> list[Any]:
        value: list[Any] = _get(data, key, list)
        if len(value) != n:
            raise _bad(repr(key))
        return value

    hands = [_codes(h, "'hands'") for h in per_seat("hands")]
    crews = [_pids(c, "'crews'") for c in per_seat("crews")]
    purses = per_seat("purses")
    if not all(type(x) is int and 0 <= x <= 10_000 for x in purses):
        raise _bad("'purses'")
    notes = per_seat("notes")
    if not all(isinstance(x, list) and all(isinstance(t, str) for t in x) for x in notes):
        raise _bad("'notes'")
    row = _get(data, "row", list)
    if len(row) != ROW_SIZE or not all(p is None or (isinstance(p, str) and p in PIRATES) for p in row):
        raise _bad("'row'")
    pending = [_entry(p, n) for p in _get(data, "pending", list)]
    choice = _choice(_get(data, "choice", dict, optional=True), n)
    disabled = _get(data, "disabled", dict)
    if not all(k in PIRATES and type(v) is int and 0 <= v < n for k, v in disabled.items()):
        raise _bad("'disabled'")
    discounts = _get(data, "discounts", dict)
    if not all(k in PIRATES and type(v) is int and 0 < v <= 20 for k, v in discounts.items()):
        raise _bad("'discounts'")
    shields = _get(data, "shields", list)
    for x in shields:
        if (not isinstance(x, list) or len(x) != 3 or type(x[0]) is not int or not 0 <= x[0] < n
                or x[1] not in ("doubloons", "cards")
                or (x[2] is not None and not (isinstance(x[2], str) and x[2] in PIRATES))):
            raise _bad("'shields'")
    last = _get(data, "last_card", str, optional=True)
    if last is not None and last not in ACTIONS:
        raise _bad("'last_card'")
    phase = _get(data, "phase", str)
    if phase not in PHASES:
        raise _bad("'phase'")
    log = _get(data, "log", list)
    if not all(isinstance(x, str) for x in log):
        raise _bad("'log'")
    s = State(seats=n, options=resolve_options(OPTIONS, _get(data, "options", dict)),
              seed=_int(data, "seed", 0), rng=_int(data, "rng", 0, rng.MASK),
              deck=_codes(_get(data, "deck", list), "'deck'"),
              discard=_codes(_get(data, "discard", list), "'discard'"), hands=hands, purses=purses,
              crews=crews, row=list(row), pirate_deck=_pids(_get(data, "pirate_deck", list), "'pirate_deck'"),
              pirate_discard=_pids(_get(data, "pirate_discard", list), "'pirate_discard'"),
              disabled=dict(disabled), turn=_int(data, "turn", 0, n - 1),
              turn_no=_int(data, "turn_no", 1, MAX_TURNS), plays=_int(data, "plays", 0, PLAYS_PER_TURN),
              used=_pids(_get(data, "used", list), "'used'"), discounts=dict(discounts),
              played=_codes(_get(data, "played", list), "'played'"), last_card=last,
              shields=[(x[0], x[1], x[2]) for x in shields], pending=pending,
              queue=[_seat(q, n, "'queue'") for q in _get(data, "queue", list)], choice=choice,
              phase=phase, winners=[_seat(w, n, "'winners'") for w in _get(data, "winners", list)],
              log=list(log), notes=[list(x) for x in notes], revealed=_int(data, "revealed", 0))
    rng.seed_state(s.seed)
    _check_whole(s)
    return s


def held_cards(s: State) -> list[str | None]:
    """Every action card code wherever it is (deck, discard, hands, played, chain, choice)."""
    out: list[str | None] = [*s.deck, *s.discard, *s.played, *(c for h in s.hands for c in h)]
    out += [p["card"] for p in s.pending[1:]]  # None only in a bad save, which check_deck refuses
    if s.pending:
        out += s.pending[0]["discards"]
    if s.choice:
        out += s.choice["cards"] if s.choice["kind"] in ("spy", "give") else []
    return out


def held_pirates(s: State) -> list[str]:
    out = [p for p in s.row if p] + list(s.pirate_deck) + list(s.pirate_discard)
    out += [p for crew in s.crews for p in crew]
    if s.choice and s.choice["kind"] == "pirate":
        out += s.choice["pirates"]
    return out


ALL_CARDS = ACTION_DECK + tuple(PIRATES)


def all_cards(s: State) -> list[str | None]:
    """Every action card and pirate, wherever it is: each exactly once."""
    return held_cards(s) + held_pirates(s)


def _check_whole(s: State) -> None:
    """The piles, the chain and the phase must agree."""
    try:
        check_deck(held_cards(s), ACTION_DECK)
    except ValueError as exc:
        raise _bad(f"set of action cards ({exc})") from None
    if sorted(held_pirates(s)) != sorted(PIRATES):
        raise _bad("pirates: each must be in exactly one place")
    if any(len(c) > CREW_SIZE for c in s.crews):
        raise _bad("'crews'")
    if (s.phase == REACT) != bool(s.pending) or (s.phase == REACT) != bool(s.queue):
        raise _bad("'pending': it does not fit the phase")
    if (s.phase == CHOOSE) != (s.choice is not None):
        raise _bad("'choice': it does not fit the phase")
    if (s.phase == OVER) != bool(s.winners):
        raise _bad("'winners': they do not fit the phase")
    if s.pending and (s.pending[0]["seat"] != s.turn
                      or any(p["source"] != HEAVE or p["card"] is None for p in s.pending[1:])):
        raise _bad("'pending'")
