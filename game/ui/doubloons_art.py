"""Doubloons faces, drawn at any size: action cards (parchment, title, icon, one-line effect),
pirates (dark wood, name, hire cost on a coin, a drawn emblem, effect), card backs for both
decks ("back:action", "back:pirate") and a doubloon coin ("coin").

No text on a face is drawn under the window's text floor (`set_text_floor`): where the card's
words don't fit at it, a shorter form does (the effect in a few words, a pirate's surname), else
the text is left off and the icon, the emblem and the hover tooltip tell it.

Codes follow the engine: an action card is `<kind>#<copy>`, a pirate is its id. None of them
can equal a standard card code.
"""
from __future__ import annotations

import math
import zlib

import pygame

from ..engine import doubloons as D
from ..engine.doubloons_cards import kind_of
from . import cardart
from .fonts import font
from .widgets import wrap

PARCHMENT = (236, 214, 168)
PARCHMENT_EDGE = (150, 104, 52)
WOOD = (78, 48, 30)
WOOD_EDGE = (196, 150, 80)
INK = (52, 32, 18)
CREAM = (250, 236, 200)
GOLD = (236, 184, 54)
GOLD_DARK = (160, 110, 20)
SEA = (40, 110, 160)
RED = (180, 40, 36)
BACKS = ("back:action", "back:pirate")
COIN = "coin"
# The effects in a few words, for a face too small for the card's own text at the floor.
SHORT = {
    "yo_ho_ho": "Take 2 doubloons", "x_marks_the_spot": "Take 1 doubloon",
    "pillage": "Steal 1 doubloon", "heave_to": "Cancel a play", "fire_in_the_hole": "Replay the last card",
    "barter": "Hire for 1 less", "commandeer": "Use their pirate", "marooned": "Disable a crew",
    "me_hearties": "Draw 2, give 1", "mutiny": "Swap pirates", "scallywag": "Top pirate is yours",
    "spyglass": "Look at 3, take 1", "walk_the_plank": "Discard a pirate",
    "anne_bonny": "Take 1 doubloon", "barbarossa": "Discard 1, draw 2",
    "blackbeard": "Disable a pirate", "ching_shih": "Discard, steal 1",
    "francis_fernando": "Take from a hand", "grace_omalley": "Cards safe",
    "hendrick_quintor": "Use their pirate", "henry_morgan": "Random card",
    "kanhoji_angre": "Richer pay you 1", "mary_read": "Doubloons safe",
    "samuel_bellamy": "2 pirates, take 1", "william_kidd": "Replay a card",
    "calico_jack": "Draw 1", "stede_bonnet": "Pay 1, draw 2", "jean_lafitte": "Discard for 1 doubloon",
    "bartholomew_roberts": "Look at 3, take 1", "edward_low": "Steal 1, draw 1",
    "charles_vane": "Steal card, doubloon",
}
# Names too long for a small face at the floor: a hyphenated break, else (pirates) the surname.
SHORT_NAMES = {"commandeer": "Comman- deer"}
_floor = 12         # the smallest text, in real pixels, a face may show (set_text_floor)
drawn: list = []    # (text, real px) of each text the latest `render` drew, for the tests


def set_text_floor(px: int) -> bool:
    """Draw no text under `px` real pixels from now on; returns whether that changed (the
    faces already rendered must then be rendered again)."""
    global _floor
    px = max(1, int(px))
    changed, _floor = px != _floor, px
    return changed


def follow_text_floor(viewport, art) -> None:
    """Faces from now on for `viewport`'s text floor; `art`'s faces drawn for another go."""
    if set_text_floor(viewport.text_floor):
        art.clear()


def accepts(code) -> bool:
    return isinstance(code, str) and (code in BACKS or code == COIN or code in D.PIRATES
                                      or ("#" in code and kind_of(code) in D.ACTIONS))


