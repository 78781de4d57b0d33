"""A rules screen per game, written in Deckhand's own words in assets/rules/<game>.md."""
from __future__ import annotations

import pygame

from ..engine import games
from ..resources import asset
from ..ui import theme
from ..ui.fonts import font
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, shade
from .base import Scene

STYLES = {"#": (30, "bold", theme.GOLD), "##": (22, "bold", theme.GOLD), "": (18, "sans", theme.INK)}


class RulesScreen(Scene):
    opaque = False

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.title = games.get(game_id).TITLE
        self.text = asset("rules", f"{game_id}.md").read_text(encoding="utf-8")
        self.scroll = 0.0
        self.panel = pygame.Rect(140, 40, 1000, 720)
        self.buttons = ButtonRow([Button((560, 700, 160, 44), "Close", self.close, "Esc")])
        self._laid_out = None

    def close(self) -> None:
        self.app.pop(self)

    def lines(self) -> list:
        """Wrapped lines as (text, size, face, colour, indent) in real pixels, cached per scale."""
        vp = self.viewport
        key = vp.scale
        if self._laid_out and self._laid_out[0] == key:
            return self._laid_out[1]
        width = vp.length(self.panel.w - 80)
        out = []
        for raw in self.text.splitlines():
            stripped = raw.strip()
            if not stripped:
                out.append(("", 10, "sans", theme.INK, 0))
                continue
            mark, _, rest = stripped.partition(" ")
            size, face, colour = STYLES.get(mark, STYLES[""])
            text = rest if mark in STYLES and mark else stripped
            bullet = stripped.startswith("- ")
            if bullet:
                text = stripped[2:]
            indent = vp.length(24) if bullet else 0
            f = font(vp.length(size), face)
            words, line = text.split(" "), ""
            first = True
            for word in words:
                trial = word if not line else line + " " + word
                if f.size(trial)[0] <= width - indent or not line:
                    line = trial
                else:
                    out.append(("• " + line if bullet and first else line, size, face, colour,
                                indent if not (bullet and first) else indent - vp.length(16)))
                    first = False
                    line = word
            out.append(("• " + line if bullet and first else line, size, face, colour,
                        indent if not (bullet and first) else indent - vp.length(16)))
        self._laid_out = (key, out)
        return out

    def content_height(self) -> int:
        vp = self.viewport
        return sum(font(vp.length(size), face).get_linesize() if text else vp.length(size)
                   for text, size, face, _, _ in self.lines())

    def handle(self, event) -> None:
        if self.buttons.handle(event, self.viewport):
            return
        step = self.viewport.length(60)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
                self.close()
            elif event.key == pygame.K_DOWN:
                self.scroll += step
            elif event.key == pygame.K_UP:
                self.scroll -= step
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll += step * 8
            elif event.key == pygame.K_PAGEUP:
                self.scroll -= step * 8
            elif event.key == pygame.K_HOME:
                self.scroll = 0
        view_h = self.viewport.length(self.panel.h - 170)
        self.scroll = max(0.0, min(self.scroll, self.content_height() - view_h))

    def draw(self, surface) -> None:
        vp = self.viewport
        shade(surface, (0, 0, 0, 190))
        draw_panel(surface, vp.rect(*self.panel), fill=theme.OPAQUE_PANEL)
        draw_text(surface, vp, f"How to play {self.title}", 32, (640, self.panel.y + 20),
                  theme.GOLD, "midtop", "bold")
        area = vp.rect(self.panel.x + 40, self.panel.y + 80, self.panel.w - 80, self.panel.h - 170)
        previous_clip = surface.get_clip()
        surface.set_clip(area)
        y = area.y - int(self.scroll)
        for text, size, face, colour, indent in self.lines():
            if not text:
                y += vp.length(size)
                continue
            f = font(vp.length(size), face)
            if y + f.get_linesize() >= area.y and y <= area.bottom:
                surface.blit(f.render(text, True, colour), (area.x + indent, y))
            y += f.get_linesize()
        surface.set_clip(previous_clip)
        if self.content_height() > area.h:
            draw_text(surface, vp, "Scroll with the wheel or the arrow keys", 14,
                      (640, self.panel.bottom - 84), theme.INK_DIM, "midtop")
        self.buttons.draw(surface, vp)
