"""Playing cards at any pixel size: faces, backs, pile slots, shadows.

Two sets of standard faces: "classic", Adrian Kennard's drawn cards kept as SVG
(assets/cards/classic/, rendered by SDL_image at the exact size: see svgcards.py), and
"large_index", drawn here from primitives with big corner indices that read well when small.
Shapes are drawn at a multiple of the target size and smoothscaled down, which gives
anti-aliased edges; text is rendered by the font at the exact pixel size it is shown at.
Nothing here needs a display mode.

Each card is rendered once per size and set and cached. With a frame budget set (the app sets
one), a card at a size not cached yet shows its nearest cached size scaled (a stand-in) while
it is rendered: an SVG card on a worker thread (SDL_image lets go of Python's lock while it
draws), anything else in a later frame with budget left. So a resize never stalls a frame;
while the window is dragged through sizes, nothing renders at a passing size (quickly scaled
stand-ins until it settles). A card turning up has its face drawn as it starts to turn.
"""
from __future__ import annotations

import math
import queue
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache, lru_cache, partial

import pygame

from .. import background
from ..engine.cards import FULL_DECK, RANKS, SUITS, rank, suit
from . import canvas, painter, svgcards
from .fonts import font, largest_fitting
from .scratch import Scratch, new_surface, untouched
from .screen import window_surface

CARD_SETS = ("classic", "large_index")
CARD_SET_NAMES = {"classic": "Classic", "large_index": "Large index"}
BACKS = ("navy", "red", "blue_diamonds", "red_diamonds")
BACK_NAMES = {"navy": "Navy lattice", "red": "Red lattice", "blue_diamonds": "Blue diamonds",
              "red_diamonds": "Red diamonds"}

RED = (200, 20, 30)
BLACK = (25, 25, 30)
GREEN = (15, 125, 45)
BLUE = (20, 70, 190)

FACE_WHITE = (255, 255, 255)
BORDER_GREY = (140, 140, 148)
GOLD = (255, 200, 60)
COURT_CREAM = (252, 245, 226)
BACK_COLOURS = {  # ground, lattice, ornament
    "navy": ((24, 44, 104), (72, 104, 178), (190, 205, 235)),
    "red": ((140, 22, 32), (200, 78, 78), (245, 205, 195)),
}
SVG_BACKS = {  # back -> (file in the classic set, its pattern's fill, the colour it is painted)
    "blue_diamonds": ("back-black", "#000", (24, 44, 104)),
    "red_diamonds": ("back-red", "red", (170, 24, 36)),
}
CLASSIC_RED = (255, 0, 0)  # the classic files' own red, kept unless four-colour changes a suit
TILT_SCALE = 2  # a tilted card is rotated at this multiple of its size, then smoothscaled down

SMALL_CARD_WIDTH = 50  # below this a face shows a big index and one suit, no pips
CACHE_SURFACES = 300
CACHE_BYTES = 24 * 1024 * 1024  # at least; `fit_window` makes room for a whole deck at any size
CACHE_BYTES_PER_PIXEL = 5  # of the window: a deck, backs, slots, in-between images, and room
STANDIN_BYTES = 16 * 1024 * 1024  # scaled stand-ins while a resize waits for renders
DRAG_MEASURES = 6  # cards a drag's frame measures for what of them is opaque (the first
#                   frame of a drag would measure every card on the table)
LATER_FRAMES = 30  # frames (half a second) a stood-in render waits for a frame with time for it
RENDER_GUESS = 20e-9  # seconds a pixel a render of a kind not rendered yet is taken to take
IN_FRAME_PIXELS = 40_000  # a card this small renders in the frame asking (within the budget)
AHEAD_RENDERS = 32  # faces about to show waiting for `render_later`, at most
QUICK_SCALE_WIDTH = 200  # an in-between card at least this wide is scaled the quick way
SPARE_SLOT = "spare slot"  # a worker's job that makes an in-between image's pixels ahead
RESIZE_SETTLE = 0.25  # seconds without a new window size before a resize counts as done

