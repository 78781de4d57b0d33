"""The main menu: the playable games, each with a one-line description."""
from __future__ import annotations

import pygame

from ..engine import games
from ..ui import theme
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text
from .base import Scene
from .registry import playable

ROW_H = 92
FAN = ("AS", "KH", "QC", "JD", "10S")


class MainMenu(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.ids = playable()
        self.rules = {g: games.get(g) for g in self.ids}
        self.selected = 0
        self.rows = []  # (game_id, logical rect)
        buttons = []
        top = 300
        for i, game_id in enumerate(self.ids):
            rect = pygame.Rect(190, top + i * (ROW_H + 14), 900, ROW_H)
            self.rows.append((game_id, rect))
            buttons.append(Button((rect.right - 130, rect.y + 24, 110, 44), "Rules",
                                  lambda g=game_id: app.open_rules(g), text_size=17))
        buttons.append(Button((540, top + len(self.ids) * (ROW_H + 14) + 16, 200, 46),
                              "Quit", app.quit, "Q"))
        self.buttons = ButtonRow(buttons)
        self.hover = None

    def play(self, game_id: str) -> None:
        from .new_game import NewGameDialog
        self.app.push(NewGameDialog(self.app, game_id))

    def row_at(self, pos):
        point = self.viewport.to_logical(pos)
        for i, (game_id, rect) in enumerate(self.rows):
            if rect.collidepoint(point):
                return i
        return None

    def handle(self, event) -> None:
        if self.buttons.handle(event, self.viewport):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
            if self.hover is not None:
                self.selected = self.hover
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            i = self.row_at(event.pos)
            if i is not None:
                self.play(self.ids[i])
        elif event.type == pygame.KEYDOWN and self.ids:
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.selected = (self.selected + 1) % len(self.ids)
            elif event.key == pygame.K_UP:
                self.selected = (self.selected - 1) % len(self.ids)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.play(self.ids[self.selected])
            elif event.key == pygame.K_F1:
                self.app.open_rules(self.ids[self.selected])
            elif event.key in (pygame.K_q, pygame.K_ESCAPE):
                self.app.quit()
            elif event.unicode.isdigit() and 1 <= int(event.unicode) <= len(self.ids):
                self.play(self.ids[int(event.unicode) - 1])

    def draw(self, surface) -> None:
        vp = self.viewport
        self.draw_fan(surface)
        draw_text(surface, vp, "Deckhand", 64, (640, 40), theme.INK, "midtop", "serif")
        draw_text(surface, vp, "A card table for one, or for friends around one computer",
                  20, (640, 118), theme.INK_DIM, "midtop")
        for i, (game_id, rect) in enumerate(self.rows):
            selected = i == self.selected
            draw_panel(surface, vp.rect(*rect), fill=(12, 44, 30, 230) if selected else theme.PANEL,
                       edge=theme.GOLD if selected else (90, 130, 104), width=3 if selected else 2)
            rules = self.rules[game_id]
            draw_text(surface, vp, f"{i + 1}. {rules.TITLE}", 28, (rect.x + 26, rect.y + 14),
                      theme.GOLD if selected else theme.INK, face="bold")
            draw_text(surface, vp, rules.BLURB, 18, (rect.x + 28, rect.y + 56), theme.INK_DIM)
        self.buttons.draw(surface, vp)
        draw_text(surface, vp, "Enter or click to play · F1 rules · F11 fullscreen",
                  16, (640, 772), theme.INK_DIM, "midbottom")

    def draw_fan(self, surface) -> None:
        vp = self.viewport
        w, h = vp.length(70), vp.length(98)
        for i, code in enumerate(FAN):
            image = pygame.transform.rotozoom(self.app.art.face(code, w, h), 24 - 12 * i, 1.0)
            cx, cy = vp.point(640 + (i - 2) * 34, 214 + abs(i - 2) * 6)
            surface.blit(image, image.get_rect(center=(cx, cy)))
