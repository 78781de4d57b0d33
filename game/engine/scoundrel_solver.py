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
import contextlib
import statistics
import time
from typing import Any, NamedTuple

from . import scoundrel as sc

MONSTER, WEAPON, POTION = 0, 1, 2
_KIND = tuple({"monster": MONSTER, "weapon": WEAPON, "potion": POTION}[sc.KIND[c]] for c in sc.DECK)
_VALUE = tuple(sc.VALUE[c] for c in sc.DECK)
CARD_ID = {c: i for i, c in enumerate(sc.DECK)}
EMPTY = -1
DEFAULT_NODE_LIMIT = 200_000

# Move codes: (slot, how) with how 0 = face plainly (barehanded, equip, drink), 1 = weapon.
AVOID = (-1, 0)


class Verdict(NamedTuple):
    winnable: bool | None  # None: the node limit was hit before an answer
    line: tuple            # action texts of one winning line (empty unless winnable)
    nodes: int


PROBE_FROM = 8    # rooms with at least this many cards left in the dungeon probe each choice
AVOID_PENALTY = 3  # avoiding is tried after room ends worth this much less health


def worth(health, weapon, limit) -> float:
    """How promising a room end looks, for the order ends are tried in (never for a verdict)."""
    return health + 0.5 * weapon + 0.25 * limit


def _bound_ok(dungeon, room, health, weapon, limit) -> bool:
    """False when even the kindest play cannot survive the monsters still to come: health plus
    every potion left, minus what each monster costs against the best weapon it could meet."""
    best_weapon = 0
    potions = health
    for cards in (dungeon, room):
        for c in cards:
            if c >= 0:
                k = _KIND[c]
                if k == WEAPON:
                    if _VALUE[c] > best_weapon:
                        best_weapon = _VALUE[c]
                elif k == POTION:
                    potions += _VALUE[c]
    budget = potions
    for cards in (dungeon, room):
        for c in cards:
            if c >= 0 and _KIND[c] == MONSTER:
                v = _VALUE[c]
                w = weapon if (weapon > best_weapon and v <= limit) else best_weapon
                if v > w:
                    budget -= v - w
                    if budget <= 0:
                        return False
    return True


def _natural_order(room) -> list:
    """The room's occupied slots in the order a player would face them when the order makes no
    difference: weapons, then monsters, strongest first, then potions. Of two ways through a room
    that end the same, the first found is kept, so plans read naturally."""
    return sorted((slot for slot in range(4) if room[slot] >= 0),
                  key=lambda slot: (_KIND[room[slot]] == POTION, -_VALUE[room[slot]]))


