"""Controls that say what they are, in the buttons' language (widgets.Button):

- Switch: on or off.
- Segments: one of a few choices, all in sight.
- Chooser: one of a longer list, or a number, stepped with arrows (‹ › or − +).
- TextField: a light field with a border, a caret and a placeholder.

Each takes a logical `rect`, is drawn through a Viewport, and answers `handle(event, viewport)`
with whether it used the event. `step(n)` is the keyboard's way to change it (Left/Right).
Labels are drawn at their size or down to the body size, never below: they wrap instead.
"""
from __future__ import annotations

from abc import ABC, abstractmethod

import pygame

from ..text import printable
from . import canvas, theme
from .fonts import font
from .viewport import DESIGN, Viewport
from .widgets import draw_label, label_lines, note, note_size, render_text

SMALLEST_WINDOW = (640, 400)  # app.MIN_SIZE: labels must fit there too
CARET_BLINK_MS = 530  # a focused field's caret shows this long, then hides as long
MODIFIERS = {pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT,
             pygame.K_RALT, pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_MODE}


class Control(ABC):
    def __init__(self, rect, enabled=True):
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.hover = False
        self.pressed = False
        self.focused = False  # the row the keyboard works on

    def contains(self, point) -> bool:
        return self.rect.collidepoint(point)

    def handle(self, event, viewport) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.contains(viewport.to_logical(event.pos))
            self.moved(viewport.to_logical(event.pos))
            return False
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and self.contains(viewport.to_logical(event.pos))):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.pressed = self.pressed, False
            point = viewport.to_logical(event.pos)
            if was and self.contains(point):
                if self.enabled:
                    self.click(point)
                return True
        return False

    def moved(self, point) -> None:  # noqa: B027 - a hook most controls leave alone
        pass

    def click(self, point) -> None:  # noqa: B027 - a hook most controls leave alone
        pass

    def step(self, n: int) -> None:  # noqa: B027 - a hook most controls leave alone
        pass

    @abstractmethod
    def draw(self, surface, viewport) -> None:
        """Each kind of control draws itself."""

    def draw_well(self, surface, viewport, rect=None) -> pygame.Rect:
        r = viewport.rect(*(rect or self.rect))
        radius = viewport.length(10)
        canvas.rect(surface, theme.TRACK, r, border_radius=radius)
        edge = theme.GOLD if self.focused else theme.TRACK_EDGE
        canvas.rect(surface, edge, r, width=max(1, viewport.length(2 if self.focused else 1)),
                         border_radius=radius)
        return r


