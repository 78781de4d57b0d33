"""The command line: `deckhand [--game ID] [--seed N] [--size WxH] [--fullscreen] [--smoke]`.

It sits above the window (app.py) and the self-test (smoke.py), which both need the window:
neither imports the other's caller.
"""
from __future__ import annotations

import argparse
import sys

from . import __version__
from .app import MAX_SIZE, MIN_SIZE, App
from .engine import games
from .engine.rng import MAX_SEED


def game_id(text: str) -> str:
    """--game: one of the game ids (a wrong one is not echoed back: it may be huge)."""
    if text not in games.GAME_IDS:
        raise argparse.ArgumentTypeError("unknown game; try: " + ", ".join(games.available()))
    return text


def deal_number(text: str) -> int:
    """--seed: a deal number from 0 to MAX_SEED (checked before int() reads a huge text)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_SEED)) or int(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(
            f"a deal number is a whole number from 0 to {MAX_SEED:,}")
    return int(text)


def parse_args(argv=None):
    parser = argparse.ArgumentParser(
        prog="deckhand", description="Deckhand: a desktop card table.")
    parser.add_argument("--version", action="version", version=f"Deckhand {__version__}")
    parser.add_argument("--game", metavar="ID", type=game_id,
                        help="start straight into a game: " + ", ".join(games.available()))
    parser.add_argument("--seed", metavar="N", type=deal_number,
                        help=f"deal number to play (0 to {MAX_SEED:,}); with --game")
    parser.add_argument("--size", metavar="WxH", default="1280x800",
                        help=f"window size in pixels (default 1280x800, from "
                             f"{MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}, "
                             "and no larger than the screen)")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--smoke", action="store_true",
                        help="play every game a little through real events, then exit (a self-test)")
    args = parser.parse_args(argv)
    try:
        w, h = (int(n) for n in args.size.lower().split("x") if len(n) <= 6)
        if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
            raise ValueError
        args.size = (w, h)
    except ValueError:
        parser.error(f"--size must look like 1280x800, from {MIN_SIZE[0]}x{MIN_SIZE[1]} "
                     f"to {MAX_SIZE[0]}x{MAX_SIZE[1]}")
    if args.seed is not None and not args.game:
        parser.error("--seed needs --game to say which game to deal")
    if args.game and args.game not in games.available():
        parser.error(f"{args.game} is not playable yet; try: {', '.join(games.available())}")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.smoke:
        from .smoke import run  # only now: it is the self-test, not the game
        return run(args.size)
    app = App(args.size, args.game, args.seed, True if args.fullscreen else None)
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
