"""The scene interface, and a base for dialogs drawn over the scene below."""
from __future__ import annotations

from typing import Any

import pygame

from ..ui import theme
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, fit_text, shade, wrap


def rows_beyond(viewport) -> int:
    """Logical rows a window has above (and as many below) the design frame centred in it: a
    screen with a long list or text may grow into them on a square or portrait window."""
    return int(viewport.offset[1] / viewport.scale)


class Scene:
    opaque = True  # whether scenes below need drawing
    # A table reflows over the whole window (game.ui.viewport); other screens are drawn at
    # the design size, centred.
    reflows = False

    def __init__(self, app):
        self.app = app

    @property
    def viewport(self):
        return self.app.viewport if self.reflows else self.app.viewport.centred()

    def on_resize(self) -> None:
        """The window changed size (the viewport is fitted already)."""

    def handle(self, event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def think(self) -> None:
        """Work that can wait for the frame to be drawn, in what the frame leaves of its time
        (`App.thinking_time`): a computer player thinking. Called on the top scene only."""

    def next_change(self) -> float | None:
        """Seconds until this scene looks different with no input (0: it is moving now), or
        None when only input changes it. Meanwhile the window sleeps and draws nothing. A scene
        that changes by itself after a still moment must say when; one that keeps moving
        is drawn at full rate anyway (every frame that changes calls for the next)."""
        return None

    def draw(self, surface) -> None:
        pass


class Dialog(Scene):
    """A centred panel with a title, lines of text and a column of buttons.

    Buttons are (label, key_hint, callback); number keys 1..9 and the hints press them,
    Esc presses `cancel` if given.
    """

    opaque = False
    width: float = 460

    def __init__(self, app, title: str, lines=(), buttons=(), cancel=None):
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        self.cancel = cancel
        self.keys: dict[str, Any] = {}
        self.scroll = 0
        self.row = ButtonRow()
        self.set_buttons(buttons)

    def shown_lines(self) -> int:
        """How many lines fit above the buttons; longer texts scroll (wheel, arrows)."""
        lh = self.viewport.logical[1]
        return max(1, min(len(self.lines), (lh - 32 - 108 - 54 * len(self.row.buttons)) // 30))

    def set_buttons(self, buttons) -> None:
        lw, lh = self.viewport.logical
        self.lines = [part for line in self.lines
                      for part in (wrap(line, 19, self.width - 48) if line else [""])]
        self.row.buttons = [None] * len(buttons)
        shown = self.shown_lines()
        height = 96 + 30 * shown + 54 * len(buttons) + 12
        self.panel = ((lw - self.width) / 2, max(16, (lh - height) / 2), self.width, height)
        top = self.panel[1] + 86 + 30 * shown
        self.row.buttons = []
        self.keys = {}
        for i, (label, key, callback) in enumerate(buttons):
            rect = ((lw - 320) / 2, top + i * 54, 320, 44)
            self.row.buttons.append(Button(rect, label, callback, key))
            if key:
                self.keys[key.lower()] = callback

    def handle(self, event) -> None:
        if self.row.handle(event, self.viewport):
            return
        hidden = len(self.lines) - self.shown_lines()
        if event.type == pygame.MOUSEWHEEL and hidden > 0:
            self.scroll = max(0, min(hidden, self.scroll - event.y))
            return
        if event.type == pygame.KEYDOWN and hidden > 0 and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll = max(0, min(hidden, self.scroll + (1 if event.key == pygame.K_DOWN else -1)))
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.cancel:
                self.cancel()
                return
            name = pygame.key.name(event.key).lower()
            if name in self.keys:
                self.keys[name]()
            elif name.isdigit() and 1 <= int(name) <= len(self.row.buttons):
                button = self.row.buttons[int(name) - 1]
                if button.enabled:
                    button.action()

    def draw_shade(self, surface) -> None:
        """Dim what lies below the dialog (a dialog may leave part of the table bright)."""
        shade(surface)

    def draw(self, surface) -> None:
        self.draw_shade(surface)
        vp = self.viewport
        x, y, w, h = self.panel
        draw_panel(surface, vp.rect(x, y, w, h), fill=theme.OPAQUE_PANEL)
        fit_text(surface, vp, self.title, 30, (x + w / 2, y + 22), w - 32, theme.GOLD, "midtop",
                 "bold")
        shown = self.shown_lines()
        for i, line in enumerate(self.lines[self.scroll:self.scroll + shown]):
            if line:  # an empty line is a gap, not a text
                draw_text(surface, vp, line, 19, (x + w / 2, y + 70 + 30 * i), theme.INK,
                          "midtop")
        if len(self.lines) > shown:
            more = f"lines {self.scroll + 1}-{self.scroll + shown} of {len(self.lines)}: wheel or arrows"
            draw_text(surface, vp, more, 13, (x + w - 14, y + 70 + 30 * shown - 4), theme.INK_DIM,
                      "bottomright")
        self.row.draw(surface, vp)
