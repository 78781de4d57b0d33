"""Buttons, text and panels, laid out in logical coordinates and drawn through a Viewport."""
from __future__ import annotations

from collections import OrderedDict
from functools import lru_cache

import pygame

from ..text import printable
from . import canvas, solid, theme
from .fonts import font, largest_fitting
from .screen import window_surface

TEXT_CACHE = 256  # rendered strings kept: a table redraws the same few dozen every frame
# and at most this many bytes of them: at 4K a status or log line is up to 0.7 MB, and a game
# leaves hundreds behind (a frame draws at most about 6 MB of text at 4K)
TEXT_CACHE_BYTES = 8 * 1024 * 1024
_texts: OrderedDict = OrderedDict()
_text_bytes = 0
# When a list, every text, panel, button and card drawn is noted in it as (kind, window rect,
# detail): the layout test (tests/ui/test_readable.py) checks nothing overlaps or spills.
recording: list | None = None
# While `recording` is on, every text drawn (labels inside buttons too) also notes its pixel
# size here as (px, text): the text floor test reads it.
text_sizes: list = []


def note(kind: str, rect, detail=None, px: int | None = None) -> None:
    """Note a drawn item for the layout test; a text also gives its font's pixel size."""
    if recording is not None:
        recording.append((kind, pygame.Rect(rect), detail))
        if kind == "text":
            text_sizes.append((px, detail))


def note_size(px: int, text) -> None:
    """Note the pixel size of a text that is part of a larger item (a button's label)."""
    if recording is not None:
        text_sizes.append((px, text))


def draw_kept(surface, kept: canvas.Kept, key, draw) -> None:
    """`draw(surface)`, recorded as last frame (`Canvas.draw_kept`) while `key` is the same;
    always afresh on a real surface or while the layout test notes what is drawn."""
    if recording is not None or not isinstance(surface, canvas.Canvas):
        draw(surface)
    else:
        surface.draw_kept(kept, key, draw)


def render_text(text, size_px: int, colour, face="sans") -> pygame.Surface:
    """`font(size_px, face).render(text, True, colour)`, cached; treat the result as read-only."""
    text = printable(text)
    key = (text, size_px, tuple(colour), face)
    image = _texts.get(key)
    if image is None:
        global _text_bytes
        image = _texts[key] = font(size_px, face).render(text, True, colour)
        _text_bytes += _surface_bytes(image)
        while len(_texts) > 1 and (len(_texts) > TEXT_CACHE or _text_bytes > TEXT_CACHE_BYTES):
            _text_bytes -= _surface_bytes(_texts.popitem(last=False)[1])
    else:
        _texts.move_to_end(key)
    return image


def _surface_bytes(image: pygame.Surface) -> int:
    return image.get_pitch() * image.get_height()


def draw_text(surface, viewport, text, size, pos, colour=theme.INK, anchor="topleft",
              face="sans") -> pygame.Rect:
    """Draw text at a logical position; `size` is in logical pixels."""
    px = viewport.text(size)
    image = render_text(text, px, colour, face)
    rect = image.get_rect(**{anchor: viewport.point(*pos)})
    surface.blit(image, rect)
    note("text", rect, text, px)
    return rect


def fit_text(surface, viewport, text, size, pos, max_width, colour=theme.INK, anchor="topleft",
             face="sans", smallest=11) -> pygame.Rect:
    """`draw_text` within `max_width` logical pixels: a smaller size, then an ellipsis."""
    text = printable(text)  # measured as it will be drawn
    limit = viewport.length(max_width)
    size = fitted_size(viewport, text, size, smallest, limit, face)
    f = font(viewport.text(size), face)
    if f.size(text)[0] > limit:
        while len(text) > 1 and f.size(text + "…")[0] > limit:
            text = text[:-1]
        text = text.rstrip() + "…"
    return draw_text(surface, viewport, text, size, pos, colour, anchor, face)


def fitted_size(viewport, text, size, smallest, width_px, face="sans") -> int:
    """The largest logical size from `size` down to `smallest` at which `text` is at most
    `width_px` real pixels wide (`smallest` if at none)."""
    return largest_fitting(lambda s: font(viewport.text(s), face).size(text)[0], size, smallest,
                           width_px)


def wrap(text: str, size_px: int, width_px: float, face="sans") -> list:
    """Split text into lines that fit `width_px` at a real pixel font size."""
    return list(_wrapped(text, size_px, width_px, face))