class Switch(Control):
    """On or off: a knob in a track, the state said beside it."""

    def __init__(self, rect, get, flip, words=("On", "Off"), enabled=True):
        super().__init__(rect, enabled)
        self.get, self.flip, self.words = get, flip, words

    @property
    def text(self) -> str:
        return self.words[0] if self.get() else self.words[1]

    def click(self, point) -> None:
        self.flip()

    def step(self, n: int) -> None:
        if self.enabled:
            self.flip()

    def draw(self, surface, viewport) -> None:
        on = bool(self.get())
        x, y, w, h = self.rect
        track_h = min(h, 30)
        track = pygame.Rect(x, y + (h - track_h) / 2, 58, track_h)
        r = viewport.rect(*track)
        colour = theme.SWITCH_ON if on else theme.TRACK
        if not self.enabled:
            colour = theme.BUTTON_DISABLED
        canvas.rect(surface, colour, r, border_radius=r.h // 2)
        edge = theme.GOLD if self.focused or self.hover else theme.TRACK_EDGE
        canvas.rect(surface, edge, r, width=max(1, viewport.length(2)), border_radius=r.h // 2)
        knob = r.h // 2 - viewport.length(4)
        cx = r.right - r.h // 2 if on else r.x + r.h // 2
        canvas.circle(surface, theme.BUTTON_HOVER if self.hover else theme.BUTTON,
                           (cx, r.centery), knob)
        words = viewport.rect(track.right + 10, y, w - track.w - 10, h)
        px = viewport.text(theme.BODY + 1)
        note_size(px, self.text)
        image = render_text(self.text, px, theme.INK if on else theme.INK_DIM, "bold")
        surface.blit(image, image.get_rect(midleft=words.midleft))
        note("button", viewport.rect(*self.rect), f"switch {self.text}")


class Segments(Control):
    """One of a few choices, side by side; the chosen one is lit."""

    def __init__(self, rect, choices, get, pick, enabled=True, text_size=theme.BODY):
        super().__init__(rect, enabled)
        self.choices = list(choices)  # (value, label)
        self.get, self.pick = get, pick
        self.text_size = text_size
        self.pointed = None

    @property
    def parts(self) -> list:
        return split(self.rect, [label for _, label in self.choices], self.text_size)

    @property
    def text(self) -> str:
        value = self.get()
        return next((label for v, label in self.choices if v == value), str(value))

    def index(self) -> int:
        values = [v for v, _ in self.choices]
        value = self.get()
        return values.index(value) if value in values else 0

    def moved(self, point) -> None:
        self.pointed = next((i for i, p in enumerate(self.parts) if p.collidepoint(point)), None)

    def click(self, point) -> None:
        for part, (value, _) in zip(self.parts, self.choices):
            if part.collidepoint(point):
                self.pick(value)
                return

    def step(self, n: int) -> None:
        if self.enabled:
            self.pick(self.choices[(self.index() + n) % len(self.choices)][0])

    def draw(self, surface, viewport) -> None:
        self.draw_well(surface, viewport)
        chosen = self.index()
        inset = viewport.length(3)
        for i, (part, (_, label)) in enumerate(zip(self.parts, self.choices)):
            r = viewport.rect(*part).inflate(-2 * inset, -2 * inset)
            if i == chosen:
                canvas.rect(surface, theme.GOLD if self.enabled else theme.BUTTON_DISABLED,
                                 r, border_radius=viewport.length(8))
                colour = theme.BUTTON_TEXT
            else:
                if self.hover and self.pointed == i and self.enabled:
                    canvas.rect(surface, theme.TRACK_HOVER, r,
                                     border_radius=viewport.length(8))
                colour = theme.INK if self.enabled else theme.INK_DIM
                if i and i != chosen + 1:
                    x = r.x - inset
                    canvas.line(surface, theme.TRACK_EDGE, (x, r.y + inset),
                                     (x, r.bottom - inset), max(1, viewport.length(1)))
            draw_label(surface, viewport, printable(label), self.text_size, r, colour,
                       "bold" if i == chosen else "sans")
        note("button", viewport.rect(*self.rect), f"segments {self.text}")


def split(rect: pygame.Rect, labels, size=theme.BODY) -> list:
    """The parts of `rect` for each label: each as wide as its label needs, the rest shared.
    Measured in bold, as the chosen one is drawn, so any label fits when chosen."""
    f = font(size, "bold")
    need = [f.size(printable(label))[0] + 24 for label in labels]
    spare = (rect.w - sum(need)) / len(labels)
    widths = [n + spare for n in need] if spare >= 0 else [rect.w * n / sum(need) for n in need]
    parts = []
    x: float = rect.x
    for i, w in enumerate(widths):
        right = rect.right if i == len(widths) - 1 else round(x + w)
        parts.append(pygame.Rect(round(x), rect.y, right - round(x), rect.h))
        x += w
    return parts


def segments_fit(labels, width: float, height: float, size=theme.BODY) -> bool:
    """Whether `labels` as Segments fit `width` x `height` logical pixels at the body size,
    each in at most the lines its height holds: at the design size and at the smallest
    window, where the text floor draws labels larger than the design's proportion."""
    parts = split(pygame.Rect(0, 0, width, height), labels, size)
    for window in (DESIGN, SMALLEST_WINDOW):
        vp = Viewport()
        vp.fit(window)
        lines_room = max(1, int(vp.length(height - 8) // font(vp.text(size), "bold").get_linesize()))
        for part, label in zip(parts, labels):
            box_w = vp.length(part.w - 6) - 2 * vp.length(6)
            _, lines = label_lines(printable(label), size, box_w, vp.length(height - 8), vp,
                                   "bold")
            if len(lines) > lines_room or lines[-1].endswith("…"):
                return False
    return True


class Chooser(Control):
    """A value stepped with arrows at its sides: ‹ › through a list, − + for a number.
    `can(n)` says whether a step is possible (its arrow is drawn disabled when not)."""

    ARROW = 40

    def __init__(self, rect, show, step, arrows=("‹", "›"), can=None, enabled=True,
                 text_size=theme.BODY):
        super().__init__(rect, enabled)
        self.show, self.stepper, self.arrows = show, step, arrows
        self.can = can or (lambda n: True)
        self.text_size = text_size
        self.pointed = 0

    @property
    def text(self) -> str:
        return self.show()

    def sides(self):
        x, y, w, h = self.rect
        a = min(self.ARROW, h)
        return pygame.Rect(x, y, a, h), pygame.Rect(x + w - a, y, a, h)

    def moved(self, point) -> None:
        left, right = self.sides()
        self.pointed = -1 if left.collidepoint(point) else 1 if right.collidepoint(point) else 0

    def click(self, point) -> None:
        left, _ = self.sides()
        self.step(-1 if left.collidepoint(point) else 1)

    def step(self, n: int) -> None:
        if self.enabled and self.can(n):
            self.stepper(n)

    def draw(self, surface, viewport) -> None:
        self.draw_well(surface, viewport)
        for side, arrow, n in zip(self.sides(), self.arrows, (-1, 1)):
            r = viewport.rect(*side).inflate(-viewport.length(8), -viewport.length(8))
            usable = self.enabled and self.can(n)
            lit = usable and self.hover and self.pointed == n
            fill = (theme.BUTTON_PRESSED if lit and self.pressed else theme.BUTTON_HOVER if lit
                    else theme.BUTTON if usable else theme.BUTTON_DISABLED)
            canvas.rect(surface, fill, r, border_radius=viewport.length(7))
            image = render_text(arrow, viewport.text(20), theme.BUTTON_TEXT if usable
                                else (70, 84, 76), "bold")
            surface.blit(image, image.get_rect(center=r.center))
        left, right = self.sides()
        middle = viewport.rect(left.right, self.rect.y, right.x - left.right, self.rect.h)
        draw_label(surface, viewport, printable(self.text), self.text_size, middle,
                   theme.INK if self.enabled else theme.INK_DIM, "bold")
        note("button", viewport.rect(*self.rect), f"chooser {self.text}")


class TextField(Control):
    """A line of text to type: a light field, a border lit when typing, a blinking caret,
    a placeholder when empty. `type_key` edits: letters, Backspace/Delete, Left/Right,
    Home/End, Ctrl+A (the next key replaces the whole text)."""

    def __init__(self, rect, text="", placeholder="", limit=40, on_click=None):
        super().__init__(rect)
        self.text = text
        self.placeholder = placeholder
        self.limit = limit
        self.on_click = on_click
        self.cursor = len(text)
        self.all_selected = False

    def click(self, point) -> None:
        if self.on_click:
            self.on_click()

    @property
    def shows_caret(self) -> bool:
        return self.focused and not self.all_selected

    def start(self, text: str) -> None:
        self.text, self.cursor, self.all_selected, self.focused = text, len(text), False, True

    def type_key(self, event) -> None:
        text, at = self.text, self.cursor
        ctrl = event.mod & pygame.KMOD_CTRL
        printable_key = event.unicode and event.unicode.isprintable() and not ctrl
        if ctrl and event.key == pygame.K_a:
            self.all_selected = True
            return
        if event.key in MODIFIERS:  # Shift pressed for a capital keeps the selection
            return
        if self.all_selected and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            text, at = "", 0
        elif self.all_selected and event.key in (pygame.K_LEFT, pygame.K_HOME):
            at = 0
        elif self.all_selected and event.key in (pygame.K_RIGHT, pygame.K_END):
            at = len(text)
        elif self.all_selected and printable_key:
            text, at = event.unicode, 1
        elif event.key == pygame.K_BACKSPACE:
            text, at = text[:max(0, at - 1)] + text[at:], max(0, at - 1)
        elif event.key == pygame.K_DELETE:
            text = text[:at] + text[at + 1:]
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            at = max(0, min(len(text), at + (1 if event.key == pygame.K_RIGHT else -1)))
        elif event.key == pygame.K_HOME:
            at = 0
        elif event.key == pygame.K_END:
            at = len(text)
        elif printable_key and len(text) < self.limit:
            text, at = text[:at] + event.unicode + text[at:], at + 1
        self.all_selected = False
        self.text, self.cursor = text, at

    def draw(self, surface, viewport) -> None:
        r = viewport.rect(*self.rect)
        radius = viewport.length(6)
        canvas.rect(surface, theme.FIELD, r, border_radius=radius)
        edge = (theme.GOLD if self.focused else theme.BUTTON_HOVER if self.hover
                else theme.FIELD_EDGE)
        canvas.rect(surface, edge, r, width=max(1, viewport.length(3 if self.focused else 2)),
                         border_radius=radius)
        px = viewport.text(theme.BODY + 1)
        pad = viewport.length(10)
        text = printable(self.text)
        note_size(px, text or self.placeholder)
        f = font(px)
        x, cy = r.x + pad, r.centery
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-viewport.length(4), -viewport.length(2)).clip(clip))
        if self.focused and self.all_selected and text:
            mark = pygame.Rect(x - 2, 0, f.size(text)[0] + 4, f.get_height())
            mark.centery = cy
            canvas.rect(surface, theme.SELECTION, mark, border_radius=viewport.length(3))
        if text:
            image = render_text(text, px, theme.BUTTON_TEXT)
            surface.blit(image, image.get_rect(midleft=(x, cy)))
        elif self.placeholder:
            image = render_text(self.placeholder, px, theme.PLACEHOLDER)
            surface.blit(image, image.get_rect(midleft=(x, cy)))
        if self.shows_caret and caret_on():
            cx = x + f.size(text[:self.cursor])[0]
            half = f.get_height() // 2 - viewport.length(2)
            canvas.line(surface, theme.BUTTON_TEXT, (cx, cy - half), (cx, cy + half),
                             max(1, viewport.length(2)))
        surface.set_clip(clip)
        note("button", viewport.rect(*self.rect), f"field {text}")


def caret_on() -> bool:
    """Whether a focused field's caret shows now (the first half of each blink)."""
    return pygame.time.get_ticks() // CARET_BLINK_MS % 2 == 0


def caret_change(fields) -> float | None:
    """Seconds until the caret of a focused field among `fields` blinks, None when no caret
    shows: a scene with fields gives it as its next_change, so an idle window wakes for it."""
    if any(getattr(f, "shows_caret", False) for f in fields):
        return (CARET_BLINK_MS - pygame.time.get_ticks() % CARET_BLINK_MS) / 1000
    return None
