"""Maps logical coordinates onto the window's pixels.

A table reflows: its logical space is the window divided by one scale, so it is at least the
design size (1280x800) both ways and longer on the window's long side, with no letterbox;
`game.ui.layout` spreads a table's places over it. A screen drawn at the design size (the menu,
the forms) asks for `centred()`, the same scale with the design size in the middle.

On a high-DPI screen a point is several pixels (`display_scale`, game.ui.screen): the text floor
is in points. On a Retina Mac the window's surface also has more pixels than the window has
points (`pixel_ratio`): mouse positions arrive in points and `to_logical` takes them as such.
"""
from __future__ import annotations

import pygame

DESIGN = (1280, 800)
MIN_SCALE = 0.5  # the smallest window the app allows is half the design size
# Nothing a player reads is drawn smaller than this many points: 12 from a 1280x800 window up,
# 9 at the smallest, 640x400, and in between in proportion.
TEXT_FLOOR_LARGE, TEXT_FLOOR_SMALL = 12, 9


def text_floor(points_scale: float) -> float:
    """The smallest text size in points for a window `points_scale` times the design size."""
    t = min(1.0, max(0.0, (points_scale - MIN_SCALE) / (1.0 - MIN_SCALE)))
    return TEXT_FLOOR_SMALL + t * (TEXT_FLOOR_LARGE - TEXT_FLOOR_SMALL)


class Viewport:
    def __init__(self, logical_size=DESIGN, reflow: bool = True):
        self.design = tuple(logical_size)
        self.reflow = reflow
        self.logical = self.design
        self.scale = 1.0
        self.offset = (0.0, 0.0)
        self.window = self.design
        self.pixel_ratio = 1.0
        self.display_scale = 1.0
        self.text_floor = TEXT_FLOOR_LARGE
        self._centred: Viewport | None = None

    def fit(self, window_size, pixel_ratio: float = 1.0, display_scale: float | None = None) -> None:
        """Fit a window of `window_size` pixels; `display_scale` pixels make a point of the
        screen (its pixel_ratio if not given), `pixel_ratio` pixels a unit of mouse position."""
        dw, dh = self.design
        ww, wh = window_size
        self.window = (ww, wh)
        self.pixel_ratio = pixel_ratio
        self.display_scale = ds = pixel_ratio if display_scale is None else display_scale
        self.scale = max(MIN_SCALE * ds, min(ww / dw, wh / dh))
        if self.reflow:
            self.logical = (round(ww / self.scale), round(wh / self.scale))
            self.offset = (0.0, 0.0)
        else:
            self.logical = self.design
            self.offset = ((ww - dw * self.scale) / 2, (wh - dh * self.scale) / 2)
        self.text_floor = round(text_floor(self.scale / ds) * ds)
        self._centred = None

    def centred(self) -> Viewport:
        """This viewport's scale with the design size centred in the window."""
        if not self.reflow:
            return self
        if self._centred is None:
            other = Viewport(self.design, reflow=False)
            other.fit(self.window, self.pixel_ratio, self.display_scale)
            self._centred = other
        return self._centred

    @property
    def width(self) -> float:
        return self.logical[0]

    @property
    def height(self) -> float:
        return self.logical[1]

    def point(self, x, y) -> tuple:
        return (round(self.offset[0] + x * self.scale), round(self.offset[1] + y * self.scale))

    def length(self, n) -> int:
        return max(1, round(n * self.scale))

    def text(self, size) -> int:
        """The pixel size of text `size` logical pixels high, never under the floor."""
        return max(self.text_floor, round(size * self.scale))

    def rect(self, x, y, w, h) -> pygame.Rect:
        left, top = self.point(x, y)
        right, bottom = self.point(x + w, y + h)
        return pygame.Rect(left, top, right - left, bottom - top)

    def to_logical(self, pos) -> tuple:
        """A mouse position (in the window's points) in logical coordinates."""
        x, y = pos[0] * self.pixel_ratio, pos[1] * self.pixel_ratio
        return ((x - self.offset[0]) / self.scale, (y - self.offset[1]) / self.scale)
