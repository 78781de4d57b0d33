"""The main menu: the playable games, each with a one-line description."""
from __future__ import annotations

import pygame

from ..engine import daily, games
from ..engine.daily import date_words
from ..store import saves, stats
from ..store.jsonfile import BadFile
from ..ui import theme
from ..ui.about import draw_version
from ..ui.forms import first_fitting, wrap_lines
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, fit_text, wrap
from . import daily as today_deal
from .base import Dialog, Scene
from .registry import playable

ROW_H = 100
ROW_GAP = 12
COLUMN_W = 590
TOP = 168
FAN = ("AS", "KH", "QC", "JD", "10S")
DAILY = pygame.Rect(934, 12, 326, 124)  # the deal of the day, right of the title


def row_rect(i: int, count: int) -> pygame.Rect:
    """Game rows: one centred column for up to four games, two columns (down, then across)
    beyond, so seven games fit at 1280x800 with room for Continue on each."""
    if count <= 4:
        return pygame.Rect(190, TOP + 40 + i * (ROW_H + ROW_GAP), 900, ROW_H)
    per_column = (count + 1) // 2
    column, line = divmod(i, per_column)
    return pygame.Rect(40 + column * (COLUMN_W + 20), TOP + line * (ROW_H + ROW_GAP),
                       COLUMN_W, ROW_H)