# Pip positions for 2..10 as (column, row): column 0/0.5/1 = left/centre/right of the
# pip box, row 0..1 from its top to its bottom. Pips below the middle are drawn upside down.
_SIDES = (0.0, 1.0)
PIP_LAYOUTS = {
    "2": [(0.5, 0.0), (0.5, 1.0)],
    "3": [(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
    "4": [(c, r) for r in (0.0, 1.0) for c in _SIDES],
    "5": [(c, r) for r in (0.0, 1.0) for c in _SIDES] + [(0.5, 0.5)],
    "6": [(c, r) for r in (0.0, 0.5, 1.0) for c in _SIDES],
    "7": [(c, r) for r in (0.0, 0.5, 1.0) for c in _SIDES] + [(0.5, 0.25)],
    "8": [(c, r) for r in (0.0, 0.5, 1.0) for c in _SIDES] + [(0.5, 0.25), (0.5, 0.75)],
    "9": [(c, r) for r in (0.0, 1 / 3, 2 / 3, 1.0) for c in _SIDES] + [(0.5, 0.5)],
    "10": [(c, r) for r in (0.0, 1 / 3, 2 / 3, 1.0) for c in _SIDES] + [(0.5, 1 / 6), (0.5, 5 / 6)],
}
COURT_RANKS = ("J", "Q", "K")


def suit_colour(suit_letter: str, four_colour: bool = False) -> tuple[int, int, int]:
    """Ink colour of a suit: red/black, or with four_colour clubs green and diamonds blue."""
    if suit_letter not in SUITS:
        raise ValueError(f"unknown suit {suit_letter!r}")
    if four_colour and suit_letter == "C":
        return GREEN
    if four_colour and suit_letter == "D":
        return BLUE
    return RED if suit_letter in "HD" else BLACK


# --- suit shapes -------------------------------------------------------------------------
# A shape is a tuple of primitives in a unit box: height 1, centred on (0, 0), y down.
# ("poly", points) or ("circle", (x, y), radius).

def _heart_curve(steps: int = 96) -> list[tuple[float, float]]:
    points = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        points.append((x, y))
    return points


def _fit(points, left, top, right, bottom):
    """Scale and move points so their bounding box becomes the given box."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    sx, sy = (right - left) / (x1 - x0), (bottom - top) / (y1 - y0)
    return [(left + (x - x0) * sx, top + (y - y0) * sy) for x, y in points]


def _stem(top: float, bottom: float, top_half: float, base_half: float, steps: int = 16):
    """A stalk that flares out in a concave curve, as under a spade or a club."""
    right = []
    for i in range(steps + 1):
        f = i / steps
        right.append((top_half + (base_half - top_half) * f ** 2.2, top + (bottom - top) * f))
    left = [(-x, y) for x, y in reversed(right)]
    return right + left


def _diamond(half_width: float, bow: float = 0.06, steps: int = 12):
    """Four points joined by slightly concave sides."""
    corners = [(0.0, -0.5), (half_width, 0.0), (0.0, 0.5), (-half_width, 0.0)]
    points = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
        mx, my = (ax + bx) / 2, (ay + by) / 2
        cx, cy = mx * (1 - bow * 4), my * (1 - bow * 4)  # control point pulled to the centre
        for i in range(steps):
            t = i / steps
            points.append(((1 - t) ** 2 * ax + 2 * (1 - t) * t * cx + t * t * bx,
                           (1 - t) ** 2 * ay + 2 * (1 - t) * t * cy + t * t * by))
    return points


@cache
def _suit_shape(suit_letter: str):
    if suit_letter == "H":
        return (("poly", _fit(_heart_curve(), -0.5, -0.5, 0.5, 0.5)),)
    if suit_letter == "D":
        return (("poly", _diamond(0.38)),)
    if suit_letter == "S":
        body = _fit([(x, -y) for x, y in _heart_curve()], -0.47, -0.5, 0.47, 0.27)
        return (("poly", body), ("poly", _stem(0.0, 0.5, 0.035, 0.2)))
    if suit_letter == "C":
        r = 0.215
        return (
            ("circle", (0.0, -0.5 + r), r),
            ("circle", (-0.255, 0.07), r),
            ("circle", (0.255, 0.07), r),
            ("poly", [(0.0, -0.2), (-0.2, 0.06), (0.2, 0.06), (0.0, 0.2)]),
            ("poly", _stem(0.0, 0.5, 0.035, 0.2)),
        )
    raise ValueError(f"unknown suit {suit_letter!r}")


def _fill_suit(surface, suit_letter, center, size, colour, upside_down=False):
    """Draw a suit with plain (aliased) primitives; callers supersample for smooth edges."""
    cx, cy = center
    flip = -1 if upside_down else 1
    for kind, *shape in _suit_shape(suit_letter):
        if kind == "poly":
            points = [(cx + x * size, cy + flip * y * size) for x, y in shape[0]]
            pygame.draw.polygon(surface, colour, points)
        else:
            (x, y), radius = shape
            pygame.draw.circle(surface, colour, (cx + x * size, cy + flip * y * size), radius * size)


def _supersample(width: int) -> int:
    return 4 if width <= 150 else 3 if width <= 260 else 2


@lru_cache(maxsize=512)
def _suit_sprite(suit_letter, size, colour, upside_down):
    side = math.ceil(size) + 2
    scale = _supersample(side)
    big = pygame.Surface((side * scale, side * scale), pygame.SRCALPHA)
    big.fill((*colour, 0))
    _fill_suit(big, suit_letter, (side * scale / 2, side * scale / 2), size * scale, colour, upside_down)
    return pygame.transform.smoothscale(big, (side, side))


def draw_suit(surface, suit, center, size, colour, upside_down=False) -> None:
    """Draw one smooth suit symbol, `size` px tall, centred on `center`."""
    if size <= 0:
        return
    sprite = _suit_sprite(suit, round(size, 1), tuple(colour)[:3], bool(upside_down))
    w, h = sprite.get_size()
    surface.blit(sprite, (round(center[0] - w / 2), round(center[1] - h / 2)))


# --- face geometry -----------------------------------------------------------------------

@dataclass(frozen=True)
class _FaceLayout:
    """Where things go on a face, in final pixels, for one card size."""
    width: int
    height: int
    radius: float
    border: float
    index_x: float        # centre of the corner column
    index_top: float
    index_cap: float      # cap height of the rank index
    corner_suit_y: float
    corner_suit: float
    pip: float
    pip_box: tuple[float, float, float, float]  # left, top, right, bottom pip centres
    ace: float
    ace_room: float       # the width between the corner columns, gaps kept
    panel: tuple[float, float, float, float]
    court_cap: float      # cap height of the J/Q/K letter in the panel
    court_pip: float


@cache
def _suit_half_width(suit_letter: str) -> float:
    """Half the width of a suit symbol drawn 1 unit tall."""
    extent = 0.0
    for kind, *shape in _suit_shape(suit_letter):
        if kind == "poly":
            extent = max(extent, *(abs(x) for x, _ in shape[0]))
        else:
            (x, _), radius = shape
            extent = max(extent, abs(x) + radius)
    return extent


WIDEST_SUIT = 0.5  # the heart: as wide as it is tall


@lru_cache(maxsize=256)
def _index_width(code_rank: str, cap: float) -> int:
    return _ink(_render_rank(code_rank, cap, BLACK)).width


@lru_cache(maxsize=256)
def _layout(width: int, height: int) -> _FaceLayout:
    w, h = width, height
    small = min(1.0, max(0.0, (90 - w) / 40))  # 0 from 90 px up, 1 at 50 px: bigger corners
    index_cap = (0.14 + 0.03 * small) * w
    index_top = 0.06 * w
    index_x = (0.12 + 0.01 * small) * w
    corner_suit = (0.13 + 0.02 * small) * w
    suit_half = corner_suit * WIDEST_SUIT
    # The pips keep clear of the corner column (the widest index, "10", and its suit): the
    # side columns start a gap after it, and the pips shrink if three columns don't fit.
    number_right = index_x + max(suit_half, max(_index_width(r, index_cap) for r in RANKS[1:10]) / 2)
    court_right = index_x + max(suit_half, max(_index_width(r, index_cap) for r in COURT_RANKS) / 2)
    gap = max(3.0, 0.05 * w)
    room = w - 2 * (number_right + gap)
    pip = min((0.18 - 0.01 * small) * w, room / 3)
    pip_left = number_right + gap + pip * WIDEST_SUIT
    panel_left = court_right + gap
    return _FaceLayout(
        width=w, height=h,
        radius=max(2.0, 0.065 * w),
        border=max(1.0, 0.011 * w),
        index_x=index_x,
        index_top=index_top,
        index_cap=index_cap,
        corner_suit_y=index_top + index_cap + 0.05 * w + corner_suit / 2,
        corner_suit=corner_suit,
        pip=pip,
        pip_box=(pip_left, 0.175 * h, w - pip_left, 0.825 * h),
        ace=0.42 * w,
        ace_room=room,
        panel=(panel_left, 0.115 * h, w - panel_left, 0.885 * h),
        court_cap=min(0.155 * h, 0.3 * w),
        court_pip=0.2 * w,
    )


def _pips(lay, code_rank) -> list[tuple[float, float, bool]]:
    """Centre and whether upside down of each pip of a number card."""
    left, top, right, bottom = lay.pip_box
    return [(left + (right - left) * column, top + (bottom - top) * row, row > 0.5)
            for column, row in PIP_LAYOUTS[code_rank]]


def _mirror(rect: pygame.Rect, lay) -> pygame.Rect:
    return pygame.Rect(lay.width - rect.right, lay.height - rect.bottom, rect.w, rect.h)


def face_parts(code: str, width: int, height: int) -> dict[str, list[pygame.Rect]]:
    """Where the large-index set draws a card's parts, in pixels of a width x height face:
    "index", the corner indices (rank and suit, both corners), and "marks", everything in the
    middle (pips, the ace's suit, the court panel). Drawing uses the same positions."""
    _check_code(code)
    code_rank, suit_letter = rank(code), suit(code)
    if width < SMALL_CARD_WIDTH:
        raise ValueError("a small face has no pips")
    lay = _layout(width, height)
    ink = _ink(_render_rank(code_rank, lay.index_cap, BLACK))
    rank_rect = pygame.Rect(round(lay.index_x - ink.w / 2), round(lay.index_top), ink.w, ink.h)
    index = [rank_rect, _suit_rect(suit_letter, lay.index_x, lay.corner_suit_y, lay.corner_suit)]
    index += [_mirror(r, lay) for r in index]
    if code_rank == "A":
        marks = [_suit_rect(suit_letter, width / 2, height / 2, _ace_size(lay, suit_letter))]
    elif code_rank in COURT_RANKS:
        left, top, right, bottom = lay.panel
        marks = [pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))]
    else:
        marks = [_suit_rect(suit_letter, x, y, lay.pip) for x, y, _ in _pips(lay, code_rank)]
    return {"index": index, "marks": marks}


def _suit_rect(suit_letter, cx, cy, size) -> pygame.Rect:
    half_w = _suit_half_width(suit_letter) * size
    return pygame.Rect(math.floor(cx - half_w), math.floor(cy - size / 2),
                       math.ceil(2 * half_w) + 1, math.ceil(size) + 1)


def _ace_size(lay, suit_letter) -> float:
    """The ace's big suit (a spade a little bigger), as wide at most as the room between the
    corner columns."""
    return min(lay.ace * (1.2 if suit_letter == "S" else 1.0),
               lay.ace_room / (2 * _suit_half_width(suit_letter)))


# Where the classic files draw the top-left index (rank above suit), as fractions of the card:
# the rank is a 32-unit square at (5.6, 12), the suit 26.8 at (8.2, 49) of the 240 x 336 card.
CLASSIC_INDEX = (5.6 / 240, 12 / 336, 37.6 / 240, 75.8 / 336)  # left, top, right, bottom


def index_rect(card_set: str, code: str, width: int, height: int) -> pygame.Rect:
    """The top-left corner index of a face in `card_set`: the part of a card that must show
    when cards overlap (rank and suit; on a small face, its big rank)."""
    _check_code(code)
    if width < SMALL_CARD_WIDTH:  # both sets: a big rank top-left (its suit is top-right)
        ink = _ink(_small_rank(rank(code), width, BLACK))
        return pygame.Rect(0, 0, round(0.08 * width) + ink.w, round(0.08 * width) + ink.h)
    if card_set == "classic":
        left, top, right, bottom = CLASSIC_INDEX
        return pygame.Rect(math.floor(left * width), math.floor(top * height),
                           math.ceil((right - left) * width), math.ceil((bottom - top) * height))
    rank_rect, suit_rect = face_parts(code, width, height)["index"][:2]
    return rank_rect.union(suit_rect)


def index_depth(width: int, height: int) -> int:
    """Pixels from a card's top edge that show its rank and suit (for fanned piles)."""
    if width < SMALL_CARD_WIDTH:
        return math.ceil(0.5 * width)
    lay = _layout(width, height)
    return math.ceil(lay.corner_suit_y + lay.corner_suit / 2 + 0.04 * width)


def _font_for_cap(cap_height: float, face: str) -> pygame.font.Font:
    """The font whose capital letters are about cap_height px tall (DejaVu: 0.73 em)."""
    return font(max(6, round(cap_height / 0.73)), face)


def _ink(text_surface: pygame.Surface) -> pygame.Rect:
    return text_surface.get_bounding_rect()


def _render_rank(code_rank: str, cap_height: float, colour) -> pygame.Surface:
    """The rank index as text; the two digits of 10 are pulled together like on real cards."""
    if code_rank != "10":
        return _font_for_cap(cap_height, "serif").render(code_rank, True, colour)
    f = _font_for_cap(0.88 * cap_height, "serif")
    one, zero = f.render("1", True, colour), f.render("0", True, colour)
    ink_one, ink_zero = _ink(one), _ink(zero)
    gap = -round(cap_height * 0.03)  # the foot serif of the 1 tucks under the 0
    width = ink_one.width + gap + ink_zero.width
    out = pygame.Surface((width, max(one.get_height(), zero.get_height())), pygame.SRCALPHA)
    out.blit(one, (-ink_one.x, 0))
    out.blit(zero, (ink_one.width + gap - ink_zero.x, 0))
    return out


def _blit_ink(target, text, center_x, top):
    """Blit text so its visible ink is centred on center_x with its top at `top`."""
    ink = _ink(text)
    target.blit(text, (round(center_x - ink.centerx), round(top - ink.y)))


def _blit_both_ends(card, layer):
    """Blit a layer as drawn and turned 180 degrees, the way card corners repeat."""
    card.blit(layer, (0, 0))
    card.blit(pygame.transform.flip(layer, True, True), (0, 0))


def _pale(colour, strength):
    """The colour mixed with white; strength 1 keeps it, 0 gives white."""
    return tuple(round(255 - (255 - c) * strength) for c in colour)


# --- faces -------------------------------------------------------------------------------

def _blank(width, height, scale, radius, border):
    """A supersampled card body: grey rim, white face, rounded corners."""
    big = pygame.Surface((width * scale, height * scale), pygame.SRCALPHA)
    big.fill((*BORDER_GREY, 0))
    rect = big.get_rect()
    r = round(radius * scale)
    pygame.draw.rect(big, BORDER_GREY, rect, border_radius=r)
    inset = round(border * scale)
    pygame.draw.rect(big, FACE_WHITE, rect.inflate(-2 * inset, -2 * inset), border_radius=max(0, r - inset))
    return big


def _draw_pips(big, lay, scale, suit_letter, colour, code_rank):
    for x, y, upside_down in _pips(lay, code_rank):
        _fill_suit(big, suit_letter, (x * scale, y * scale), lay.pip * scale, colour, upside_down)


def _draw_corner_suits(big, lay, scale, suit_letter, colour):
    size = lay.corner_suit * scale
    x, y = lay.index_x * scale, lay.corner_suit_y * scale
    _fill_suit(big, suit_letter, (x, y), size, colour)
    far = (lay.width * scale - x, lay.height * scale - y)
    _fill_suit(big, suit_letter, far, size, colour, upside_down=True)


def _draw_court_panel(big, lay, scale, suit_letter, colour):
    """A double frame in the suit colour around a cream panel, a suit in its middle."""
    left, top, right, bottom = (v * scale for v in lay.panel)
    rect = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))
    frame = max(scale, round(0.022 * lay.width * scale))
    pygame.draw.rect(big, COURT_CREAM, rect)
    pygame.draw.rect(big, colour, rect, frame)
    inner = rect.inflate(-4 * frame, -4 * frame)
    pygame.draw.rect(big, _pale(colour, 0.45), inner, max(1, frame // 2))
    pip = lay.court_pip * scale
    rule_gap = pip * 0.62
    for side in (-1, 1):
        start_x = rect.centerx + side * rule_gap
        end_x = inner.right - 1 if side > 0 else inner.left
        pygame.draw.line(big, _pale(colour, 0.45), (start_x, rect.centery), (end_x, rect.centery),
                         max(1, frame // 2))
    _fill_suit(big, suit_letter, ((left + right) / 2, (top + bottom) / 2), pip, colour)


def _court_letter_layer(lay, code_rank, colour):
    """The top half's letter; _blit_both_ends repeats it upside down in the bottom half."""
    layer = pygame.Surface((lay.width, lay.height), pygame.SRCALPHA)
    left, top, right, bottom = lay.panel
    cap = lay.court_cap
    letter = _font_for_cap(cap, "serif").render(code_rank, True, colour)
    _blit_ink(layer, letter, (left + right) / 2, top + 0.16 * (bottom - top) - cap / 2)
    return layer


def _corner_index_layer(lay, code_rank, colour):
    layer = pygame.Surface((lay.width, lay.height), pygame.SRCALPHA)
    _blit_ink(layer, _render_rank(code_rank, lay.index_cap, colour), lay.index_x, lay.index_top)
    return layer


def _render_face(code, width, height, colour):
    code_rank, suit_letter = rank(code), suit(code)
    if width < SMALL_CARD_WIDTH:
        return _render_small_face(code_rank, suit_letter, width, height, colour)
    lay = _layout(width, height)
    scale = _supersample(width)
    big = _blank(width, height, scale, lay.radius, lay.border)
    _draw_corner_suits(big, lay, scale, suit_letter, colour)
    if code_rank == "A":
        ace = _ace_size(lay, suit_letter)
        _fill_suit(big, suit_letter, (width * scale / 2, height * scale / 2), ace * scale, colour)
    elif code_rank in COURT_RANKS:
        _draw_court_panel(big, lay, scale, suit_letter, colour)
    else:
        _draw_pips(big, lay, scale, suit_letter, colour, code_rank)
    card = pygame.transform.smoothscale(big, (width, height))
    _blit_both_ends(card, _corner_index_layer(lay, code_rank, colour))
    if code_rank in COURT_RANKS:
        _blit_both_ends(card, _court_letter_layer(lay, code_rank, colour))
    return card


def _render_small_face(code_rank, suit_letter, width, height, colour):
    """Tiny cards: a big index top-left, a suit top-right and a large suit below."""
    scale = _supersample(width)
    big = _blank(width, height, scale, max(2.0, 0.08 * width), 1.0)
    corner = 0.3 * width
    _fill_suit(big, suit_letter, ((width - 0.24 * width) * scale, 0.22 * width * scale),
               corner * scale, colour)
    _fill_suit(big, suit_letter, (width * scale / 2, (height - 0.5 * width) * scale),
               0.62 * width * scale, colour)
    card = pygame.transform.smoothscale(big, (width, height))
    text = _small_rank(code_rank, width, colour)
    ink = _ink(text)
    card.blit(text, (round(0.08 * width) - ink.x, round(0.08 * width) - ink.y))
    return card


def _small_rank(code_rank, width, colour) -> pygame.Surface:
    """A small face's big rank; "10" condensed so it shows where fanned cards overlap (a
    card's left 0.4 of its width)."""
    text = _render_rank(code_rank, 0.3 * width, colour)
    if code_rank == "10":
        size = text.get_size()
        text = pygame.transform.smoothscale(text, (max(1, round(size[0] * 0.72)), size[1]))
    return text


# --- backs, slots, shadows ---------------------------------------------------------------

def _lattice(size, scale, style):
    """The back's pattern: a diamond trellis with a thin frame, on a rounded panel."""
    ground, line, ornament = BACK_COLOURS[style]
    w, h = size
    panel = pygame.Surface(size, pygame.SRCALPHA)
    panel.fill(ground)
    step = max(4 * scale, w / 6.5)
    cx, cy = w / 2, h / 2
    reach = w + h
    thick = max(scale, round(0.012 * w))
    for k in range(-int(reach / step) - 1, int(reach / step) + 2):
        x = cx + k * step
        pygame.draw.line(panel, line, (x - reach, cy - reach), (x + reach, cy + reach), thick)
        pygame.draw.line(panel, line, (x + reach, cy - reach), (x - reach, cy + reach), thick)
    _lattice_ornaments(panel, step, ornament)
    frame_inset = round(0.05 * w)
    frame = panel.get_rect().inflate(-2 * frame_inset, -2 * frame_inset)
    pygame.draw.rect(panel, ornament, frame, thick, border_radius=round(0.04 * w))
    return panel


def _lattice_ornaments(panel, step, colour):
    """Small diamonds at every crossing of the trellis."""
    w, h = panel.get_size()
    half = step * 0.14
    cx, cy = w / 2, h / 2
    n = int((w + h) / step) + 2
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = cx + i * step / 2, cy + j * step / 2
            if (i + j) % 2 or not (-step < x < w + step and -step < y < h + step):
                continue
            pygame.draw.polygon(panel, colour, [(x, y - half), (x + half, y), (x, y + half), (x - half, y)])


def _rounded_mask(surface, radius):
    """Make everything outside a rounded rectangle transparent."""
    mask = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _render_back(width, height, style):
    scale = _supersample(width)
    radius, border = max(2.0, 0.065 * width), max(1.0, 0.011 * width)
    big = _blank(width, height, scale, radius, border)
    margin = round(max(2.0, 0.06 * width) * scale)
    inner = big.get_rect().inflate(-2 * margin, -2 * margin)
    panel = _lattice(inner.size, scale, style)
    _rounded_mask(panel, round(max(1.0, 0.035 * width) * scale))
    big.blit(panel, inner.topleft)
    return pygame.transform.smoothscale(big, (width, height))


def _render_slot(width, height, label, highlight):
    scale = _supersample(width)
    radius = round(max(2.0, 0.065 * width) * scale)
    edge = GOLD if highlight else (255, 255, 255)
    big = pygame.Surface((width * scale, height * scale), pygame.SRCALPHA)
    big.fill((*edge, 0))
    rect = big.get_rect()
    pygame.draw.rect(big, (*edge, 45) if highlight else (0, 0, 0, 40), rect, border_radius=radius)
    line = round(max(1.5, 0.02 * width) * scale)
    pygame.draw.rect(big, (*edge, 255 if highlight else 110), rect, line, border_radius=radius)
    slot = pygame.transform.smoothscale(big, (width, height))
    if highlight:
        slot.blit(_inner_glow(width, height), (0, 0))
    if label:
        _blit_slot_label(slot, label, (*edge, 220 if highlight else 150))
    return slot


def _inner_glow(width, height):
    """A soft gold haze just inside the edge of a highlighted slot."""
    spread = max(2, round(0.06 * width))
    glow = pygame.Surface((width, height), pygame.SRCALPHA)
    glow.fill((*GOLD, 0))
    pygame.draw.rect(glow, (*GOLD, 170), glow.get_rect(), spread, border_radius=round(0.065 * width))
    return pygame.transform.gaussian_blur(glow, max(1, spread // 2), repeat_edge_pixels=True)


def _blit_slot_label(slot, label, rgba):
    width, height = slot.get_size()
    size = largest_fitting(lambda s: font(s, "bold").size(label)[0], max(8, round(0.22 * width)),
                           8, 0.82 * width)
    text = font(size, "bold").render(label, True, rgba[:3])
    text.fill((255, 255, 255, rgba[3]), special_flags=pygame.BLEND_RGBA_MULT)
    ink = _ink(text)
    slot.blit(text, (round(width / 2 - ink.centerx), round(height / 2 - ink.centery)))


def _render_shadow(width, height):
    """A card's soft shadow. A large one is blurred at a fraction of its size and scaled up,
    which a blur hides: a 4K weapon card's took 180 ms blurred whole, about 2 ms so."""
    blur = max(2, round(0.05 * width))
    k = max(1, blur // 4)  # the blur at the small size still spans a few pixels
    w, h = max(1, round(width / k)), max(1, round(height / k))
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 0))
    inset = round(blur / k)
    rect = shadow.get_rect().inflate(-inset, -inset)
    pygame.draw.rect(shadow, (0, 0, 0, 110), rect, border_radius=round(0.065 * width / k))
    radius = max(1, blur // 2 if k == 1 else round(blur / k / 2))
    shadow = pygame.transform.gaussian_blur(shadow, radius, repeat_edge_pixels=False)
    return shadow if k == 1 else pygame.transform.smoothscale(shadow, (width, height))


# --- the cache in front of it all --------------------------------------------------------

def _check_size(width, height) -> tuple[int, int]:
    w, h = int(width), int(height)
    if w < 1 or h < 1:
        raise ValueError(f"card size must be positive, got {width}x{height}")
    return w, h


# Decks other than the standard one (each game with its own cards) register how their codes
# are drawn: (accepts(code) -> bool, render(code, width, height, four_colour) -> Surface).
_OTHER_DECKS: list = []


def register_deck(accepts, render) -> None:
    """Let `CardArt.face` draw the codes `accepts` says yes to with `render`."""
    if (accepts, render) not in _OTHER_DECKS:
        _OTHER_DECKS.append((accepts, render))


# A deck may hold standard cards under codes of its own (Pirate Rummy's standard-deck option):
# functions code -> the standard code to draw, or None. Those are drawn in the chosen card set.
_ALIASES: list = []


def register_standard_alias(standard_code) -> None:
    """Let `CardArt.face` draw a code as the standard card `standard_code(code)` names."""
    if standard_code not in _ALIASES:
        _ALIASES.append(standard_code)


def _standard_alias(code):
    for standard_code in _ALIASES:
        plain = standard_code(code)
        if plain is not None:
            return plain
    return None


def _other_deck(code):
    for accepts, render in _OTHER_DECKS:
        if accepts(code):
            return render
    return None


def drawable(code) -> bool:
    """Whether `face` can draw `code`: a standard card or one of a registered deck."""
    return code in FULL_DECK or _standard_alias(code) is not None or _other_deck(code) is not None


def _check_code(code) -> None:
    if code not in FULL_DECK:
        raise ValueError(f"unknown card code {code!r}")


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Convert for fast blitting once a window exists; before that keep the raw surface."""
    if window_surface() is not None:
        return surface.convert_alpha()
    return surface


def _is_ready(surface: pygame.Surface) -> bool:
    """Whether `surface` is in the format `_ready` gives (a window's per-pixel alpha format)."""
    window = window_surface()
    return (window is not None and bool(surface.get_flags() & pygame.SRCALPHA)
            and surface.get_masks()[:3] == window.get_masks()[:3])


def _svg_drawn(width) -> bool:
    """Whether the classic set draws a face this wide from its SVG (which, unlike fonts, may
    be drawn on the worker thread)."""
    return width >= SMALL_CARD_WIDTH


def _render_classic(code, width, height, ink):
    if width < SMALL_CARD_WIDTH:  # the drawn corners are too small to read: big index instead
        return _render_small_face(rank(code), suit(code), width, height,
                                  ink or suit_colour(suit(code)))
    return svgcards.render("classic", code, width, height, ink)


def _classic_ink(suit_letter: str, four_colour: bool):
    """The classic files' marks keep their own red and black unless four-colour repaints a suit."""
    if four_colour and suit_letter in "CD":
        return suit_colour(suit_letter, True)
    return None


def _render_any_back(width, height, style):
    if style in SVG_BACKS:
        name, old, new = SVG_BACKS[style]
        return svgcards.render("classic", name, width, height, fill=(old, new))
    return _render_back(width, height, style)


def _tilt(image: pygame.Surface, angle: float, size) -> pygame.Surface:
    """`image` (a card at TILT_SCALE times `size`) turned by `angle` degrees and scaled down to
    `size`: edges smoothed by the interpolation and the downscale, never stair-stepped."""
    w, h = image.get_size()
    pad = 2 * TILT_SCALE  # clear pixels around the card, for the edge to fade into
    padded = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    padded.fill((0, 0, 0, 0))
    padded.blit(image, (pad, pad))
    turned = pygame.transform.rotozoom(padded, angle, 1.0)
    tw, th = turned.get_size()
    return pygame.transform.smoothscale(turned, (max(1, round(tw / TILT_SCALE)),
                                                 max(1, round(th / TILT_SCALE))))


class CardArt:
    """Renders and caches card surfaces. Change `four_colour`, `back_name` or `card_set` at any
    time. With a `frame_budget` (seconds; None: everything renders when asked), a card at a
    size not rendered yet stands in as its nearest cached size, scaled, and renders on the
    worker or, once the frame is drawn, in `render_later`; a small one the worker may not
    draw renders in the frame asking while the frame has spent less than the budget."""

    STANDINS = 120

    def __init__(self, four_colour: bool = False, back: str = "navy", card_set: str = "classic"):
        if back not in BACKS:
            raise ValueError(f"unknown card back {back!r}; choose from {', '.join(BACKS)}")
        if card_set not in CARD_SETS:
            raise ValueError(f"unknown card set {card_set!r}; choose from {', '.join(CARD_SETS)}")
        self.four_colour = four_colour
        self.back_name = back
        self.card_set = card_set
        self.frame_budget: float | None = None
        self._spent = 0.0  # seconds this frame has spent rendering
        self._later: dict = {}  # cache key -> render, stood in for this frame (render_later)
        self._ahead: dict = {}  # cache key -> render, of faces about to show (prefetch)
        self._later_waited = 0  # frames the renders have waited for time
        # seconds a pixel: a design -> its last large render's; its kind -> the slowest of those
        self._render_rates: dict = {}
        self.stood_in = False  # whether the last surface asked for was a stand-in
        self.stood_in_this_frame = False
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._cache_bytes = 0
        self._sizes: dict[tuple, set] = {}     # a design -> the sizes of it in the cache
        self._standins: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._standin_bytes = 0
        self._scratch = Scratch()  # the pixels of in-between images (this frame's only)
        # a window drag's stand-ins: a new size every frame, so each is shown for one frame
        # only; scaled into pixels kept from frame to frame (a new surface's pages each fault)
        self._drag_scratch = Scratch(STANDIN_BYTES, room=1.0, sparse=True)  # (no lifting)
        self._drag_standins: dict[tuple, pygame.Surface] = {}  # this frame's, by cache key
        self._drag_measures = DRAG_MEASURES  # sources still to be measured this frame
        # (urgency, order, (key, render, generation)) for the worker thread: cards shown as
        # stand-ins (0) before cards drawn ahead (1), each in the order asked
        self._jobs: queue.PriorityQueue = queue.PriorityQueue()
        self._asks = 0
        self._done: queue.Queue = queue.Queue()  # (key, surface, generation, opaque parts)
        self._asked: dict = {}  # keys given to the worker, not adopted yet -> only ahead?
        self._warmed: set = set()  # sizes whose whole Classic deck was asked of the worker
        self.deck: tuple = FULL_DECK  # the cards the table in front is dealt from
        self._window = None        # the window's size, as `fit_window` last heard
        self._generation = 0       # how many window sizes so far: older renders are stale
        self._resized = -math.inf  # when the window last changed size (perf_counter)
        self._settled_budget: int | None = None  # a smaller cache for after the resize
        self._quick_standins = False  # whether stand-ins were scaled the quick way (a drag)
        self.cache_bytes = CACHE_BYTES
        self._worker: threading.Thread | None = None
        # face's arguments -> (the cache key, the surface) it returned for them
        self._shown: dict[tuple, tuple[tuple, pygame.Surface]] = {}
        self._asked_key: tuple = ()  # the cache key `_cached` was last asked for

    def start_frame(self) -> None:
        """A new frame: what the worker finished is taken into the cache, and the renders the
        last frame stood in for are dropped (this frame's drawing asks again for those it
        still shows)."""
        self._spent = 0.0
        self.stood_in_this_frame = False
        self._later.clear()
        self._scratch.start_frame()
        self._drag_scratch.start_frame()
        wanted = self._scratch.spare_wanted()
        if wanted is not None:  # made by the worker between frames (see scratch.py)
            self._ask_worker((SPARE_SLOT, *wanted), partial(new_surface, *wanted))
        self._drag_standins.clear()
        self._drag_measures = DRAG_MEASURES
        if (self._settled_budget is not None or self._quick_standins) and not self.resizing:
            if self._settled_budget is not None:
                self.cache_bytes, self._settled_budget = self._settled_budget, None
                self._evict()
            if self._quick_standins:  # the drag's quick ones: smooth ones from now on
                self._drop_standins()
                self._quick_standins = False
        self._adopt()

    @property
    def resizing(self) -> bool:
        """Whether the window is being resized (a new size within RESIZE_SETTLE seconds): cards
        then show scaled stand-ins, and render only once the size settles."""
        return time.perf_counter() - self._resized < RESIZE_SETTLE

    @property
    def waiting(self) -> bool:
        """Whether a card drawn this frame was a stand-in: the window must keep drawing until
        the real cards are up. (Cards the worker draws ahead, not shown yet, need no frames.)"""
        return self.stood_in_this_frame

    @property
    def rendering(self) -> bool:
        """Whether the worker has renders waiting or under way."""
        return self._jobs.unfinished_tasks > 0

    def wait(self) -> None:
        """Until everything stood in for is rendered, on the worker or here (tests, screenshots)."""
        background.frame_ended()  # (the worker starts its renders between frames)
        self._jobs.join()
        self._adopt()
        self.render_later(math.inf)

    def stop(self) -> None:
        """Drop the worker's waiting renders and let it finish the one under way, so nothing
        renders while pygame shuts down."""
        while True:
            try:
                self._jobs.get_nowait()
            except queue.Empty:
                break
            self._jobs.task_done()
        self._jobs.join()
        self._asked.clear()

    def face(self, code: str, width: int, height: int, *, ahead: bool = True,
             on_canvas: bool = False) -> pygame.Surface:
        """A card's face; the first Classic face at a size has the worker draw the rest of the
        deck at that size (unless not `ahead`: a size only a few cards are shown at).
        `on_canvas`: the face is only blitted onto a Canvas (ui/canvas.py), whole, so a window
        drag's stand-in for it may make only the pixels that show (`canvas.made_when_drawn`)."""
        asked = (code, width, height, ahead, self.four_colour, self.card_set)
        shown = self._shown.get(asked)  # (a full table asks a hundred faces a frame)
        if shown is not None:
            key, surface = shown
            if self._cache.get(key) is surface:
                self._cache.move_to_end(key)
                self.stood_in = False
                self._asked_key = key
                return surface
        surface = self._face(code, width, height, ahead, on_canvas)
        w, h = int(width), int(height)
        if not self.stood_in and (not ahead or self.card_set != "classic"
                                  or (w, h, self.four_colour) in self._warmed):
            if len(self._shown) >= CACHE_SURFACES:
                self._shown.clear()
            self._shown[asked] = (self._asked_key, surface)
        return surface

    @property
    def look(self) -> tuple:
        """The settings a card's look depends on (colours, card set, back)."""
        return (self.four_colour, self.card_set, self.back_name)

    @property
    def shown_key(self) -> tuple:
        """The cache key of the face or back last returned (see `still_cached`)."""
        return self._asked_key

    def still_cached(self, key: tuple, surface: pygame.Surface) -> bool:
        """Whether `surface` is still what the cache holds for `key`, which a face or back
        asked again would return (kept as in use, as asking again would)."""
        if self._cache.get(key) is not surface:
            return False
        self._cache.move_to_end(key)
        return True

    def _face(self, code: str, width: int, height: int, ahead: bool,
              on_canvas: bool = False) -> pygame.Surface:
        w, h = _check_size(width, height)
        design, render, threadable = self._face_render(code, w, h)
        if design[0] == "classic" and ahead and not self.resizing:
            self._warm_deck(code, w, h)  # the first face at a size: the rest of the deck next
        return self._cached(design, w, h, render, threadable, on_canvas=on_canvas)

    def _face_render(self, code: str, w: int, h: int) -> tuple:
        """(design, render, whether the worker may render it) of a face at w x h."""
        if code not in FULL_DECK:
            code = _standard_alias(code) or code
        other = _other_deck(code) if code not in FULL_DECK else None
        if other is not None:
            four = self.four_colour
            return ("face", code, four), lambda: other(code, w, h, four), False
        _check_code(code)
        if self.card_set == "classic":
            ink = _classic_ink(suit(code), self.four_colour)
            return (("classic", code, ink), lambda: _render_classic(code, w, h, ink),
                    _svg_drawn(w))
        colour = suit_colour(suit(code), self.four_colour)
        return ("face", code, colour), lambda: _render_face(code, w, h, colour), False

    def _warm_deck(self, code: str, w: int, h: int) -> None:
        """The deck at this size, drawn ahead, if the cache can keep it beside the decks drawn
        ahead at other sizes for this window. At 4K one deck is most of the cache: a second
        (Scoundrel's weapon size) only pushed itself out, card by card, as the worker drew it
        beside the frames (74 renders in a run of the frames bench, 10 ms each at 4K)."""
        look = (w, h, self.four_colour)
        if look in self._warmed:
            return
        bytes_a_pixel = 4 * len(self.deck)  # (of one card: a deck's bytes for its size)
        others = sum(ow * oh for ow, oh, four in self._warmed if four == self.four_colour)
        self._warmed.add(look)
        if others and (others + w * h) * bytes_a_pixel > self.cache_bytes:
            return
        self.warm(w, h, [c for c in self.deck if c != code])

    def prefetch(self, code: str, width: int, height: int) -> None:
        """A face about to show (a card turning up): drawn now, so the frame that shows it
        neither waits for it nor shows a stand-in: a Classic face by the worker, ahead of the
        deck; another by `render_later` once a frame has time for it (a 4K face of another
        deck is 4 ms). Nothing while the window is resized."""
        w, h = int(width), int(height)
        if not self._drawing_ahead(w, h):
            return
        try:
            design, render, threadable = self._face_render(code, w, h)
        except ValueError:
            return
        self._prefetch_back(w, h)
        key = (design, w, h)
        if key in self._cache:
            return
        if threadable:
            self._warm_deck(design[1], w, h)
            self._ask_worker(key, render)
        elif key not in self._ahead:
            self._ahead[key] = render
            while len(self._ahead) > AHEAD_RENDERS:
                del self._ahead[next(iter(self._ahead))]

    def prefetch_shadow(self, width: int, height: int) -> None:
        """A moving card's shadow at a size about to show, drawn now by the worker (as
        `prefetch` for a face): a frame that asks it first scales a stand-in (0.7 ms at 4K)."""
        w, h = int(width), int(height)
        key = (("shadow",), w, h)
        if self._drawing_ahead(w, h) and key not in self._cache:
            self._ask_worker(key, lambda: _render_shadow(w, h))

    def _prefetch_back(self, w: int, h: int) -> None:
        """The back at a size a face is drawn ahead at, by the worker: a card may go there face
        down (a saved game's weapon dealt again), and the frame that shows it scaled a stand-in
        (1 ms at 4K)."""
        if self.back_name not in BACKS:
            return
        design, render = self._back_render(w, h)
        if (design, w, h) not in self._cache:
            self._ask_worker((design, w, h), render)

    def _drawing_ahead(self, w: int, h: int) -> bool:
        """Whether a card of this size is drawn ahead of need now (with a frame budget, a real
        size, and not while the window is resized)."""
        return self.frame_budget is not None and not self.resizing and w >= 1 and h >= 1

    def fit_window(self, size) -> None:
        """Keep as many rendered cards as a window this size needs (a whole deck at its size,
        and no more: at 4K a deck is 26 MB). A new size starts (or goes on with) a resize:
        renders asked at older sizes are dropped, and a smaller cache waits for the size to
        settle, so the cards of the size the drag started from stay while it lasts."""
        size = tuple(size)
        if self._window is not None and size != self._window:
            self._generation += 1
            self._warmed.clear()  # (decks at the old sizes)
            self._resized = time.perf_counter()
            self._ahead.clear()  # (faces at the old size)
        self._window = size
        budget = max(CACHE_BYTES, CACHE_BYTES_PER_PIXEL * size[0] * size[1])
        if budget >= self.cache_bytes or not self.resizing:
            self.cache_bytes, self._settled_budget = budget, None
            self._evict()
        else:
            self._settled_budget = budget

    def warm(self, width: int, height: int, codes=FULL_DECK) -> None:
        """Have the worker draw these Classic faces at this size ahead of need (a new table: its
        whole deck), so a card turned up later never waits for its SVG in the frame (about
        10 ms a card at 4K)."""
        if self.card_set != "classic" or self.frame_budget is None:
            return
        w, h = _check_size(width, height)
        if not _svg_drawn(w):
            return
        for code in codes:
            if code not in FULL_DECK:  # (another deck's card: the last table's, such as Ships
                continue               # and Sailors', when a Classic face shows after it)
            ink = _classic_ink(suit(code), self.four_colour)
            key = (("classic", code, ink), w, h)
            if key not in self._cache:
                self._ask_worker(key, lambda code=code, ink=ink: _render_classic(code, w, h, ink),
                                 ahead=True)

    def back(self, width: int, height: int, *, on_canvas: bool = False) -> pygame.Surface:
        """The card back (`on_canvas` as for `face`)."""
        w, h = _check_size(width, height)
        if self.back_name not in BACKS:
            raise ValueError(f"unknown card back {self.back_name!r}")
        design, render = self._back_render(w, h)
        return self._cached(design, w, h, render, True, on_canvas=on_canvas)

    def _back_render(self, w: int, h: int) -> tuple:
        """(design, render) of the back at w x h, which the worker may render."""
        style = self.back_name
        return ("back", style), lambda: _render_any_back(w, h, style)

    def tilted(self, code: str | None, width: int, height: int, angle: float) -> pygame.Surface:
        """A face (or with code None, the back) turned by `angle` degrees, anti-aliased. The
        surface is larger than width x height: centre it where the card's centre goes."""
        w, h = _check_size(width, height)
        angle = round(angle, 1)
        big = (self.face(code, w * TILT_SCALE, h * TILT_SCALE, ahead=False) if code is not None
               else self.back(w * TILT_SCALE, h * TILT_SCALE))
        design = ("tilted", code, angle, self.card_set, self.four_colour, self.back_name)
        if self.stood_in:  # the big render waits for a later frame: so does the tilted one
            scaled = self._stand_in(design, w, h)
            self.stood_in = self.stood_in_this_frame = True
            return scaled if scaled is not None else _tilt(big, angle, (w, h))
        return self._cached(design, w, h, lambda: _tilt(big, angle, (w, h)), stand_in=False)

    def slot(self, width: int, height: int, label: str = "", highlight: bool = False) -> pygame.Surface:
        w, h = _check_size(width, height)
        return self._cached(("slot", label, bool(highlight)), w, h,
                            lambda: _render_slot(w, h, label, bool(highlight)))

    def shadow(self, width: int, height: int) -> pygame.Surface:
        w, h = _check_size(width, height)
        return self._cached(("shadow",), w, h, lambda: _render_shadow(w, h), True)

    def in_between(self, image: pygame.Surface, width: int, height: int) -> pygame.Surface:
        """`image` at an animation's in-between size (a card turning, squashed; a card growing
        or shrinking on its way). A large card is scaled the quick way: a smooth scale of a 4K
        card is about 0.8 ms a card a frame, and a frame shows it for 16 ms. It is drawn into
        pixels reused from frame to frame (see scratch.py), so it is good for this frame only:
        a 4K card's squash took 0.56 ms in a new surface, 0.26 in reused pixels."""
        size = (max(1, int(width)), max(1, int(height)))
        held = self._scratch.held_bytes
        quick = size[0] >= QUICK_SCALE_WIDTH or size[1] >= QUICK_SCALE_WIDTH
        scale = pygame.transform.scale if quick else pygame.transform.smoothscale
        scaled = self._scratch.scaled(image, size, scale)  # (this frame's only)
        if self._scratch.held_bytes > held:
            self._evict()  # (its pixels count in the cache's bytes)
        if quick:
            painter.scaled_parts(scaled, image)  # (smoothscale leaves no pixel quite opaque)
        return scaled

    def clear(self) -> None:
        self._shown.clear()
        self._cache.clear()
        self._sizes.clear()
        self._drop_standins()
        self._cache_bytes = 0

    def _cached(self, design, w, h, render, threadable=False, stand_in=True,
                on_canvas=False) -> pygame.Surface:
        """The cached surface, else a render of it; with a frame budget, a stand-in while the
        worker (`threadable` renders) or a later frame renders it. Threadable is what draws no
        text (fonts are not to be used from two threads): SDL_image and smoothscale let go of
        Python's lock, pygame.draw does not, but the worker mostly runs while the window waits
        for its next frame."""
        key = self._asked_key = (design, w, h)
        self.stood_in = False
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        budget = self.frame_budget
        resizing = budget is not None and self.resizing
        if stand_in and budget is not None:
            if not threadable and not resizing and self._spent < budget \
                    and w * h <= IN_FRAME_PIXELS:  # (a small card's stand-in may be another design)
                return self._render_now(key, render)
            scaled = self._stand_in(design, w, h, on_canvas)
            if scaled is not None:
                self.stood_in = self.stood_in_this_frame = True
                if threadable and not resizing:  # (during a drag: once the size settles)
                    self._ask_worker(key, render)
                elif not resizing:
                    self._later[key] = render
                return scaled
        return self._render_now(key, render)

    def render_later(self, seconds: float) -> None:
        """Render what this frame's drawing stood in for and the worker may not draw (text
        needs fonts, which are this thread's), once the frame is drawn, in about `seconds`:
        those expected to fit (`_render_rate`), or the first of them once they have waited
        LATER_FRAMES frames. A 4K face of another deck is 4 ms: drawn in the frame it was
        first asked for, it made that frame 10 ms."""
        if not self._later and not self._ahead:
            self._later_waited = 0
            return
        deadline = time.perf_counter() + seconds
        starved = self._later_waited >= LATER_FRAMES
        for waiting in (self._later, self._ahead):
            for key, render in list(waiting.items()):
                if key not in self._cache:
                    design, w, h = key
                    if self._render_rate(design) * w * h > deadline - time.perf_counter() \
                            and not starved:
                        break
                    self._render_now(key, render)
                    starved = False
                del waiting[key]
        self._later_waited = self._later_waited + 1 if self._later else 0

    def _render_now(self, key, render) -> pygame.Surface:
        """`key` rendered and kept; what a large one took is noted (per pixel, for the next
        large one of its kind: a small one's is mostly the same few steps at any size)."""
        start = time.perf_counter()
        surface = self._keep(key, render())
        took = time.perf_counter() - start
        design, w, h = key
        if w * h > IN_FRAME_PIXELS:
            rate = self._render_rates[design] = took / (w * h)
            self._render_rates[design[0]] = max(rate, self._render_rates.get(design[0], 0.0))
        self._spent += took
        return surface

    def _render_rate(self, design) -> float:
        """Seconds a pixel a render of `design` is expected to take: what its last large render
        took, else the slowest large render of its kind (one kind holds cards unlike each other:
        a Ships and Sailors sailor took 4.5 ms where its number cards said 1.7), else a guess."""
        return self._render_rates.get(design, self._render_rates.get(design[0], RENDER_GUESS))

    def _keep(self, key, surface, ahead=False, converted=False) -> pygame.Surface:
        """Cache a render in the window's pixel format, and return it so: one drawn `ahead`
        (not shown yet) goes in as the least recently used, so it never pushes out a card in
        use (at 4K a whole deck is about the cache's size). A face in the SVG's byte order
        takes 5.6 ms to blit at 4K, converted 0.26 ms."""
        if not converted:
            surface = _ready(surface)
        self._cache[key] = surface
        if ahead:
            self._cache.move_to_end(key, last=False)
        design, w, h = key
        self._sizes.setdefault(design, set()).add((w, h))
        dropped = self._standins.pop(key, None)
        if dropped is not None:
            self._standin_bytes -= _bytes(dropped)
        self._cache_bytes += _bytes(surface)
        self._evict()
        return surface

    def _ask_worker(self, key, render, ahead=False) -> None:
        if key in self._asked and (ahead or not self._asked[key]):
            return  # asked already, as urgently (a card drawn ahead, then shown, asks again)
        self._asked[key] = ahead
        self._asks += 1
        self._jobs.put((int(ahead), self._asks, (key, render, self._generation)))
        if self._worker is None:
            self._worker = threading.Thread(target=self._work, name="card renders", daemon=True)
            self._worker.start()

    def _work(self) -> None:
        while True:
            _, _, (key, render, generation) = self._jobs.get()
            background.wait_between_frames()  # (see background.py)
            try:
                if generation != self._generation or key not in self._asked:
                    self._done.put((key, None, generation, ()))  # a size the window has left,
                    continue                                 # or drawn already
                image = render()
                if key[0] == SPARE_SLOT:  # (pixels to draw into, not a card)
                    self._done.put((key, image, generation, ()))
                    continue
                # converted and measured here too (0.3 and 0.5 ms a 4K face), not in a frame,
                # and between frames: both keep Python's lock
                background.wait_between_frames()
                image = _ready(image)
                self._done.put((key, image, generation, painter.measure(image)))
            except Exception as exc:  # noqa: BLE001 - handed to the main thread to raise
                self._done.put((key, exc, generation, ()))
            finally:
                self._jobs.task_done()

    def _adopt(self) -> None:
        while True:
            try:
                key, surface, generation, parts = self._done.get_nowait()
            except queue.Empty:
                return
            ahead = self._asked.pop(key, False)
            if surface is None or generation != self._generation:
                continue
            if isinstance(surface, Exception):
                raise surface
            if key[0] == SPARE_SLOT:
                self._scratch.take_spare(surface)
                self._evict()  # (its pixels count in the cache's bytes)
            elif key not in self._cache:
                kept = self._keep(key, surface, ahead, converted=_is_ready(surface))
                painter.note_parts(kept, parts)

    def _stand_in(self, design, w, h, on_canvas=False) -> pygame.Surface | None:
        """The design's nearest cached size scaled to w x h, until a frame has time for it."""
        key = (design, w, h)
        surface = self._standins.get(key)
        if surface is not None:
            return surface
        sizes = self._sizes.get(design)
        if not sizes:
            return None
        near = min(sizes, key=lambda size: (size[0] < w, abs(size[0] - w)))  # larger first
        source = self._cache[(design, *near)]
        if source.get_size() != near:  # a tilted card's surface holds more than the card
            w, h = (max(1, round(source.get_width() * w / near[0])),
                    max(1, round(source.get_height() * h / near[1])))
        # The quick scale for a size of a drag (it shows for a frame) and for a large card (it
        # shows a frame or two, until its render comes: a smooth scale of a 4K card is 1.5 ms).
        if self.resizing:
            self._quick_standins = True  # (smooth ones once the size settles)
            return self._drag_stand_in(key, source, (w, h), on_canvas)
        if w >= QUICK_SCALE_WIDTH:
            surface = pygame.transform.scale(source, (w, h))
        else:
            surface = pygame.transform.smoothscale(source, (w, h))
        self._standins[key] = surface
        self._standin_bytes += _bytes(surface)
        while len(self._standins) > 1 and (len(self._standins) > self.STANDINS
                                           or self._standin_bytes > STANDIN_BYTES):
            self._standin_bytes -= _bytes(self._standins.popitem(last=False)[1])
        return surface

    def _drag_stand_in(self, key, source: pygame.Surface, size, on_canvas=False) -> pygame.Surface:
        """A stand-in for this frame of a window drag only (the next asks another size), in
        reused pixels, with what of it is opaque noted for the painter (as a turning card's):
        the cards a fanned column covers are then not drawn whole under each other. One only
        blitted onto a Canvas (`on_canvas`) makes only the pixels that show, as they are drawn."""
        surface = self._drag_standins.get(key)
        if surface is None:
            if on_canvas:
                surface = self._drag_scratch.surface(size, source) or untouched(size, source)
                canvas.made_when_drawn(surface, partial(_scale_part, source))
            else:
                surface = self._drag_scratch.scaled(source, size)
            known = painter.measured(source)
            if not known and self._drag_measures > 0:  # (0.1 ms a 4K card: a few a frame)
                self._drag_measures -= 1
                known = True
            if known:
                painter.scaled_parts(surface, source)
            elif on_canvas:  # (measured, its pixels would be the slot's last frame's)
                painter.covers_nothing(surface)
            self._drag_standins[key] = surface
        elif not on_canvas:
            canvas.make_whole(surface)
        return surface

    def _drop_standins(self) -> None:
        self._standins.clear()
        self._standin_bytes = 0

    def _evict(self) -> None:
        while len(self._cache) > 1 and (len(self._cache) > CACHE_SURFACES or self._cache_bytes
                                        + self._scratch.held_bytes > self.cache_bytes):
            (design, w, h), old = self._cache.popitem(last=False)
            self._cache_bytes -= _bytes(old)
            sizes = self._sizes.get(design)
            if sizes is not None:
                sizes.discard((w, h))
                if not sizes:
                    del self._sizes[design]


def _scale_part(source: pygame.Surface, image: pygame.Surface, part: pygame.Rect) -> None:
    """`part` of `image`, `source` scaled the quick way: the source's pixels that map to it
    scaled into it (within a pixel of what scaling the whole would put there)."""
    part = part.clip(image.get_rect())
    if not part:
        return
    (w, h), (sw, sh) = image.get_size(), source.get_size()
    left, top = part.left * sw // w, part.top * sh // h
    right, bottom = -(-part.right * sw // w), -(-part.bottom * sh // h)
    pygame.transform.scale(source.subsurface((left, top, right - left, bottom - top)), part.size,
                           image.subsurface(part))


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * 4
