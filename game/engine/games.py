"""The registry of games: `get(game_id)` returns a game's rules module."""
from __future__ import annotations

import importlib

# Every game Deckhand will have, in menu order; a game is available once its module exists.
GAME_IDS = ("scoundrel", "bogey", "abandon_ship", "lamarckian_poker",
            "ships_and_sailors", "pirate_rummy", "doubloons")


def _module_name(game_id: str) -> str:
    return f"{__package__}.{game_id}"


def get(game_id: str):
    """The rules module for `game_id`; raises KeyError with the known ids if unknown."""
    if game_id not in GAME_IDS:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(GAME_IDS)}")
    try:
        return importlib.import_module(_module_name(game_id))
    except ModuleNotFoundError as exc:
        if exc.name == _module_name(game_id):
            raise KeyError(f"{game_id!r} is not playable yet") from None
        raise


def available() -> tuple:
    """The ids of the games implemented so far, in menu order."""
    out = []
    for game_id in GAME_IDS:
        try:
            get(game_id)
        except KeyError:
            continue
        out.append(game_id)
    return tuple(out)
