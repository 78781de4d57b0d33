"""Fonts shipped in assets/fonts (DejaVu, see assets/LICENSES.md), cached per size."""
from __future__ import annotations

from functools import lru_cache

import pygame

from ..resources import asset

FACES = {"sans": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf", "serif": "DejaVuSerif-Bold.ttf"}


@lru_cache(maxsize=128)
def font(size: int, face: str = "sans") -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset("fonts", FACES[face])), max(6, int(size)))


def largest_fitting(width_at, start: int, smallest: int, limit: float) -> int:
    """The largest size from `start` down to `smallest` whose `width_at(size)` is at most
    `limit` (`smallest` if none is). Text grows about in proportion to its size, so the size is
    guessed from the width at `start` and then checked a step either way: two or three fonts
    loaded and measured where stepping down one size at a time loaded every size between (a
    4K slot's label went down from 83 px a size at a time)."""
    if start <= smallest:
        return start
    widest = width_at(start)
    if widest <= limit:
        return start
    size = max(smallest, min(start - 1, int(start * limit / max(1, widest))))
    while size > smallest and width_at(size) > limit:
        size -= 1
    while size + 1 < start and width_at(size + 1) <= limit:
        size += 1
    return size
