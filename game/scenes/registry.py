"""Which scene plays which game."""
from __future__ import annotations

import importlib

SCENES = {
    "scoundrel": ("game.scenes.scoundrel", "ScoundrelScene"),
    "bogey": ("game.scenes.bogey", "BogeyScene"),
    "abandon_ship": ("game.scenes.abandon_ship", "AbandonShipScene"),
    "lamarckian_poker": ("game.scenes.lamarckian_poker", "LamarckianPokerScene"),
    "ships_and_sailors": ("game.scenes.ships_and_sailors", "ShipsAndSailorsScene"),
    "doubloons": ("game.scenes.doubloons", "DoubloonsScene"),
    "pirate_rummy": ("game.scenes.pirate_rummy", "PirateRummyScene"),
}


def playable() -> tuple:
    from ..engine import games
    return tuple(g for g in games.available() if g in SCENES)


def scene_for(game_id: str):
    module, name = SCENES[game_id]
    return getattr(importlib.import_module(module), name)
