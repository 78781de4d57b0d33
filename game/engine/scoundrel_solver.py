"""Scoundrel with the whole dungeon order known: can this position still be won, and how?

An exact depth-first search over a compact copy of the engine's rules (cards as small ints,
the state as a few ints and tuples). Every position that was proved lost is remembered with
the most health it was lost with: the same position with no more health is lost too. The only
pruning is a bound that cannot be wrong: health plus every potion still to come, minus the
damage each monster must do even against the best weapon it could ever meet, must stay above
zero. Moves are tried in the order a good player would try them, so winnable deals are usually
proved on the first line. `solve` answers True, False, or None when it ran out of nodes.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from . import scoundrel as sc
from . import scoundrel_deals

MONSTER, WEAPON, POTION = 0, 1, 2
_KIND = tuple({"monster": MONSTER, "weapon": WEAPON, "potion": POTION}[sc.KIND[c]] for c in sc.DECK)
_VALUE = tuple(sc.VALUE[c] for c in sc.DECK)
CARD_ID = {c: i for i, c in enumerate(sc.DECK)}
EMPTY = -1
DEFAULT_NODE_LIMIT = 500_000  # the hardest of 43,000 deals needed 204,588 (see the doc)

# Move codes: (slot, how) with how 0 = face plainly (barehanded, equip, drink), 1 = weapon.
AVOID = (-1, 0)
ALL_EMPTY = (EMPTY,) * 4

Cards = tuple[int, ...]  # card ids: a dungeon, top first, or a room's four slots (EMPTY for none)
Move = tuple[int, int]
Moves = tuple[Move, ...]
Way = tuple[Cards, int, int, int, int, int, Moves]  # (room left, d1, p, d2, weapon, limit, moves)
End = tuple[int, int, int, Moves]  # (health, weapon, limit, moves)
# (dungeon, room, health, weapon, limit, avoided_last, moves) of the next room
Child = tuple[Cards, Cards, int, int, int, bool, Moves]
Supply = tuple[int, int, int, tuple[int, ...]]  # see _supply
# A dungeon's supply, with _spare's answers per (room, weapon, limit)
Known = tuple[int, int, int, tuple[int, ...], dict[tuple[Cards, int, int], int]]


class Verdict(NamedTuple):
    winnable: bool | None  # None: the node limit was hit before an answer
    line: tuple[str, ...]  # action texts of one winning line (empty unless winnable)
    nodes: int


PROBE_FROM = 28   # in the second search, dungeons this long probe each choice of a room first
PLAIN_NODES = 300  # the first search's budget
PAUSE_NODES = 16  # a search given a pause calls it this often (about every 1.5 ms)
SPARE_WEIGHT = 1.0  # of the bound's slack, in the order room ends are tried
AVOID_PENALTY = 10  # avoiding is tried after room ends worth this much less health


def worth(health: int, weapon: int, limit: int, spare: int = 0, below: int = 0) -> float:
    """How promising a room end looks, for the order ends are tried in (never for a verdict).
    Under the strict weapon rule reach is worth little (measured): a kill takes it away anyway."""
    if below:
        return health + 0.75 * weapon + SPARE_WEIGHT * spare
    return health + 0.5 * weapon + 0.25 * limit + SPARE_WEIGHT * spare


def _best_first(end: End) -> tuple[int, int, int]:
    return -end[0], -end[1], -end[2]


def _natural_order(room: Cards) -> list[int]:
    """The room's occupied slots in the order a player would face them when the order makes no
    difference: weapons, then monsters, strongest first, then potions. Of two ways through a room
    that end the same, the first found is kept, so plans read naturally."""
    return sorted((slot for slot in range(4) if room[slot] >= 0),
                  key=lambda slot: (_KIND[room[slot]] == POTION, -_VALUE[room[slot]]))


class Search:
    """One search, with what it learns along the way: the positions proved lost (per dungeon
    order and room, the best (health, weapon, reach, avoided) each was lost with), every room's
    ways through (independent of health), and per dungeon order what the bound needs."""

    def __init__(self, below: bool, node_limit: int, probe_from: int = 99,
                 pause: Callable[[], None] | None = None):
        self.below = 1 if below else 0
        self.node_limit = node_limit
        self.pause = pause  # called every PAUSE_NODES nodes (a search on a thread lets go)
        self.probe_from = probe_from  # dungeons this long probe every choice of a room first
        self.nodes = 0
        # (dungeon, room) -> [(health, weapon, limit, avoided_last)] proved lost
        self.lost: dict[tuple[Cards, Cards], list[tuple[int, int, int, bool]]] = {}
        self.line: list[Moves] = []   # moves of the winning line, deepest room first
        # (room, weapon, limit, potion_used, to_face) -> ways
        self.plans: dict[tuple[Cards, int, int, bool, int], list[Way]] = {}
        self.supply: dict[Cards, Known] = {}  # dungeon -> (potions, best weapon, monster values)

    def count_node(self) -> None:
        """One more position looked at: OutOfNodes past the limit, and the pause now and then."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfNodes
        if self.pause is not None and not self.nodes % PAUSE_NODES:
            self.pause()

    def is_known_lost(self, key: tuple[Cards, Cards], h: int, w: int, lim: int, al: bool) -> bool:
        for oh, ow, olim, oal in self.lost.get(key, ()):
            if oh >= h and ow >= w and olim >= lim and oal <= al:
                return True
        return False

    def remember_lost(self, key: tuple[Cards, Cards], h: int, w: int, lim: int, al: bool) -> None:
        kept = [p for p in self.lost.get(key, ())
                if not (h >= p[0] and w >= p[1] and lim >= p[2] and al <= p[3])]
        kept.append((h, w, lim, al))
        self.lost[key] = kept

    def slack(self, dungeon: Cards, room: Cards, health: int, weapon: int, limit: int) -> int:
        """Health plus every potion left, minus what each monster still to come costs against
        the best weapon it could ever meet: at zero or below not even the kindest play
        survives. More is more promising."""
        known = self.supply.get(dungeon)
        if known is None:
            known = self.supply[dungeon] = _supply(dungeon) + ({},)
        rest = known[4].get((room, weapon, limit))
        if rest is None:
            rest = known[4][room, weapon, limit] = _spare(known, room, weapon, limit, self.below)
        return health + rest

    def ways(self, room: Cards, weapon: int, limit: int, potion_used: bool, to_face: int) -> list[Way]:
        """Every way to face `to_face` more cards of `room`, as (room left, d1, p, d2, weapon,
        limit, moves): d1 the damage taken before the one potion that heals (p, 0 if none),
        d2 the damage after it. From health h that ends alive, with min(20, h - d1 + p) - d2,
        when h > d1 and that end is above zero. Ways another way beats for every health (on
        damage, healing, weapon and reach, leaving the same card) are dropped."""
        key = (room, weapon, limit, potion_used, to_face)
        found = self.plans.get(key)
        if found is not None:
            return found
        # (room left, d1, p, d2, weapon, limit) -> the first moves found to it
        seen: dict[tuple[Cards, int, int, int, int, int], Moves] = {}
        below = self.below
        order = _natural_order(room)

        def go(room: Cards, w: int, lim: int, d1: int, p: int, d2: int, healed: bool, left: int,
               moves: Moves) -> None:
            if left == 0:
                if healed and not p:  # no potion healed: all damage is before it
                    d1, d2 = d1 + d2, 0
                seen.setdefault((room, d1, p, d2, w, lim), moves)
                return
            for slot in order:
                c = room[slot]
                if c < 0:
                    continue
                rest = room[:slot] + (EMPTY,) + room[slot + 1:]
                k, v = _KIND[c], _VALUE[c]
                if k == MONSTER:
                    if w and v <= lim:
                        hit = v - w if v > w else 0
                        if healed:
                            if d2 + hit < sc.MAX_HEALTH:
                                go(rest, w, v - below, d1, p, d2 + hit, True, left - 1,
                                   moves + ((slot, 1),))
                        elif d1 + hit < sc.MAX_HEALTH:
                            go(rest, w, v - below, d1 + hit, p, d2, False, left - 1,
                               moves + ((slot, 1),))
                    if healed:
                        if d2 + v < sc.MAX_HEALTH:
                            go(rest, w, lim, d1, p, d2 + v, True, left - 1, moves + ((slot, 0),))
                    elif d1 + v < sc.MAX_HEALTH:
                        go(rest, w, lim, d1 + v, p, d2, False, left - 1, moves + ((slot, 0),))
                elif k == WEAPON:
                    go(rest, v, sc.MAX_VALUE, d1, p, d2, healed, left - 1, moves + ((slot, 0),))
                elif healed:
                    go(rest, w, lim, d1, p, d2, True, left - 1, moves + ((slot, 0),))
                else:
                    go(rest, w, lim, d1, v, d2, True, left - 1, moves + ((slot, 0),))

        go(room, weapon, limit if weapon else 0, 0, 0, 0, potion_used, to_face, ())
        groups: dict[Cards, list[tuple[int, int, int, int, int, int, Moves]]] = {}
        for (left, d1, p, d2, w, lim), moves in seen.items():
            groups.setdefault(left, []).append((d1 + d2 - p, d1, d2, -w, -lim, p, moves))
        found = []
        for left, options in groups.items():
            options.sort()  # the first five fields tell every way apart: moves never compared
            front: list[tuple[int, int, int, int, int]] = []
            for cost, d1, d2, less_w, less_lim, p, moves in options:
                for f_cost, f_d1, f_d2, f_less_w, f_less_lim in front:
                    if (f_d1 <= d1 and f_d2 <= d2 and f_cost <= cost and f_less_w <= less_w
                            and f_less_lim <= less_lim):
                        break
                else:
                    front.append((cost, d1, d2, less_w, less_lim))
                    found.append((left, d1, p, d2, -less_w, -less_lim, moves))
        self.plans[key] = found
        return found

    def room_ends(self, room: Cards, health: int, weapon: int, limit: int, potion_used: bool,
                  to_face: int) -> dict[Cards, list[End]]:
        """Every way to face `to_face` more cards of the room alive from `health`, as {room
        left: [(health, weapon, limit, moves)]}, keeping only ends no other end beats on all
        three, the healthiest first."""
        ends: dict[Cards, list[End]] = {}
        for left, d1, p, d2, w, lim, moves in self.ways(room, weapon, limit if weapon else 0,
                                                         potion_used, to_face):
            if health > d1:
                h = min(health - d1 + p, sc.MAX_HEALTH) - d2
                if h > 0:
                    ends.setdefault(left, []).append((h, w, lim, moves))
        for left, found in ends.items():
            if len(found) > 1:
                found.sort(key=_best_first)
                front: list[End] = []
                for e in found:
                    h, w, lim = e[0], e[1], e[2]
                    for f in front:
                        if f[0] >= h and f[1] >= w and f[2] >= lim:
                            break
                    else:
                        front.append(e)
                ends[left] = front
        return ends

    def win(self, dungeon: Cards, room: Cards, health: int, weapon: int, limit: int,
            potion_used: bool, avoided_last: bool, faced: int) -> bool:
        """Whether this position can be won; raises OutOfNodes past the node limit."""
        self.count_node()
        if not weapon:
            limit = 0
        fresh = faced == 0 and not potion_used
        key = (dungeon, room)
        if fresh and self.is_known_lost(key, health, weapon, limit, avoided_last):
            return False
        if self.slack(dungeon, room, health, weapon, limit) <= 0:
            return False
        empties = room.count(EMPTY)
        if not dungeon and faced < empties:  # the last room: every card must be faced
            ends = self.room_ends(room, health, weapon, limit, potion_used, 4 - empties)
            if ends:
                self.line.append(next(iter(ends.values()))[0][3])
                return True
            return False
        children = self.children(dungeon, room, health, weapon, limit, potion_used,
                                 avoided_last, faced)
        if len(dungeon) >= self.probe_from and len(children) > 1:
            scored: list[tuple[float, Child]] = []
            for child in children:
                got = self.probe(child)
                if got is True:
                    return True
                scored.append((got, child))
            scored.sort(key=lambda pair: -pair[0])
            children = [child for _, child in scored]
        for rest, filled, h, w, lim, avoided, moves in children:
            if self.win(rest, filled, h, w, lim, False, avoided, 0):
                self.line.append(moves)
                return True
        if fresh:
            self.remember_lost(key, health, weapon, limit, avoided_last)
        return False

    def children(self, dungeon: Cards, room: Cards, health: int, weapon: int, limit: int,
                 potion_used: bool, avoided_last: bool, faced: int) -> list[Child]:
        """The positions this room can end in (next room dealt), the most promising first."""
        children: list[tuple[float, Cards, Cards, int, int, int, bool, Moves]] = []
        below = self.below
        for left, found in self.room_ends(room, health, weapon, limit, potion_used,
                                          3 - room.count(EMPTY)).items():
            filled, rest = fill(left, dungeon)
            for h, w, lim, moves in found:
                spare = self.slack(rest, filled, h, w, lim)
                if spare > 0:
                    children.append((worth(h, w, lim, spare, below), rest, filled, h, w, lim,
                                     False, moves))
        if not avoided_last and not faced and dungeon:
            filled, rest = fill(ALL_EMPTY, dungeon + tuple(c for c in room if c >= 0))
            spare = self.slack(rest, filled, health, weapon, limit)
            if spare > 0:
                children.append((worth(health, weapon, limit, spare, below) - AVOID_PENALTY,
                                 rest, filled, health, weapon, limit, True, (AVOID,)))
        children.sort(key=lambda child: -child[0])
        return [child[1:] for child in children]

    def probe(self, child: Child) -> float | bool:
        """Follow the first choice room after room from `child`: True (and the winning line
        recorded) if that wins, else how far it got (more is better)."""
        path = [child[-1]]
        rest, filled, h, w, lim, avoided, _ = child
        while True:
            self.count_node()
            if not w:
                lim = 0
            if (self.is_known_lost((rest, filled), h, w, lim, avoided)
                    or self.slack(rest, filled, h, w, lim) <= 0):
                return -len(rest) + h / 100
            empties = filled.count(EMPTY)
            if not rest and empties:
                ends = self.room_ends(filled, h, w, lim, False, 4 - empties)
                if not ends:
                    return h / 100
                path.append(next(iter(ends.values()))[0][3])
                self.line.extend(reversed(path))
                return True
            options = self.children(rest, filled, h, w, lim, False, avoided, 0)
            if not options:
                return -len(rest) + h / 100
            rest, filled, h, w, lim, avoided, moves = options[0]
            path.append(moves)