class Search:
    def __init__(self, below: bool, node_limit: int):
        self.below = 1 if below else 0
        self.node_limit = node_limit
        self.nodes = 0
        # (dungeon, room) -> [(health, weapon, limit, avoided_last)] proved lost
        self.lost: dict[Any, list[Any]] = {}
        self.line: list[Any] = []   # moves of the winning line, deepest room first

    def is_known_lost(self, key, point) -> bool:
        h, w, lim, al = point
        for oh, ow, olim, oal in self.lost.get(key, ()):
            if oh >= h and ow >= w and olim >= lim and oal <= al:
                return True
        return False

    def remember_lost(self, key, point) -> None:
        h, w, lim, al = point
        kept = [p for p in self.lost.get(key, ())
                if not (h >= p[0] and w >= p[1] and lim >= p[2] and al <= p[3])]
        kept.append(point)
        self.lost[key] = kept

    def room_ends(self, room, health, weapon, limit, potion_used, to_face):
        """Every way to face `to_face` more cards of the room alive, as {room left: [(health,
        weapon, limit, moves)]}, keeping only ends no other end beats on all three."""
        ends = {}
        below = self.below

        def go(room, h, w, lim, pu, left, moves):
            if left == 0:
                ends.setdefault(room, []).append((h, w, lim, moves))
                return
            for slot in _natural_order(room):
                c = room[slot]
                rest = room[:slot] + (EMPTY,) + room[slot + 1:]
                k, v = _KIND[c], _VALUE[c]
                if k == MONSTER:
                    if w and v <= lim:
                        hit = v - w if v > w else 0
                        if h > hit:
                            go(rest, h - hit, w, v - below, pu, left - 1, moves + ((slot, 1),))
                    if h > v:
                        go(rest, h - v, w, lim, pu, left - 1, moves + ((slot, 0),))
                elif k == WEAPON:
                    go(rest, h, v, sc.MAX_VALUE, pu, left - 1, moves + ((slot, 0),))
                elif pu:
                    go(rest, h, w, lim, pu, left - 1, moves + ((slot, 0),))
                else:
                    go(rest, min(sc.MAX_HEALTH, h + v), w, lim, True, left - 1,
                       moves + ((slot, 0),))

        go(room, health, weapon, limit if weapon else 0, potion_used, to_face, ())
        for left, found in ends.items():
            found.sort(key=lambda e: (-e[0], -e[1], -e[2]))
            front = []
            for e in found:
                if not any(f[0] >= e[0] and f[1] >= e[1] and f[2] >= e[2] for f in front):
                    front.append(e)
            ends[left] = front
        return ends

    def win(self, dungeon, room, health, weapon, limit, potion_used, avoided_last, faced) -> bool:
        """Whether this position can be won; raises OutOfNodes past the node limit."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfNodes
        if not weapon:
            limit = 0
        fresh = faced == 0 and not potion_used
        key = (dungeon, room)
        point = (health, weapon, limit, avoided_last)
        if fresh and self.is_known_lost(key, point):
            return False
        if not _bound_ok(dungeon, room, health, weapon, limit):
            if fresh:
                self.remember_lost(key, point)
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
        if len(dungeon) >= PROBE_FROM and len(children) > 1:
            # A greedy descent from each child: one that wins ends the search, the others
            # say how far their child got, which orders the full search below.
            scored = []
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
            self.remember_lost(key, point)
        return False

    def children(self, dungeon, room, health, weapon, limit, potion_used, avoided_last, faced):
        """The positions this room can end in (next room dealt), the most promising first."""
        children = []
        for left, found in self.room_ends(room, health, weapon, limit, potion_used,
                                          3 - room.count(EMPTY)).items():
            filled, rest = fill(left, dungeon)
            for h, w, lim, moves in found:
                children.append((worth(h, w, lim), rest, filled, h, w, lim, False, moves))
        if not avoided_last and not faced and dungeon:
            cards = dungeon + room
            children.append((worth(health, weapon, limit) - AVOID_PENALTY, cards[4:], cards[:4],
                             health, weapon, limit, True, (AVOID,)))
        children.sort(key=lambda child: -child[0])
        return [child[1:] for child in children]

    def probe(self, child):
        """Follow the first choice room after room from `child`: True (and the winning line
        recorded) if that wins, else how far it got (more is better)."""
        path = [child[-1]]
        rest, filled, h, w, lim, avoided, _ = child
        while True:
            self.nodes += 1
            if self.nodes > self.node_limit:
                raise OutOfNodes
            if not w:
                lim = 0
            if (self.is_known_lost((rest, filled), (h, w, lim, avoided))
                    or not _bound_ok(rest, filled, h, w, lim)):
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

class OutOfNodes(Exception):
    pass


def fill(room: tuple, dungeon: tuple):
    slots = list(room)
    dealt = 0
    for i in range(4):
        if slots[i] < 0 and dealt < len(dungeon):
            slots[i] = dungeon[dealt]
            dealt += 1
    return tuple(slots), dungeon[dealt:]


def solve(state, node_limit: int = DEFAULT_NODE_LIMIT) -> Verdict:
    """Whether `state` (an engine State, dungeon order and all) can still be won."""
    if state.status != sc.PLAYING:
        return Verdict(state.status == sc.WON, (), 0)
    search = Search(state.options["weapon_rule"] == "below", node_limit)
    dungeon = tuple(CARD_ID[c] for c in state.dungeon)
    room = tuple(EMPTY if c is None else CARD_ID[c] for c in state.room)
    weapon = sc.VALUE[state.weapon] if state.weapon else 0
    limit = sc.weapon_limit(state)
    try:
        won = search.win(dungeon, room, state.health, weapon, limit, state.potion_used,
                         state.avoided_last, state.faced)
    except OutOfNodes:
        return Verdict(None, (), search.nodes)
    if not won:
        return Verdict(False, (), search.nodes)
    moves = [move for room in reversed(search.line) for move in room]
    return Verdict(True, _texts(state, moves), search.nodes)


def move_text(room, move) -> str:
    """The engine's action text for a solver move in `room` (the room's slots, card codes)."""
    slot, how = move
    if slot < 0:
        return sc.AVOID.text
    card = room[slot]
    if sc.KIND[card] == "monster":
        return f"face {card} {'with weapon' if how else 'barehanded'}"
    return f"face {card}"


def _texts(state, moves) -> tuple:
    """The winning moves as engine action texts, replayed through the engine as they are named."""
    out = []
    for move in moves:
        out.append(move_text(state.room, move))
        state = sc.apply(state, out[-1])
    if state.status != sc.WON:
        raise AssertionError("the solver's line does not win through the engine")
    return tuple(out)


def winnable(seed: int, options=None, node_limit: int = DEFAULT_NODE_LIMIT) -> bool | None:
    """Whether deal `seed` can be won from the start."""
    return solve(sc.new_game(seed=seed, options=options), node_limit).winnable


def _parse_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


LIST_HEADER = ("# Scoundrel deal numbers proved winnable "
               "(weapon rule: up to the last monster slain)\n"
               "# by `python -m game.engine.scoundrel_solver --deals A-B --list FILE`.\n")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Which Scoundrel deals can be won?")
    parser.add_argument("--deals", default="0-99", help="a deal number or a range like 0-9999")
    parser.add_argument("--node-limit", type=int, default=DEFAULT_NODE_LIMIT)
    parser.add_argument("--below", action="store_true", help="the strictly-weaker weapon rule")
    parser.add_argument("--out", help="also write one line per deal: number, verdict, nodes, ms")
    parser.add_argument("--list", help="write the winnable deal numbers here, one a line")
    args = parser.parse_args(argv)
    options = {"weapon_rule": "below" if args.below else "at_most"}
    counts = {True: 0, False: 0, None: 0}
    times, winners = [], []
    deals = _parse_range(args.deals)
    with open(args.out, "w", encoding="utf-8") if args.out else contextlib.nullcontext() as out:
        for done, seed in enumerate(deals, 1):
            start = time.perf_counter()
            verdict = solve(sc.new_game(seed=seed, options=options), args.node_limit)
            times.append(time.perf_counter() - start)
            counts[verdict.winnable] += 1
            if verdict.winnable:
                winners.append(seed)
            if out:
                out.write(f"{seed} {verdict.winnable} {verdict.nodes} {1000 * times[-1]:.1f}\n")
            if done % 500 == 0 and done < len(deals):
                print(f"... {done} deals, {counts[True]} winnable", flush=True)
                if out:
                    out.flush()
    if args.list:
        with open(args.list, "w", encoding="utf-8") as listing:
            listing.write(LIST_HEADER + "".join(f"{seed}\n" for seed in winners))
    total = len(times)
    times.sort()
    print(f"deals {args.deals}: {total}  winnable {counts[True]} "
          f"({100 * counts[True] / total:.2f}%)  lost {counts[False]}  unknown {counts[None]}")
    print(f"solve time: median {1000 * statistics.median(times):.1f} ms  "
          f"p95 {1000 * times[int(0.95 * (total - 1))]:.1f} ms  max {1000 * times[-1]:.1f} ms  "
          f"total {sum(times):.1f} s")


if __name__ == "__main__":
    main()