@lru_cache(maxsize=512)  # a table wraps the same texts at the same sizes every frame
def _wrapped(text: str, size_px: int, width_px: float, face: str) -> tuple:
    f = font(size_px, face)
    lines = []
    for paragraph in text.split("\n"):
        words, line = printable(paragraph, 4000).split(" "), ""
        for word in words:
            trial = word if not line else line + " " + word
            if f.size(trial)[0] <= width_px or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


PANEL_TILE = 256  # a translucent panel's middle is drawn in tiles of at most this side


def draw_panel(surface, rect: pygame.Rect, fill=theme.PANEL, edge=theme.PANEL_EDGE,
               radius=14, width=2) -> None:
    """A rounded panel. A large one is drawn in nine parts with the same pixels as one image:
    its corners and edges cut from a small panel, its middle a fill (or, translucent, tiles of
    its colour), so no image the panel's size is made or kept (a 4K dialog's would be 17 MB,
    and a new one at every size of a resize). On a canvas the nine parts are one operation,
    which covers the window below its middle where the panel is opaque."""
    rect = pygame.Rect(rect)
    fill, edge = tuple(fill), edge and tuple(edge)
    opaque = len(fill) < 4 or fill[3] == 255
    note("panel", rect, opaque)  # detail: opaque
    c = max(radius, width) + 1  # from each side: the part that is not plain fill
    if rect.w < 4 * c or rect.h < 4 * c or (edge and width <= 0):  # (an edge 0 wide fills)
        surface.blit(_panel(tuple(rect.size), fill, edge, radius, width), rect)
        return
    parts, middle = _panel_parts(tuple(rect), fill, edge, radius, width)
    if isinstance(surface, canvas.Canvas):
        inside = fill
        if not opaque:  # over the bare felt, its middle is one colour: filled, not blended
            ground = surface.ground(middle)
            blended = _blended(ground, fill) if ground is not None else None
            if blended is not None:
                inside, opaque = blended, True
        surface.images.extend(image for image, _, _ in parts)
        surface.add(("panel", tuple(rect), fill, edge, radius, width, inside), rect,
                    lambda s: _draw_parts(s, parts, middle, inside, opaque),
                    cover=middle.copy() if opaque else None)
    else:
        _draw_parts(surface, parts, middle, fill, opaque)


@lru_cache(maxsize=32)  # a table shows a dozen panels; resizing makes new sizes
def _panel_parts(rect: tuple, fill, edge, radius, width) -> tuple:
    """(blits, middle) of a large panel: its corners and edges as (image, dest, area), and the
    rectangle left for its middle."""
    c = max(radius, width) + 1
    small = _panel((2 * c + 1, 2 * c + 1), fill, edge, radius, width)
    x, y, w, h = rect
    corners = (((0, 0), (x, y)), ((c + 1, 0), (x + w - c, y)),
               ((0, c + 1), (x, y + h - c)), ((c + 1, c + 1), (x + w - c, y + h - c)))
    blits: list[tuple[pygame.Surface, tuple, tuple | None]] = [
        (small, (dx, dy), (sx, sy, c, c)) for (sx, sy), (dx, dy) in corners]
    style = (fill, edge, radius, width)
    blits += [(_panel_edge(style, "top", w - 2 * c), (x + c, y), None),
              (_panel_edge(style, "bottom", w - 2 * c), (x + c, y + h - c), None),
              (_panel_edge(style, "left", h - 2 * c), (x, y + c), None),
              (_panel_edge(style, "right", h - 2 * c), (x + w - c, y + c), None)]
    return tuple(blits), pygame.Rect(x + c, y + c, w - 2 * c, h - 2 * c)


def _draw_parts(surface, parts, middle: pygame.Rect, fill, opaque: bool) -> None:
    """The parts of a large panel that meet the surface's clip (the painter repaints a few
    rectangles of a frame: a strip along a 4K panel's edge needs two of its parts, not all of
    them and its middle's dozens of tiles)."""
    clip = surface.get_clip()
    for image, dest, area in parts:
        w, h = (area[2], area[3]) if area is not None else image.get_size()
        if clip.colliderect((dest[0], dest[1], w, h)):
            surface.blit(image, dest, area)
    inner = middle.clip(clip)
    if not inner:
        return
    if opaque:
        solid.fill(surface, fill[:3], inner)
        return
    tile = _panel_tile(fill)  # one colour throughout: where a tile starts changes no pixel
    for ty in range(inner.top, inner.bottom, PANEL_TILE):
        for tx in range(inner.left, inner.right, PANEL_TILE):
            surface.blit(tile, (tx, ty), (0, 0, min(PANEL_TILE, inner.right - tx),
                                          min(PANEL_TILE, inner.bottom - ty)))


