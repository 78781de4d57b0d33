"""Saves of long games: the autosave's size and what a move costs at the end of a long game.

Per game, at its largest table: a random legal playout from a random deal number (a
random.Random per run) until the game is over or MAX_ACTIONS actions. At the end: the size of the
autosave file (store/saves.py, as the table writes it after every move), the time of one move
(`Session.apply` then the autosave) averaged over the last LAST_MOVES moves, and the time to load
the save (which replays every action). User data goes to a temporary folder.
"""
from __future__ import annotations

import os
import random
import tempfile
import time

from .report import Row

MAX_ACTIONS = 3000
LAST_MOVES = 20
MAX_SEED = 10**12
TARGETS = {"pirate_rummy": "< 150"}  # KB: the whole log in the state made it 300


def long_game(game_id: str, rnd: random.Random) -> list:
    """The actions of one long random game."""
    from game.engine import games
    from game.engine.session import Session
    rules = games.get(game_id)
    session = Session(game_id, rules.SEATS[1], rnd.randrange(MAX_SEED))
    while not session.is_over() and len(session.actions) < MAX_ACTIONS:
        session.apply(rnd.choice(session.legal_actions()))
    return [session.seats, session.seed, session.actions]


def measure(game_id: str, seats: int, seed: int, actions: list) -> tuple:
    """(save KB, ms per move at the end, ms to load) for this game, played again."""
    from game.engine.session import Session
    from game.store import saves
    session = Session(game_id, seats, seed)
    for text in actions[:-LAST_MOVES]:
        session.apply(text)
    start = time.perf_counter()
    for text in actions[-LAST_MOVES:]:
        session.apply(text)
        saves.save(session)
    per_move = (time.perf_counter() - start) / min(LAST_MOVES, len(actions))
    size = saves.path(game_id).stat().st_size
    start = time.perf_counter()
    saves.load_finished(game_id) if session.is_over() else saves.load(game_id)
    return size / 1000, per_move * 1000, (time.perf_counter() - start) * 1000


def run(runs: int) -> list:
    from game.engine import games
    saved_home = os.environ.get("DECKHAND_HOME")
    rows = []
    try:
        with tempfile.TemporaryDirectory(prefix="deckhand-bench-saves-") as home:
            os.environ["DECKHAND_HOME"] = home
            for game_id in games.available():
                lengths, sizes, moves, loads = [], [], [], []
                for i in range(runs):
                    seats, seed, actions = long_game(game_id, random.Random(2000 + i))
                    size, per_move, load = measure(game_id, seats, seed, actions)
                    lengths.append(len(actions))
                    sizes.append(size)
                    moves.append(per_move)
                    loads.append(load)
                section = f"saves {game_id}"
                rows += [Row(section, "actions in a long random game (largest table)", "actions",
                             lengths),
                         Row(section, "autosave size at its end", "KB", sizes,
                             TARGETS.get(game_id, "")),
                         Row(section, f"a move at its end (apply + autosave, last {LAST_MOVES})",
                             "ms", moves),
                         Row(section, "loading that save (replays every action)", "ms", loads)]
    finally:
        if saved_home is None:
            os.environ.pop("DECKHAND_HOME", None)
        else:
            os.environ["DECKHAND_HOME"] = saved_home
    return rows
