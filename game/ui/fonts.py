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
