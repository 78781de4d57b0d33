"""The deal of the day of the solitaires: the same deal for everyone on a date, derived from the
date alone (a SHA-256 of its ISO form, the same on every platform), and the line a player can
share once it is played."""
from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date
from typing import Any

from . import games
from .contract import Result, resolve_options

GAMES = ("scoundrel", "bogey")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
RANDOM_DEALS = 999_999  # as a random deal: numbers 1 to 999,999
# picks a winnable deal's number, given the options and a generator seeded by the date
PickWinnable = Callable[[dict[str, Any], random.Random], int]


def day_number(game_id: str, day: date) -> int:
    """A large number fixed by the game and the date only."""
    digest = sha256(f"deckhand deal of the day {game_id} {day.isoformat()}".encode())
    return int.from_bytes(digest[:8], "big")


def sha256(data: bytes) -> bytes:
    """SHA-256 of `data`, from Python's own implementation where it has one: hashlib's loads
    OpenSSL (4 MB of memory and 3 ms, for one digest a game; not at start-up either)."""
    try:
        from _sha2 import sha256 as builtin  # type: ignore[import-not-found]  # (Python 3.12 on)
    except ImportError:
        try:
            from _sha256 import sha256 as builtin  # type: ignore[import-not-found]  # (3.11)
        except ImportError:  # a Python built without them
            from hashlib import sha256 as builtin
    return bytes(builtin(data).digest())


def options(game_id: str) -> dict[str, Any]:
    """The deal of the day is played with the game's standard options, for everyone alike."""
    return resolve_options(games.get(game_id).OPTIONS, {})


def deal(game_id: str, day: date, pick_winnable: PickWinnable | None = None) -> int:
    """The deal number of `game_id` on `day`. `pick_winnable(options, random.Random)` picks from
    the deals known to be winnable (Scoundrel's *Deals: winnable only*), given a generator
    seeded by the date, so the pick is the same everywhere."""
    number = day_number(game_id, day)
    if pick_winnable is not None:
        return pick_winnable(options(game_id), random.Random(number))
    return 1 + number % RANDOM_DEALS


def is_deal_of(game_id: str, seed: int, game_options: dict[str, Any] | None, day: date,
               pick_winnable: PickWinnable | None = None) -> bool:
    """Whether a game dealt as `seed` with `game_options` is `day`'s deal of the day."""
    if game_id not in GAMES:
        return False
    try:
        same_options = resolve_options(games.get(game_id).OPTIONS, game_options or {}) == \
            options(game_id)
    except ValueError:
        return False
    return same_options and seed == deal(game_id, day, pick_winnable)


def date_words(day: date) -> str:
    """25 Nov 2026, the same in every language setting."""
    return f"{day.day} {MONTHS[day.month - 1]} {day.year}"


def share_line(game_id: str, day: date, result: Result, moves: int) -> str:
    """One line to copy: "Deckhand Scoundrel, 25 Nov 2026: won with 14 health in 31 moves"."""
    d = result.details
    counted = f"{moves} move{'s' * (moves != 1)}"
    if game_id == "scoundrel":
        if result.winners:
            what = f"won with {d['health']} health in {counted}"
        else:
            what = f"slain after {counted}"
    elif game_id == "bogey":
        if d.get("status") == "lost":
            what = f"the bogey won after {counted}, with {d['columns']} columns in use"
        else:
            level = f" ({d['level']})" if d.get("level") else ""
            short = "" if result.winners else ", short of the target,"
            what = f"all 52 cards in {d['columns']} columns{level}{short} in {counted}"
    else:
        what = ("won" if result.winners else "lost") + f" in {counted}"
    return f"Deckhand {games.title(game_id)}, {date_words(day)}: {what}"
