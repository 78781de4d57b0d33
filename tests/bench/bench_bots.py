"""Bots: decision time per game, difficulty and player count, from seeded random positions.

Interface (game/engine/bots): `levels(game_id)` lists the difficulties, weakest first, and
`choose(game_id, state, seat, level, seed)` runs a bot's `think` to the end and returns its
action. Each run draws DECISIONS positions from random legal play (a random.Random per run and
player count; every level decides the same positions) and times `choose` on each, for 4 players
at every level and for the most players the game allows at the strongest level.

For a strongest level that uses the shared search (game/engine/bots/search.py), a row gives its
iterations per second (a determinization, the chosen action and a rollout each) on the same
positions.

The UI frame time while a bot thinks is measured by the frames section (bench_frames.py), on the
frames where a computer is to act; its rows come with that section.
"""
from __future__ import annotations

import random
import time

from .report import Row, percentile

DECISIONS = 30
TAKE = 0.3             # chance that a position reached by random play is one to decide
TARGET = "< 1000"      # ms at the strongest level
PLAYERS = 4


def positions(rules, players: int, rnd: random.Random, n: int = DECISIONS) -> list:
    """`n` states with a seat to act, reached by random legal play from random deals."""
    out = []
    state = rules.new_game(players, rnd.randrange(10**6))
    while len(out) < n:
        if rules.is_over(state):
            state = rules.new_game(players, rnd.randrange(10**6))
            continue
        if state.to_act is not None and rnd.random() < TAKE:
            out.append(state)
        state = rules.apply(state, rnd.choice(rules.legal_actions(state)))
    return out


def decision_times(bots, game_id, states, level, seed: int) -> list:
    rnd = random.Random(seed)
    times = []
    for state in states:
        bot_seed = rnd.randrange(10**6)
        start = time.perf_counter()
        bots.choose(game_id, state, state.to_act, level, bot_seed)
        times.append((time.perf_counter() - start) * 1000)
    return times


SEARCH_ITERATIONS = 100   # per position, for the iterations-per-second row


def search_rate(bot, rules, states, seed: int) -> float:
    """Iterations per second of a search bot's game over `states` (their seat to act)."""
    from game.engine.bots import finish, search
    rnd = random.Random(seed)
    done, spent = 0, 0.0
    for state in states:
        legal = rules.legal_actions(state)
        if len(legal) < 2:
            continue
        view = rules.view(state, state.to_act)
        start = time.perf_counter()
        finish(search.run(bot.game, view, legal, random.Random(rnd.randrange(10**6)),
                          SEARCH_ITERATIONS))
        spent += time.perf_counter() - start
        done += SEARCH_ITERATIONS
    return done / spent if spent else 0.0


def run(runs: int, with_frames: bool = False) -> list:
    from game.engine import bots, games
    rows = []
    for game_id in games.available():
        rules = games.get(game_id)
        levels = tuple(bots.levels(game_id))
        section = f"bots {game_id}"
        if not levels:
            rows.append(Row(section, "decision time", "ms", note="no computer players"))
            continue
        low, high = rules.SEATS
        counts = [min(max(PLAYERS, low), high)]
        if high != counts[0]:
            counts.append(high)
        for players in counts:
            states = [positions(rules, players, random.Random(players * 1000 + i))
                      for i in range(runs)]
            for level in levels if players == counts[0] else levels[-1:]:
                print(f"bots {game_id}, {level}, {players} players ...", flush=True)
                medians, p95s = [], []
                for i, run_states in enumerate(states):
                    times = decision_times(bots, game_id, run_states, level, i)
                    medians.append(percentile(times, 50))
                    p95s.append(percentile(times, 95))
                target = TARGET if level == levels[-1] else ""
                label = f"{level}, {players} players"
                rows += [Row(section, f"{label}: decision median", "ms", medians),
                         Row(section, f"{label}: decision p95", "ms", p95s, target)]
            from game.engine.bots.search import SearchBot
            bot = bots.make(game_id, levels[-1])
            if isinstance(bot, SearchBot):
                rates = [search_rate(bot, rules, run_states, i)
                         for i, run_states in enumerate(states)]
                rows.append(Row(section, f"search, {players} players: iterations per second",
                                "/s", rates))
    if not with_frames:
        rows.append(Row("bot frames", "UI frame time while a bot thinks", "ms",
                        note="measured with the frames section"))
    return rows
