"""A game's table options as labelled controls: segments where the choices fit side by side,
else a chooser. Used by the new-game screens and the settings, so they look alike."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import theme
from .controls import Chooser, Control, Segments, segments_fit
from .fonts import font
from .widgets import draw_text, wrap


def focus_step(event) -> int:
    """How a key moves a form's focus: +1 for Down or Tab, -1 for Up or Shift+Tab, else 0."""
    if event.key in (pygame.K_DOWN, pygame.K_TAB) and not event.mod & pygame.KMOD_SHIFT:
        return 1
    if event.key in (pygame.K_UP, pygame.K_TAB):
        return -1
    return 0

def first_fitting(viewport, forms, size, width: float, face="sans") -> str:
    """The first of `forms` (a text, then shorter ways to say it) that fits `width` logical
    pixels at the size it is drawn (never under the text floor), else the last one."""
    f = font(viewport.text(size), face)
    limit = viewport.length(width)
    return next((text for text in forms if f.size(text)[0] <= limit), forms[-1])


def wrap_lines(text: str, size_px: int, width_px: float, most: int, face="sans") -> list:
    """`text` wrapped in at most `most` lines (real pixels); a longer one ends the last line
    in an ellipsis, never stops silently."""
    lines = wrap(text, size_px, width_px, face)
    if len(lines) <= most:
        return lines
    f = font(size_px, face)
    words = lines[most - 1].split(" ")
    while len(words) > 1 and f.size(" ".join(words) + "…")[0] > width_px:
        words.pop()
    return lines[:most - 1] + [" ".join(words).rstrip(",;:") + "…"]


LABEL_SIZE = 17
ONE_LINE, TWO_LINES = 40, 56  # control heights


@dataclass
class Field:
    label: str
    label_at: tuple          # logical (x, y) of the label's top left
    label_width: float
    control: Control
    help: str = ""


def option_control(option, rect, get, pick) -> Control:
    """Segments for up to three choices that fit `rect`, else a chooser through them."""
    labels = [text for _, text in option.choices]
    rect = pygame.Rect(rect)
    if len(labels) <= 3 and segments_fit(labels, rect.w, rect.h):
        return Segments(rect, option.choices, get, pick)
    values = [v for v, _ in option.choices]

    def step(n):
        pick(values[(values.index(get()) + n) % len(values)])
    return Chooser(rect, lambda: option.label_of(get()), step)


def control_height(option, width: float) -> int:
    labels = [text for _, text in option.choices]
    if len(labels) > 3 or segments_fit(labels, width, ONE_LINE):
        return ONE_LINE
    return TWO_LINES if segments_fit(labels, width, TWO_LINES) else ONE_LINE


def option_fields(spec, options: dict, on_change, x, y, width, label_width=0, gap=10) -> tuple:
    """(fields, bottom) for `spec`'s options, from (x, y) in `width` logical pixels: each label
    above its control, or beside it when `label_width` is given. Picking a choice sets
    `options[key]` and calls `on_change()`."""
    fields = []
    for option in spec:
        def get(o=option):
            return options[o.key]

        def pick(value, o=option):
            options[o.key] = value
            on_change()
        if label_width:
            room = width - label_width - 12
            h = control_height(option, room)
            rect = (x + label_width + 12, y, room, h)
            fields.append(Field(option.label, (x, y), label_width,
                                option_control(option, rect, get, pick), option.help))
        else:
            h = control_height(option, width)
            rect = (x, y + 26, width, h)
            fields.append(Field(option.label, (x, y), width,
                                option_control(option, rect, get, pick), option.help))
            h += 26
        y += h + gap
    return fields, y - gap


def draw_field_label(surface, viewport, field: Field, size=LABEL_SIZE) -> None:
    """The label of a field: one line, or wrapped beside its control (never smaller)."""
    control = field.control.rect
    beside = control.x > field.label_at[0] + field.label_width
    lines = wrap(field.label, viewport.text(size), viewport.length(field.label_width), "bold")
    if not beside:
        draw_text(surface, viewport, field.label, size, field.label_at, theme.INK, face="bold")
        return
    step = size * 1.25
    top = control.centery - step * len(lines) / 2
    for i, line in enumerate(lines):
        draw_text(surface, viewport, line, size, (field.label_at[0], top + step * i), theme.INK,
                  face="bold")
