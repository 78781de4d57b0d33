"""A one-line text box: click to type in it, Backspace to erase, Enter or Tab to leave it."""
from __future__ import annotations

import pygame

from . import theme
from .controls import caret_on
from .widgets import draw_panel, draw_text, fit_text


class TextField:
    def __init__(self, rect, label: str, text: str = "", limit: int = 40, allowed=None,
                 hint: str = ""):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.text = text
        self.limit = limit
        self.allowed = allowed or (lambda c: c.isprintable())
        self.hint = hint           # shown dimmed while empty
        self.focused = False

    @property
    def shows_caret(self) -> bool:
        return self.focused

    def handle(self, event, viewport) -> bool:
        """True when the event was used: a click on the box, or a key while it has focus."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(viewport.to_logical(event.pos))
            return self.focused
        if event.type != pygame.KEYDOWN or not self.focused:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
            self.focused = False
            return event.key != pygame.K_ESCAPE and event.key not in (pygame.K_RETURN,
                                                                        pygame.K_KP_ENTER)
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif (event.unicode and len(self.text) < self.limit and all(map(self.allowed, event.unicode))
              and not event.mod & pygame.KMOD_CTRL):
            self.text += event.unicode
        return True

    def draw(self, surface, viewport) -> None:
        x, y, w, h = self.rect
        draw_text(surface, viewport, self.label, 16, (x, y - 22), theme.INK_DIM)
        draw_panel(surface, viewport.rect(x, y, w, h), fill=(250, 246, 232, 255),
                   edge=theme.GOLD if self.focused else (90, 130, 104), radius=8)
        caret = "|" if self.shows_caret and caret_on() else ""
        if self.text or self.focused:
            fit_text(surface, viewport, self.text + caret, 19, (x + 10, y + h / 2), w - 20,
                     theme.BUTTON_TEXT, "midleft", "bold")
        elif self.hint:
            fit_text(surface, viewport, self.hint, 16, (x + 10, y + h / 2), w - 20,
                     (120, 128, 120), "midleft")
