"""The Ships and Sailors deck, drawn at any size: four colours, each with its own name and symbol
on every card (never colour alone), big numbers, and the Sailor and the Ship as picture cards
with their play values 3 and 8 in the corners.

Shapes are drawn supersampled and smoothscaled down; text and symbols are rendered by the font at
the size they are shown, like the standard deck in `cardart`.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from ..engine import ships_and_sailors as rules
from . import cardart
from .cardart import _blank, _blit_both_ends, _blit_ink, _font_for_cap, _pale, _supersample
from .fonts import font

INK = {"a": (20, 70, 190), "w": (200, 20, 30), "k": (25, 25, 30), "r": (15, 125, 45)}
CREAM = (252, 245, 226)
HULL = (120, 72, 36)
SEA = (70, 130, 190)
SKIN = (236, 196, 160)
SMALL = 56   # below this width a face shows only a big number and symbol


def colour_ink(colour: str):
    return INK[colour]


def symbol_surface(colour: str, height: float, ink=None) -> pygame.Surface:
    """The colour's symbol, about `height` px tall, in its ink."""
    f = font(max(6, round(height * 1.12)), "sans")
    return f.render(rules.COLOUR_SYMBOLS[colour], True, ink or INK[colour])


def _blit_centred(target, surface, center):
    ink = surface.get_bounding_rect()
    target.blit(surface, (round(center[0] - ink.centerx), round(center[1] - ink.centery)))


def _number(text: str, cap: float, ink) -> pygame.Surface:
    return _font_for_cap(cap, "serif").render(text, True, ink)


def _corner_layer(w, h, label: str, colour: str, ink) -> pygame.Surface:
    """The top-left index: the play value and the symbol under it."""
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    cap = 0.16 * w if len(label) == 1 else 0.125 * w
    x = 0.145 * w
    _blit_ink(layer, _number(label, cap, ink), x, 0.06 * w)
    _blit_centred(layer, symbol_surface(colour, 0.15 * w, ink), (x, 0.06 * w + 0.16 * w + 0.13 * w))
    return layer


def _sailor(big, box, ink, scale):
    """A sailor: striped shirt in the colour, round face, flat cap with a ribbon."""
    left, top, right, bottom = (v * scale for v in box)
    w, h = right - left, bottom - top
    cx = left + w / 2
    shirt = pygame.Rect(0, 0, round(w * 0.7), round(h * 0.42))
    shirt.midbottom = (round(cx), round(bottom))
    body = shirt.inflate(0, shirt.h * 0.4).move(0, shirt.h * 0.2)
    pygame.draw.ellipse(big, (255, 255, 255), body)
    for i in range(4):
        y = shirt.top + shirt.h * (0.18 + 0.2 * i)
        pygame.draw.line(big, ink, (shirt.left + w * 0.08, y), (shirt.right - w * 0.08, y),
                         max(1, round(h * 0.04)))
    pygame.draw.polygon(big, ink, [(cx - w * 0.14, shirt.top), (cx + w * 0.14, shirt.top),
                                   (cx, shirt.top + h * 0.14)])
    head_r = w * 0.2
    head_c = (cx, top + h * 0.42)
    pygame.draw.circle(big, SKIN, head_c, head_r)
    pygame.draw.circle(big, (60, 40, 30), head_c, head_r, max(1, round(scale * 0.6)))
    eye = max(1, round(head_r * 0.1))
    for dx in (-0.35, 0.35):
        pygame.draw.circle(big, (30, 30, 30), (cx + dx * head_r, head_c[1] - head_r * 0.1), eye)
    pygame.draw.arc(big, (120, 40, 40), pygame.Rect(cx - head_r * 0.4, head_c[1],
                                                    head_r * 0.8, head_r * 0.5),
                    3.5, 5.9, max(1, round(scale * 0.6)))
    cap = pygame.Rect(0, 0, round(head_r * 2.3), round(head_r * 0.7))
    cap.midbottom = (round(cx), round(head_c[1] - head_r * 0.55))
    pygame.draw.ellipse(big, (255, 255, 255), cap)
    pygame.draw.ellipse(big, (60, 60, 70), cap, max(1, round(scale * 0.6)))
    band = pygame.Rect(0, 0, round(head_r * 1.7), round(head_r * 0.28))
    band.midtop = (round(cx), cap.bottom - round(head_r * 0.12))
    pygame.draw.rect(big, ink, band)


