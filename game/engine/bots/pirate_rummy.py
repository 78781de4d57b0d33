"""Computer players for Pirate Rummy.

A turn is many small actions, so a bot plans the whole turn once, from the table and hand as
they were after the draw (in the view), and each decision returns the plan's next action
(`view.moves` says how far along it is). Planning is deterministic, so a bot re-created for
every decision makes the same plan; a small cache saves planning twice.

The plan: a depth-first search over partitions of the hand's numbers and the own area's cards
into runs and sets, placing as many hand cards as it can while every card already on the
table stays in a legitimate meld (cards a plunder left loose may be placed or picked up),
with a node budget. Leftover cards go onto other players' melds where they fit (cards there
can't be plundered from the bot). *hard* also weighs plunders: a pirate ship is spent when the
plundered card lets it shed at least one more hand card, or to break the meld of a player
about to go out; otherwise ships are kept (a hand of only ships wins).
"""
from __future__ import annotations

import random
import zlib
from collections.abc import Generator, Iterable
from typing import Any

from .. import pirate_rummy as pr
from ..contract import Action
from . import Thinking

NODES = 4000          # search nodes per partition
SLICE = 20            # nodes between two yields (a slice stays within a frame's few ms)
PLUNDER_LOOKS = 8     # plunder candidates weighed per turn
MAX_MOVES = 400       # a turn this long ends (a plan never needs so many)
_CACHE: dict[tuple[Any, ...], Any] = {}

Meld = tuple[str, ...]
Area = tuple[Meld, ...]
Areas = tuple[Area, ...]
Best = tuple[int, tuple[Meld, ...]]          # (placed optional cards, melds)
Plan = tuple[tuple[str, ...], tuple[tuple[Areas, tuple[str, ...]], ...]]   # (steps, before)


class _Search:
    """Best partition of `cards` into runs and sets: (placed optional cards, melds)."""

    def __init__(self, must: Iterable[str], optional: Iterable[str], budget: int = NODES) -> None:
        self.must = frozenset(must)
        self.cards = sorted(set(must) | set(optional), key=pr.card_key)
        self.budget = budget
        self.nodes = 0
        self.best: Best = (-1, ())

    def run(self) -> Generator[None, None, None]:
        yield from self._dfs(tuple(self.cards), 0, ())

    def _dfs(self, remaining: Meld, placed: int, melds: tuple[Meld, ...]) -> Generator[None, None, None]:
        self.nodes += 1
        if self.nodes % SLICE == 0:
            yield None
        if not remaining:
            if placed > self.best[0]:
                self.best = (placed, melds)
            return
        if self.nodes > self.budget:
            if all(c not in self.must for c in remaining) and placed > self.best[0]:
                self.best = (placed, melds)
            return
        if placed + sum(c not in self.must for c in remaining) <= self.best[0]:
            return
        first = remaining[0]
        for meld in self._melds_from(first, remaining):
            rest = tuple(c for c in remaining if c not in meld)
            gain = sum(c not in self.must for c in meld)
            yield from self._dfs(rest, placed + gain, melds + (meld,))
        if first not in self.must:
            yield from self._dfs(remaining[1:], placed, melds)

    def _pick(self, cards: list[str]) -> str:
        """Of equal cards, one already on the table first (it must be placed anyway)."""
        return min(cards, key=lambda c: (c not in self.must, c))

    def _melds_from(self, first: str, remaining: Meld) -> Generator[Meld, None, None]:
        n, colour = pr.NUMBER[first], pr.COLOUR[first]
        run = [first]
        while True:
            nxt = [c for c in remaining if pr.NUMBER[c] == n + len(run) and pr.COLOUR[c] == colour]
            if not nxt:
                break
            run.append(self._pick(nxt))
            if len(run) >= 3:
                yield tuple(run)
        by_colour: dict[str, list[str]] = {}
        for c in remaining:
            if pr.NUMBER[c] == n and pr.COLOUR[c] != colour and c != first:
                by_colour.setdefault(pr.COLOUR[c], []).append(c)
        others = [self._pick(cs) for cs in by_colour.values()]
        for i in range(len(others)):
            for j in range(i + 1, len(others)):
                yield (first, others[i], others[j])
                for k in range(j + 1, len(others)):
                    yield (first, others[i], others[j], others[k])