def _supply(dungeon: Cards) -> Supply:
    """(every potion's value summed, the two best weapons, monster values) of a dungeon."""
    potions, best, second, monsters = 0, 0, 0, []
    for c in dungeon:
        k = _KIND[c]
        if k == MONSTER:
            monsters.append(_VALUE[c])
        elif k == WEAPON:
            v = _VALUE[c]
            if v > best:
                best, second = v, best
            elif v > second:
                second = v
        else:
            potions += _VALUE[c]
    return potions, best, second, tuple(monsters)


def _spare(supply: Known, room: Cards, weapon: int, limit: int, below: int) -> int:
    """`Search.slack` without the health: the potions to come less the monsters' least cost.
    A monster costs its value less the best weapon that could ever face it; under the strict
    rule a weapon only ever slays monsters of ever smaller value, so of two monsters of one
    value, the second meets at best the second-best weapon."""
    budget, best, second, supplied = supply[:4]
    monsters = list(supplied)
    for c in room:
        if c >= 0:
            k = _KIND[c]
            v = _VALUE[c]
            if k == MONSTER:
                monsters.append(v)
            elif k == WEAPON:
                if v > best:
                    best, second = v, best
                elif v > second:
                    second = v
            else:
                budget += v
    if not below:
        keep = weapon > best
        for v in monsters:
            w = weapon if keep and v <= limit else best
            if v > w:
                budget -= v - w
        return budget
    met: set[int] = set()
    for v in monsters:
        first, other = best, second
        if v <= limit and weapon > other:
            first, other = (weapon, best) if weapon > best else (best, weapon)
        w = other if v in met else first
        met.add(v)
        if v > w:
            budget -= v - w
    return budget