def _ship(big, box, ink, scale):
    """A sailing ship: hull on the waves, two masts, sails in the colour, a flag."""
    left, top, right, bottom = (v * scale for v in box)
    w, h = right - left, bottom - top
    sea = top + h * 0.8
    pygame.draw.rect(big, SEA, (left, sea, w, bottom - sea))
    hull = [(left + w * 0.08, sea - h * 0.14), (right - w * 0.05, sea - h * 0.16),
            (right - w * 0.2, sea + h * 0.05), (left + w * 0.2, sea + h * 0.05)]
    pygame.draw.polygon(big, HULL, hull)
    pygame.draw.line(big, (80, 45, 20), hull[0], hull[1], max(1, round(h * 0.02)))
    line = max(1, round(w * 0.025))
    for mx, mast_top, sail_w in ((0.38, 0.12, 0.22), (0.66, 0.2, 0.18)):
        x = left + w * mx
        pygame.draw.line(big, (80, 45, 20), (x, sea - h * 0.14), (x, top + h * mast_top), line)
        for k, (y0, y1) in enumerate(((mast_top + 0.04, mast_top + 0.27),
                                      (mast_top + 0.31, 0.6))):
            half = w * sail_w * (0.8 + 0.2 * k)
            sail = [(x - half, top + h * y0), (x + half, top + h * y0),
                    (x + half * 0.9, top + h * y1), (x - half * 0.9, top + h * y1)]
            pygame.draw.polygon(big, _pale(ink, 0.85), sail)
            pygame.draw.polygon(big, ink, sail, max(1, round(scale * 0.7)))
    fx, fy = left + w * 0.38, top + h * 0.12
    pygame.draw.polygon(big, ink, [(fx, fy), (fx + w * 0.14, fy + h * 0.04), (fx, fy + h * 0.08)])
    for i in range(3):
        cx = left + w * (0.15 + 0.35 * i)
        pygame.draw.arc(big, (230, 240, 255), pygame.Rect(cx, sea + h * 0.06, w * 0.2, h * 0.1),
                        0.3, 2.8, max(1, round(scale * 0.7)))


def _picture(big, w, h, scale, card, colour, ink):
    box = (0.27 * w, 0.1 * h, 0.73 * w, 0.8 * h) if w >= SMALL else (0.14 * w, 0.5 * h, 0.86 * w,
                                                                        0.94 * h)
    left, top, right, bottom = box
    panel = pygame.Rect(round(left * scale), round(top * scale), round((right - left) * scale),
                        round((bottom - top) * scale))
    pygame.draw.rect(big, CREAM, panel, border_radius=round(0.03 * w * scale))
    inner = (left + 0.02 * w, top + 0.02 * w, right - 0.02 * w, bottom - 0.02 * w)
    (_sailor if card in rules.SAILORS else _ship)(big, inner, ink, scale)
    pygame.draw.rect(big, ink, panel, max(1, round(0.012 * w * scale)),
                     border_radius=round(0.03 * w * scale))


def _big_blank(w: int, h: int, scale: int) -> pygame.Surface:
    return _blank(w, h, scale, max(2.0, 0.065 * w), max(1.0, 0.011 * w))


@lru_cache(maxsize=2)  # (a table's cards come in a size or two)
def _plain_card(w: int, h: int) -> pygame.Surface:
    """A card's body at its size, smoothed from the supersampled blank: most of a 4K number
    card's 2 ms render. Copied, never drawn on."""
    return pygame.transform.smoothscale(_big_blank(w, h, _supersample(w)), (w, h))


def render(code: str, width: int, height: int, four_colour: bool = False) -> pygame.Surface:
    """One face. The four colours always differ in ink, name and symbol, so `four_colour`
    changes nothing here."""
    w, h = width, height
    colour = rules.COLOUR_OF[code]
    ink = INK[colour]
    value = str(rules.VALUE[code])
    picture = code in rules.PICTURES
    if picture:
        scale = _supersample(w)
        big = _big_blank(w, h, scale)
        _picture(big, w, h, scale, code, colour, ink)
        card = pygame.transform.smoothscale(big, (w, h))
    else:  # every number card starts from the same body
        card = _plain_card(w, h).copy()
    if w < SMALL:
        _blit_ink(card, _number(value, 0.3 * w if len(value) == 1 else 0.22 * w, ink), w * 0.3,
                  0.06 * w)
        _blit_centred(card, symbol_surface(colour, 0.34 * w), (w * 0.3, 0.66 * w))
        if not picture:
            _blit_centred(card, symbol_surface(colour, 0.4 * w, _pale(ink, 0.35)),
                          (w * 0.62, h * 0.66))
        return card
    _blit_both_ends(card, _corner_layer(w, h, value, colour, ink))
    if picture:
        label = "SAILOR" if code in rules.SAILORS else "SHIP"
        f = font(max(6, round(0.085 * w)), "bold")
        _blit_centred(card, f.render(label, True, ink), (w / 2, h * 0.87))
        return card
    _blit_centred(card, symbol_surface(colour, 0.5 * w, _pale(ink, 0.25)), (w / 2, h * 0.47))
    _blit_centred(card, _number(value, 0.3 * w, ink), (w / 2, h * 0.47))
    f = font(max(6, round(0.075 * w)), "bold")
    _blit_centred(card, f.render(rules.COLOUR_NAMES[colour].upper(), True, ink), (w / 2, h * 0.8))
    return card


def accepts(code) -> bool:
    return code in rules.COLOUR_OF


cardart.register_deck(accepts, render)
