"""One bot level against three greedy players (tests/bench/greedy.py), its seat rotating.

    python -m tests.bench.versus GAME LEVEL [--games N] [--first SEED] [--seats 4]

prints the wins (a shared win counts as a share), the fair share and the decision times of the
level's seat (every decision with more than one legal action). Used by the slow bot tests and
to measure the levels for issue #20.
"""
from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, field

from .greedy import GREEDY


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0
    times: list = field(default_factory=list)   # seconds per decision, wall clock
    cpu: list = field(default_factory=list)     # seconds per decision, this process's CPU

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def play(game_id: str, make_bot, games: int, first: int = 0, seats: int = 4,
         tally: Tally | None = None) -> Tally:
    """`games` seeded games of `make_bot()` against greedy players, from game number `first`."""
    from game.engine import bots
    from game.engine.games import get
    rules = get(game_id)
    tally = tally or Tally()
    for game in range(first, first + games):
        me = game % seats
        players = [make_bot() if s == me else GREEDY[game_id]()
                   for s in range(seats)]
        state, pick = rules.new_game(seats, 20_000 + game), random.Random(game)
        while not rules.is_over(state):
            seat = state.to_act
            legal = rules.legal_actions(state)
            start, cpu = time.perf_counter(), time.process_time()
            action = bots.finish(players[seat].think(rules.view(state, seat), legal, pick))
            if seat == me and len(legal) > 1:
                tally.times.append(time.perf_counter() - start)
                tally.cpu.append(time.process_time() - cpu)
            state = rules.apply(state, action)
        winners = rules.result(state).winners
        tally.games += 1
        tally.wins += (me in winners) / max(1, len(winners))
    return tally


def percentile(values, p) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else 0.0


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.versus", description=__doc__)
    parser.add_argument("game")
    parser.add_argument("level")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seats", type=int, default=4)
    args = parser.parse_args(argv)
    from game.engine import bots
    tally = Tally()
    started = time.monotonic()
    step = max(1, args.games // 10)
    for first in range(args.first, args.first + args.games, step):
        count = min(step, args.first + args.games - first)
        play(args.game, lambda: bots.make(args.game, args.level), count, first, args.seats, tally)
        print(f"{tally.games} games: {tally.wins:g} wins ({tally.rate:.1%}), "
              f"{time.monotonic() - started:.0f} s", flush=True)
    times = [t * 1000 for t in tally.times]
    cpu = [t * 1000 for t in tally.cpu]
    print(f"{args.game} {args.level} vs {args.seats - 1} greedy: {tally.wins:g} of {tally.games} "
          f"games won = {tally.rate:.1%} ({tally.rate * args.seats:.2f}x the fair share); "
          f"{len(times)} decisions, p50 {percentile(times, 50):.1f} ms, "
          f"p95 {percentile(times, 95):.1f} ms, max {max(times, default=0):.1f} ms; CPU time "
          f"p50 {percentile(cpu, 50):.1f} ms, p95 {percentile(cpu, 95):.1f} ms, "
          f"max {max(cpu, default=0):.1f} ms")


if __name__ == "__main__":
    main()