class OutOfNodes(Exception):
    pass


def fill(room: Cards, dungeon: Cards) -> tuple[Cards, Cards]:
    slots = list(room)
    dealt = 0
    for i in range(4):
        if slots[i] < 0 and dealt < len(dungeon):
            slots[i] = dungeon[dealt]
            dealt += 1
    return tuple(slots), dungeon[dealt:]


def solve(state: sc.State, node_limit: int = DEFAULT_NODE_LIMIT,
          pause: Callable[[], None] | None = None) -> Verdict:
    """Whether `state` (an engine State, dungeon order and all) can still be won; `pause` is
    called every PAUSE_NODES nodes."""
    if state.status != sc.PLAYING:
        return Verdict(state.status == sc.WON, (), 0)
    search = Search(state.options["weapon_rule"] == "below", node_limit, pause=pause)
    dungeon = tuple(CARD_ID[c] for c in state.dungeon)
    room = tuple(EMPTY if c is None else CARD_ID[c] for c in state.room)
    weapon = sc.VALUE[state.weapon] if state.weapon else 0
    limit = sc.weapon_limit(state)
    start = (dungeon, room, state.health, weapon, limit, state.potion_used, state.avoided_last,
             state.faced)
    try:
        # Most deals are won a little way off the most promising line: a plain search first,
        # and if that takes long, a search that probes every choice near the top (what the
        # first one proved lost stays proved).
        search.node_limit = min(node_limit, PLAIN_NODES)
        try:
            won = search.win(*start)
        except OutOfNodes:
            if search.nodes >= node_limit:
                raise
            search.node_limit, search.probe_from, search.line = node_limit, PROBE_FROM, []
            won = search.win(*start)
    except OutOfNodes:
        return Verdict(None, (), search.nodes)
    if not won:
        return Verdict(False, (), search.nodes)
    moves = [move for room in reversed(search.line) for move in room]
    return Verdict(True, _texts(state, moves), search.nodes)


