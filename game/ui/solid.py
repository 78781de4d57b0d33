"""Plain colour fills of the window that leave its pixels in the caches.

SDL fills a rectangle (`Surface.fill`, `SDL_FillRect`) with non-temporal stores, which send the
pixels past the caches to memory, and so it copies an opaque image whose rows line up on 16
bytes. A repainted rectangle is filled with the felt and drawn over at once (a card, a panel),
and every blend then read its pixels back from memory: on the bench machine the felt and a 4K
card over it cost 1.7-2.4 ns a pixel that way and 0.8 with the felt copied from a tile of its
colour whose rows never line up with the window's (SDL then copies with plain stores). A fill
starting off a 64-byte boundary also cost 0.9-1.0 ns a pixel on its own (0.4 copied). While
the painter repaints the whole window (`whole_repaint`), fills are still SDL's: most of the
felt and of a panel's middle is then not drawn over, and streamed is quickest (copied, a 4K
window's whole repaint took 17 % longer).
"""
from __future__ import annotations

from collections import OrderedDict
from contextlib import contextmanager

import pygame

TILE_ROWS = 32   # a tile's height: a rectangle is copied in bands of this many rows
MOST_TILES = 4   # colours kept (the felt, a panel or two); the oldest is dropped

_tiles: OrderedDict = OrderedDict()  # (colour, width, pitch, format) -> tile
_whole = False  # whether the window is being repainted whole


@contextmanager
def whole_repaint(whole: bool = True):
    """Said by the painter around a repaint: whether it repaints the whole window, where
    fills are SDL's own."""
    global _whole
    was, _whole = _whole, whole
    try:
        yield
    finally:
        _whole = was


def fill(surface: pygame.Surface, colour, rect: pygame.Rect) -> None:
    """`surface.fill(colour, rect)`: the same pixels, within the surface's clip, copied from a
    tile but in a whole repaint."""
    colour = pygame.Color(colour)
    if (_whole or colour.a != 255 or surface.get_bitsize() != 32
            or surface.get_flags() & pygame.SRCALPHA):  # (a fill sets alpha there: SDL's)
        surface.fill(colour, rect)
        return
    area = pygame.Rect(rect).clip(surface.get_clip())
    if not area:
        return
    tile = _tile(surface, colour)
    x, w, bottom = area.x, area.w, area.bottom
    for y in range(area.y, bottom, TILE_ROWS):
        surface.blit(tile, (x, y), (0, 0, w, min(TILE_ROWS, bottom - y)))


def _tile(surface: pygame.Surface, colour: pygame.Color) -> pygame.Surface:
    """A band of `colour` as wide as `surface` and a pixel more, so that its rows' ends never
    line up with the surface's on 8 bytes (SDL copies with streaming stores only where both
    do, on 16 bytes, or with MMX's on 8)."""
    width, pitch = surface.get_width(), surface.get_pitch()
    key = (tuple(colour), width, pitch, surface.get_masks())
    tile = _tiles.get(key)
    if tile is not None:
        _tiles.move_to_end(key)
        return tile
    extra = 1
    while True:
        tile = pygame.Surface((width + extra, TILE_ROWS), 0, surface)
        if (tile.get_pitch() - pitch) % 8:
            break
        extra += 1
    tile.fill(colour)
    _tiles[key] = tile
    while len(_tiles) > MOST_TILES:
        _tiles.popitem(last=False)
    return tile
