"""Shared pieces of the engine contract: actions, table options and results.

See docs/engine.md for the whole contract every game module implements.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction


class Action:
    """One decision. Its text is stable, unique among the legal actions and readable."""

    __slots__ = ("kind", "card", "target", "text")

    def __init__(self, kind: str, text: str, card: str | None = None, target: Any = None):
        self.kind = kind
        self.card = card
        self.target = target
        self.text = text

    @property
    def named_card(self) -> str:
        """The card of an action that names one (a play, a mark...): for the kinds that always do."""
        if self.card is None:
            raise ValueError(f"{self.text!r} names no card")
        return self.card

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


@dataclass(frozen=True)
class Option:
    """A table option: chosen on the new-game screen and saved with the game."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    default: object
    help: str = ""

    def label_of(self, value: object) -> str:
        for v, text in self.choices:
            if v == value:
                return text
        return str(value)

    def sentence(self, value: object) -> str:
        """The option as it reads in a line: "Two players: no kitty, swap piles"."""
        text = self.label_of(value)
        return f"{self.label}: {text[:1].lower()}{text[1:]}"


def resolve_options(spec: tuple[Option, ...], options: dict[str, Any] | None) -> dict[str, Any]:
    """Fill in defaults and refuse unknown keys or values with a clear message."""
    options = dict(options or {})
    known = {o.key: o for o in spec}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError("unknown table option: " + ", ".join(unknown))
    out = {}
    for o in spec:
        value = options.get(o.key, o.default)
        if value not in [v for v, _ in o.choices]:
            allowed = ", ".join(repr(v) for v, _ in o.choices)
            raise ValueError(f"table option {o.key!r} must be one of {allowed}, not {value!r}")
        out[o.key] = value
    return out


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game: a score per seat and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    summary: str
    details: dict[str, Any] = field(default_factory=dict)


def find_action(legal: Iterable[Action], action: Action | str) -> Action | None:
    """The legal action equal to `action` (an Action or its text), or None."""
    text = action.text if isinstance(action, Action) else action
    for a in legal:
        if a.text == text:
            return a
    return None


def expect(game: str, data: Any, key: str, kind: type[Any] | tuple[type[Any], ...], *, optional: bool = False,
           length: int | None = None) -> Any:
    """A field of a saved `game` state, checked: anything wrong raises ValueError naming it."""
    if not isinstance(data, dict) or key not in data:
        raise ValueError(f"saved {game} state is missing {key!r}")
    value = data[key]
    if optional and value is None:
        return None
    if (not isinstance(value, kind) or (kind is int and isinstance(value, bool))
            or (length is not None and len(value) != length)):
        raise ValueError(f"saved {game} state has a bad {key!r}")
    return value


def check_json_header(data: Any, game_id: str, version: int) -> None:
    if not isinstance(data, dict):
        raise ValueError("saved state must be a JSON object")
    if data.get("game") != game_id:
        raise ValueError(f"saved state is for {data.get('game')!r}, not {game_id!r}")
    v = data.get("version")
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError("saved state has no version number")
    if v > version:
        raise ValueError(f"saved state is version {v}, newer than this Deckhand understands ({version})")
    if v < 1:
        raise ValueError(f"saved state has an invalid version {v}")


__all__ = ["Action", "Option", "Result", "IllegalAction", "resolve_options", "find_action",
           "check_json_header", "expect"]