@lru_cache(maxsize=64)
def _panel_edge(style, side, length) -> pygame.Surface:
    """One straight side of a panel (`style`: fill, edge, radius, width), `length` long: a
    line of pixels across the middle of a small panel's side, repeated."""
    c = max(style[2], style[3]) + 1
    small = _panel((2 * c + 1, 2 * c + 1), *style)
    across = {"top": (c, 0, 1, c), "bottom": (c, c + 1, 1, c),
              "left": (0, c, c, 1), "right": (c + 1, c, c, 1)}[side]
    size = (length, c) if side in ("top", "bottom") else (c, length)
    return pygame.transform.scale(small.subsurface(across), size)


@lru_cache(maxsize=16)
def _blended(ground: tuple, fill: tuple) -> tuple | None:
    """The colour of a translucent panel's middle tiles blitted over plain `ground`, as the
    window's blit makes it (read back from a blit of a tile's row, not worked out), or None if
    that blit gives its pixels different colours."""
    window = window_surface()
    row = pygame.Surface((PANEL_TILE, 1), 0, window) if window else pygame.Surface((PANEL_TILE, 1))
    row.fill(ground)
    row.blit(_panel_tile(fill), (3, 0), (0, 0, PANEL_TILE - 8, 1))  # an odd start and length
    pixels = pygame.image.tobytes(row.subsurface((3, 0, PANEL_TILE - 8, 1)), "RGB")
    if pixels != pixels[:3] * (PANEL_TILE - 8):
        return None
    return tuple(pixels[:3])


@lru_cache(maxsize=8)
def _panel_tile(colour) -> pygame.Surface:
    tile = pygame.Surface((PANEL_TILE, PANEL_TILE), pygame.SRCALPHA)
    tile.fill(colour)
    return tile


@lru_cache(maxsize=16)  # a scene shows a few panels; resizing makes new sizes
def _panel(size, fill, edge, radius, width) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
    if edge:
        pygame.draw.rect(layer, edge, layer.get_rect(), width=width, border_radius=radius)
    return layer


def shade(surface, colour=theme.SHADE, area=None) -> None:
    """Darken everything drawn so far (in `area`, a window rect, or all); a black shade
    multiplies in place (no window-sized layer to make and keep: 33 MB at 4K)."""
    area = surface.get_rect() if area is None else pygame.Rect(area)
    r, g, b, a = colour
    if (r, g, b) == (0, 0, 0):
        keep = 255 - a
        surface.fill((keep, keep, keep), area, special_flags=pygame.BLEND_MULT)
    else:
        surface.blit(_shade(area.size, tuple(colour)), area.topleft)


