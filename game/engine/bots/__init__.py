"""Computer players. A bot sees only its seat's view and the legal actions.

Bots think in slices so the table never stalls: `think(view, legal, rng)` is a
generator that yields None now and then while it searches and returns the chosen
Action (StopIteration.value). The UI runs it a few milliseconds per frame;
`choose` runs it to the end (tests, benchmarks, headless play).

Each game with bots has a module `game/engine/bots/<game_id>.py` defining
`LEVELS`: an ordered dict-like tuple of (level name, factory) pairs, weakest first,
where a factory takes no arguments and returns a bot: "easy", "normal" and "hard".
The names used before those ("random" and "strong") still work: `make` builds the random
baseline and the strongest level for them, and `current_level` turns them into today's names
for seats read from old saves and records.
"""
from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Generator, Iterable
from types import ModuleType
from typing import Any, Protocol, TypeVar

from ..contract import Action

T = TypeVar("T")
Thinking = Generator[None, None, Action]  # yields None while it searches, returns its choice


class Bot(Protocol):
    def think(self, view: Any, legal: Iterable[Action], rng: random.Random) -> Thinking: ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every strong bot must beat."""

    def think(self, view: Any, legal: Iterable[Action], rng: random.Random) -> Thinking:
        return rng.choice(list(legal))
        yield  # a generator that never needs to pause


def _module(game_id: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{__package__}.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"{__package__}.{game_id}":
            return None
        raise


def levels(game_id: str) -> tuple[str, ...]:
    """The difficulty names for a game, weakest first (empty if it has no bots)."""
    module = _module(game_id)
    return tuple(name for name, _ in module.LEVELS) if module else ()


OLD_LEVELS = {"random": 0, "strong": -1}   # old level name -> index of today's level


def current_level(game_id: str, level: object) -> str | None:
    """Today's name of `level` for a game (an old name mapped), or None if it has no such level."""
    names = levels(game_id)
    if level in names:
        return level
    if names and level in OLD_LEVELS:
        return names[OLD_LEVELS[level]]
    return None


def make(game_id: str, level: str) -> Bot:
    module = _module(game_id)
    if module is None:
        raise KeyError(f"{game_id!r} has no computer players")
    factories: tuple[tuple[str, Callable[[], Bot]], ...] = module.LEVELS
    for name, factory in factories:
        if name == level:
            return factory()
    if level == "random":
        return RandomBot()
    if level == "strong":
        return factories[-1][1]()
    raise KeyError(f"{game_id!r} has no bot level {level!r}; levels: {levels(game_id)}")


def finish(thinking: Generator[None, None, T]) -> T:
    """Run a generator that works in steps (a bot's `think`, a table's tip being worded) to the
    end and return what it returns."""
    while True:
        try:
            next(thinking)
        except StopIteration as stop:
            done: T = stop.value
            return done


def choose(game_id: str, state: Any, seat: int, level: str, seed: int) -> Action:
    """The action a bot at `level` takes for `seat` in `state` (it sees only the seat's view)."""
    from .. import games
    rules = games.get(game_id)
    legal = rules.legal_actions(state)
    if state.to_act != seat:
        raise ValueError(f"it is seat {state.to_act}'s decision, not seat {seat}'s")
    bot = make(game_id, level)
    return finish(bot.think(rules.view(state, seat), legal, random.Random(seed)))
