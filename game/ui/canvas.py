"""A frame as a list of drawing operations, so the window repaints only what changed.

Scenes draw onto a `Canvas` as they would onto the window: `blit`, `fill`, and the shapes of
`pygame.draw` through this module's functions (`rect`, `line`, ...), which draw straight onto a
real surface and are recorded on a Canvas. The frame painter (`ui/painter.py`) compares a frame's
operations with the last frame's and replays only those around the differences.

An operation is told apart by what it draws: the source image by identity (images come from
caches; one drawn again must be the same object with the same pixels, so an image is never
changed in place once shown) and every other argument by value.
"""
from __future__ import annotations

import weakref

import pygame

from . import solid

# image -> make(image, rect): fills that rectangle of its pixels (see `made_when_drawn`)
_unmade: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def made_when_drawn(image: pygame.Surface, make) -> None:
    """`image`'s pixels are made only as a Canvas's blit of it is replayed, and only those that
    show: `make(image, rect)` fills `rect` of it (a window drag's stand-in for a card mostly
    under others: two thirds of a full Scoundrel table's stand-ins' pixels never show). Until
    then it holds whatever its memory held: only a Canvas may be given it, or `make_whole`
    first. (`make` must not hold on to `image`: that would keep it, and this entry, forever.)"""
    _unmade[image] = make


def make_whole(image: pygame.Surface) -> None:
    """Every pixel of `image` made, if it was to be made when drawn."""
    make = _unmade.pop(image, None)
    if make is not None:
        make(image, image.get_rect())


class Op:
    __slots__ = ("key", "rect", "run", "cover")

    def __init__(self, key, rect: pygame.Rect, run, cover: pygame.Rect | None = None):
        self.key = key      # hashable: equal keys draw equal pixels
        self.rect = rect    # window pixels the operation may touch
        self.run = run      # run(surface) performs it; for a clip, the clip Rect or None
        self.cover = cover  # window pixels it makes opaque, where the painter can't tell


class Kept:
    """What a piece of a frame recorded last time, and the key it was drawn for (see
    `Canvas.draw_kept`)."""
    __slots__ = ("key", "ops", "images")

    def __init__(self):
        self.key = None
        self.ops: list[Op] = []
        self.images: list = []