def wash(surface, area, colour, alpha: int) -> None:
    """Tint `area` with `colour` at `alpha`/255, as a blit of a translucent layer would, in
    two blended fills: no layer to make, and several times faster over a large place at 4K."""
    keep = 255 - alpha
    surface.fill((keep, keep, keep), area, special_flags=pygame.BLEND_MULT)
    surface.fill(tuple(c * alpha // 255 for c in colour[:3]), area, special_flags=pygame.BLEND_ADD)


def wash_rim(surface, area, colour, alpha: int, depth: int) -> None:
    """`wash` along the inside of `area`'s edges, `depth` deep: a large place lit up by its
    rim, which a frame repaints in strips instead of the whole place (at 4K a player's meld
    area is 2.8 million pixels, repainted whenever a dragged card enters or leaves it)."""
    area = pygame.Rect(area)
    depth = max(1, min(int(depth), area.w // 2, area.h // 2))
    side = area.h - 2 * depth
    for strip in ((area.x, area.y, area.w, depth), (area.x, area.bottom - depth, area.w, depth),
                  (area.x, area.y + depth, depth, side),
                  (area.right - depth, area.y + depth, depth, side)):
        if strip[2] > 0 and strip[3] > 0:
            wash(surface, strip, colour, alpha)


@lru_cache(maxsize=2)
def _shade(size, colour) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill(colour)
    return layer


class Button:
    """A clickable label. `rect` is logical; `action` is called on click."""

    def __init__(self, rect, text, action, key_hint="", enabled=True, text_size=18):
        self.rect = pygame.Rect(rect)
        self.text = text
        self.action = action
        self.key_hint = key_hint
        self.enabled = enabled
        self.text_size = text_size
        self.hover = False
        self.pressed = False
        self.place: str | None = None  # the layout object it sits on, followed when the table reflows
        self.kept = canvas.Kept()  # what it recorded last frame

    def contains(self, logical_pos) -> bool:
        return self.rect.collidepoint(logical_pos)

    def handle(self, event, viewport) -> bool:
        """Returns True when the event was used by this button."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.contains(viewport.to_logical(event.pos))
            return False
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.contains(viewport.to_logical(event.pos))):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.contains(viewport.to_logical(event.pos)):
                if self.enabled:
                    self.action()
                return True
        return False

    def draw(self, surface, viewport) -> None:
        key = (tuple(self.rect), self.text, self.key_hint, self.enabled, self.hover,
               self.pressed, self.text_size, viewport.scale, viewport.offset,
               viewport.text_floor)
        draw_kept(surface, self.kept, key, lambda on: self.draw_afresh(on, viewport))

    def draw_afresh(self, surface, viewport) -> None:
        r = viewport.rect(*self.rect)
        radius = viewport.length(10)
        down = self.pressed and self.hover and self.enabled
        if self.enabled:
            fill = (theme.BUTTON_PRESSED if down else theme.BUTTON_HOVER if self.hover
                    else theme.BUTTON)
            lift = 1 if down else 3
            canvas.rect(surface, (0, 0, 0, 90), r.move(0, viewport.length(3)),
                        border_radius=radius)
            r = r.move(0, viewport.length(3 - lift))
        else:
            fill = theme.BUTTON_DISABLED
        canvas.rect(surface, fill, r, border_radius=radius)
        if self.hover and self.enabled:
            canvas.rect(surface, theme.GOLD, r, width=max(1, viewport.length(2)),
                        border_radius=radius)
        label = printable(self.text + (f"  ({self.key_hint})" if self.key_hint else ""))
        colour = theme.BUTTON_TEXT if self.enabled else (70, 84, 76)
        draw_label(surface, viewport, label, self.text_size, r, colour, "bold",
                   printable(self.text))
        note("button", viewport.rect(*self.rect), label)


def label_lines(text, size, width_px, height_px, viewport, face="bold", short=None) -> tuple:
    """(size, lines) to draw a control's label in a box of real pixels: `size` if it fits, then
    smaller down to the body size (never below), then `short` (the label without its key hint),
    then two lines; a label that still does not fit ends in an ellipsis."""
    floor = min(size, theme.BODY)
    for candidate in (text, short) if short and short != text else (text,):
        s = fitted_size(viewport, candidate, size, floor, width_px, face)
        if font(viewport.text(s), face).size(candidate)[0] <= width_px:
            return s, [candidate]
    text = short or text
    px = viewport.text(floor)
    f = font(px, face)
    lines = wrap(text, px, width_px, face)
    most = max(1, height_px // max(1, f.get_linesize()))
    lines = lines[:most]
    if len(lines) < len(wrap(text, px, width_px, face)) or f.size(lines[-1])[0] > width_px:
        last = lines[-1]
        while len(last) > 1 and f.size(last + "…")[0] > width_px:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return floor, lines


def draw_label(surface, viewport, text, size, box: pygame.Rect, colour, face="bold",
               short=None) -> None:
    """A control's label centred in `box` (real pixels), at `size` or wrapped (label_lines)."""
    pad = viewport.length(6)
    size, lines = label_lines(text, size, box.w - 2 * pad, box.h - viewport.length(2), viewport,
                              face, short)
    px = viewport.text(size)
    step = font(px, face).get_linesize()
    top = box.centery - step * len(lines) / 2
    for i, line in enumerate(lines):
        note_size(px, line)
        image = render_text(line, px, colour, face)
        surface.blit(image, image.get_rect(center=(box.centerx, round(top + step * (i + 0.5)))))


class ButtonRow:
    """Buttons that share hover and click handling."""

    def __init__(self, buttons=()):
        self.buttons = list(buttons)

    def handle(self, event, viewport) -> bool:
        used = False
        for b in self.buttons:
            used = b.handle(event, viewport) or used
        return used

    def draw(self, surface, viewport) -> None:
        for b in self.buttons:
            b.draw(surface, viewport)
