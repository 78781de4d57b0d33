"""Scoundrel: a solitaire dungeon crawl with a 44-card deck.

Rulings (shared/RULINGS.md) decide every ambiguity: the room refills to four,
avoiding sends it to the bottom of the dungeon, one potion a room heals, a weapon
may only be used on monsters no stronger than the last one it slew (an option makes
that strictly weaker), and the last cards of the dungeon must all be faced.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from . import rng
from .cards import FULL_DECK, check_deck, pretty, suit
from .contract import Action, IllegalAction, Option, Result, check_json_header, expect, resolve_options
from .games import INFO

GAME_ID = "scoundrel"
TITLE, BLURB = INFO[GAME_ID]
SEATS = (1, 1)
UNDO = True
JSON_VERSION = 1

MAX_HEALTH = 20
MAX_VALUE = 14  # an ace
ROOM_SIZE = 4
EMPTY_ROOM = (None,) * ROOM_SIZE

Cards = tuple[str, ...]
Room = tuple[str | None, ...]  # ROOM_SIZE slots, a card or None each

DECK = tuple(c for c in FULL_DECK
             if not (suit(c) in "HD" and c[:-1] in ("A", "J", "Q", "K")))
VALUE = {c: (14 if c[:-1] == "A" else {"J": 11, "Q": 12, "K": 13}.get(c[:-1]) or int(c[:-1]))
         for c in DECK}
KIND = {c: {"C": "monster", "S": "monster", "D": "weapon", "H": "potion"}[suit(c)] for c in DECK}

OPTIONS = (
    Option("weapon_rule", "Weapon use after a kill",
           (("at_most", "Monsters up to the last one slain"),
            ("below", "Only monsters weaker than the last one slain")),
           "at_most",
           "A weapon that has slain a monster may then face monsters of equal value (default) "
           "or only strictly weaker ones."),
    Option("deals", "Deals", (("any", "Any"), ("winnable", "Winnable only")), "any",
           "Winnable only: a deal the solver has proved can be won with perfect play."),
)

PLAYING, WON, DEAD = "playing", "won", "dead"

AVOID = Action("avoid", "avoid room")
_FACE: dict[tuple[str, str | None], Action] = {}  # (card, how): how is None for no monster
for _c in DECK:
    if KIND[_c] == "monster":
        _FACE[_c, "weapon"] = Action("weapon", f"face {_c} with weapon", _c)
        _FACE[_c, "barehanded"] = Action("barehanded", f"face {_c} barehanded", _c)
    else:
        _FACE[_c, None] = Action("equip" if KIND[_c] == "weapon" else "drink", f"face {_c}", _c)
_BY_TEXT = {a.text: a for a in [AVOID, *_FACE.values()]}
# Per card, for legal_actions: facing a monster with the weapon, and the one other way to face it.
_ARMED = {c: _FACE[c, "weapon"] for c in DECK if KIND[c] == "monster"}
_PLAIN = {c: _FACE.get((c, "barehanded")) or _FACE[c, None] for c in DECK}
_DEFAULT_OPTIONS = resolve_options(OPTIONS, None)


def action_words(action_text: str) -> str:
    """An action as a player reads it: 'face 10C with weapon' -> 'Fight 10♣ with your weapon'."""
    a = _BY_TEXT.get(str(action_text))
    if a is None:
        return str(action_text)
    if a.kind == "avoid":
        return "Avoid the room"
    return {"weapon": "Fight {} with your weapon", "barehanded": "Fight {} barehanded",
            "equip": "Equip the {}", "drink": "Drink the {}"}[a.kind].format(pretty(a.named_card))


class State:
    """A Scoundrel game. Treat as immutable: `apply` returns a new one."""

    __slots__ = ("dungeon", "room", "health", "weapon", "slain", "discard", "potion_used",
                 "avoided_last", "faced", "last_faced", "status", "options", "seed", "revealed",
                 "rooms", "known_bottom")

    def __init__(self, dungeon: Cards, room: Room, health: int, weapon: str | None, slain: Cards,
                 discard: Cards, potion_used: bool, avoided_last: bool, faced: int,
                 last_faced: str | None, status: str, options: dict[str, Any], seed: int,
                 revealed: int, rooms: int, known_bottom: int = 0):
        self.dungeon = dungeon          # tuple, top card first
        self.room = room                # 4 slots, a card or None each
        self.health = health
        self.weapon = weapon            # card or None
        self.slain = slain              # monsters stacked on the weapon, oldest first
        self.discard = discard          # tuple, oldest first
        self.potion_used = potion_used  # a potion was faced since this room was dealt
        self.avoided_last = avoided_last
        self.faced = faced              # cards faced since this room was dealt
        self.last_faced = last_faced
        self.status = status
        self.options = options
        self.seed = seed
        self.revealed = revealed        # cards flipped from the dungeon so far
        self.rooms = rooms              # rooms dealt so far (avoiding deals a new one)
        self.known_bottom = known_bottom  # the last cards of the dungeon, avoided in sight

    def copy(self) -> State:
        return State(self.dungeon, self.room, self.health, self.weapon, self.slain, self.discard,
                     self.potion_used, self.avoided_last, self.faced, self.last_faced,
                     self.status, self.options, self.seed, self.revealed, self.rooms,
                     self.known_bottom)

    @property
    def to_act(self) -> int | None:
        return 0 if self.status == PLAYING else None

    @property
    def room_cards(self) -> Cards:
        return tuple(c for c in self.room if c is not None)

    @property
    def final(self) -> bool:
        """The dungeon could not fill this room: every card in it must be faced."""
        return not self.dungeon and self.faced < self.room.count(None)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, k) == getattr(other, k) for k in State.__slots__)

    def __repr__(self) -> str:
        return (f"<Scoundrel {self.status} health={self.health} room={self.room_cards} "
                f"weapon={self.weapon} slain={self.slain} dungeon={len(self.dungeon)}>")


def _fill(room: Room, dungeon: Cards) -> tuple[Room, Cards, int]:
    """Deal from the top of the dungeon into the empty room slots, in slot order."""
    if room == EMPTY_ROOM and len(dungeon) >= ROOM_SIZE:
        return dungeon[:ROOM_SIZE], dungeon[ROOM_SIZE:], ROOM_SIZE
    slots = list(room)
    dealt = 0
    for i in range(ROOM_SIZE):
        if slots[i] is None and dealt < len(dungeon):
            slots[i] = dungeon[dealt]
            dealt += 1
    return tuple(slots), dungeon[dealt:], dealt


def new_game(seats: int = 1, seed: int = 0, options: dict[str, Any] | None = None,
             deck: Iterable[str] | None = None) -> State:
    if seats != 1:
        raise ValueError("Scoundrel is a solitaire: it has exactly one seat")
    options = dict(_DEFAULT_OPTIONS) if options is None else resolve_options(OPTIONS, options)
    if deck is None:
        cards, _ = rng.shuffled(DECK, rng.seed_state(seed))
    else:
        cards = check_deck(deck, DECK)
        rng.seed_state(seed)  # validates the deal number
    room, dungeon, dealt = _fill(EMPTY_ROOM, cards)
    return State(dungeon, room, MAX_HEALTH, None, (), (), False, False, 0, None, PLAYING,
                 options, seed, dealt, 1)


def weapon_limit(state: State | View) -> int:
    """The strongest monster the equipped weapon may face, 0 without one (also works on views)."""
    if state.weapon is None:
        return 0
    if not state.slain:
        return MAX_VALUE
    rule: str = state.options["weapon_rule"]
    return VALUE[state.slain[-1]] - (rule == "below")


def weapon_allows(state: State | View, card: str) -> bool:
    """Whether the equipped weapon may be used on monster `card` (also works on views)."""
    return VALUE[card] <= weapon_limit(state)


def damage(state: State | View, card: str, with_weapon: bool) -> int:
    """Damage facing monster `card` would do (also works on views)."""
    if with_weapon:
        assert state.weapon is not None, "only an equipped weapon can be fought with"
        return max(0, VALUE[card] - VALUE[state.weapon])
    return VALUE[card]


def can_avoid(state: State | View) -> bool:
    return (state.status == PLAYING and not state.avoided_last and state.faced == 0
            and bool(state.dungeon if isinstance(state, State) else state.dungeon_count))


def legal_actions(state: State | View) -> list[Action]:
    """The legal actions (also works on views)."""
    if state.status != PLAYING:
        return []
    out = [AVOID] if can_avoid(state) else []
    limit = weapon_limit(state)
    for card in state.room:
        if card is not None:
            if card in _ARMED and VALUE[card] <= limit:
                out.append(_ARMED[card])
            out.append(_PLAIN[card])
    return out


def _why_illegal(state: State, a: Action | None, text: str) -> str | None:
    """Why action `a` (looked up from `text`) may not be taken now, or None if it may."""
    if a is None:
        return f"{text!r} is not a Scoundrel action"
    if state.status != PLAYING:
        return "The game is over."
    if a is AVOID:
        if state.faced:
            return "You have already faced a card in this room, so you can't avoid it now."
        if state.avoided_last:
            return "You avoided the last room; you can't avoid two rooms in a row."
        if not state.dungeon:
            return "The dungeon is empty: every card left must be faced."
        return None
    if a.card not in state.room:
        return f"The {pretty(a.named_card)} is not in the room."
    if a.kind == "weapon":
        if state.weapon is None:
            return "You have no weapon equipped: fight it barehanded."
        if not weapon_allows(state, a.named_card):
            last = state.slain[-1]
            limit = "weaker than" if state.options["weapon_rule"] == "below" else "no stronger than"
            return (f"Your {pretty(state.weapon)} last slew the {pretty(last)}: it can only face "
                    f"monsters {limit} {VALUE[last]}. Fight the {pretty(a.named_card)} barehanded.")
    return None


def apply(state: State, action: Action | str) -> State:
    """The state after `action` (an Action or its text); raises IllegalAction if not allowed."""
    text = action.text if isinstance(action, Action) else action
    a = _BY_TEXT.get(text)
    why = _why_illegal(state, a, text)
    if why is not None:
        raise IllegalAction(why)
    health, weapon, slain, discard = state.health, state.weapon, state.slain, state.discard
    dungeon, revealed, rooms = state.dungeon, state.revealed, state.rooms
    if a is AVOID:
        room, dungeon, dealt = _fill(EMPTY_ROOM, dungeon + state.room_cards)
        known = min(len(dungeon), state.known_bottom + ROOM_SIZE)
        return State(dungeon, room, health, weapon, slain, discard, False, True, state.faced,
                     state.last_faced, PLAYING, state.options, state.seed, revealed + dealt,
                     rooms + 1, known)

    assert a is not None  # _why_illegal refused any other text
    card, kind = a.named_card, a.kind
    i = state.room.index(card)
    room = state.room[:i] + (None,) + state.room[i + 1:]
    faced, potion_used, avoided_last, status = (state.faced + 1, state.potion_used,
                                                state.avoided_last, PLAYING)
    if kind == "weapon":
        health -= damage(state, card, True)
        slain += (card,)
    elif kind == "barehanded":
        health -= VALUE[card]
        discard += (card,)
    elif kind == "equip":
        discard += ((weapon,) if weapon else ()) + slain
        weapon, slain = card, ()
    else:  # potion: only the first one in a room heals
        if not potion_used:
            health = min(MAX_HEALTH, health + VALUE[card])
            potion_used = True
        discard += (card,)

    left = ROOM_SIZE - room.count(None)
    if health <= 0:
        status = DEAD
    elif state.final:
        if left == 0:
            status = WON
    elif left == 1:
        # The room is done: its last card stays and the next room is dealt around it.
        room, dungeon, dealt = _fill(room, dungeon)
        revealed += dealt
        rooms += 1
        faced, potion_used, avoided_last = 0, False, False
    return State(dungeon, room, health, weapon, slain, discard, potion_used, avoided_last, faced,
                 card, status, state.options, state.seed, revealed, rooms,
                 min(len(dungeon), state.known_bottom))


def is_over(state: State) -> bool:
    return state.status != PLAYING


def score(state: State) -> int:
    if state.status == DEAD:
        return state.health - sum(VALUE[c] for c in state.dungeon if KIND[c] == "monster")
    bonus = 0
    if state.health == MAX_HEALTH and state.last_faced and KIND[state.last_faced] == "potion":
        bonus = VALUE[state.last_faced]
    return state.health + bonus


def result(state: State) -> Result:
    if not is_over(state):
        raise ValueError("the game is not over yet")
    points = score(state)
    if state.status == WON:
        summary = f"You made it through the dungeon with {state.health} health."
        if points != state.health:
            summary += f" The last potion adds {points - state.health}."
    else:
        assert state.last_faced is not None, "only facing a monster can kill"
        summary = f"Slain by the {pretty(state.last_faced)}."
    return Result((points,), (0,) if state.status == WON else (), summary,
                  {"health": state.health, "status": state.status})


def revealed(state: State) -> int:
    """How many hidden cards have been turned up; undo never crosses a change in it."""
    return state.revealed


@dataclass(frozen=True)
class View:
    """What the player sees: everything but the order of the dungeon."""

    room: Room
    health: int
    weapon: str | None
    slain: Cards
    discard: Cards
    dungeon_count: int
    dungeon_cards: Cards  # what is left in the dungeon, sorted: its order stays hidden
    potion_used: bool
    avoided_last: bool
    faced: int
    final: bool
    last_faced: str | None
    status: str
    options: dict[str, Any]
    seed: int
    rooms: int
    to_act: int | None
    bottom: Cards = ()  # the cards avoided to the bottom of the dungeon, in the order seen there

    @property
    def room_cards(self) -> Cards:
        return tuple(c for c in self.room if c is not None)


def view(state: State, seat: int = 0) -> View:
    if seat != 0:
        raise ValueError("Scoundrel has only seat 0")
    return View(state.room, state.health, state.weapon, state.slain, state.discard,
                len(state.dungeon), tuple(sorted(state.dungeon, key=DECK.index)),
                state.potion_used, state.avoided_last, state.faced, state.final,
                state.last_faced, state.status, dict(state.options), state.seed, state.rooms,
                state.to_act, state.dungeon[len(state.dungeon) - state.known_bottom:])


def to_json(state: State) -> dict[str, Any]:
    return {
        "game": GAME_ID, "version": JSON_VERSION,
        "dungeon": list(state.dungeon), "room": list(state.room), "health": state.health,
        "weapon": state.weapon, "slain": list(state.slain), "discard": list(state.discard),
        "potion_used": state.potion_used, "avoided_last": state.avoided_last,
        "faced": state.faced, "last_faced": state.last_faced, "status": state.status,
        "options": dict(state.options), "seed": state.seed, "revealed": state.revealed,
        "rooms": state.rooms, "known_bottom": state.known_bottom,
    }


def _expect(data: dict[str, Any], key: str, kind: type[Any], optional: bool = False) -> Any:
    return expect("Scoundrel", data, key, kind, optional=optional)


def from_json(data: dict[str, Any]) -> State:
    """Rebuild a state, checking every field so a bad file cannot produce a broken game."""
    check_json_header(data, GAME_ID, JSON_VERSION)
    cards = {k: _expect(data, k, list) for k in ("dungeon", "room", "slain", "discard")}
    weapon = _expect(data, "weapon", str, optional=True)
    last = _expect(data, "last_faced", str, optional=True)
    if len(cards["room"]) != ROOM_SIZE:
        raise ValueError("saved Scoundrel state has a room without four slots")
    every = (cards["dungeon"] + [c for c in cards["room"] if c is not None] + cards["slain"]
             + cards["discard"] + ([weapon] if weapon is not None else []))
    check_deck(every, DECK)
    if last is not None and last not in VALUE:
        raise ValueError("saved Scoundrel state has a bad 'last_faced'")
    if any(KIND[c] != "monster" for c in cards["slain"]) or (weapon and KIND[weapon] != "weapon"):
        raise ValueError("saved Scoundrel state has a bad weapon stack")
    status = _expect(data, "status", str)
    if status not in (PLAYING, WON, DEAD):
        raise ValueError("saved Scoundrel state has a bad 'status'")
    options = resolve_options(OPTIONS, _expect(data, "options", dict))
    health = _expect(data, "health", int)
    if not -200 <= health <= MAX_HEALTH:
        raise ValueError("saved Scoundrel state has a bad 'health'")
    faced = _expect(data, "faced", int)
    if not 0 <= faced <= ROOM_SIZE:
        raise ValueError("saved Scoundrel state has a bad 'faced'")
    seed = _expect(data, "seed", int)
    rng.seed_state(seed)
    known = _expect(data, "known_bottom", int) if "known_bottom" in data else 0  # older saves
    if not 0 <= known <= len(cards["dungeon"]):
        raise ValueError("saved Scoundrel state has a bad 'known_bottom'")
    return State(tuple(cards["dungeon"]), tuple(cards["room"]), health, weapon,
                 tuple(cards["slain"]), tuple(cards["discard"]),
                 _expect(data, "potion_used", bool), _expect(data, "avoided_last", bool),
                 faced, last, status, options, seed,
                 _expect(data, "revealed", int), _expect(data, "rooms", int), known)
