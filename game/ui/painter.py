"""Puts a recorded frame (ui/canvas.py) on the window, repainting only where it changed.

The one place that decides what is dirty: an operation drawn in one frame and not the other
marks its rectangle, and so do operations drawn in both frames in another order. Only those
rectangles are repainted, by replaying the frame's operations that touch them with the window
clipped to them, and only they are sent to the screen. A frame equal to the last one costs no
drawing and no display update at all.

Within a repainted rectangle, what a later operation covers with opaque pixels is not drawn:
each operation is clipped to the part of it nothing opaque goes over afterwards (where that
part is a rectangle), so a stack of cards repaints its top card and the strips of the others
that show, not every card whole. An image's opaque part is measured once, the second time it
is drawn (images of a single frame, such as a turning card, are not worth it).

A change of the whole window larger than BAND_PIXELS (a hand-off screen coming up) goes up in
bands, one a frame, from the bottom (where the player's own hand lies: a hand-off screen covers
it first): at 4K one whole repaint takes 8 ms to draw and 6 more to show under X, eight bands
an eighth of that each (133 ms in all); a 1920x1080 window's takes two. What a band leaves
is owed and repainted in the frames after (with that frame's own changes), so the window
catches up within a few frames and never keeps stale pixels. A window that shows no frame
yet (opened, resized, exposed) is repainted whole at once.
"""
from __future__ import annotations

import weakref
from collections import Counter
from difflib import SequenceMatcher

import pygame

from . import solid
from .canvas import Canvas

MAX_RECTS = 24        # more dirty rectangles than this are merged into their bounding box
FULL_SHARE = 0.6      # a dirty area over this share of the window repaints it whole
SMALLEST_COVER = 48 * 48  # smaller images are not measured for what they cover
JOINED_SLACK = 1.25  # overlapping rectangles are joined if their box is at most this times
#                     the pixels they cover (else the smaller is cut where they overlap much)
JOINED_PIXELS = 40_000  # or if their box adds at most this many pixels: a rectangle's own
#                        replay costs about as much as repainting these (outlines side by side)
JOINED_GAP = 128  # rectangles this far apart or nearer are looked at to be joined
OVERDRAWN = 3  # a rectangle whose operations add up to this many times its area is culled,
OVERDRAWN_PIXELS = 100_000  # or to this many pixels more (a 4K card moving over the felt)
BAND_PIXELS = 1_050_000  # a whole-window change larger than this goes up in bands of at most
#                         this many pixels, a frame each (half a 1920x1080 window)