def _partition(hand: Iterable[str], area: Area, excused: frozenset[str],
               budget: int) -> Generator[None, None, Best]:
    """Search over the hand's numbers and the own area; returns (placed, melds)."""
    must = [c for meld in area for c in meld if c not in excused]
    optional = [c for c in hand if c in pr.NUMBER] + [c for meld in area for c in meld if c in excused]
    search = _Search(must, optional, budget)
    yield from search.run()
    return search.best


class _Plan:
    """Builds the action texts that turn the table into the chosen arrangement."""

    def __init__(self, areas: Areas, hand: tuple[str, ...], me: int) -> None:
        self.areas, self.hand, self.me = areas, hand, me
        self.texts: list[str] = []
        # (table, hand) before each step: where the plan expects to be
        self.before: list[tuple[Areas, tuple[str, ...]]] = []

    def _note(self, text: str) -> None:
        self.texts.append(text)
        self.before.append((self.areas, self.hand))

    def plunder(self, card: str, victim: int) -> None:
        self._note(f"plunder {card} from seat {victim + 1}")
        self.areas = pr.plundered(self.areas, card, victim, self.me)
        ship = next(c for c in self.hand if c not in pr.NUMBER)
        self.hand = pr._without(self.hand, ship)

    def _set_area(self, seat: int, area: Area) -> None:
        self.areas = pr._set(self.areas, seat, area)

    def place(self, card: str, seat: int, anchor: str | None) -> None:
        """Put `card` (from hand or the seat's area) onto the meld holding `anchor`, or into a new
        meld of the seat when `anchor` is None."""
        area = self.areas[seat]
        if card in self.hand:
            j = None if anchor is None else pr._find(area, anchor)
            meld = "a new meld" if j is None else pr._meld_text(area[j])
            self._note(f"play {card} to a new meld" if j is None
                       else f"add {card} to {meld} of seat {seat + 1}")
            self.hand = pr._without(self.hand, card)
            self._set_area(seat, pr._put(area, card, j))
            return
        src = pr._find(area, card)
        if anchor is None:
            if len(area[src]) == 1:
                return
            self._note(f"move {card} to a new meld of seat {seat + 1}")
            self._set_area(seat, pr._put(pr._take(area, card), card, None))
            return
        if anchor in area[src]:
            return
        target = area[pr._find(area, anchor)]
        self._note(f"move {card} to {pr._meld_text(target)} of seat {seat + 1}")
        area = pr._take(area, card)
        self._set_area(seat, pr._put(area, card, pr._find(area, anchor)))

    def build(self, meld: Meld) -> None:
        """Build `meld` in the own area, reusing an existing meld it contains."""
        me = self.me
        area = self.areas[me]
        base = [m for m in area if set(m) <= set(meld) and pr.is_legit(m)]
        if base:
            start = max(base, key=len)
            missing = [c for c in meld if c not in start]
            low = sorted((c for c in missing if pr.card_key(c) < pr.card_key(start[0])),
                         key=pr.card_key, reverse=True)
            high = [c for c in missing if c not in low]
            for c in low + high:
                self.place(c, me, start[0])
            return
        first, *rest = meld
        self.place(first, me, None)
        for c in rest:
            self.place(c, me, first)


