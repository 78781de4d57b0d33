"""The screen between two human seats: it covers the table and draws no card face."""
from __future__ import annotations

import pygame

from ..ui import theme
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text
from .base import Scene


class HandOffScreen(Scene):
    opaque = True  # nothing of the table below is drawn

    def __init__(self, app, name: str, on_ready, note: str = ""):
        super().__init__(app)
        self.name = name
        self.note = note
        self.on_ready = on_ready
        self.buttons = ButtonRow([Button((450, 470, 380, 54), f"I am {name}: show my cards",
                                         self.ready, "Enter", text_size=18)])

    def ready(self) -> None:
        self.app.pop(self)
        self.on_ready()

    def handle(self, event) -> None:
        if self.buttons.handle(event, self.viewport):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.ready()
            elif event.key == pygame.K_ESCAPE:
                game = self.app.stack[-2] if len(self.app.stack) > 1 else None
                if hasattr(game, "pause"):
                    game.pause()

    def draw(self, surface) -> None:
        vp = self.viewport
        draw_panel(surface, vp.rect(290, 210, 700, 340))
        draw_text(surface, vp, f"Pass to {self.name}", 44, (640, 250), theme.GOLD, "midtop", "serif")
        draw_text(surface, vp, "Everyone else, look away: the next screen shows "
                  f"{self.name}'s cards.", 19, (640, 330), theme.INK, "midtop")
        if self.note:
            draw_text(surface, vp, self.note, 18, (640, 372), theme.INK_DIM, "midtop")
        self.buttons.draw(surface, vp)
