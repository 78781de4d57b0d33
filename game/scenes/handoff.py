"""The screen between two human seats: it covers the table and draws no card face.
It says, in words, what everyone saw happen since that player's last turn."""
from __future__ import annotations

import pygame

from ..ui import theme
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, wrap
from .base import Scene

PANEL = pygame.Rect(190, 60, 900, 680)
RECAP_TOP, RECAP_BOTTOM = 250, 620   # logical y of the recap's first line and its limit
LINE = 24


class HandOffScreen(Scene):
    opaque = True  # nothing of the table below is drawn

    def __init__(self, app, name: str, on_ready, note=""):
        super().__init__(app)
        self.name = name
        self.recap = [note] if isinstance(note, str) and note else list(note or ())
        self.on_ready = on_ready
        self.buttons = ButtonRow([Button((450, 660, 380, 54), f"I am {name}: show my cards",
                                         self.ready, "Enter", text_size=18)])

    @property
    def note(self) -> str:
        return self.recap[-1] if self.recap else ""

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
                if game is not None and hasattr(game, "pause"):
                    game.pause()

    def recap_lines(self) -> list:
        """The recap wrapped to the panel; when it is long, its newest lines that fit."""
        vp = self.viewport
        lines = []
        for entry in self.recap:
            lines.extend(wrap(entry, vp.text(17), vp.length(PANEL.w - 100)))
        room = (RECAP_BOTTOM - RECAP_TOP) // LINE
        if len(lines) > room:
            lines = ["… earlier moves are in the game log (L)"] + lines[-(room - 1):]
        return lines

    def draw(self, surface) -> None:
        vp = self.viewport
        draw_panel(surface, vp.rect(*PANEL), fill=theme.OPAQUE_PANEL)
        draw_text(surface, vp, f"Pass to {self.name}", 44, (640, PANEL.y + 28), theme.GOLD,
                  "midtop", "serif")
        draw_text(surface, vp, "Everyone else, look away: the next screen shows "
                  f"{self.name}'s cards.", 19, (640, PANEL.y + 100), theme.INK, "midtop")
        if self.recap:
            draw_text(surface, vp, "Since your last turn:", 18, (PANEL.x + 50, RECAP_TOP - 36),
                      theme.GOLD, face="bold")
        for i, line in enumerate(self.recap_lines()):
            draw_text(surface, vp, line, 17, (PANEL.x + 50, RECAP_TOP + LINE * i), theme.INK_DIM)
        self.buttons.draw(surface, vp)
