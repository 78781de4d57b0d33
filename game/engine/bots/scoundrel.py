"""Computer players for Scoundrel, seeing only the player's view.

The strongest plays the careful room-by-room judgement of `scoundrel_hint.careful_move` while
much of the dungeon is unseen, and the solver's verdicts once few cards are left. There a
decision is made for the whole rest of the room at once: every way to face the room's cards
(each monster with the weapon or barehanded) is reduced to the ends no other end beats on
health, weapon and weapon reach, and avoiding the room is one more choice. Each choice is then
judged on sampled orders of the unseen dungeon cards (the cards avoided to the bottom stay
where the player saw them go): the solver says whether the game can still be won from there
with that order, at the full health and again with a few points less, so that among choices that
all win on most orders the one with the most health to spare is kept. The first move of the best
choice is played. Deterministic for a given rng; the budget is samples and solver nodes.
"""
from __future__ import annotations

import random
from collections.abc import Iterable

from .. import scoundrel as sc
from .. import scoundrel_solver as solver
from ..contract import Action
from ..scoundrel_careful import careful_move
from ..scoundrel_solver import AVOID, CARD_ID, EMPTY, OutOfNodes, Search, fill, move_text, worth
from . import Bot, Thinking

MARGINS = (0, 6)  # health handicaps each sampled order is solved with

# (dungeon, room, health, weapon, limit, avoided_last) to solve from
Position = tuple[solver.Cards, solver.Cards, int, int, int, bool]
# (the room's slots as left, None for avoiding it; health, weapon, limit, moves) of a room's end
Choice = tuple[solver.Cards | None, int, int, int, solver.Moves]


class SolverBot:
    """Determinized search: the solver judges each choice on sampled dungeon orders."""

    def __init__(self, samples: int, node_limit: int, margins: tuple[int, ...] = MARGINS):
        self.samples = samples
        self.node_limit = node_limit
        self.margins = margins

    def think(self, view: sc.View, legal: Iterable[Action], rng: random.Random,
              prefer: Action | None = None) -> Thinking:
        """`prefer`: an action that wins ties."""
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        below = view.options["weapon_rule"] == "below"
        room = tuple(EMPTY if c is None else CARD_ID[c] for c in view.room)
        weapon = sc.VALUE[view.weapon] if view.weapon else 0
        limit = sc.weapon_limit(view)
        empties = room.count(EMPTY)
        planner = Search(below, self.node_limit)
        if view.final:
            ends = planner.room_ends(room, view.health, weapon, limit, view.potion_used,
                                     4 - empties)
            finishes = [found[0] for found in ends.values()]
            if not finishes:
                return _least_harm(view, legal)
            finish = max(finishes, key=lambda end: worth(*end[:3]))
            return _action(view, legal, finish[3][0])
        choices: list[Choice] = [(left, h, w, lim, moves)
                                 for left, found in planner.room_ends(
                                     room, view.health, weapon, limit, view.potion_used,
                                     3 - empties).items()
                                 for h, w, lim, moves in found]
        if sc.can_avoid(view):
            choices.append((None, view.health, weapon, limit, (AVOID,)))
        if not choices:
            return _least_harm(view, legal)
        if len(choices) == 1:
            return _action(view, legal, choices[0][4][0])
        bottom = [CARD_ID[c] for c in view.bottom]
        unseen = [CARD_ID[c] for c in view.dungeon_cards if c not in view.bottom]
        scores = [0.0] * len(choices)
        for _ in range(self.samples):
            rng.shuffle(unseen)
            dungeon = tuple(unseen) + tuple(bottom)
            search = Search(below, self.node_limit)  # positions proved lost are shared
            for i, (left, h, w, lim, _) in enumerate(choices):
                state: Position
                if left is None:
                    cards = dungeon + room
                    state = (cards[4:], cards[:4], h, w, lim, True)
                else:
                    filled, rest = fill(left, dungeon)
                    state = (rest, filled, h, w, lim, False)
                for weight, margin in zip((1.0, 0.5, 0.25), self.margins):
                    scores[i] += weight * _wins(search, state, margin)
                yield None
        preferred = [_action(view, legal, c[4][0]) == prefer for c in choices]
        best = max(range(len(choices)),
                   key=lambda i: (scores[i], preferred[i], worth(*choices[i][1:4]), -i))
        return _action(view, legal, choices[best][4][0])


def _wins(search: Search, state: Position, margin: int) -> float:
    """1 if the game can be won from `state` with `margin` health less, 0 if not, 0.5 unknown."""
    rest, room, h, w, lim, avoided = state
    if h - margin <= 0:
        return 0.0
    search.nodes = 0
    try:
        return 1.0 if search.win(rest, room, h - margin, w, lim, False, avoided, 0) else 0.0
    except OutOfNodes:
        return 0.5


def _action(view: sc.View, legal: list[Action], move: solver.Move) -> Action:
    text = move_text(view.room, move)
    return next(a for a in legal if a.text == text)


def _least_harm(view: sc.View, legal: list[Action]) -> Action:
    """Every choice dies: face the card that does the least damage."""
    def harm(action: Action) -> int:
        if action.card is None or sc.KIND[action.card] != "monster":
            return 0
        return sc.damage(view, action.card, action.kind == "weapon")
    return min(legal, key=lambda a: (harm(a), a.text))


class EndgameBot:
    """The careful judgement while much of the dungeon is unseen; once few cards are left, the
    solver's verdicts on sampled orders decide, the careful move breaking ties."""

    def __init__(self, endgame: int, samples: int, node_limit: int):
        self.endgame = endgame
        self.solver = SolverBot(samples, node_limit, margins=(0, 4))

    def think(self, view: sc.View, legal: Iterable[Action], rng: random.Random) -> Thinking:
        legal = list(legal)
        careful = next(a for a in legal if a.text == careful_move(view))
        if view.dungeon_count > self.endgame or len(legal) == 1:
            return careful
        return (yield from self.solver.think(view, legal, rng, prefer=careful))


class HintBot:
    """Plays the careful player's judgement room by room, now and then slipping."""

    def __init__(self, slip: float):
        self.slip = slip

    def think(self, view: sc.View, legal: Iterable[Action], rng: random.Random) -> Thinking:
        legal = list(legal)
        if rng.random() < self.slip:
            faces = [a for a in legal if a.text != sc.AVOID.text]
            safe = [a for a in faces if a.card is None or sc.KIND[a.card] != "monster"
                    or sc.damage(view, a.card, a.kind == "weapon") < view.health]
            if safe:
                return safe[0]
        text = careful_move(view)
        return next(a for a in legal if a.text == text)
        yield  # a generator that never needs to pause


def strongest() -> Bot:
    """The strongest autoplayer (the hint asks it)."""
    return LEVELS[-1][1]()


LEVELS = (
    ("easy", lambda: HintBot(slip=0.05)),
    ("normal", lambda: EndgameBot(endgame=8, samples=4, node_limit=1000)),
    ("hard", lambda: EndgameBot(endgame=12, samples=10, node_limit=3000)),
)
