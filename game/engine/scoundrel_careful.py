"""The careful Scoundrel player: the room-by-room judgement the autoplayers start from and
the hint explains.

`careful_move` tries every order of facing this room's cards (each monster with the weapon or
barehanded) and scores the position each order ends in by health, by what the weapon is still
good for, and by the cards left to face. Avoiding is judged the same way on a few sample rooms
drawn from the unseen cards. Pure Python and deterministic: the same view, the same move.
The weights below were tuned by playing a few thousand deals.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from . import scoundrel as sc

MONSTER_COST = 1.0       # health a monster still to face costs, per point of value...
BIG_MONSTER_COST = 0.5   # ...plus this per point above 9, which weapons rarely cover
POTION_WORTH = 0.1       # health a potion still to face is worth, per point
WEAPON_WORTH = 0.3       # health a weapon still to face is worth, per point
REACH_WORTH = 0.5        # share of the equipped weapon's possible savings that counts
LOW_HEALTH, LOW_HEALTH_COST = 10, 0.5  # each point of health below 10 costs this much more
AVOID_SAMPLES = 8        # sample rooms drawn to judge avoiding
WIN, DEATH = 1000.0, -1000.0
AVOID = "avoid room"
Cards = tuple[str, ...]
How = str | None  # "weapon" or "barehanded" for a monster, None for any other card


class _Pos(NamedTuple):
    health: int
    weapon: str | None
    reach: int  # the strongest monster the weapon may still face (0 without a weapon)
    potion_used: bool


def careful_move(view: sc.View) -> str:
    """A careful player's move judged room by room (the weakest autoplayer's judgement)."""
    values = judge_room(view)
    if sc.can_avoid(view):
        below = view.options["weapon_rule"] == "below"
        start = _Pos(view.health, view.weapon, weapon_reach(view, below), view.potion_used)
        values[AVOID] = _avoid_value(start, view.room_cards, view.dungeon_cards, below)
    safe = [text for text in values if not kills(view, text)]
    return max(safe or values, key=lambda text: (values[text], text))


def judge_room(view: sc.View, only: str | None = None) -> dict[str, float]:
    """{action text: value} for facing each card of the room (or only the card `only`) now,
    then the rest of the room the best way."""
    below = view.options["weapon_rule"] == "below"
    start = _Pos(view.health, view.weapon, weapon_reach(view, below), view.potion_used)
    room = view.room_cards
    search = _Search(view.dungeon_cards, below)
    to_face = len(room) if view.final else len(room) - 1
    return {face_text(card, how): search.after(start, room, card, how, to_face, view.final)
            for card, how in _moves(start, room) if only in (None, card)}


def weapon_reach(view: sc.View, below: bool) -> int:
    if view.weapon is None:
        return 0
    if not view.slain:
        return 14
    return sc.VALUE[view.slain[-1]] - (1 if below else 0)


def _moves(pos: _Pos, room: Iterable[str]) -> Iterator[tuple[str, How]]:
    """(card, how) for every legal way to face a card of the room."""
    for card in room:
        if sc.KIND[card] != "monster":
            yield card, None
        else:
            if sc.VALUE[card] <= pos.reach:
                yield card, "weapon"
            yield card, "barehanded"


def face_text(card: str, how: How) -> str:
    if how is None:
        return f"face {card}"
    return f"face {card} with weapon" if how == "weapon" else f"face {card} barehanded"


def _face(pos: _Pos, card: str, how: How, below: bool) -> _Pos:
    value = sc.VALUE[card]
    if how == "weapon":
        assert pos.weapon is not None  # _moves offers the weapon only when there is one
        return pos._replace(health=pos.health - max(0, value - sc.VALUE[pos.weapon]),
                            reach=value - (1 if below else 0))
    if how == "barehanded":
        return pos._replace(health=pos.health - value)
    if sc.KIND[card] == "weapon":
        return pos._replace(weapon=card, reach=14)
    if pos.potion_used:
        return pos
    return pos._replace(health=min(sc.MAX_HEALTH, pos.health + value), potion_used=True)


class _Search:
    """The best way through a room, given the cards still unseen in the dungeon."""

    def __init__(self, unseen: Sequence[str], below: bool):
        self.below = below
        self.unseen_worth = _worth(unseen)
        self.unseen_monsters = [sc.VALUE[c] for c in unseen if sc.KIND[c] == "monster"]
        self.weapons_to_come = sum(sc.KIND[c] == "weapon" for c in unseen)
        self.savings: dict[tuple[int, int], int] = {}  # (strength, reach) -> health saved

    def after(self, pos: _Pos, room: Cards, card: str, how: How, to_face: int, final: bool) -> float:
        """The value of facing `card` now, then the best way to face the rest."""
        pos = _face(pos, card, how, self.below)
        if pos.health <= 0:
            return DEATH + pos.health
        return self.best(pos, tuple(c for c in room if c != card), to_face - 1, final)

    def best(self, pos: _Pos, room: Cards, to_face: int, final: bool) -> float:
        if to_face == 0:
            return WIN + pos.health if final else self.score(pos, room)
        return max(self.after(pos, room, card, how, to_face, final)
                   for card, how in _moves(pos, room))

    def score(self, pos: _Pos, left: Cards) -> float:
        """How good the position is once the room is done and `left` stays for the next one."""
        value = pos.health - LOW_HEALTH_COST * max(0, LOW_HEALTH - pos.health)
        value += self.unseen_worth + _worth(left)
        if pos.weapon is not None:
            value += self._weapon_worth(pos, left)
        return value

    def _weapon_worth(self, pos: _Pos, left: Cards) -> float:
        """Health the equipped weapon could still save, shared with the weapons still to come."""
        assert pos.weapon is not None  # asked only with a weapon equipped
        strength = sc.VALUE[pos.weapon]
        key = (strength, pos.reach)
        if key not in self.savings:
            self.savings[key] = sum(min(strength, m) for m in self.unseen_monsters
                                    if m <= pos.reach)
        saved = self.savings[key] + sum(min(strength, sc.VALUE[c]) for c in left
                                        if sc.KIND[c] == "monster" and sc.VALUE[c] <= pos.reach)
        return REACH_WORTH * saved / (1 + self.weapons_to_come)


def _worth(cards: Iterable[str]) -> float:
    """What facing these cards some time later is worth, in health (monsters cost)."""
    total = 0.0
    for card in cards:
        value = sc.VALUE[card]
        kind = sc.KIND[card]
        if kind == "monster":
            total -= MONSTER_COST * value + BIG_MONSTER_COST * max(0, value - 9)
        else:
            total += (POTION_WORTH if kind == "potion" else WEAPON_WORTH) * value
    return total


def _avoid_value(start: _Pos, room: Cards, unseen: Cards, below: bool) -> float:
    """The expected value of avoiding: the next room comes from the unseen cards (topped up from
    this room, which goes to the bottom, when fewer than four are left) and must be faced."""
    draw = random.Random(0)
    fresh = start._replace(potion_used=False)
    samples = AVOID_SAMPLES if len(unseen) > sc.ROOM_SIZE else 1
    total = 0.0
    for _ in range(samples):
        dealt = tuple(draw.sample(unseen, min(sc.ROOM_SIZE, len(unseen))))
        topped_up = sc.ROOM_SIZE - len(dealt)
        new_room = dealt + room[:topped_up]
        still_unseen = [c for c in unseen if c not in dealt] + list(room[topped_up:])
        total += _Search(still_unseen, below).best(fresh, new_room, len(new_room) - 1, False)
    return total / samples


def kills(view: sc.View, text: str) -> bool:
    """Whether this action would leave the player dead."""
    words = text.split()
    if words[0] != "face" or sc.KIND[words[1]] != "monster":
        return False
    return view.health <= sc.damage(view, words[1], text.endswith("with weapon"))