def move_text(room: sc.Room, move: Move) -> str:
    """The engine's action text for a solver move in `room` (the room's slots, card codes)."""
    slot, how = move
    if slot < 0:
        return sc.AVOID.text
    card = room[slot]
    assert card is not None, "a solver move faces an occupied slot"
    if sc.KIND[card] == "monster":
        return f"face {card} {'with weapon' if how else 'barehanded'}"
    return f"face {card}"


def _texts(state: sc.State, moves: list[Move]) -> tuple[str, ...]:
    """The winning moves as engine action texts, replayed through the engine as they are named."""
    out: list[str] = []
    for move in moves:
        out.append(move_text(state.room, move))
        state = sc.apply(state, out[-1])
    if state.status != sc.WON:
        raise AssertionError("the solver's line does not win through the engine")
    return tuple(out)


SEARCH_NODES = 20_000  # per deal tried when the shipped lists cannot be read


def winnable(seed: int, options: dict[str, Any] | None = None,
             node_limit: int = DEFAULT_NODE_LIMIT) -> bool | None:
    """Whether deal `seed` can be won from the start."""
    return solve(sc.new_game(seed=seed, options=options), node_limit).winnable


def pick_winnable_deal(options: dict[str, Any], pick: random.Random) -> int:
    """A deal number proved winnable under `options`' weapon rule, from the shipped lists."""
    try:
        return scoundrel_deals.shipped()[options.get("weapon_rule", "at_most")].pick_winnable(pick)
    except (OSError, ValueError):  # a damaged install: prove deals on the spot instead
        while True:
            seed = pick.randrange(1, 1_000_000)
            if winnable(seed, options, SEARCH_NODES):
                return seed