class PirateRummyBot:
    """A planner; `rearrange` searches the own area too, `plunder` spends ships, `slip` is the
    chance of overlooking a play (a person's mistake)."""

    def __init__(self, rearrange: bool = True, others: bool = True, plunder: bool = True,
                 slip: float = 0.0, budget: int = NODES) -> None:
        self.rearrange, self.others, self.plunder = rearrange, others, plunder
        self.slip, self.budget = slip, budget

    def think(self, view: pr.View, legal: Iterable[Action], rng: random.Random) -> Thinking:
        texts = {a.text: a for a in legal}
        if view.moves > MAX_MOVES:
            return texts[pr.END.text]
        start_hand, plunders = view.start_hand, view.plunders
        assert start_hand is not None and plunders is not None, \
            "a bot thinks on its own turn, and that seat's view holds its hand and plunders"
        plan = yield from self._cached(view, view.start_areas, start_hand, (), True)
        step = self._next(plan, view.moves, view)
        follow = ("follow", self.rearrange, self.plunder, self.slip, view.seat, view.turns)
        if step is None and follow in _CACHE:     # a plan made from the table mid-turn
            plan, first = _CACHE[follow]
            step = self._next(plan, view.moves - first, view)
        if step is None:      # the table is not where any plan of this turn expected it
            if pr.outcome_for_view(view).rolled_back and pr.RESET.text in texts:
                return texts[pr.RESET.text]
            plan = yield from self._cached(view, view.areas, view.hand, plunders, False)
            _CACHE[follow] = (plan, view.moves)
            step = self._next(plan, 0, view)
        if step is not None and step in texts:
            return texts[step]
        return texts[pr.END.text]

    @staticmethod
    def _next(plan: Plan, k: int, view: pr.View) -> str | None:
        """The plan's step `k` if the table and hand are where the plan expects them."""
        steps, before = plan
        # k < 0: the turn was reset after that plan was made (view.moves counts from the reset)
        if 0 <= k < min(len(steps), len(before)) and before[k] == (view.areas, view.hand):
            return steps[k]
        return None

    def _cached(self, view: pr.View, areas: Areas, hand: tuple[str, ...],
                done: tuple[Any, ...], fresh: bool) -> Generator[None, None, Plan]:
        key = (self.rearrange, self.others, self.plunder, self.slip, self.budget, view.seat,
               view.turns, areas, hand, done, fresh)
        plan: Plan | None = _CACHE.get(key)
        if plan is None:
            plan = yield from self._plan(view, areas, hand, done, fresh)
            if len(_CACHE) > 64:
                _CACHE.clear()
            _CACHE[key] = plan
        return plan

    def _plan(self, view: pr.View, areas: Areas, hand: tuple[str, ...], done: tuple[Any, ...],
              fresh: bool) -> Generator[None, None, Plan]:
        """(steps, table and hand before each step) from `areas` and `hand`; `fresh` is the
        turn's start (plunders are weighed then), else a plan from where the table is now."""
        me = view.seat
        excused = pr.broken_cards(areas) if fresh else view.excused
        luck = random.Random(zlib.crc32(repr((view.turns, me, hand)).encode()))
        own = areas[me] if self.rearrange else ()
        budget = self.budget
        placed, melds = yield from _partition(hand, own, excused, budget)
        plunders: list[tuple[str, int]] = []
        if self.plunder and fresh:
            plunders = yield from self._plunders(view, hand, own, excused, placed)
        plan = _Plan(areas, hand, me)
        for card, victim in plunders:
            plan.plunder(card, victim)
        if plunders:
            own = plan.areas[me] if self.rearrange else tuple((c,) for c, _ in plunders)
            excused = pr.broken_cards(plan.areas)
            placed, melds = yield from _partition(plan.hand, own, excused, budget)
        for meld in melds:
            if luck.random() >= self.slip:
                plan.build(meld)
        if self.others:
            self._onto_others(plan, luck)
        final = pr.end_turn_outcome(_Judge(plan, view, done))
        if final.rolled_back:      # never expected: rather keep the table as it is
            plan = _Plan(areas, hand, me)
            final = pr.end_turn_outcome(_Judge(plan, view, done))
        ships_only = final.hand and all(c not in pr.NUMBER for c in final.hand)
        plan._note(pr.DISCARD_SHIPS.text if ships_only else pr.END.text)
        return tuple(plan.texts), tuple(plan.before)

    def _onto_others(self, plan: _Plan, luck: random.Random) -> None:
        changed = True
        while changed:
            changed = False
            for c in sorted(plan.hand, key=pr.card_key):
                if c not in pr.NUMBER or luck.random() < self.slip:
                    continue
                for p, area in enumerate(plan.areas):
                    fit = next((m for m in area if pr.is_legit(m) and pr.is_legit(m + (c,))), None)
                    if fit is not None:
                        plan.place(c, p, fit[0])
                        changed = True
                        break

    def _plunders(self, view: pr.View, hand: tuple[str, ...], own: Area, excused: frozenset[str],
                  placed: int) -> Generator[None, None, list[tuple[str, int]]]:
        """Plunders worth a ship, best first: (card, victim seat)."""
        me = view.seat
        ships = [c for c in hand if c not in pr.NUMBER]
        if not ships:
            return []
        mine = [c for c in hand if c in pr.NUMBER]
        near = {(pr.COLOUR[c], pr.NUMBER[c] + d) for c in mine for d in (-2, -1, 1, 2)}
        near |= {("*", pr.NUMBER[c]) for c in mine}
        candidates = []
        for p, area in enumerate(view.start_areas):
            if p == me:
                continue
            for meld in area:
                for c in meld:
                    if (pr.COLOUR[c], pr.NUMBER[c]) in near or ("*", pr.NUMBER[c]) in near:
                        # prefer taking from the player with the fewest cards
                        candidates.append((view.hand_counts[p], len(meld), c, p))
        candidates.sort()
        chosen: list[tuple[str, int]] = []
        for _, _, card, victim in candidates[:PLUNDER_LOOKS]:
            if len(chosen) >= len(ships):
                break
            with_card = own + ((card,),)
            got, melds = yield from _partition(hand, with_card, excused | {card}, self.budget // 2)
            if card in {c for m in melds for c in m} and got - 1 > placed:
                chosen.append((card, victim))
                placed = got - 1
                own = with_card
                excused = excused | {card}
        if not chosen and len(ships) >= 2:
            threat = min((view.hand_counts[p], p) for p in range(view.seats) if p != me)
            if threat[0] <= 2:
                area = view.start_areas[threat[1]]
                small = [m for m in area if len(m) == 3]
                if small:
                    chosen.append((small[0][1], threat[1]))
        return chosen


class _Judge:
    """The planned end of turn, shaped like a state for `end_turn_outcome`."""

    def __init__(self, plan: _Plan, view: pr.View, done: tuple[Any, ...]) -> None:
        self.turn, self.areas = view.seat, plan.areas
        assert view.start_hand is not None, "plans are made on the bot's own turn"
        self.start_areas, self.start_hand = view.start_areas, view.start_hand
        ships = [c for c in view.start_hand if c not in pr.NUMBER][len(done):]
        new = [(t.split()[1], int(t.split()[-1]) - 1) for t in plan.texts
               if t.startswith("plunder")]
        self.plunders = tuple(done) + tuple((c, v, ship) for (c, v), ship in zip(new, ships))
        self.hands = tuple(plan.hand if p == view.seat else () for p in range(view.seats))


def easy() -> PirateRummyBot:
    return PirateRummyBot(rearrange=False, plunder=False, slip=0.25, budget=NODES // 4)


def normal() -> PirateRummyBot:
    return PirateRummyBot(rearrange=True, plunder=False, budget=NODES // 2)


def hard() -> PirateRummyBot:
    return PirateRummyBot()


LEVELS = (("easy", easy), ("normal", normal), ("hard", hard))
