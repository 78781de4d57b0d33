"""Bots: decision time per game and difficulty, once computer players exist.

Expected interface (game/engine/bots): `levels(game_id)` lists the difficulties, weakest first,
and `choose(game_id, state, seat, level, seed)` returns a legal action. Until the package exists
this section reports 'no bots yet'; if its interface differs, adapt `decide` below.
"""
from __future__ import annotations

import importlib
import random
import time

from .report import Row, percentile

DECISIONS = 30
TARGET = "< 1000"  # ms at the strongest level


def bots_module():
    try:
        return importlib.import_module("game.engine.bots")
    except ModuleNotFoundError as exc:
        if exc.name == "game.engine.bots":
            return None
        raise


def decide(bots, game_id, state, level, seed):
    return bots.choose(game_id, state, state.to_act, level, seed)


def run(runs: int) -> list:
    from game.engine import games
    bots = bots_module()
    if bots is None:
        return [Row("bots", "decision time", "ms", note="no bots yet"),
                Row("bots", "UI frame time while a bot thinks", "ms", note="no bots yet")]
    if not (hasattr(bots, "levels") and hasattr(bots, "choose")):
        return [Row("bots", "decision time", "ms",
                    note="no levels()/choose() in game/engine/bots: see bench_bots.py")]
    rows = []
    for game_id in games.available():
        rules = games.get(game_id)
        levels = tuple(bots.levels(game_id))
        for level in levels:
            medians, p95s = [], []
            for run_index in range(runs):
                rnd = random.Random(run_index)
                times = []
                state = rules.new_game(rules.SEATS[1], rnd.randrange(10**6))
                while len(times) < DECISIONS:
                    if rules.is_over(state):
                        state = rules.new_game(rules.SEATS[1], rnd.randrange(10**6))
                    start = time.perf_counter()
                    action = decide(bots, game_id, state, level, rnd.randrange(10**6))
                    times.append((time.perf_counter() - start) * 1000)
                    state = rules.apply(state, action)
                medians.append(percentile(times, 50))
                p95s.append(percentile(times, 95))
            target = TARGET if level == levels[-1] else ""
            rows += [Row(f"bots {game_id}", f"{level}: decision median", "ms", medians),
                     Row(f"bots {game_id}", f"{level}: decision p95", "ms", p95s, target)]
    rows.append(Row("bots", "UI frame time while a bot thinks", "ms",
                    note="not scripted yet: add a bot turn to bench_frames"))
    return rows
