"""Engine throughput: random legal playouts through the public contract, on one core.

One process, one thread. A playout is `new_game` from a random deal number, then random legal
actions (`legal_actions`, `apply`) until `is_over`, with a random.Random per run. Per-call times
of `legal_actions` and `apply` are measured on the states and actions of such playouts.
"""
from __future__ import annotations

import random
import time

from .report import Row

SECONDS = 1.0          # per run
TARGETS = {"scoundrel": ">= 30000"}
MAX_SEED = 10**12


def playouts_per_second(rules, rnd, seconds=SECONDS) -> float:
    seats = rules.SEATS[0]
    new_game, legal_actions, apply, is_over = (rules.new_game, rules.legal_actions, rules.apply,
                                               rules.is_over)
    choice, randrange = rnd.choice, rnd.randrange
    games, start = 0, time.perf_counter()
    while True:
        for _ in range(50):
            state = new_game(seats, randrange(MAX_SEED))
            while not is_over(state):
                state = apply(state, choice(legal_actions(state)))
        games += 50
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def sample(rules, rnd, n=3000) -> list:
    """(state, chosen action) pairs from random playouts."""
    pairs = []
    while len(pairs) < n:
        state = rules.new_game(rules.SEATS[0], rnd.randrange(MAX_SEED))
        while not rules.is_over(state):
            action = rnd.choice(rules.legal_actions(state))
            pairs.append((state, action))
            state = rules.apply(state, action)
    return pairs


def per_call_us(fn, args_list) -> float:
    start = time.perf_counter()
    for args in args_list:
        fn(*args)
    return (time.perf_counter() - start) / len(args_list) * 1e6


def run(runs: int) -> list:
    from game.engine import games
    rows = []
    for game_id in games.available():
        rules = games.get(game_id)
        rates, legal_us, apply_us = [], [], []
        for i in range(runs):
            rates.append(playouts_per_second(rules, random.Random(i)))
            pairs = sample(rules, random.Random(1000 + i))
            legal_us.append(per_call_us(rules.legal_actions, [(s,) for s, _ in pairs]))
            apply_us.append(per_call_us(rules.apply, pairs))
        section = f"engine {game_id}"
        rows += [Row(section, "random playouts per second (1 thread)", "games/s", rates,
                     TARGETS.get(game_id, "")),
                 Row(section, "legal_actions per call", "µs", legal_us),
                 Row(section, "apply per call", "µs", apply_us)]
    return rows
