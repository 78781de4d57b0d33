"""The main menu: the playable games, each with a one-line description."""
from __future__ import annotations

import pygame

from ..engine import games
from ..store import saves
from ..store.jsonfile import BadFile
from ..ui import theme
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, wrap
from .base import Dialog, Scene
from .registry import playable

ROW_H = 80
ROW_GAP = 10
FAN = ("AS", "KH", "QC", "JD", "10S")


class MainMenu(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.ids = playable()
        self.selected = 0
        self.rows = []  # (game_id, logical rect)
        buttons = []
        top = 262
        for i, game_id in enumerate(self.ids):
            rect = pygame.Rect(190, top + i * (ROW_H + ROW_GAP), 900, ROW_H)
            self.rows.append((game_id, rect))
            buttons.append(Button((rect.right - 130, rect.y + 18, 110, 44), "Rules",
                                  lambda g=game_id: app.open_rules(g), text_size=17))
        y = top + len(self.ids) * (ROW_H + ROW_GAP) + 12
        for i, (text, action, key) in enumerate((("Settings", self.open_settings, "S"),
                                                 ("Statistics", self.open_stats, "T"),
                                                 ("Records", self.open_records, "R"),
                                                 ("Quit", app.quit, "Q"))):
            buttons.append(Button((195 + 230 * i, y, 200, 46), text, action, key))
        self.buttons = ButtonRow(buttons)
        self.hover = None
        self.saved = {}  # game id -> saves.Saved, for the games that can be continued
        self.continue_buttons = ButtonRow()
        self.seen_at = -2

    def update(self, dt: float) -> None:
        # Games are saved while other scenes are on top: look again each time the menu is back.
        if self.app.frames != self.seen_at + 1:
            self.refresh_saves()
        self.seen_at = self.app.frames

    def refresh_saves(self) -> None:
        self.saved = {}
        for game_id in self.ids:
            try:
                found = saves.load(game_id)
            except BadFile as exc:
                self.app.notify("Saved game put aside",
                                f"Your saved game could not be continued: {exc}")
                continue
            except OSError:
                continue
            if found is not None:
                self.saved[game_id] = found
        self.continue_buttons = ButtonRow([
            Button((rect.x + 400, rect.y + 8, 120, 36), "Continue",
                   lambda g=game_id: self.continue_game(g), text_size=16)
            for game_id, rect in self.rows if game_id in self.saved])

    def continue_game(self, game_id: str) -> None:
        saved = self.saved.get(game_id)
        if saved is None:
            return
        self.app.start_game(game_id, saved.session.seed, saved.session.options)
        self.app.top.resume(saved)

    def open_records(self) -> None:
        from .replay import RecordsList
        self.app.push(RecordsList(self.app))

    def play(self, game_id: str) -> None:
        """Start a game from its row; a game of it in progress is never given up unasked."""
        if game_id in self.saved:
            self.app.push(InProgressDialog(self.app, self, game_id))
        else:
            self.start_new(game_id)

    def start_new(self, game_id: str) -> None:
        if games.get(game_id).SEATS[1] > 1:
            from .seat_setup import SeatSetupDialog
            self.app.push(SeatSetupDialog(self.app, game_id))
        else:
            from .new_game import NewGameDialog
            self.app.push(NewGameDialog(self.app, game_id))

    def open_settings(self) -> None:
        from .settings_screen import SettingsScreen
        self.app.push(SettingsScreen(self.app))

    def open_stats(self) -> None:
        from .stats_screen import StatsScreen
        self.app.push(StatsScreen(self.app, self.ids[self.selected] if self.ids else None))

    def row_at(self, pos):
        point = self.viewport.to_logical(pos)
        for i, (game_id, rect) in enumerate(self.rows):
            if rect.collidepoint(point):
                return i
        return None

    def handle(self, event) -> None:
        vp = self.viewport
        if self.continue_buttons.handle(event, vp) or self.buttons.handle(event, vp):
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
            elif event.key == pygame.K_s:
                self.open_settings()
            elif event.key == pygame.K_t:
                self.open_stats()
            elif event.key == pygame.K_r:
                self.open_records()
            elif event.key == pygame.K_c:
                self.continue_game(self.ids[self.selected])
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
            draw_text(surface, vp, f"{i + 1}. {games.title(game_id)}", 28, (rect.x + 26, rect.y + 8),
                      theme.GOLD if selected else theme.INK, face="bold")
            draw_text(surface, vp, games.blurb(game_id), 18, (rect.x + 28, rect.y + 48), theme.INK_DIM)
            saved = self.saved.get(game_id)
            if saved:
                moves = len(saved.session.actions)
                text = f"deal #{saved.session.seed} · {moves} move{'s' * (moves != 1)}"
                draw_text(surface, vp, text, 15, (rect.x + 534, rect.y + 18), theme.INK_DIM,
                          "midleft")
        self.continue_buttons.draw(surface, vp)
        self.buttons.draw(surface, vp)
        keys = "Enter or click to play" + (" · C continue" if self.saved else "")
        draw_text(surface, vp, keys + " · F1 rules · F11 fullscreen",
                  16, (640, 772), theme.INK_DIM, "midbottom")

    def draw_fan(self, surface) -> None:
        vp = self.viewport
        w, h = vp.length(60), vp.length(84)
        for i, code in enumerate(FAN):
            image = pygame.transform.rotozoom(self.app.art.face(code, w, h), 24 - 12 * i, 1.0)
            cx, cy = vp.point(640 + (i - 2) * 30, 196 + abs(i - 2) * 5)
            surface.blit(image, image.get_rect(center=(cx, cy)))


class InProgressDialog(Dialog):
    """Asked before a new game would replace the saved one."""

    width = 560

    def __init__(self, app, menu, game_id: str):
        self.menu, self.game_id = menu, game_id
        text = f"You have a game of {games.title(game_id)} in progress."
        super().__init__(app, "Game in progress", wrap(text, 19, self.width - 60), [
            ("Continue it", "C", lambda: self.then(menu.continue_game)),
            ("Start a new one", "N", lambda: self.then(menu.start_new)),
            ("Cancel", "Esc", self.close)], cancel=self.close)

    def close(self) -> None:
        self.app.pop(self)

    def then(self, action) -> None:
        self.close()
        action(self.game_id)
