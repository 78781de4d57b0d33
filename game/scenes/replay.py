"""Game records: a list of the exported ones, and a viewer that steps through a game.

The viewer shows the game's own table, built read-only: it never saves, never acts, and
gets no input; it is shown the game as it stood after each number of actions.
"""
from __future__ import annotations

import re

import pygame

from ..engine import games
from ..engine.session import Session
from ..store import records
from ..store.jsonfile import BadFile
from ..ui import theme
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, fit_text, shade
from .base import Scene, rows_beyond
from .registry import scene_for

ROW_H = 48
VISIBLE_ROWS = 11
RECORD_NAME = re.compile(r"(?P<game>[a-z_]+)-(?P<day>\d{8})-(?P<time>\d{6})-deal(?P<seed>\d+)")


def describe_record(path) -> str:
    """'Scoundrel · deal #12 · 2025-03-01 14:05', from the file name alone."""
    m = RECORD_NAME.match(path.stem)
    if not m:
        return path.stem
    try:
        title = games.get(m["game"]).TITLE
    except KeyError:
        title = m["game"]
    day, hour = m["day"], m["time"]
    return (f"{title} · deal #{m['seed']} · "
            f"{day[:4]}-{day[4:6]}-{day[6:]} {hour[:2]}:{hour[2:4]}")


class RecordsList(Scene):
    """The exported records, newest first; Enter or a click opens one."""

    opaque = False

    def __init__(self, app):
        super().__init__(app)
        self.paths = records.listing()
        self.labels = [describe_record(p) for p in self.paths]
        self.outcomes = [records.outcome(p) for p in self.paths]
        self.selected = 0
        self.first = 0
        self.close_button = Button((540, 696, 200, 44), "Close", self.close, "Esc")
        self.buttons = ButtonRow([self.close_button])
        self.on_resize()

    @property
    def panel(self) -> pygame.Rect:
        """The design's panel, taller on a square or portrait window (more rows at once)."""
        extra = self.growth()
        return pygame.Rect(190, 40 - extra, 900, 720 + 2 * extra)

    def growth(self) -> int:
        """Logical rows the panel grows by at its top and its bottom: as many as the records
        beyond the design's rows need, as far as the window has room."""
        more = max(0, len(self.paths) - VISIBLE_ROWS)
        return min(rows_beyond(self.viewport), more * ROW_H // 2)

    @property
    def shown_rows(self) -> int:
        return VISIBLE_ROWS + 2 * self.growth() // ROW_H

    def on_resize(self) -> None:
        self.close_button.rect.y = self.panel.bottom - 64
        self.first = max(0, min(self.first, len(self.paths) - self.shown_rows))
        self.select(self.selected)

    def close(self) -> None:
        self.app.pop(self)

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.panel.x + 30, self.panel.y + 84 + (i - self.first) * ROW_H,
                           self.panel.w - 60, ROW_H - 6)

    def visible(self) -> range:
        return range(self.first, min(len(self.paths), self.first + self.shown_rows))

    def row_at(self, pos):
        point = self.viewport.to_logical(pos)
        return next((i for i in self.visible() if self.row_rect(i).collidepoint(point)), None)

    def select(self, i: int) -> None:
        if not self.paths:
            return
        self.selected = max(0, min(i, len(self.paths) - 1))
        self.first = max(min(self.first, self.selected), self.selected - self.shown_rows + 1)

    def open(self, i: int) -> None:
        if not 0 <= i < len(self.paths):
            return
        try:
            record = records.load(self.paths[i])
        except BadFile as exc:
            self.forget(i)
            self.app.notify("Record put aside", f"This record could not be shown: {exc}")
            return
        if record is None:  # gone since the list was made
            self.forget(i)
            return
        self.app.push(ReplayViewer(self.app, record))

    def forget(self, i: int) -> None:
        del self.paths[i], self.labels[i], self.outcomes[i]
        self.select(self.selected)

    def handle(self, event) -> None:
        if self.buttons.handle(event, self.viewport):
            return
        if event.type == pygame.MOUSEMOTION:
            i = self.row_at(event.pos)
            if i is not None:
                self.selected = i
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            i = self.row_at(event.pos)
            if i is not None:
                self.open(i)
        elif event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.paths) - self.shown_rows)
            self.first = max(0, min(self.first - event.y, most))
            self.selected = max(self.first, min(self.selected, self.first + self.shown_rows - 1))
        elif event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: self.shown_rows,
                     pygame.K_PAGEUP: -self.shown_rows}
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(self.selected)
            elif event.key in steps:
                self.select(self.selected + steps[event.key])
            elif event.key == pygame.K_HOME:
                self.select(0)
            elif event.key == pygame.K_END:
                self.select(len(self.paths) - 1)

    def draw(self, surface) -> None:
        vp = self.viewport
        shade(surface, (0, 0, 0, 190))
        draw_panel(surface, vp.rect(*self.panel), fill=theme.OPAQUE_PANEL)
        draw_text(surface, vp, "Game records", 32, (640, self.panel.y + 20), theme.GOLD,
                  "midtop", "bold")
        if not self.paths:
            draw_text(surface, vp, "No records yet: at the end of a game, choose Export record.",
                      19, (640, self.panel.y + 120), theme.INK_DIM, "midtop")
        for i in self.visible():
            rect = self.row_rect(i)
            chosen = i == self.selected
            draw_panel(surface, vp.rect(*rect), fill=(12, 44, 30, 230) if chosen else theme.PANEL,
                       edge=theme.GOLD if chosen else (90, 130, 104), radius=8)
            words, won = self.outcomes[i]
            right = 0
            if words:
                shown = fit_text(surface, vp, words, 17, (rect.right - 16, rect.centery), 260,
                                 theme.GREEN if won else theme.RED, "midright", "bold")
                right = shown.w / vp.scale + 24
            fit_text(surface, vp, self.labels[i], 19, (rect.x + 16, rect.centery),
                     rect.w - 32 - right, theme.GOLD if chosen else theme.INK, "midleft")
        if len(self.paths) > self.shown_rows:
            listed = f"{self.first + 1}-{self.visible()[-1] + 1} of {len(self.paths)}"
            draw_text(surface, vp, listed + " · scroll with the wheel or the arrow keys", 14,
                      (640, self.panel.bottom - 88), theme.INK_DIM, "midtop")
        self.buttons.draw(surface, vp)


