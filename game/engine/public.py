"""What everyone at a table sees: the view of a spectator, who holds no seat.

`public_view(game_id, state)` is a seat's view (seat 0's, so the table is drawn from that
place) with everything only that seat may see taken out: its hand, its secret choices, its
private notes. Each game names its private fields here; `tests/engine/test_public_view.py`
checks that every card a public view shows is one every seat's own view shows.
"""
from __future__ import annotations

import dataclasses
from types import ModuleType
from typing import Any

from . import games


def _abandon_ship(rules: ModuleType, state: Any) -> Any:
    v = rules.view(state, 0)
    if v.phase in (rules.ROUND_OVER, rules.OVER):
        return v  # every hand and key card is shown at the reveal
    return dataclasses.replace(v, hand=(), hands=(None,) + v.hands[1:],
                               key_cards=(None,) + v.key_cards[1:])


def _lamarckian_poker(rules: ModuleType, state: Any) -> Any:
    v = rules.view(state, 0)
    return dataclasses.replace(v, hand=(), mark=None)


def _ships_and_sailors(rules: ModuleType, state: Any) -> Any:
    v = rules.view(state, 0)
    return dataclasses.replace(v, hand=(), piles=tuple(None for _ in v.piles))


def _pirate_rummy(rules: ModuleType, state: Any) -> Any:
    v = rules.view(state, 0)
    return dataclasses.replace(v, hand=(), start_hand=None, plunders=None)


def _doubloons(rules: ModuleType, state: Any) -> Any:
    v = rules.view(state, 0)
    return dataclasses.replace(v, hand=(), choice=None, notes=())


PUBLIC = {"abandon_ship": _abandon_ship, "lamarckian_poker": _lamarckian_poker,
          "ships_and_sailors": _ships_and_sailors, "pirate_rummy": _pirate_rummy,
          "doubloons": _doubloons}


def public_view(game_id: str, state: Any) -> Any:
    """The view of someone who holds no seat; KeyError for a game without one (solitaires)."""
    return PUBLIC[game_id](games.get(game_id), state)
