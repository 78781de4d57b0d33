"""What Deckhand says about itself on screen: its version, small, in a corner of the main menu."""
from __future__ import annotations

from ..version import read_version
from . import theme
from .widgets import draw_text

CORNER = (1268, 792)  # logical bottom-right, clear of the menu's key hints


def version_text() -> str:
    return f"Deckhand {read_version()}"


def draw_version(surface, viewport, corner=CORNER):
    """Draw the version at a logical bottom-right corner; returns the rect it took."""
    return draw_text(surface, viewport, version_text(), 14, corner, theme.INK_DIM, "bottomright")
