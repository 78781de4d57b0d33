"""Puts a recorded frame (ui/canvas.py) on the window, repainting only where it changed.

The one place that decides what is dirty: an operation drawn in one frame and not the other
marks its rectangle, and so do operations drawn in both frames in another order. Only those
rectangles are repainted, by replaying the frame's operations that touch them with the window
clipped to them, and only they are sent to the screen. A frame equal to the last one costs no
drawing and no display update at all.
"""
from __future__ import annotations

from collections import Counter

import pygame

from .canvas import Canvas

MAX_RECTS = 24        # more dirty rectangles than this are merged into their bounding box
FULL_SHARE = 0.6      # a dirty area over this share of the window repaints it whole


class Painter:
    def __init__(self, screen=None):
        from .screen import Screen
        self.screen = screen or Screen()  # shows what was repainted
        self.last: Canvas | None = None
        self.target = None  # the surface the last frame went to
        self.full_next = True
        self.updates = 0    # display updates made (the idle test counts them)
        self.repainted: list = []  # the last frame's repainted rectangles

    def invalidate(self) -> None:
        """Repaint everything next frame (a resize, an exposed window, a new surface)."""
        self.full_next = True

    def paint(self, canvas: Canvas, surface: pygame.Surface) -> list:
        """Bring `surface` and the screen up to `canvas`; returns the rectangles repainted."""
        window = surface.get_rect()
        if self.full_next or surface is not self.target or self.last is None \
                or self.last.size != canvas.size:
            dirty = [window]
        else:
            dirty = merged(changed(self.last.ops, canvas.ops), window)
        self.last, self.target, self.full_next = canvas, surface, False
        if not dirty:
            return []
        for area in dirty:
            canvas.replay(surface, area)
        self.updates += 1
        self.screen.present(None if dirty == [window] else dirty)
        return dirty


def changed(before: list, after: list) -> list:
    """The rectangles where two frames' operations differ: those drawn in one frame only, and
    where the operations drawn in both come in another order, all from the first to the last
    out of place (a change of order is rare: a card going over another)."""
    then = Counter(op.key for op in before)
    now = Counter(op.key for op in after)
    gone, new = then - now, now - then
    rects = [op.rect for op in after if op.key in new]
    rects += [op.rect for op in before if op.key in gone]
    kept_before = [op for op in before if op.key in now]
    kept_after = [op for op in after if op.key in then]
    a, b = [op.key for op in kept_before], [op.key for op in kept_after]
    if a != b:
        shorter, first, last = min(len(a), len(b)), 0, 0
        while first < shorter and a[first] == b[first]:
            first += 1
        while last < shorter - first and a[-1 - last] == b[-1 - last]:
            last += 1
        rects += [op.rect for op in kept_before[first:len(a) - last]]
        rects += [op.rect for op in kept_after[first:len(b) - last]]
    return rects


def merged(rects: list, window: pygame.Rect) -> list:
    """Few rectangles covering `rects`: overlapping ones joined, many ones boxed, a large
    area made the whole window."""
    rects = [r.inflate(2, 2).clip(window) for r in rects]  # slack for rounding in the shapes
    out: list[pygame.Rect] = []
    for r in sorted((r for r in rects if r.w > 0 and r.h > 0), key=lambda r: r.w * r.h,
                    reverse=True):
        joined = True
        while joined:
            joined = False
            for i, other in enumerate(out):
                if r.colliderect(other):
                    r = r.union(out.pop(i))
                    joined = True
                    break
        out.append(r)
    if len(out) > MAX_RECTS:
        out = [out[0].unionall(out[1:])]
    if sum(r.w * r.h for r in out) > FULL_SHARE * window.w * window.h:
        return [window]
    return out