class Painter:
    def __init__(self, screen=None):
        from .screen import Screen
        self.screen = screen or Screen()  # shows what was repainted
        self.last: Canvas | None = None
        self.target = None  # the surface the last frame went to
        self.full_next = True
        self.updates = 0    # display updates made (the idle test counts them)
        self.repainted: list = []  # the last frame's repainted rectangles
        self.owed: list = []  # where the window does not show the last frame yet (see bands)
        self.band = 0  # the band the next whole-window change starts from

    def invalidate(self) -> None:
        """Repaint everything next frame (a resize, an exposed window, a new surface)."""
        self.full_next = True

    def paint(self, canvas: Canvas, surface: pygame.Surface) -> list:
        """Bring `surface` and the screen up to `canvas`; returns the rectangles repainted."""
        window = surface.get_rect()
        if self.full_next or surface is not self.target or self.last is None \
                or self.last.size != canvas.size:
            dirty, self.owed = [window], []
        else:
            dirty = merged(changed(self.last.ops, canvas.ops), window)
            if self.owed or (dirty == [window] and window.w * window.h > BAND_PIXELS):
                dirty = self.next_band(dirty, window)
        self.last, self.target, self.full_next = canvas, surface, False
        if not dirty:
            return []
        index = frame_index(canvas)
        whole = dirty == [window]
        self.screen.settle()  # the last frame may still be on its way (ui/screen.py)
        with solid.whole_repaint(whole):
            for area in dirty:
                replay_visible(canvas, surface, area, index)
        self.updates += 1
        self.screen.present(None if whole else dirty)
        return dirty

    def next_band(self, dirty: list, window: pygame.Rect) -> list:
        """What to repaint this frame while a whole-window change goes up in bands: the next
        band, in turn from the bottom, that holds something owed, and this frame's own changes
        where they are not owed (those are repainted when their band comes). A change of the
        whole window owes all of it."""
        if dirty == [window]:
            dirty, self.owed = [], [window]
        kept = []
        for rect in dirty:
            pieces = _uncovered(rect, self.owed)
            kept += [rect] if pieces == _ALL else pieces
        count = -(-window.w * window.h // BAND_PIXELS)
        height = -(-window.h // count)
        for k in range(count):
            index = (self.band + k) % count
            band = pygame.Rect(0, window.h - (index + 1) * height, window.w, height).clip(window)
            if band.collidelist(self.owed) >= 0:
                break
        else:  # (what is owed lies outside every band: the window shrank)
            self.owed = []
            return kept
        self.band = (index + 1) % count
        self.owed = [piece for rect in self.owed
                     for piece in (_minus(rect, band) if rect.colliderect(band) else [rect])]
        if not self.owed:
            self.band = 0
        return [rect for rect in kept if not band.contains(rect)] + [band]


def changed(before: list, after: list) -> list:
    """The rectangles where two frames' operations differ: those drawn in one frame only, and
    where the operations drawn in both come in another order, those of them outside the longest
    runs kept in order (a card that starts to move is drawn last from then on: only its own
    rectangle changes, not those of everything drawn after it before). Operations drawn at the
    same place in the order at both ends of the frames (most of a frame) are left out first:
    they are drawn before (or after) everything else in both frames, so none of them changed."""
    a, b = [op.key for op in before], [op.key for op in after]
    if a == b:
        return []
    shorter, first, last = min(len(a), len(b)), 0, 0
    while first < shorter and a[first] == b[first]:
        first += 1
    while last < shorter - first and a[-1 - last] == b[-1 - last]:
        last += 1
    before, after = before[first:len(before) - last], after[first:len(after) - last]
    then = Counter(a[first:len(a) - last])
    now = Counter(b[first:len(b) - last])
    gone, new = then - now, now - then
    rects = [r for op in after if op.key in new for r in _areas(op)]
    rects += [r for op in before if op.key in gone for r in _areas(op)]
    kept_before = [op for op in before if op.key in now]
    kept_after = [op for op in after if op.key in then]
    a, b = [op.key for op in kept_before], [op.key for op in kept_after]
    if a != b:
        kept = SequenceMatcher(None, a, b, autojunk=False)
        in_order_before: set[int] = set()
        in_order_after: set[int] = set()
        for i, j, size in kept.get_matching_blocks():
            in_order_before.update(range(i, i + size))
            in_order_after.update(range(j, j + size))
        rects += [r for k, op in enumerate(kept_before) if k not in in_order_before
                  for r in _areas(op)]
        rects += [r for k, op in enumerate(kept_after) if k not in in_order_after
                  for r in _areas(op)]
    return rects


def _areas(op) -> list:
    """Where an operation's pixels are: its rectangle, but for a round-cornered rectangle's
    outline (a drop zone lit up at 4K is 1,800 x 860) the four strips along its edges, as deep
    as its line, and its four corners, as deep as they are round (`merged` joins each corner to
    the shorter strip beside it: a zone's glow at 4K repaints 127,000 pixels, not 224,000).
    (Square-cornered outlines are left whole: pygame fills one whose clipped part is thinner
    than twice its line, so a strip would not repaint it as a whole redraw draws it.)"""
    if op.key[0] != "rect":
        return [op.rect]
    _, args, kwargs = op.key
    width = args[2] if len(args) > 2 else dict(kwargs).get("width", 0)
    radii = [v for v in args[3:] if isinstance(v, (int, float))]
    radii += [v for name, v in kwargs if "radius" in name and isinstance(v, (int, float))]
    if not isinstance(width, (int, float)) or width <= 0 or not radii or max(radii) <= 0:
        return [op.rect]
    line, corner = int(width) + 2, int(max(width, *radii)) + 2
    box = op.rect
    if 2 * corner >= min(box.w, box.h):
        return [box]
    edges = [pygame.Rect(box.x, box.y, box.w, line), pygame.Rect(box.x, box.bottom - line, box.w, line),
             pygame.Rect(box.x, box.y, line, box.h), pygame.Rect(box.right - line, box.y, line, box.h)]
    if corner <= line:
        return edges
    return edges + [pygame.Rect(x, y, corner, corner) for x in (box.x, box.right - corner)
                    for y in (box.y, box.bottom - corner)]


def merged(rects: list, window: pygame.Rect) -> list:
    """Few rectangles covering `rects`: overlapping or near ones joined where their box is not
    much larger than they are, or adds few pixels (a row of outlines side by side becomes its
    band; a large outline's four edges stay apart), those left apart cut where they overlap
    much, many ones boxed, a large area made the whole window."""
    rects = [r.inflate(2, 2).clip(window) for r in rects]  # slack for rounding in the shapes
    out: list[pygame.Rect] = []
    for r in sorted((r for r in rects if r.w > 0 and r.h > 0), key=lambda r: r.w * r.h,
                    reverse=True):
        _join(r, out)
    if len(out) > MAX_RECTS:
        out = [out[0].unionall(out[1:])]
    else:
        apart = _apart(out)
        out = apart if len(apart) <= MAX_RECTS else out
    if sum(r.w * r.h for r in out) > FULL_SHARE * window.w * window.h:
        return [window]
    return out


def _join(r: pygame.Rect, out: list) -> None:
    """Add `r` to `out`, joined with those it is joined with (see `merged`)."""
    while True:
        hits = r.inflate(2 * JOINED_GAP, 2 * JOINED_GAP).collidelistall(out)
        for i in hits:
            if out[i].contains(r):  # (most, once a row's band has formed)
                return
        for i in hits:
            other = out[i]
            union = r.union(other)
            both = r.clip(other)
            needed = r.w * r.h + other.w * other.h - both.w * both.h
            if union.w * union.h <= max(JOINED_SLACK * needed, needed + JOINED_PIXELS):
                r = union
                del out[i]
                break
        else:
            out.append(r)
            return


def _apart(rects: list) -> list:
    """`rects` cut so that none overlaps another by much: each one overlapping those larger by
    more than JOINED_PIXELS (what a rectangle's own replay costs) is cut to its parts outside
    them (or, left in more than MAX_PIECES, their box: repainted twice, a pixel shows the
    same)."""
    out: list[pygame.Rect] = []
    for r in sorted(rects, key=lambda r: r.w * r.h, reverse=True):
        twice = 0
        for k in r.collidelistall(out):
            both = r.clip(out[k])
            twice += both.w * both.h
        if twice <= JOINED_PIXELS:
            out.append(r)
            continue
        pieces = _uncovered(r, out)
        out += [r] if pieces == _ALL else pieces
    return out


def frame_index(canvas: Canvas) -> tuple:
    """What every repainted rectangle looks up in a frame: its operations' rectangles (for
    Rect.collidelistall), where its clips are, and its images by id (for what they cover)."""
    return ([op.rect for op in canvas.ops],
            [i for i, op in enumerate(canvas.ops) if op.key[0] == "clip"],
            {id(image): image for image in canvas.images})


def replay_visible(canvas: Canvas, surface: pygame.Surface, area: pygame.Rect,
                   index: tuple | None = None) -> None:
    """`canvas.replay(surface, area)` with the same pixels, skipping what later opaque
    operations cover (see the module's doc)."""
    ops = canvas.ops
    rects, clips, images = index if index is not None else frame_index(canvas)
    touching = [i for i in area.collidelistall(rects) if ops[i].key[0] != "clip"]
    if not touching:
        return
    drawn = 0
    for i in touching:
        rect = rects[i].clip(area)
        drawn += rect.w * rect.h
    visible: dict[int, list] = {}
    size = area.w * area.h
    if drawn >= OVERDRAWN * size or drawn - size >= OVERDRAWN_PIXELS:  # work out what shows
        covers: list[pygame.Rect] = []  # opaque rectangles of the operations after this one
        for i in reversed(touching):
            op = ops[i]
            whole = op.rect.clip(area)
            pieces = _uncovered(whole, covers)
            visible[i] = pieces
            if pieces:
                for rect in _opaque(op, images):
                    rect = rect.clip(whole)
                    if rect:
                        _add_cover(covers, rect)
    surface.set_clip(area)
    clip = area
    try:
        for i in sorted(touching + clips) if clips else touching:
            op = ops[i]
            if op.key[0] == "clip":
                clip = area if op.run is None else area.clip(op.run)
                surface.set_clip(clip)
                continue
            shown = visible.get(i, _ALL)
            if not shown:
                continue
            if shown[0] is None:  # nothing over it: as it is
                op.run(surface)
                continue
            for piece in shown:
                surface.set_clip(clip.clip(piece))
                op.run(surface)
            surface.set_clip(clip)
    finally:
        surface.set_clip(None)


_ALL = [None]
MAX_PIECES = 8  # an operation left in more pieces than this is drawn over their bounding box


def _uncovered(rect: pygame.Rect, covers: list) -> list:
    """The parts of `rect` no cover goes over: [None] for all of it, [] for none."""
    hits = rect.collidelistall(covers)
    if not hits:
        return [None]
    pieces = [rect]
    for k in reversed(hits):  # the nearest above first
        cover = covers[k]
        left: list[pygame.Rect] = []
        for piece in pieces:
            left += _minus(piece, cover) if piece.colliderect(cover) else [piece]
        pieces = left
        if not pieces:
            return []
        if len(pieces) > MAX_PIECES:
            pieces = [pieces[0].unionall(pieces[1:])]
    return pieces


def _add_cover(covers: list, rect: pygame.Rect) -> None:
    """Add `rect` to `covers`, joined to a cover it overlaps along a whole side where their
    union is exactly the two (a squared pile's cards, each a few pixels below the last: thirty
    covers become one, and every card under them is cut against one, not thirty)."""
    for k in rect.collidelistall(covers):
        cover = covers[k]
        if cover.contains(rect):
            return
        if (cover.x == rect.x and cover.w == rect.w) or (cover.y == rect.y and cover.h == rect.h):
            covers[k] = cover.union(rect)
            return
    covers.append(rect)


def _minus(rect: pygame.Rect, cover: pygame.Rect) -> list:
    """`rect` without `cover`, in up to four rectangles (they overlap)."""
    top, bottom = max(rect.top, cover.top), min(rect.bottom, cover.bottom)
    out = []
    if cover.top > rect.top:
        out.append(pygame.Rect(rect.left, rect.top, rect.w, cover.top - rect.top))
    if cover.bottom < rect.bottom:
        out.append(pygame.Rect(rect.left, cover.bottom, rect.w, rect.bottom - cover.bottom))
    if cover.left > rect.left:
        out.append(pygame.Rect(rect.left, top, cover.left - rect.left, bottom - top))
    if cover.right < rect.right:
        out.append(pygame.Rect(cover.right, top, rect.right - cover.right, bottom - top))
    return out


def _opaque(op, images) -> list:
    """The window rectangles an operation makes opaque: a plain fill (the window has no
    alpha), a plain blit's image where it is opaque, or the cover an operation was given."""
    if op.cover is not None:  # told by what drew it (an opaque panel's middle)
        return [op.cover]
    kind, flags = op.key[0], op.key[-1]
    if flags or kind not in ("blit", "fill"):
        return []
    if kind == "fill":
        return [op.rect]
    image = images.get(op.key[1])
    if image is None:
        return []
    _, _, x, y, area, _ = op.key
    if area is not None:
        x, y = x - area[0], y - area[1]
    return [part.move(x, y) for part in opaque_parts(image)]


_parts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # image -> its opaque rects
_seen_once: weakref.WeakSet = weakref.WeakSet()


def opaque_parts(image: pygame.Surface) -> tuple:
    """Rectangles of `image` whose every pixel is opaque (for a card with round corners: a
    band across and a band down), measured the second time it is asked about."""
    parts = _parts.get(image)
    if parts is None:
        if image not in _seen_once:
            _seen_once.add(image)
            return ()
        parts = _parts[image] = _measure(image)
    return parts


def measure(image: pygame.Surface) -> tuple:
    """What `opaque_parts` would find of `image`, measured now: for an image made to be shown
    many times, where it is made (the card worker's thread), not in a frame that shows it."""
    return _measure(image)


def note_parts(image: pygame.Surface, parts: tuple) -> None:
    """Take `parts` (from `measure`) as what of `image` is opaque."""
    _parts[image] = parts


def measured(image: pygame.Surface) -> bool:
    """Whether what of `image` is opaque has been measured (see `opaque_parts`)."""
    return image in _parts


def covers_nothing(image: pygame.Surface) -> None:
    """Note that nothing of `image` is to be taken as opaque (its pixels are not all made yet:
    see `canvas.made_when_drawn`), rather than have it measured."""
    _parts[image] = ()


def scaled_parts(image: pygame.Surface, source: pygame.Surface) -> None:
    """Note what of `image`, `source` scaled (a card turning, squashed), is opaque: what of
    `source` is, scaled, less a pixel each side for how either scale rounds and blends. An
    image of a single frame is never measured; this way it still hides what is under it."""
    if image in _parts:
        return
    parts = _parts.get(source)
    if parts is None:
        parts = _parts[source] = _measure(source)
    (w, h), (sw, sh) = image.get_size(), source.get_size()
    scaled = []
    for part in parts:
        left, right = -(-(part.left + 1) * w // sw) + 1, (part.right - 1) * w // sw - 1
        top, bottom = -(-(part.top + 1) * h // sh) + 1, (part.bottom - 1) * h // sh - 1
        if right - left >= 2 and bottom - top >= 2:
            scaled.append(pygame.Rect(left, top, right - left, bottom - top))
    _parts[image] = tuple(scaled)


def _measure(image: pygame.Surface) -> tuple:
    w, h = image.get_size()
    alpha = image.get_alpha()
    if w * h < SMALLEST_COVER or (alpha is not None and alpha < 255):
        return ()
    if not image.get_flags() & pygame.SRCALPHA:
        return () if image.get_colorkey() is not None else (pygame.Rect(0, 0, w, h),)
    if image.get_at((w // 2, h // 2)).a < 255:  # (a text: the bands below all cross its middle)
        return ()
    mask = pygame.mask.from_surface(image, 254)

    def opaque(rect) -> bool:
        probe = pygame.mask.Mask(rect.size, fill=True)
        return mask.overlap_area(probe, rect.topleft) == rect.w * rect.h

    def least(band, most) -> int | None:
        """The smallest inset up to `most` at which `band(inset)` is all opaque."""
        low, high = 0, most
        if most < 0 or not opaque(band(most)):
            return None
        while low < high:
            middle = (low + high) // 2
            if opaque(band(middle)):
                high = middle
            else:
                low = middle + 1
        return low

    # the sides may be soft (anti-aliased): how far in the middle row and column are opaque
    side = least(lambda e: pygame.Rect(e, h // 2, w - 2 * e, 1), w // 8)
    end = least(lambda e: pygame.Rect(w // 2, e, 1, h - 2 * e), h // 8)
    if side is None or end is None:
        return ()
    parts = []
    across = least(lambda t: pygame.Rect(side, t, w - 2 * side, h - 2 * t), h // 4)
    if across is not None:
        parts.append(pygame.Rect(side, across, w - 2 * side, h - 2 * across))
    down = least(lambda t: pygame.Rect(t, end, w - 2 * t, h - 2 * end), w // 4)
    if down is not None:
        parts.append(pygame.Rect(down, end, w - 2 * down, h - 2 * end))
    return tuple(parts)
