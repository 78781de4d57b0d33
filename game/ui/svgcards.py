"""Cards kept as SVG files (assets/cards/<set>/), rasterised by SDL_image at the exact size asked.

The files come from build/convert_cards.py: flat SVG (no <use>), whose rank and suit marks
are groups with class="ink", so they can be recoloured (four-colour suits) without touching
the court figures.
"""
from __future__ import annotations

import io
import re
from functools import lru_cache

import pygame

from ..resources import asset

_INK = re.compile(r'(<g class="ink"[^>]*>)(.*?)(</g>)', re.DOTALL)
_INK_COLOURS = re.compile(r'="(?:red|#000)"')
_ROOT = re.compile(r"<svg\b[^>]*>")


@lru_cache(maxsize=128)
def _text(card_set: str, name: str) -> str:
    return asset("cards", card_set, f"{name}.svg").read_text(encoding="utf-8")


def _hex(colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


def recoloured(text: str, ink) -> str:
    """The SVG with its rank and suit marks in `ink` (an RGB triple); None keeps them."""
    if ink is None:
        return text
    new = f'="{_hex(ink)}"'
    return _INK.sub(lambda m: m.group(1) + _INK_COLOURS.sub(new, m.group(2)) + m.group(3), text)


def recoloured_fills(text: str, old: str, new) -> str:
    """The SVG with every fill="old" painted `new` (an RGB triple): a back's pattern."""
    return text.replace(f'fill="{old}"', f'fill="{_hex(new)}"')


def sized(text: str, width: int, height: int) -> str:
    """The SVG asking to be drawn at width x height. SDL_image keeps the file's aspect ratio
    when it sizes; the cards' root has preserveAspectRatio="none", so the root's own size
    decides and the picture fills the exact size even if it is not 5:7."""
    root = _ROOT.search(text)
    assert root is not None, "not an SVG"
    tag = re.sub(r'\s(width|height)="[^"]*"', "", root.group(0))
    tag = tag.replace("<svg", f'<svg width="{width}" height="{height}"', 1)
    return text[:root.start()] + tag + text[root.end():]


def render(card_set: str, name: str, width: int, height: int, ink=None, fill=None) -> pygame.Surface:
    """Card `name` of `card_set` at exactly width x height. `ink` recolours the rank and suit
    marks; `fill` is (old, new) to repaint a colour everywhere it fills."""
    text = recoloured(_text(card_set, name), ink)
    if fill is not None:
        text = recoloured_fills(text, *fill)
    data = sized(text, width, height).encode("utf-8")
    surface = pygame.image.load_sized_svg(io.BytesIO(data), (width, height))
    if surface.get_size() != (width, height):  # rounding in SDL_image: off by a pixel
        surface = pygame.transform.smoothscale(surface, (width, height))
    return surface