class MainMenu(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.ids = playable()
        self.selected = 0
        self.rows = []  # (game_id, logical rect)
        buttons = []
        for i, game_id in enumerate(self.ids):
            rect = row_rect(i, len(self.ids))
            self.rows.append((game_id, rect))
            buttons.append(Button((rect.right - 110, rect.y + 10, 96, 36), "Rules",
                                  lambda g=game_id: app.open_rules(g), text_size=16))
        y = max(r.bottom for _, r in self.rows) + 28 if self.rows else 300
        for i, (text, action, key) in enumerate((("Host a table", self.host_table, "H"),
                                                 ("Join a table", self.join_table, "J"),
                                                 ("Settings", self.open_settings, "S"),
                                                 ("Statistics", self.open_stats, "T"),
                                                 ("Records", self.open_records, "R"),
                                                 ("Quit", app.quit, "Q"))):
            buttons.append(Button((60 + 196 * i, y, 180, 46), text, action, key, text_size=17))
        self.daily_games = [g for g in daily.GAMES if g in self.ids]
        self.daily_buttons = [Button((DAILY.x + 16 + i * 152, DAILY.y + 42, 140, 40),
                                     games.title(g), lambda g=g: self.play_daily(g), text_size=16)
                              for i, g in enumerate(self.daily_games)]
        self.buttons = ButtonRow(buttons + self.daily_buttons)
        self.daily_status = {}  # game id -> (streak, played today)
        self.hover = None
        self.saved = {}  # game id -> saves.Saved, for the games that can be continued
        self.continue_buttons = ButtonRow()
        self.seen_at = -2
        self.day = None  # the day refresh_saves looked at the deals of the day

    def update(self, dt: float) -> None:
        # Games are saved while other scenes are on top: look again each time the menu is back
        # (frames were drawn since its last update), not each time an idle window wakes; and
        # at midnight, for the new deals of the day.
        if self.app.frames > self.seen_at + 1 or today_deal.today() != self.day:
            self.refresh_saves()
        self.seen_at = self.app.frames

    def next_change(self) -> float:
        return today_deal.seconds_to_tomorrow()

    def refresh_saves(self) -> None:
        self.day = today_deal.today()
        data, _ = stats.load()
        self.daily_status = {g: today_deal.streak_today(data, g) for g in self.daily_games}
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
            Button((rect.right - 160, rect.y + 54, 146, 36), "Continue",
                   lambda g=game_id: self.continue_game(g), "C", text_size=16)
            for game_id, rect in self.rows if game_id in self.saved])

    def play_daily(self, game_id: str) -> None:
        """Today's deal of a solitaire; a game of it in progress is never given up unasked."""
        if game_id in self.saved:
            self.app.push(InProgressDialog(self.app, self, game_id,
                                           lambda g: today_deal.start(self.app, g)))
        else:
            today_deal.start(self.app, game_id)

    def continue_game(self, game_id: str) -> None:
        saved = self.saved.get(game_id)
        if saved is None:
            return
        from ..net import saving
        if saving.is_online(saved):  # an online table this app hosted: open it again
            from ..net.table import Table, TableError
            from .host_table import resume_hosting
            try:
                resume_hosting(self.app, Table.from_saved(saved))
            except TableError as exc:
                self.app.notify("Saved table", str(exc))
            return
        self.app.start_game(game_id, saved.session.seed, saved.session.options)
        self.app.top.resume(saved)

    def host_table(self) -> None:
        from .host_table import HostTableScreen
        game_id = self.ids[self.selected] if self.ids else None
        self.app.push(HostTableScreen(self.app, game_id))

    def join_table(self) -> None:
        from .join_table import JoinTableScreen
        self.app.push(JoinTableScreen(self.app))

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
        for i, (_game_id, rect) in enumerate(self.rows):
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
            across = (len(self.ids) + 1) // 2 if len(self.ids) > 4 else 0
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and across:
                self.selected = (self.selected + across) % (2 * across) % len(self.ids)
            elif event.key in (pygame.K_DOWN, pygame.K_TAB):
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
            elif event.key == pygame.K_h:
                self.host_table()
            elif event.key == pygame.K_j:
                self.join_table()
            elif event.key == pygame.K_c:
                self.continue_game(self.ids[self.selected])
            elif event.key == pygame.K_d and self.daily_games:
                chosen = self.ids[self.selected]
                self.play_daily(chosen if chosen in self.daily_games else self.daily_games[0])
            elif event.key in (pygame.K_q, pygame.K_ESCAPE):
                self.app.quit()
            elif event.unicode.isdigit() and 1 <= int(event.unicode) <= len(self.ids):
                self.play(self.ids[int(event.unicode) - 1])

    def draw(self, surface) -> None:
        vp = self.viewport
        self.draw_fan(surface)
        draw_text(surface, vp, "Deckhand", 64, (640, 22), theme.INK, "midtop", "serif")
        draw_text(surface, vp, "Card games alone, with friends, or online",
                  20, (640, 106), theme.INK_DIM, "midtop")
        for i, (game_id, rect) in enumerate(self.rows):
            selected = i == self.selected
            draw_panel(surface, vp.rect(*rect), fill=(12, 44, 30, 230) if selected else theme.PANEL,
                       edge=theme.GOLD if selected else (90, 130, 104), width=3 if selected else 2)
            saved = self.saved.get(game_id)
            right = 176 if saved else 124  # room for Rules, and Continue below it
            title = fit_text(surface, vp, f"{i + 1}. {games.title(game_id)}", 26,
                             (rect.x + 22, rect.y + 10), rect.w - 140 - (150 if saved else 0),
                             theme.GOLD if selected else theme.INK, face="bold")
            blurb = wrap_lines(games.blurb(game_id), vp.text(16), vp.length(rect.w - 44 - right), 2)
            for j, line in enumerate(blurb):
                draw_text(surface, vp, line, 16, (rect.x + 24, rect.y + 48 + 22 * j), theme.INK_DIM)
            if saved:
                moves = len(saved.session.actions)
                count = f"{moves} move{'s' * (moves != 1)}"
                room = rect.right - 124 - (rect.x + 22 + title.w / vp.scale) - 12
                text = first_fitting(vp, (f"#{saved.session.seed} · {count}", count), 14, room)
                fit_text(surface, vp, text, 14, (rect.right - 124, rect.y + 28), room,
                         theme.INK_DIM, "midright")
        self.draw_daily(surface)
        self.continue_buttons.draw(surface, vp)
        self.buttons.draw(surface, vp)
        keys = "Enter or click to play" + (" · C continue" if self.saved else "") + \
            (" · D deal of the day" if self.daily_games else "")
        draw_text(surface, vp, keys + " · F1 rules · F11 fullscreen",
                  16, (640, 772), theme.INK_DIM, "midbottom")
        draw_version(surface, vp)

    def draw_daily(self, surface) -> None:
        """The deal of the day: a button per solitaire, and its streak below."""
        if not self.daily_games:
            return
        vp = self.viewport
        draw_panel(surface, vp.rect(*DAILY), fill=theme.PANEL, edge=(90, 130, 104))
        draw_text(surface, vp, "Deal of the day", 17, (DAILY.x + 16, DAILY.y + 10), theme.GOLD,
                  face="bold")
        draw_text(surface, vp, date_words(today_deal.today()), 14,
                  (DAILY.right - 14, DAILY.y + 13), theme.INK_DIM, "topright")
        for button, game_id in zip(self.daily_buttons, self.daily_games):
            streak, played = self.daily_status.get(game_id, (0, False))
            if streak:
                text = f"done · streak {streak}" if played else f"streak {streak}: play today"
            else:
                text = "played today" if played else "not played yet"
            draw_text(surface, vp, text, 14, (button.rect.centerx, button.rect.bottom + 5),
                      theme.INK_DIM, "midtop")

    def draw_fan(self, surface) -> None:
        vp = self.viewport
        w, h = vp.length(44), vp.length(62)
        for i, code in enumerate(FAN):
            image = self.app.art.tilted(code, w, h, 24 - 12 * i)
            cx, cy = vp.point(330 + (i - 2) * 22, 66 + abs(i - 2) * 4)
            surface.blit(image, image.get_rect(center=(cx, cy)))


class InProgressDialog(Dialog):
    """Asked before a new game would replace the saved one."""

    width = 560

    def __init__(self, app, menu, game_id: str, start=None):
        self.menu, self.game_id = menu, game_id
        text = f"You have a game of {games.title(game_id)} in progress."
        super().__init__(app, "Game in progress", wrap(text, 19, self.width - 60), [
            ("Continue it", "C", lambda: self.then(menu.continue_game)),
            ("Start a new one", "N", lambda: self.then(start or menu.start_new)),
            ("Cancel", "Esc", self.close)], cancel=self.close)

    def close(self) -> None:
        self.app.pop(self)

    def then(self, action) -> None:
        self.close()
        action(self.game_id)