class HiddenButtons(ButtonRow):
    """A table's own buttons, kept for its drawing code but not shown."""

    def draw(self, surface, viewport) -> None:
        pass


class ReplayViewer(Scene):
    """A record's game, one action at a time: Left/Right, Home/End, Esc closes."""

    BAR_HEIGHT = 52
    reflows = True

    def __init__(self, app, record):
        super().__init__(app)
        self.record = record
        self.actions = list(record.session.actions)
        start = record.session
        self.game = scene_for(start.game_id)(app, seed=start.seed, options=start.options)
        self.game.autosave = False
        self.game.replaying = True  # its tip line gives the replay's keys, its clock no time
        self.game.buttons = HiddenButtons(self.game.buttons.buttons)
        self.game.use_seat_info(record.seats)
        self.buttons = ButtonRow([
            Button((0, 0, 70, 40), "|<", lambda: self.show(0), text_size=16),
            Button((0, 0, 70, 40), "<", lambda: self.show(self.step - 1), text_size=16),
            Button((0, 0, 70, 40), ">", lambda: self.show(self.step + 1), text_size=16),
            Button((0, 0, 70, 40), ">|", lambda: self.show(len(self.actions)), text_size=16),
            Button((0, 0, 220, 40), "Close", self.close, "Esc", text_size=16),
        ])
        self.place_buttons()
        self.step = -1
        self.show(0)

    @property
    def bar(self) -> pygame.Rect:
        """The replay's bar along the bottom of the window."""
        w, h = self.viewport.logical
        return pygame.Rect(0, round(h) - self.BAR_HEIGHT, round(w), self.BAR_HEIGHT)

    def place_buttons(self) -> None:
        """The buttons at the bar's right end (580 logical pixels from the window's edge)."""
        x, y = self.bar.right - 580, self.bar.y + 6
        for button, left in zip(self.buttons.buttons, (0, 80, 160, 240, 330)):
            button.rect.topleft = (x + left, y)

    def on_resize(self) -> None:
        self.game.on_resize()
        self.place_buttons()

    def show(self, step: int) -> None:
        """The table as it stood after `step` actions."""
        step = max(0, min(step, len(self.actions)))
        if step == self.step:
            return
        self.step = step
        s = self.record.session
        session = Session(s.game_id, s.seats, s.seed, s.options, s.deck)
        for text in self.actions[:step]:
            session.apply(text)  # the record was replayed when it was loaded
        self.game.use_session(session)
        self.game.table.finish_all()
        self.game.say("")

    def caption(self) -> str:
        what = self.game.action_words(self.actions[self.step - 1]) if self.step else "the deal"
        return f"Move {self.step} of {len(self.actions)}: {what}"

    def close(self) -> None:
        self.app.pop(self)

    def handle(self, event) -> None:
        if self.buttons.handle(event, self.viewport) or event.type != pygame.KEYDOWN:
            return
        moves = {pygame.K_LEFT: self.step - 1, pygame.K_RIGHT: self.step + 1,
                 pygame.K_HOME: 0, pygame.K_END: len(self.actions)}
        if event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key in moves:
            self.show(moves[event.key])

    def draw(self, surface) -> None:
        self.game.draw(surface)
        vp = self.viewport
        bar = self.bar
        draw_panel(surface, vp.rect(*bar), fill=(8, 30, 20, 235), edge=None, radius=0)
        text = self.caption()
        if len(text) > 60:
            text = text[:59] + "…"
        draw_text(surface, vp, "Replay · " + text, 19, (30, bar.centery), theme.INK,
                  "midleft", "bold")
        self.buttons.draw(surface, vp)
