"""Scoundrel's card counter: what is still in the dungeon, by kind and value, from the view.

The view already lists the dungeon's cards (sorted, so their order stays hidden): counting
them here only spares the player counting by hand.
"""
from __future__ import annotations

from .scoundrel import KIND, VALUE, View

KINDS = ("monster", "weapon", "potion")


def dungeon_tally(view: View) -> dict[str, dict[int, int]]:
    """{kind: {value: how many}} for every card left in the dungeon (the room not included)."""
    tally: dict[str, dict[int, int]] = {kind: {} for kind in KINDS}
    for card in view.dungeon_cards:
        counts = tally[KIND[card]]
        counts[VALUE[card]] = counts.get(VALUE[card], 0) + 1
    return tally
