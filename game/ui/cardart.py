"""Playing cards drawn from primitives at any pixel size: faces, backs, pile slots, shadows.

Shapes are drawn at a multiple of the target size and smoothscaled down, which gives
anti-aliased edges; text is rendered by the font at the exact pixel size it is shown at.
Nothing here needs a display mode.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from functools import cache, lru_cache

import pygame

from ..engine.cards import FULL_DECK, SUITS, rank, suit
from .fonts import font

BACKS = ("navy", "red")

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

SMALL_CARD_WIDTH = 50  # below this a face shows a big index and one suit, no pips
CACHE_SURFACES = 300
CACHE_BYTES = 96 * 1024 * 1024

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
    panel: tuple[float, float, float, float]
    court_cap: float      # cap height of the J/Q/K letter in the panel
    court_pip: float


def _layout(width: int, height: int) -> _FaceLayout:
    w, h = width, height
    small = min(1.0, max(0.0, (90 - w) / 40))  # 0 from 90 px up, 1 at 50 px: bigger corners
    index_cap = (0.14 + 0.03 * small) * w
    index_top = 0.06 * w
    index_x = (0.12 + 0.01 * small) * w
    corner_suit = (0.13 + 0.02 * small) * w
    pip = (0.19 - 0.02 * small) * w
    pip_left = max(0.31 * w, index_x + corner_suit / 2 + 0.025 * w + pip / 2)
    panel_left = index_x + max(corner_suit / 2, 0.6 * index_cap) + 0.03 * w  # clear of "K"
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
        panel=(panel_left, 0.115 * h, w - panel_left, 0.885 * h),
        court_cap=min(0.155 * h, 0.3 * w),
        court_pip=0.2 * w,
    )


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
    left, top, right, bottom = lay.pip_box
    for column, row in PIP_LAYOUTS[code_rank]:
        x = left + (right - left) * column
        y = top + (bottom - top) * row
        _fill_suit(big, suit_letter, (x * scale, y * scale), lay.pip * scale, colour, row > 0.5)


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
        ace = lay.ace * (1.2 if suit_letter == "S" else 1.0)
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
    text = _render_rank(code_rank, 0.3 * width, colour)
    ink = _ink(text)
    card.blit(text, (round(0.08 * width) - ink.x, round(0.08 * width) - ink.y))
    return card


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
    size = max(8, round(0.22 * width))
    text = font(size, "bold").render(label, True, rgba[:3])
    while text.get_width() > 0.82 * width and size > 8:
        size -= 1
        text = font(size, "bold").render(label, True, rgba[:3])
    text.fill((255, 255, 255, rgba[3]), special_flags=pygame.BLEND_RGBA_MULT)
    ink = _ink(text)
    slot.blit(text, (round(width / 2 - ink.centerx), round(height / 2 - ink.centery)))


def _render_shadow(width, height):
    blur = max(2, round(0.05 * width))
    shadow = pygame.Surface((width, height), pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 0))
    rect = shadow.get_rect().inflate(-blur, -blur)
    pygame.draw.rect(shadow, (0, 0, 0, 110), rect, border_radius=round(0.065 * width))
    return pygame.transform.gaussian_blur(shadow, max(1, blur // 2), repeat_edge_pixels=False)


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


def _other_deck(code):
    for accepts, render in _OTHER_DECKS:
        if accepts(code):
            return render
    return None


def drawable(code) -> bool:
    """Whether `face` can draw `code`: a standard card or one of a registered deck."""
    return code in FULL_DECK or _other_deck(code) is not None


def _check_code(code) -> None:
    if code not in FULL_DECK:
        raise ValueError(f"unknown card code {code!r}")


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Convert for fast blitting once a window exists; before that keep the raw surface."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


class CardArt:
    """Renders and caches card surfaces. Change `four_colour` or `back_name` at any time."""

    def __init__(self, four_colour: bool = False, back: str = "navy"):
        if back not in BACKS:
            raise ValueError(f"unknown card back {back!r}; choose from {', '.join(BACKS)}")
        self.four_colour = four_colour
        self.back_name = back
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._cache_bytes = 0

    def face(self, code: str, width: int, height: int) -> pygame.Surface:
        other = _other_deck(code) if code not in FULL_DECK else None
        if other is not None:
            w, h = _check_size(width, height)
            four = self.four_colour
            return self._cached(("face", code, w, h, four), lambda: other(code, w, h, four))
        _check_code(code)
        w, h = _check_size(width, height)
        colour = suit_colour(suit(code), self.four_colour)
        return self._cached(("face", code, w, h, colour), lambda: _render_face(code, w, h, colour))

    def back(self, width: int, height: int) -> pygame.Surface:
        w, h = _check_size(width, height)
        style = self.back_name
        if style not in BACKS:
            raise ValueError(f"unknown card back {style!r}")
        return self._cached(("back", style, w, h), lambda: _render_back(w, h, style))

    def slot(self, width: int, height: int, label: str = "", highlight: bool = False) -> pygame.Surface:
        w, h = _check_size(width, height)
        key = ("slot", label, bool(highlight), w, h)
        return self._cached(key, lambda: _render_slot(w, h, label, bool(highlight)))

    def shadow(self, width: int, height: int) -> pygame.Surface:
        w, h = _check_size(width, height)
        return self._cached(("shadow", w, h), lambda: _render_shadow(w, h))

    def clear(self) -> None:
        self._cache.clear()
        self._cache_bytes = 0

    def _cached(self, key, render) -> pygame.Surface:
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        surface = _ready(render())
        self._cache[key] = surface
        self._cache_bytes += _bytes(surface)
        self._evict()
        return surface

    def _evict(self) -> None:
        while len(self._cache) > 1 and (len(self._cache) > CACHE_SURFACES
                                        or self._cache_bytes > CACHE_BYTES):
            _, old = self._cache.popitem(last=False)
            self._cache_bytes -= _bytes(old)


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * 4