def render(code: str, width: int, height: int, four_colour: bool = False) -> pygame.Surface:
    global _scale
    _scale = 3 if width < 120 else 2
    drawn.clear()
    big = pygame.Surface((width * _scale, height * _scale), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    if code == COIN:
        _coin(big, big.get_rect(), "")
    elif code in BACKS:
        _back(big, code == "back:pirate")
    elif code in D.PIRATES:
        _pirate(big, D.PIRATES[code], code)
    else:
        _action(big, D.ACTIONS[kind_of(code)], kind_of(code))
    return pygame.transform.smoothscale(big, (width, height))


_scale = 3  # the render is drawn this many times larger, then smoothed down


cardart.register_deck(accepts, render)


# --- pieces ----------------------------------------------------------------------------------

def _body(big, fill, edge):
    rect = big.get_rect()
    r = round(0.07 * rect.w)
    pygame.draw.rect(big, edge, rect, border_radius=r)
    inset = max(2, round(0.035 * rect.w))
    pygame.draw.rect(big, fill, rect.inflate(-2 * inset, -2 * inset), border_radius=max(0, r - inset))
    return rect.inflate(-2 * inset, -2 * inset)


def _fit_text(texts, colour, max_w, max_h, start, face="bold", lines_max=1):
    """Rendered lines of the first of `texts` (a text, or the longest form first) that fits the
    box in a font of at most `start` px and at least the floor, in the largest such font (a
    serif text may turn sans, which is narrower); no lines if none does."""
    smallest = _floor * _scale
    faces = (face, "sans") if face == "serif" else (face,)
    for text, face in ((t, f) for t in ((texts,) if isinstance(texts, str) else texts) for f in faces):
        for size in range(max(int(start), smallest), smallest - 1, -1):
            f = font(size, face)
            lines = wrap(text, size, max_w, face)
            if (len(lines) <= lines_max and len(lines) * f.get_linesize() <= max_h
                    and all(f.size(x)[0] <= max_w for x in lines)):
                drawn.extend((line, size / _scale) for line in lines)
                return [f.render(x, True, colour) for x in lines]
    return []


def _blit_lines(big, lines, center_x, top):
    y = top
    for line in lines:
        big.blit(line, line.get_rect(midtop=(center_x, y)))
        y += line.get_height()


def _coin(big, rect, label, colour=GOLD):
    r = min(rect.w, rect.h) // 2
    c = rect.center
    pygame.draw.circle(big, GOLD_DARK, c, r)
    pygame.draw.circle(big, colour, c, round(r * 0.86))
    pygame.draw.circle(big, GOLD_DARK, c, round(r * 0.66), max(1, r // 12))
    if label:
        for text in _fit_text(label, INK, r * 1.2, r * 2, r * 1.3):
            big.blit(text, text.get_rect(center=c))
    else:  # a skull-less doubloon: a cross of the old coins
        w = max(1, r // 7)
        pygame.draw.line(big, GOLD_DARK, (c[0] - r * 0.35, c[1]), (c[0] + r * 0.35, c[1]), w)
        pygame.draw.line(big, GOLD_DARK, (c[0], c[1] - r * 0.35), (c[0], c[1] + r * 0.35), w)


def _back(big, pirate):
    inner = _body(big, WOOD if pirate else PARCHMENT_EDGE, WOOD_EDGE if pirate else INK)
    step = max(6, inner.w // 6)
    line = (98, 64, 40) if pirate else (170, 120, 66)
    for x in range(inner.left - inner.h, inner.right, step):
        pygame.draw.line(big, line, (x, inner.bottom), (x + inner.h, inner.top), max(1, step // 5))
    c, r = inner.center, inner.w // 3
    pygame.draw.circle(big, GOLD_DARK, c, r + max(2, r // 8))
    pygame.draw.circle(big, WOOD if pirate else PARCHMENT, c, r)
    if pirate:
        _skull(big, c, r * 0.8, CREAM)
    else:
        _icon(big, "x_marks_the_spot", pygame.Rect(c[0] - r * 0.7, c[1] - r * 0.7, r * 1.4, r * 1.4))


# A face in three bands, top to bottom: the title, the picture, the effect (fractions of its height).
TITLE_BAND, EFFECT_TOP = 0.29, 0.66


def _action(big, card, kind):
    inner = _body(big, PARCHMENT, PARCHMENT_EDGE)
    w, h = inner.size
    pad = round(0.05 * w)
    title = _fit_text((card.name, SHORT_NAMES.get(kind, card.name)), INK, w - 2 * pad,
                      TITLE_BAND * h - pad, 0.15 * w, "serif", 2)
    _blit_lines(big, title, inner.centerx, inner.top + pad)
    side = min(0.56 * w, 0.3 * h)
    icon = pygame.Rect(0, 0, side, side)
    icon.center = (inner.centerx, inner.top + (TITLE_BAND + EFFECT_TOP) / 2 * h)
    pygame.draw.circle(big, (224, 196, 140), icon.center, icon.w * 0.62)
    _icon(big, kind, icon)
    _effect(big, inner, card.text, SHORT[kind], INK)


def _pirate(big, card, pid):
    inner = _body(big, WOOD, WOOD_EDGE)
    w, h = inner.size
    pad = round(0.05 * w)
    name = _fit_text((card.name, card.name.split()[-1]), CREAM, w - 2 * pad,
                     TITLE_BAND * h - pad, 0.13 * w, "serif", 2)
    _blit_lines(big, name, inner.centerx, inner.top + pad)
    middle = inner.top + (TITLE_BAND + EFFECT_TOP) / 2 * h
    r = min(0.2 * w, 0.11 * h)  # the emblem's, its flag 2.2 r wide: the cost's coin beside it
    side = min(0.3 * w, 0.2 * h)
    coin = pygame.Rect(inner.left + pad, middle - side / 2, side, side)
    _coin(big, coin, str(card.cost))
    _emblem(big, pid, ((coin.right + inner.right - pad) / 2, middle), r)
    _effect(big, inner, card.text, SHORT[pid], CREAM)


def _effect(big, inner, text, short, colour):
    """The card's words in its bottom band, else their short form, else none."""
    w, h = inner.size
    pad = round(0.05 * w)
    lines = _fit_text((text, short), colour, w - 2 * pad, (1 - EFFECT_TOP) * h - pad, 0.095 * w, "sans", 3)
    _blit_lines(big, lines, inner.centerx, inner.top + EFFECT_TOP * h)


def _emblem(big, pid, c, r):
    """A pirate's flag: a skull over a sign of its own, on its own colour."""
    seed = zlib.crc32(pid.encode())
    hue = [(150, 30, 40), (30, 40, 60), (40, 90, 60), (90, 50, 110), (120, 80, 20), (20, 80, 110)]
    flag = pygame.Rect(0, 0, 2.2 * r, 1.6 * r)
    flag.center = (round(c[0]), round(c[1]))
    pygame.draw.rect(big, hue[seed % len(hue)], flag, border_radius=round(r * 0.15))
    pygame.draw.rect(big, GOLD_DARK, flag, max(1, round(r * 0.06)), border_radius=round(r * 0.15))
    _skull(big, (flag.centerx, flag.centery - r * 0.12), r * 0.55, CREAM)
    sign = seed // 7 % 3
    y = flag.centery + r * 0.5
    lw = max(1, round(r * 0.1))
    if sign == 0:    # crossed bones
        for d in (-1, 1):
            pygame.draw.line(big, CREAM, (flag.centerx - r * 0.6, y + d * r * 0.2),
                             (flag.centerx + r * 0.6, y - d * r * 0.2), lw)
    elif sign == 1:  # crossed swords
        for d in (-1, 1):
            pygame.draw.line(big, (210, 210, 220), (flag.centerx - d * r * 0.8, y + r * 0.25),
                             (flag.centerx + d * r * 0.8, y - r * 0.3), lw)
    else:            # an hourglass
        x = flag.centerx
        pts = [(x - r * 0.3, y - r * 0.3), (x + r * 0.3, y - r * 0.3), (x - r * 0.3, y + r * 0.3),
               (x + r * 0.3, y + r * 0.3)]
        pygame.draw.polygon(big, CREAM, pts)


def _skull(big, c, r, colour):
    x, y = c
    pygame.draw.circle(big, colour, (round(x), round(y)), round(r * 0.6))
    pygame.draw.rect(big, colour, pygame.Rect(x - r * 0.35, y + r * 0.2, r * 0.7, r * 0.5),
                     border_radius=round(r * 0.1))
    dark = (30, 20, 16)
    for dx in (-0.25, 0.25):
        pygame.draw.circle(big, dark, (round(x + dx * r), round(y)), round(r * 0.16))
    pygame.draw.polygon(big, dark,
                        [(x, y + r * 0.15), (x - r * 0.08, y + r * 0.3), (x + r * 0.08, y + r * 0.3)])


# --- icons, one per action kind --------------------------------------------------------------

def _icon(big, kind, box):
    x, y, w, h = box
    cx, cy = box.center
    lw = max(2, round(w * 0.07))
    draw = _ICONS.get(kind, _icon_compass)
    draw(big, box, cx, cy, w, lw)


def _icon_coins(big, box, cx, cy, w, lw):
    for i, dx in enumerate((-0.18, 0.18)):
        _coin(big, pygame.Rect(cx + dx * w - w * 0.25, cy - w * 0.25 + i * w * 0.08, w * 0.5, w * 0.5), "")


def _icon_x(big, box, cx, cy, w, lw):
    d = w * 0.32
    pygame.draw.line(big, RED, (cx - d, cy - d), (cx + d, cy + d), lw * 2)
    pygame.draw.line(big, RED, (cx - d, cy + d), (cx + d, cy - d), lw * 2)


def _icon_pillage(big, box, cx, cy, w, lw):
    pygame.draw.ellipse(big, (150, 110, 60), pygame.Rect(cx - w * 0.3, cy - w * 0.15, w * 0.6, w * 0.45))
    pygame.draw.rect(big, (120, 84, 40), pygame.Rect(cx - w * 0.1, cy - w * 0.3, w * 0.2, w * 0.18))
    _coin(big, pygame.Rect(cx + w * 0.1, cy - w * 0.42, w * 0.3, w * 0.3), "")


def _icon_stop(big, box, cx, cy, w, lw):
    r = w * 0.4
    pts = [(cx + r * math.cos(math.pi / 8 + i * math.pi / 4),
            cy + r * math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(8)]
    pygame.draw.polygon(big, RED, pts)
    pygame.draw.polygon(big, CREAM, pts, max(1, lw // 2))
    pygame.draw.rect(big, CREAM, pygame.Rect(cx - r * 0.6, cy - r * 0.14, r * 1.2, r * 0.28))


def _icon_fire(big, box, cx, cy, w, lw):
    pygame.draw.circle(big, (40, 36, 40), (cx - w * 0.08, cy + w * 0.1), w * 0.26)
    flame = [(cx + w * 0.1, cy - w * 0.05), (cx + w * 0.28, cy - w * 0.42), (cx + w * 0.3, cy - w * 0.15),
             (cx + w * 0.42, cy - w * 0.3), (cx + w * 0.32, cy + w * 0.02)]
    pygame.draw.polygon(big, (240, 140, 30), flame)


def _icon_barter(big, box, cx, cy, w, lw):
    pygame.draw.line(big, INK, (cx, cy - w * 0.35), (cx, cy + w * 0.35), lw)
    pygame.draw.line(big, INK, (cx - w * 0.38, cy - w * 0.2), (cx + w * 0.38, cy - w * 0.2), lw)
    for d in (-1, 1):
        pygame.draw.arc(big, INK, pygame.Rect(cx + d * w * 0.3 - w * 0.13, cy - w * 0.12, w * 0.26, w * 0.2),
                        math.pi, 2 * math.pi, lw)
    _coin(big, pygame.Rect(cx - w * 0.14, cy + w * 0.12, w * 0.28, w * 0.28), "-1")


def _icon_wheel(big, box, cx, cy, w, lw):
    r = w * 0.3
    pygame.draw.circle(big, (110, 70, 30), (cx, cy), r, lw)
    for i in range(8):
        a = i * math.pi / 4
        pygame.draw.line(big, (110, 70, 30), (cx, cy),
                         (cx + math.cos(a) * r * 1.35, cy + math.sin(a) * r * 1.35), lw)
    pygame.draw.circle(big, (110, 70, 30), (cx, cy), r * 0.25)


def _icon_island(big, box, cx, cy, w, lw):
    pygame.draw.rect(big, SEA, pygame.Rect(cx - w * 0.45, cy + w * 0.15, w * 0.9, w * 0.2))
    pygame.draw.ellipse(big, (220, 190, 110), pygame.Rect(cx - w * 0.3, cy + w * 0.05, w * 0.6, w * 0.25))
    pygame.draw.line(big, (110, 70, 30), (cx, cy + w * 0.12), (cx + w * 0.05, cy - w * 0.3), lw)
    for d in (-1, 1):
        leaf = pygame.Rect(cx + w * 0.05 + (d - 1) * w * 0.15, cy - w * 0.4, w * 0.3, w * 0.25)
        pygame.draw.arc(big, (40, 130, 60), leaf, 0, math.pi, lw)


def _icon_heart(big, box, cx, cy, w, lw):
    r = w * 0.17
    pygame.draw.circle(big, RED, (cx - r, cy - r * 0.4), r)
    pygame.draw.circle(big, RED, (cx + r, cy - r * 0.4), r)
    pygame.draw.polygon(big, RED, [(cx - 2 * r, cy - r * 0.2), (cx + 2 * r, cy - r * 0.2), (cx, cy + r * 2)])


def _icon_swap(big, box, cx, cy, w, lw):
    for d in (-1, 1):
        y = cy + d * w * 0.15
        pygame.draw.line(big, INK, (cx - w * 0.35, y), (cx + w * 0.35, y), lw)
        tip = cx + d * w * 0.35
        back = tip - d * w * 0.12
        pygame.draw.polygon(big, INK, [(tip, y), (back, y - w * 0.08), (back, y + w * 0.08)])


def _icon_hat(big, box, cx, cy, w, lw):
    pygame.draw.polygon(big, (30, 26, 30), [(cx - w * 0.42, cy + w * 0.1), (cx, cy - w * 0.3),
                                             (cx + w * 0.42, cy + w * 0.1), (cx, cy + w * 0.22)])
    _skull(big, (cx, cy - w * 0.02), w * 0.16, CREAM)


def _icon_spyglass(big, box, cx, cy, w, lw):
    pts = [(-0.4, 0.18), (0.3, -0.3), (0.38, -0.18), (-0.32, 0.3)]
    pygame.draw.polygon(big, (120, 84, 40), [(cx + a * w, cy + b * w) for a, b in pts])
    pygame.draw.line(big, GOLD_DARK, (cx + w * 0.08, cy - w * 0.14), (cx + w * 0.16, cy - w * 0.02), lw)
    pygame.draw.circle(big, (190, 220, 240), (cx + w * 0.34, cy - w * 0.24), w * 0.08)


def _icon_plank(big, box, cx, cy, w, lw):
    pygame.draw.rect(big, (130, 90, 50), pygame.Rect(cx - w * 0.42, cy - w * 0.08, w * 0.7, w * 0.1))
    for i in range(4):
        x = cx - w * 0.42 + i * w * 0.22
        pygame.draw.arc(big, SEA, pygame.Rect(x, cy + w * 0.15, w * 0.22, w * 0.16), 0, math.pi, lw)


def _icon_compass(big, box, cx, cy, w, lw):
    for i in range(4):
        a = i * math.pi / 2
        tip = (cx + math.cos(a) * w * 0.4, cy + math.sin(a) * w * 0.4)
        side = (cx + math.cos(a + math.pi / 2) * w * 0.08, cy + math.sin(a + math.pi / 2) * w * 0.08)
        pygame.draw.polygon(big, INK, [tip, side, (cx, cy)])


_ICONS = {
    "yo_ho_ho": _icon_coins, "x_marks_the_spot": _icon_x, "pillage": _icon_pillage,
    "heave_to": _icon_stop, "fire_in_the_hole": _icon_fire, "barter": _icon_barter,
    "commandeer": _icon_wheel, "marooned": _icon_island, "me_hearties": _icon_heart,
    "mutiny": _icon_swap, "scallywag": _icon_hat, "spyglass": _icon_spyglass,
    "walk_the_plank": _icon_plank,
}
