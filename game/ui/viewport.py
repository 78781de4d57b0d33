"""Maps the logical table (e.g. 1280x800) onto the window at any size, centred."""
from __future__ import annotations

import pygame

MIN_SCALE = 0.5  # the smallest window the app allows is half the logical table


class Viewport:
    def __init__(self, logical_size=(1280, 800)):
        self.logical = logical_size
        self.scale = 1.0
        self.offset = (0.0, 0.0)

    def fit(self, window_size) -> None:
        lw, lh = self.logical
        ww, wh = window_size
        self.scale = max(MIN_SCALE, min(ww / lw, wh / lh))
        self.offset = ((ww - lw * self.scale) / 2, (wh - lh * self.scale) / 2)

    def point(self, x, y) -> tuple:
        return (round(self.offset[0] + x * self.scale), round(self.offset[1] + y * self.scale))

    def length(self, n) -> int:
        return max(1, round(n * self.scale))

    def rect(self, x, y, w, h) -> pygame.Rect:
        left, top = self.point(x, y)
        right, bottom = self.point(x + w, y + h)
        return pygame.Rect(left, top, right - left, bottom - top)

    def to_logical(self, pos) -> tuple:
        return ((pos[0] - self.offset[0]) / self.scale, (pos[1] - self.offset[1]) / self.scale)