def _parse_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


DECIDE_NODE_LIMIT = 200_000_000  # for deciding the shipped lists: in practice no limit


def read_log(path: str) -> dict[tuple[int, str], tuple[bool | None, int, float]]:
    """{(seed, rule): (verdict, nodes, ms)} from a log written by `main`, if it exists."""
    done: dict[tuple[int, str], tuple[bool | None, int, float]] = {}
    try:
        with open(path, encoding="utf-8") as log:
            for line in log:
                words = line.split()
                if len(words) == 5 and words[2] in ("True", "False", "None"):
                    done[int(words[0]), words[1]] = ({"True": True, "False": False}.get(words[2]),
                                                      int(words[3]), float(words[4]))
    except FileNotFoundError:
        pass
    return done


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="Which Scoundrel deals can be won? Solves each deal under each weapon rule, "
                    "appending one line per deal to the log (a run can be stopped and resumed).")
    parser.add_argument("--deals", help="a deal number or a range like 0-9999 (default 0-99, or "
                                        "with --write and a log: none, only write the lists)")
    parser.add_argument("--rule", default="at_most", choices=("at_most", "below", "both"))
    parser.add_argument("--node-limit", type=int, default=DEFAULT_NODE_LIMIT)
    parser.add_argument("--log", help="append 'deal rule verdict nodes ms' here; deals already "
                                      "in it are not solved again")
    parser.add_argument("--write", help="write the decided lists from the log (scoundrel_deals)")
    args = parser.parse_args(argv)
    rules = ("at_most", "below") if args.rule == "both" else (args.rule,)
    done = read_log(args.log) if args.log else {}
    if args.deals is None and not (args.write and args.log):
        args.deals = "0-99"
    deals = _parse_range(args.deals) if args.deals else sorted({seed for seed, _ in done})
    if args.deals:
        with open(args.log or os.devnull, "a", encoding="utf-8") as log:
            for count, seed in enumerate(deals, 1):
                for rule in rules:
                    if (seed, rule) in done:
                        continue
                    start = time.process_time()
                    verdict = solve(sc.new_game(seed=seed, options={"weapon_rule": rule}),
                                    args.node_limit)
                    ms = 1000 * (time.process_time() - start)
                    done[seed, rule] = (verdict.winnable, verdict.nodes, ms)
                    log.write(f"{seed} {rule} {verdict.winnable} {verdict.nodes} {ms:.1f}\n")
                if count % 100 == 0:
                    log.flush()
    for rule in rules:
        found = [done[seed, rule] for seed in deals if (seed, rule) in done]
        counts = {True: 0, False: 0, None: 0}
        for answer, _, _ in found:
            counts[answer] += 1
        spent = sorted(entry[2] for entry in found)
        total = len(found)
        if not total:
            continue
        print(f"{rule} deals {args.deals or 'in the log'}: {total}  winnable {counts[True]} "
              f"({100 * counts[True] / total:.3f}%)  lost {counts[False]}  "
              f"unknown {counts[None]}")
        print(f"  CPU time per deal: median {statistics.median(spent):.1f} ms  "
              f"p95 {spent[int(0.95 * (total - 1))]:.1f} ms  max {spent[-1]:.1f} ms  "
              f"total {sum(spent) / 1000:.1f} s")
    if args.write:
        verdicts = {rule: {seed: v for (seed, r), (v, _, _) in done.items()
                           if r == rule and v is not None} for rule in ("at_most", "below")}
        header = ("Scoundrel deals decided by the solver, per weapon rule: every decided deal\n"
                  "not listed as lost was proved winnable (its winning line replayed through\n"
                  "the engine).\n"
                  "Written by `python -m game.engine.scoundrel_solver --rule both --deals A-B "
                  "--log LOG --write FILE`.")
        with open(args.write, "w", encoding="utf-8") as out:
            out.write(scoundrel_deals.render(verdicts, header))


if __name__ == "__main__":
    main()
