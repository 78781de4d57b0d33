"""Pirate Rummy's card faces, drawn at any size.

Coloured numbers: a white card with a big tilted oval in the card's colour, a big numeral and
the colour's own symbol in the corners (red ●, yellow ★, green ▲, blue ◆), so colours can be
told apart without colour vision. Pirate ships: one ship picture (hull, masts, sails, flag) on
a sea-blue card. With the standard-deck option the numbers are the standard faces and the
J/Q/K/jokers/extras are the ship picture with their index in a corner.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ..engine import pirate_rummy as pr
from . import cardart, fonts

COLOURS = {"r": (204, 40, 40), "y": (224, 170, 20), "g": (40, 150, 70), "b": (36, 90, 200)}
SEA = (28, 70, 120)
INK = (30, 30, 34)


def accepts(code) -> bool:
    return isinstance(code, str) and code in pr.ALL_CODES


def _symbol(surface, colour_letter, center, size, colour):
    cx, cy = center
    r = size / 2
    if colour_letter == "r":
        pygame.draw.circle(surface, colour, (cx, cy), r)
    elif colour_letter == "y":
        points = []
        for i in range(10):
            radius = r if i % 2 == 0 else r * 0.45
            angle = -math.pi / 2 + i * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        pygame.draw.polygon(surface, colour, points)
    elif colour_letter == "g":
        pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r, cy + r * 0.8),
                                              (cx - r, cy + r * 0.8)])
    else:
        pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r * 0.8, cy),
                                              (cx, cy + r), (cx - r * 0.8, cy)])


def _text(surface, text, center, height, colour, face="bold"):
    font = fonts.font(max(6, int(height)), face)
    image = font.render(text, True, colour)
    surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))


def _card(width, height, fill=(250, 250, 246)):
    s = 3
    big = pygame.Surface((width * s, height * s), pygame.SRCALPHA)
    radius = max(2, round(min(width, height) * 0.08)) * s
    pygame.draw.rect(big, (120, 120, 120), big.get_rect(), border_radius=radius)
    pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * s, -2 * s), border_radius=radius - s)
    return big, s


OVAL_TILT = 25  # degrees, anticlockwise
OVAL_POINTS = 120


def _oval(center, width, height, degrees) -> list:
    """An ellipse width x height about `center`, turned anticlockwise: as a polygon, drawn
    straight onto the card (rotating an image of it held the interpreter for most of a
    card's render)."""
    turn = math.radians(degrees)
    cos, sin = math.cos(turn), math.sin(turn)
    points = []
    for k in range(OVAL_POINTS):
        t = 2 * math.pi * k / OVAL_POINTS
        x, y = width / 2 * math.cos(t), height / 2 * math.sin(t)
        points.append((center[0] + x * cos + y * sin, center[1] - x * sin + y * cos))
    return points


@lru_cache(maxsize=8)  # (four colours, a size or two)
def _number_body(width, height, colour):
    """A number card of a colour without its numbers: most of a 4K card's 2 ms render.
    Copied, never drawn on."""
    big, s = _card(width, height)
    w, h = width * s, height * s
    pygame.draw.polygon(big, colour, _oval((w / 2, h / 2), w * 0.78, h * 0.62, OVAL_TILT))
    pygame.draw.polygon(big, (255, 255, 255), _oval((w / 2, h / 2), w * 0.6, h * 0.46, OVAL_TILT))
    return pygame.transform.smoothscale(big, (width, height))


def _number(code, width, height):
    letter, number = pr.COLOUR[code], pr.NUMBER[code]
    colour = COLOURS[letter]
    card = _number_body(width, height, colour).copy()
    _text(card, str(number), (width / 2, height / 2), height * 0.42, colour)
    corner = max(6, height * 0.16)
    for x, y in ((width * 0.17, height * 0.12), (width * 0.83, height * 0.88)):
        _text(card, str(number), (x, y), corner, colour)
    _symbol(card, letter, (width * 0.17, height * 0.12 + corner * 0.95), corner * 0.7, colour)
    _symbol(card, letter, (width * 0.83, height * 0.88 - corner * 0.95), corner * 0.7, colour)
    return card


def draw_ship(surface, rect, ink=INK):
    """The pirate ship picture inside `rect`: hull, two masts with sails, a flag, waves."""
    x, y, w, h = rect
    hull = [(x + w * 0.08, y + h * 0.62), (x + w * 0.92, y + h * 0.62),
            (x + w * 0.78, y + h * 0.82), (x + w * 0.22, y + h * 0.82)]
    pygame.draw.polygon(surface, (110, 66, 30), hull)
    pygame.draw.polygon(surface, ink, hull, max(1, int(w * 0.02)))
    for mx, top, span in ((0.36, 0.14, 0.20), (0.64, 0.22, 0.16)):
        pygame.draw.line(surface, ink, (x + w * mx, y + h * 0.62), (x + w * mx, y + h * top),
                         max(1, int(w * 0.03)))
        for k, (a, b) in enumerate(((top + 0.04, top + 0.22), (top + 0.24, top + 0.40))):
            widen = span * (1 + 0.25 * k)
            sail = [(x + w * (mx - widen), y + h * a), (x + w * (mx + widen), y + h * a),
                    (x + w * (mx + widen * 0.9), y + h * b), (x + w * (mx - widen * 0.9), y + h * b)]
            pygame.draw.polygon(surface, (245, 240, 225), sail)
            pygame.draw.polygon(surface, ink, sail, max(1, int(w * 0.012)))
    flag = [(x + w * 0.36, y + h * 0.08), (x + w * 0.52, y + h * 0.11), (x + w * 0.36, y + h * 0.15)]
    pygame.draw.polygon(surface, (20, 20, 20), flag)
    pygame.draw.circle(surface, (240, 240, 240), (x + w * 0.41, y + h * 0.11), max(1, w * 0.018))
    for i in range(4):
        cx = x + w * (0.12 + 0.25 * i)
        pygame.draw.arc(surface, (200, 225, 245), (cx - w * 0.12, y + h * 0.80, w * 0.24, h * 0.1),
                        0, 3.14, max(1, int(w * 0.02)))


def _ship(code, width, height):
    big, s = _card(width, height, fill=(214, 232, 244))
    pad = 0.1
    draw_ship(big, (width * s * pad, height * s * 0.14, width * s * (1 - 2 * pad), height * s * 0.72))
    card = pygame.transform.smoothscale(big, (width, height))
    if code.startswith("p"):
        plain = code[1:].rstrip("*")
        label = "\u2605" if plain.startswith(("joker", "extra")) else \
            plain[:-1] + pr.SUIT_SYMBOLS[plain[-1]]
        red = plain[-1:] in ("H", "D")
        _text(card, label, (width * 0.2, height * 0.1), max(6, height * 0.13),
              (190, 30, 30) if red else INK, "sans")
    return card


def standard_code(code):
    """The standard card a standard-deck number is ('p10H*' -> '10H'), drawn in the player's
    card set; None for every other code."""
    if isinstance(code, str) and code in pr.NUMBER and code.startswith("p"):
        return code[1:].rstrip("*")
    return None


def render(code, width, height, four_colour=False):
    """The coloured numbers and the ships (standard-deck numbers go by standard_code)."""
    if code in pr.NUMBER:
        return _number(code, width, height)
    return _ship(code, width, height)


def register() -> None:
    cardart.register_standard_alias(standard_code)
    cardart.register_deck(accepts, render)


register()
