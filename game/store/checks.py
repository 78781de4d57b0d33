"""Checks for the fields of loaded files: each raises ValueError naming what is wrong, so the
file is set aside like a corrupt one instead of reaching a screen."""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any, TypeVar

from ..text import is_clean

NAME = 40          # a seat or player name (typed names are shorter; room for older files)
WORD = 80          # an option value, a level, a date
SCORE = 10**9      # far beyond any game's score, far below what breaks arithmetic
COUNT = 10**9      # games played
TOKEN = re.compile(r"[0-9a-f]{8,32}")  # names one game, for the statistics (saves.new_token)
T = TypeVar("T")


def text(value: Any, what: str, longest: int = WORD, empty: bool = False) -> str:
    """A string of printable characters, at most `longest` of them (and one, unless `empty`)."""
    if not is_clean(value, longest) or not (empty or value.strip()):
        raise ValueError(f"{what} is not a valid text")
    return str(value)


def name(value: Any, what: str) -> str:
    return text(value, what, NAME)


def token(value: object, what: str) -> str:
    if not isinstance(value, str) or not TOKEN.fullmatch(value):
        raise ValueError(f"{what} is damaged")
    return value


def integer(value: object, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{what} is not a whole number from {low} to {high}")
    return value


def number(value: object, what: str, limit: float = SCORE) -> int | float:
    """A finite int or float no larger than `limit` either way (never NaN, never 1e308)."""
    if (not isinstance(value, (int, float)) or isinstance(value, bool)
            or (isinstance(value, float) and not math.isfinite(value)) or abs(value) > limit):
        raise ValueError(f"{what} is not a valid number")
    return value


def optional(check: Callable[..., T], value: object, *args: Any) -> T | None:
    """`check(value, *args)`, or None for None."""
    return None if value is None else check(value, *args)


def plain_value(value: object, what: str) -> bool | int | float | str | None:
    """A table option's value: None, a boolean, a number or a short text."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return number(value, what)
    return text(value, what, empty=True)


def options(value: object, what: str, most: int = 20) -> dict[str, Any]:
    """A dict of table options: short keys, plain values."""
    if not isinstance(value, dict) or len(value) > most:
        raise ValueError(f"{what} are damaged")
    for key, item in value.items():
        text(key, what, NAME)
        plain_value(item, what)
    return value