class Canvas:
    """Records what a frame draws; looks like the window surface to the code drawing it."""

    def __init__(self, size):
        self.size = tuple(size)
        self.ops: list[Op] = []
        self.images: list = []  # sources kept alive for the frame, so no id is reused
        self.clip: pygame.Rect | None = None

    # -- the surface methods scenes use ------------------------------------------------------
    def get_size(self) -> tuple:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def get_rect(self, **kwargs) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.size)
        for name, value in kwargs.items():
            setattr(rect, name, value)
        return rect

    def get_clip(self) -> pygame.Rect:
        return self.clip.copy() if self.clip is not None else self.get_rect()

    def set_clip(self, rect=None) -> None:
        """Recorded as ("clip", rect or None): the painter narrows it to the area it repaints."""
        self.clip = None if rect is None else pygame.Rect(rect).clip(self.get_rect())
        clip = self.clip
        self.ops.append(Op(("clip", None if clip is None else tuple(clip)),
                           pygame.Rect(0, 0, 0, 0) if clip is None else clip.copy(), clip))

    def blit(self, source, dest, area=None, special_flags=0) -> pygame.Rect:
        # (a frame records a few hundred of these: the usual (x, y) is told apart first)
        if type(dest) is tuple and len(dest) == 2:
            x, y = int(dest[0]), int(dest[1])
        elif isinstance(dest, (pygame.Rect, pygame.FRect)) or len(dest) == 4:
            x, y = pygame.Rect(dest).topleft
        else:
            x, y = int(dest[0]), int(dest[1])
        if area is None:
            w, h = source.get_size()
            shown = None
        else:
            area = pygame.Rect(area)
            w, h = area.size
            shown = tuple(area)
        self.images.append(source)
        key, rect = ("blit", id(source), x, y, shown, special_flags), pygame.Rect(x, y, w, h)
        make = _unmade.get(source) if _unmade else None
        if make is not None:
            if area is not None:
                make_whole(source)
            else:
                def run(s):  # the part the surface's clip lets show, made first
                    part = s.get_clip().clip(rect)
                    if part:
                        make(source, part.move(-x, -y))
                        s.blit(source, (x, y), None, special_flags)
                return self.add(key, rect, run)
        return self.add(key, rect, lambda s: s.blit(source, (x, y), area, special_flags))

    def repeat(self, op: Op, source) -> bool:
        """Record again `op`, a blit of `source` recorded on an earlier frame with no clip set
        (a card lying where it lay); False, recording nothing, while a clip is set."""
        if self.clip is not None:
            return False
        self.images.append(source)
        self.ops.append(op)
        return True

    def draw_kept(self, kept: Kept, key, draw) -> None:
        """`draw(self)`, or while `key` is what it was last time (and no clip is set), the
        operations it recorded then, recorded again (a button drawn as it was: a 4K table's
        four buttons took 0.3 ms a frame to lay out their labels anew)."""
        if self.clip is not None:
            draw(self)
            return
        if kept.key == key and kept.key is not None:
            self.ops.extend(kept.ops)
            self.images.extend(kept.images)
            return
        ops, images = len(self.ops), len(self.images)
        draw(self)
        if self.clip is None:
            kept.key, kept.ops, kept.images = key, self.ops[ops:], self.images[images:]

    def blits(self, sequence, doreturn=True):
        drawn = [self.blit(*item) for item in sequence]
        return drawn if doreturn else None

    def fill(self, colour, rect=None, special_flags=0) -> pygame.Rect:
        colour = tuple(pygame.Color(colour))
        area = self.get_rect() if rect is None else pygame.Rect(rect)
        key = ("fill", colour, tuple(area), special_flags)
        if special_flags:
            return self.add(key, area, lambda s: s.fill(colour, area, special_flags))
        return self.add(key, area, lambda s: solid.fill(s, colour, area))

    def copy(self) -> pygame.Surface:
        """What has been drawn so far, as a new surface."""
        picture = pygame.Surface(self.size)
        self.replay(picture, picture.get_rect())
        return picture

    def ground(self, rect: pygame.Rect) -> tuple | None:
        """The colour under `rect` if nothing drawn so far touches it but the frame's first
        operation, a plain fill of the whole frame (the felt); else None."""
        ops = self.ops
        if not ops or ops[0].key[0] != "fill" or ops[0].key[2:] != ((0, 0, *self.size), 0):
            return None
        if rect.collidelist([op.rect for op in ops[1:] if op.key[0] != "clip"]) >= 0:
            return None
        return ops[0].key[1][:3]

    # -- recording ----------------------------------------------------------------------------
    def add(self, key, rect: pygame.Rect, run, clipped=True, cover=None) -> pygame.Rect:
        if clipped and self.clip is not None:
            rect = rect.clip(self.clip)
        self.ops.append(Op(key, rect, run, cover))
        return rect


    def replay(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Draw the operations that touch `area` onto `surface`, in order, clipped to it."""
        surface.set_clip(area)
        try:
            for op in self.ops:
                if op.key[0] == "clip":
                    surface.set_clip(area if op.run is None else area.clip(op.run))
                elif op.rect.colliderect(area):
                    op.run(surface)
        finally:
            surface.set_clip(None)


def _shape(name: str, bounds):
    """A pygame.draw function that draws on a surface and is recorded on a Canvas."""
    real = getattr(pygame.draw, name)

    def shape(surface, *args, **kwargs):
        if not isinstance(surface, Canvas):
            return real(surface, *args, **kwargs)
        key = (name, _hashable(args),
               tuple([(k, _hashable(v)) for k, v in sorted(kwargs.items())]) if kwargs else ())
        return surface.add(key, bounds(*args, **kwargs),
                           lambda s: real(s, *args, **kwargs))

    shape.__name__ = name
    shape.__doc__ = f"pygame.draw.{name}, recorded on a Canvas."
    return shape


_PLAIN = frozenset((int, float, str, bool, type(None)))


def _hashable(value):
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:  # (a shape's arguments: a colour, a point, a Rect...)
        return tuple([v if type(v) in _PLAIN else _hashable(v) for v in value])
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, (pygame.Rect, pygame.FRect)):
        return ("rect", *value)
    if isinstance(value, pygame.Color):
        return tuple(value)
    if isinstance(value, pygame.Vector2):
        return tuple(value)
    return value


def _points_bounds(points, width=1) -> pygame.Rect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    pad = max(1, int(width)) + 2
    left, top = int(min(xs)) - pad, int(min(ys)) - pad
    return pygame.Rect(left, top, int(max(xs)) + pad - left + 1, int(max(ys)) + pad - top + 1)


def _rect_bounds(colour, rect, width=0, *args, **kwargs) -> pygame.Rect:
    return pygame.Rect(rect).inflate(2, 2)


def _circle_bounds(colour, center, radius, width=0, *args, **kwargs) -> pygame.Rect:
    r = int(radius) + 2
    return pygame.Rect(int(center[0]) - r, int(center[1]) - r, 2 * r + 1, 2 * r + 1)


def _line_bounds(colour, start, end, width=1, *args, **kwargs) -> pygame.Rect:
    return _points_bounds((start, end), width)


def _lines_bounds(colour, closed, points, width=1, *args, **kwargs) -> pygame.Rect:
    return _points_bounds(points, width)


def _polygon_bounds(colour, points, width=0, *args, **kwargs) -> pygame.Rect:
    return _points_bounds(points, width)


rect = _shape("rect", _rect_bounds)
ellipse = _shape("ellipse", _rect_bounds)
arc = _shape("arc", _rect_bounds)
circle = _shape("circle", _circle_bounds)
line = _shape("line", _line_bounds)
aaline = _shape("aaline", _line_bounds)
lines = _shape("lines", _lines_bounds)
aalines = _shape("aalines", _lines_bounds)
polygon = _shape("polygon", _polygon_bounds)
