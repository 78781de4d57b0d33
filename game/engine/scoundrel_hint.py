"""A hint for Scoundrel: the strongest autoplayer's move, with the reason in words.

`hint` asks the "hard" autoplayer (bots/scoundrel.py), which sees only the view, and explains
its move; the careful judgement it starts from is in scoundrel_careful.py. Pure Python and
deterministic: the same view always gets the same hint.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from . import scoundrel as sc
from .bots import finish
from .bots.scoundrel import strongest
from .cards import pretty
from .scoundrel_careful import AVOID, face_text, judge_room, kills, weapon_reach

HINT_SEED = 0            # the autoplayer's dice for hints: the same view, the same hint


@dataclass(frozen=True)
class Hint:
    action: str  # the text of a legal action
    reason: str  # one short sentence for the player


def hint(view: sc.View) -> Hint:
    """The suggested action for `scoundrel.view(state)`. Raises ValueError once the game is over."""
    if view.status != sc.PLAYING:
        raise ValueError("the game is over: there is nothing to hint")
    legal = sc.legal_actions(view)
    action = finish(strongest().think(view, legal, random.Random(HINT_SEED)))
    return Hint(action.text, _reason(view, action.text))


def move_for(view: sc.View, card: str) -> str:
    """The way to face `card` of the room that the hint would choose: the hint's own move when
    it is about this card, otherwise the better of weapon and barehanded, judged as
    `careful_move` judges a room (a double-click plays this)."""
    suggested = hint(view).action
    if suggested.split()[1:2] == [card]:
        return suggested
    if sc.KIND[card] != "monster":
        return face_text(card, None)
    values = judge_room(view, only=card)
    return max(values, key=lambda text: (values[text], text))


def _least_damage(view: sc.View, monster: str) -> int:
    if sc.weapon_allows(view, monster):
        return sc.damage(view, monster, True)
    return sc.damage(view, monster, False)


def _reason(view: sc.View, text: str) -> str:
    monsters = sorted((c for c in view.room_cards if sc.KIND[c] == "monster"),
                      key=lambda c: -sc.VALUE[c])
    if text == AVOID:
        costly = [m for m in monsters if _least_damage(view, m) > 0]  # faced biggest first
        cost = sum(_least_damage(view, m) for m in costly)
        if costly and cost * 2 >= view.health:
            names = [f"the {pretty(c)}" for c in costly]
            named = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
            return f"Avoid this room: facing {named} would cost {cost} of your {view.health} health."
        return "Avoid this room: a fresh one should serve you better; these cards go to the bottom."
    card = text.split()[1]
    name, kind, value = pretty(card), sc.KIND[card], sc.VALUE[card]
    if kills(view, text):
        if all(kills(view, a.text) for a in sc.legal_actions(view) if a.text != AVOID):
            return f"No card here can be faced and survived; the {name} is as good as any."
        return f"Facing the {name} this way would kill you."
    weapon = pretty(view.weapon) if view.weapon else None
    if kind == "potion":
        gain = 0 if view.potion_used else min(sc.MAX_HEALTH - view.health, value)
        if gain == 0:
            return f"Face the {name} now: it heals nothing, but it costs nothing either."
        deadliest = max(monsters, key=lambda m: _least_damage(view, m), default=None)
        if deadliest and view.health <= _least_damage(view, deadliest):
            return f"Drink the {name} first: facing the {pretty(deadliest)} now would kill you."
        return f"Drink the {name}: it restores {gain} health."
    if kind == "weapon":
        if view.weapon is None:
            return f"Take the {name}: you have no weapon yet."
        if value > sc.VALUE[view.weapon]:
            before = f" before facing the {pretty(monsters[0])}" if monsters else ""
            return f"Take the {name}{before}: it hits harder than your {weapon}."
        if view.slain:
            reach = weapon_reach(view, view.options["weapon_rule"] == "below")
            return f"Take the {name}: your {weapon} can only face monsters up to {reach} now."
        return f"Take the {name}: every card must be faced in the end, and now it costs least."
    if text.endswith("with weapon"):
        hit = sc.damage(view, card, True)
        saving = "it costs no health" if hit == 0 else f"it costs {hit} health instead of {value}"
        return f"Use the {weapon} on the {name}: {saving}."
    if weapon is not None and not sc.weapon_allows(view, card):
        last = pretty(view.slain[-1])
        return f"Fight the {name} barehanded: your {weapon} can't face it after the {last}."
    if weapon is not None:
        return (f"Fight the {name} barehanded: {value} health is worth keeping your {weapon} "
                "for bigger monsters.")
    return f"Fight the {name} barehanded: with no weapon yet, it's the cheapest way on."
