"""The new-game screen of a table with several seats: who sits where, table options, deal."""
from __future__ import annotations

import re

import pygame

from ..engine import bots, games
from ..engine.contract import resolve_options
from ..store.settings import NAMES_KEPT
from ..ui import theme
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, shade
from .base import Scene
from .dialogs import DealNumberDialog
from .pass_and_play import LEVEL_HELP, Seat, default_seats

ROW_H = 42
NAME_LIMIT = 14
DEFAULT_NAME = re.compile(r"(Player|Computer) \d+")  # a name nobody typed


class SeatSetupDialog(Scene):
    opaque = False

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.rules = games.get(game_id)
        low, high = self.rules.SEATS
        self.seats = default_seats(game_id, max(low, min(4, high)))
        self.remembered = list(getattr(app.settings, "player_names", []))
        if self.remembered:
            self.seats[0].name = self.remembered[0]
        self.cursor = 0            # where typing goes in the name being edited
        self.all_selected = False  # Ctrl+A: the next key replaces the whole name
        try:
            self.options = resolve_options(self.rules.OPTIONS,
                                           app.settings.table_options.get(game_id, {}))
        except ValueError:
            self.options = resolve_options(self.rules.OPTIONS, {})
        self.seed = None
        self.editing: int | None = None
        self.kinds = [("human", None)] + [("computer", lv) for lv in bots.levels(game_id)]
        self.level_help = " · ".join(f"{lv}: {LEVEL_HELP[lv]}" for lv in bots.levels(game_id)
                                     if lv in LEVEL_HELP)
        self.layout_buttons()

    # -- layout ----------------------------------------------------------------
    def layout_buttons(self) -> None:
        buttons = []
        top = 150
        n = len(self.seats)
        low, high = self.rules.SEATS
        buttons.append(Button((330, 100, 60, 36), "−", lambda: self.resize(-1), enabled=n > low))
        buttons.append(Button((890, 100, 60, 36), "+", lambda: self.resize(+1), enabled=n < high))
        for i, seat in enumerate(self.seats):
            y = top + i * ROW_H
            buttons.append(Button((330, y, 300, 36), self.name_label(i),
                                  lambda i=i: self.edit(i), text_size=16))
            buttons.append(Button((650, y, 300, 36), seat.describe(),
                                  lambda i=i: self.cycle_kind(i), text_size=16))
        y = top + n * ROW_H + 14
        for option in self.rules.OPTIONS:
            label = f"{option.label}: {option.label_of(self.options[option.key])}"
            buttons.append(Button((330, y, 620, 36), label, lambda o=option: self.cycle(o),
                                  text_size=15))
            y += ROW_H
        deal = "random" if self.seed is None else f"#{self.seed}"
        buttons.append(Button((330, y, 620, 36), f"Deal number: {deal}", self.choose_deal, "D",
                              text_size=15))
        y += ROW_H
        self.help_y = y - 2  # the line that says what the computer levels mean
        y += 12 + (22 if self.level_help else 0)
        buttons.append(Button((330, y, 300, 44), "Deal", self.deal, "Enter"))
        buttons.append(Button((650, y, 300, 44), "Cancel", self.close, "Esc"))
        self.bottom = y + 44
        self.row = ButtonRow(buttons)

    # -- changes ---------------------------------------------------------------
    def resize(self, step: int) -> None:
        low, high = self.rules.SEATS
        n = max(low, min(high, len(self.seats) + step))
        while len(self.seats) < n:
            level = self.kinds[-1][1] or "random"
            self.seats.append(Seat(f"Computer {len(self.seats)}", "computer", level))
        del self.seats[n:]
        self.editing = None
        self.layout_buttons()

    def name_label(self, i: int) -> str:
        name = self.seats[i].name
        if self.editing != i:
            return name
        if self.all_selected:
            return f"[{name}]"
        return name[:self.cursor] + "|" + name[self.cursor:]

    def edit(self, i: int) -> None:
        self.editing = None if self.editing == i else i
        self.cursor = len(self.seats[i].name)
        self.all_selected = False
        self.layout_buttons()

    def cycle_kind(self, i: int) -> None:
        seat = self.seats[i]
        current = ("human", None) if seat.is_human else ("computer", seat.level)
        kind, level = self.kinds[(self.kinds.index(current) + 1) % len(self.kinds)]
        if kind != seat.kind and DEFAULT_NAME.fullmatch(seat.name):
            seat.name = self.fresh_name(i, kind)  # "Computer 2" made human is not a computer
        seat.kind = kind
        seat.level = level or seat.level
        self.layout_buttons()

    def fresh_name(self, i: int, kind: str) -> str:
        """A name for seat `i` turned `kind`: a remembered player's name not at the table yet,
        else Player N; Computer N for a computer."""
        if kind != "human":
            return f"Computer {i}" if i else "Computer"
        taken = {s.name for s in self.seats}
        return next((n for n in self.remembered if n not in taken), f"Player {i + 1}")

    def type_key(self, seat, event) -> None:
        """Edit a name: letters, Backspace/Delete, Left/Right/Home/End, Ctrl+A."""
        name, at = seat.name, self.cursor
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_a:
            self.all_selected = True
            return
        if self.all_selected and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            name, at = "", 0
        elif self.all_selected and event.key in (pygame.K_LEFT, pygame.K_HOME):
            at = 0
        elif self.all_selected and event.key in (pygame.K_RIGHT, pygame.K_END):
            at = len(name)
        elif self.all_selected and event.unicode and event.unicode.isprintable() and not ctrl:
            name, at = event.unicode, 1
        elif event.key == pygame.K_BACKSPACE:
            name, at = name[:max(0, at - 1)] + name[at:], max(0, at - 1)
        elif event.key == pygame.K_DELETE:
            name = name[:at] + name[at + 1:]
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            at = max(0, min(len(name), at + (1 if event.key == pygame.K_RIGHT else -1)))
        elif event.key == pygame.K_HOME:
            at = 0
        elif event.key == pygame.K_END:
            at = len(name)
        elif event.unicode and event.unicode.isprintable() and not ctrl and len(name) < NAME_LIMIT:
            name, at = name[:at] + event.unicode + name[at:], at + 1
        self.all_selected = False
        seat.name, self.cursor = name, at

    def cycle(self, option) -> None:
        values = [v for v, _ in option.choices]
        self.options[option.key] = values[(values.index(self.options[option.key]) + 1) % len(values)]
        self.layout_buttons()

    def choose_deal(self) -> None:
        def chosen(seed):
            self.seed = seed
            self.layout_buttons()
        self.app.push(DealNumberDialog(self.app, chosen))

    def deal(self) -> None:
        for i, seat in enumerate(self.seats):
            seat.name = seat.name.strip() or f"Player {i + 1}"
        typed = [s.name for s in self.seats if s.is_human and not DEFAULT_NAME.fullmatch(s.name)]
        if hasattr(self.app.settings, "player_names"):  # remembered for the next game
            kept = typed + [n for n in self.remembered if n not in typed]
            self.app.settings.player_names = kept[:NAMES_KEPT]
        self.app.settings.table_options[self.game_id] = dict(self.options)
        self.app.save_settings()
        self.app.pop(self)
        self.app.start_game(self.game_id, self.seed, dict(self.options), seats=list(self.seats))

    def close(self) -> None:
        self.app.pop(self)

    # -- input -----------------------------------------------------------------
    def handle(self, event) -> None:
        if self.row.handle(event, self.viewport):
            return
        if event.type != pygame.KEYDOWN:
            return
        if self.editing is not None:
            seat = self.seats[self.editing]
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.editing = None
            else:
                self.type_key(seat, event)
            self.layout_buttons()
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.deal()
        elif event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key == pygame.K_d:
            self.choose_deal()

    def draw(self, surface) -> None:
        vp = self.viewport
        shade(surface)
        draw_panel(surface, vp.rect(290, 24, 700, self.bottom), fill=theme.OPAQUE_PANEL)
        draw_text(surface, vp, f"New game of {self.rules.TITLE}", 30, (640, 40), theme.GOLD,
                  "midtop", "bold")
        draw_text(surface, vp, f"{len(self.seats)} seats", 22, (640, 104), theme.INK, "midtop",
                  "bold")
        if self.editing is not None:
            draw_text(surface, vp, "Type a name, Enter when done", 14, (480, 136), theme.INK_DIM,
                      "midtop")
        if self.level_help:
            draw_text(surface, vp, f"Computers: {self.level_help}", 14, (640, self.help_y),
                      theme.INK_DIM, "midtop")
        self.row.draw(surface, vp)
