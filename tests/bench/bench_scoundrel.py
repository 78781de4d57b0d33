"""Scoundrel's solver and autoplayer: solver time per fresh deal under each weapon rule (CPU time,
one core), and the strongest autoplayer's decisions over whole games (decisions per second,
p95), on fixed deal numbers."""
from __future__ import annotations

import random
import time

from .report import Row, percentile

DEALS = 100  # fresh deals solved per run and weapon rule
GAMES = 3    # whole games the autoplayer plays per run


def run(runs: int) -> list:
    from game.engine import scoundrel as sc
    from game.engine.bots import finish
    from game.engine.bots.scoundrel import strongest
    from game.engine.scoundrel_solver import solve
    rules = {"at_most": "", "below": " (strict weapon rule)"}
    solve_median = {rule: [] for rule in rules}
    solve_p95 = {rule: [] for rule in rules}
    per_second, decision_p95 = [], []
    for i in range(runs):
        print(f"scoundrel solver and autoplayer, run {i + 1} ...", flush=True)
        for rule in rules:
            times = []
            for seed in range(200000 + i * DEALS, 200000 + (i + 1) * DEALS):
                state = sc.new_game(seed=seed, options={"weapon_rule": rule})
                start = time.process_time()
                solve(state)
                times.append((time.process_time() - start) * 1000)
            solve_median[rule].append(percentile(times, 50))
            solve_p95[rule].append(percentile(times, 95))
        decisions = []
        for seed in range(100000 + i * GAMES, 100000 + (i + 1) * GAMES):
            state = sc.new_game(seed=seed)
            while state.status == sc.PLAYING:
                start = time.perf_counter()
                action = finish(strongest().think(sc.view(state), sc.legal_actions(state),
                                                  random.Random(seed)))
                decisions.append((time.perf_counter() - start) * 1000)
                state = sc.apply(state, action)
        per_second.append(1000 * len(decisions) / sum(decisions))
        decision_p95.append(percentile(decisions, 95))
    section = "scoundrel solver"
    rows = []
    for rule, named in rules.items():
        rows += [Row(section, f"solve a fresh deal{named}: median", "ms", solve_median[rule],
                     "<= 10"),
                 Row(section, f"solve a fresh deal{named}: p95", "ms", solve_p95[rule], "<= 100")]
    return rows + [Row(section, "hard autoplayer: decisions per second", "/s", per_second),
                   Row(section, "hard autoplayer: decision p95", "ms", decision_p95, "< 1000")]
