"""A search every multiplayer game's strongest bot can use: determinized Monte Carlo search.

A bot sees only its seat's view, so the search cannot look at the true state. Each iteration it
*determinizes*: the game deals the cards the seat cannot see at random, consistently with what
the seat has seen (`Game.determinize(view, rng) -> state`, an ordinary engine state). It then
picks one of the seat's legal actions by UCB1 (the bandit rule of Monte Carlo tree search at the
root of an information set: every determinization shares the same root actions), applies it,
plays the rest out with a rollout policy (`Game.rollout`) and scores the end for the seat, a
value in [0, 1]. After the budget of iterations it plays the action tried most often.

- Deterministic: the budget is a number of iterations and every random choice comes from the
  `rng` passed to `think`, so a given seed plays the same.
- Sliced: `run` yields None after every iteration (a fraction of a millisecond to a few), so the
  table runs it a few milliseconds per frame.
- Safe: the thinking time (summed over its slices, not counting the frames in between) is capped
  at CAP_SECONDS per decision; on a fast machine the budget ends long before.

A game adopts it by subclassing `Game` (at least `determinize`; a better `policy`, a `cutoff` and a
`value` for games of several rounds; `rollout` for a faster simulation) and a bot
`SearchBot(MyGame(rules), iterations)`. See docs/engine.md.
"""
from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable
from types import ModuleType
from typing import Any

from ..contract import Action
from . import Thinking

CAP_SECONDS = 1.0     # thinking time per decision, a safety net only: the budget ends sooner
EXPLORATION = 0.5     # UCB1 constant: values are in [0, 1]


class Game(ABC):
    """What the search needs from a game. Defaults play by the engine contract of `rules`;
    `determinize` has no default: every game deals its own hidden cards."""

    def __init__(self, rules: ModuleType):
        self.rules = rules

    @abstractmethod
    def determinize(self, view: Any, rng: random.Random) -> Any:
        """A full engine state the seat of `view` could be in, its hidden cards dealt at random
        consistently with what it has seen (cards played, cards known to be in a hand, voids)."""

    def policy(self, state: Any, legal: list[Action], rng: random.Random) -> Action:
        """The action a sensible player takes in a rollout (default: at random)."""
        return legal[int(rng.random() * len(legal))]

    def cutoff(self, state: Any) -> bool:
        """Whether a rollout stops here to be scored (default: at the end of the game)."""
        over: bool = self.rules.is_over(state)
        return over

    def value(self, state: Any, seat: int) -> float:
        """How good `state` is for `seat`, in [0, 1] (default: its share of the win)."""
        winners = self.rules.result(state).winners
        return 1.0 / len(winners) if seat in winners else 0.0

    def rollout(self, state: Any, seat: int, rng: random.Random) -> float:
        """Play on with `policy` until `cutoff` and score it for `seat`."""
        rules = self.rules
        while not self.cutoff(state) and state.to_act is not None:
            state = rules.apply(state, self.policy(state, rules.legal_actions(state), rng))
        return self.value(state, seat)


def run(game: Game, view: Any, legal: Iterable[Action], rng: random.Random, iterations: int,
        exploration: float = EXPLORATION) -> Thinking:
    """The search as a generator: yields None between iterations, returns the chosen action."""
    legal = list(legal)
    if len(legal) == 1:
        return legal[0]
    visits, totals = [0] * len(legal), [0.0] * len(legal)
    spent = 0.0
    for done in range(iterations):
        start = time.perf_counter()
        if done < len(legal):
            pick = done  # every action once, in order
        else:
            spread = exploration * math.sqrt(math.log(done))
            pick = max(range(len(legal)), key=lambda i: totals[i] / visits[i]
                       + spread / math.sqrt(visits[i]))
        state = game.rules.apply(game.determinize(view, rng), legal[pick])
        visits[pick] += 1
        totals[pick] += game.rollout(state, view.seat, rng)
        spent += time.perf_counter() - start
        if spent > CAP_SECONDS:
            break
        yield None
    return legal[max(range(len(legal)), key=lambda i: (visits[i], totals[i]))]


class SearchBot:
    """A bot that thinks with `run`: `iterations` determinizations and rollouts per decision."""

    def __init__(self, game: Game, iterations: int):
        self.game = game
        self.iterations = iterations

    def think(self, view: Any, legal: Iterable[Action], rng: random.Random) -> Thinking:
        return (yield from run(self.game, view, legal, rng, self.iterations))
