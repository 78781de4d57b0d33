"""The registry of games: `get(game_id)` returns a game's rules module.

Titles and one-line descriptions live here, not only in the rules modules, so the
menu can list the games without importing every rules module before its first frame.
"""
from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

# Every game Deckhand will have, in menu order: (title, one line for the menu).
# A game is available once its rules module exists; its TITLE and BLURB come from here.
INFO = {
    "scoundrel": ("Scoundrel",
                  "Solitaire dungeon crawl: fight monsters, wield weapons, drink potions."),
    "bogey": ("The Bogey",
              "Solitaire: lay out suit columns, as few as you can, despite the bogey."),
    "abandon_ship": ("Abandon Ship",
                     "2-8 players: fight for treasure, then race for the richest lifeboat as "
                     "the ship sinks."),
    "lamarckian_poker": ("Lamarckian Poker",
                         "2-8 players: mark cards to capture from the pool and evolve the best "
                         "poker hand."),
    "ships_and_sailors": ("Ships and Sailors",
                          "2-6 players: take tricks, but beware the penalty colour."),
    "pirate_rummy": ("Pirate Rummy", "3-5 players: meld runs and sets, plunder with pirate ships."),
    "doubloons": ("Doubloons", "2-6 players: hire pirates and be first to seven doubloons."),
}
GAME_IDS = tuple(INFO)


def _module_name(game_id: str) -> str:
    return f"{__package__}.{game_id}"


def get(game_id: str) -> ModuleType:
    """The rules module for `game_id`; raises KeyError with the known ids if unknown."""
    if game_id not in GAME_IDS:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(GAME_IDS)}")
    try:
        return importlib.import_module(_module_name(game_id))
    except ModuleNotFoundError as exc:
        if exc.name == _module_name(game_id):
            raise KeyError(f"{game_id!r} is not playable yet") from None
        raise


def available() -> tuple[str, ...]:
    """The ids of the games implemented so far, in menu order (imports none of them)."""
    return tuple(g for g in GAME_IDS if importlib.util.find_spec(_module_name(g)) is not None)


def title(game_id: str) -> str:
    return INFO[game_id][0]


def blurb(game_id: str) -> str:
    return INFO[game_id][1]
