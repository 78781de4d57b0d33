"""The new-game screen of a table with several seats: who sits where, table options, deal.

The table comes back as it was last dealt: each typed name stays with its seat. Up/Down (Tab)
choose a row, Left/Right change it, a click on a name (or Enter on it) types there; digits
type a deal number (D goes to its field); Enter deals, Esc goes back."""
from __future__ import annotations

import re

import pygame

from ..engine import bots, games
from ..engine.contract import resolve_options
from ..store.settings import NAMES_KEPT
from ..ui import theme
from ..ui.controls import Chooser, TextField, caret_change
from ..ui.forms import draw_field_label, focus_step, option_fields
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, shade
from .base import Scene
from .new_game import deal_field, type_digit, typed_deal
from .pass_and_play import LEVEL_HELP, LEVEL_NAMES, Seat, default_seats

ROW_H = 46
NAME_LIMIT = 14
DEFAULT_NAME = re.compile(r"(Player|Computer) \d+")  # a name nobody typed
PANEL = pygame.Rect(190, 12, 900, 0)   # its height follows the rows
LEFT, NAME_X, KIND_X, RIGHT = 230, 320, 690, 1050


def last_table(app, game_id: str) -> list:
    """The seats as last dealt (at any table), fitted to this game's seat count and levels;
    else the default seats with the latest remembered name at the first."""
    low, high = games.get(game_id).SEATS
    levels = bots.levels(game_id)
    last = getattr(app.settings, "last_seats", [])
    kept = [Seat(name, kind, level) for name, kind, level in last]
    if not kept:
        seats = default_seats(game_id, max(low, min(4, high)))
        remembered = list(getattr(app.settings, "player_names", []))
        if remembered:
            seats[0].name = remembered[0]
        return seats
    seats = kept[:high]
    seats += default_seats(game_id, max(low, len(seats)))[len(seats):]
    for seat in seats:
        level = bots.current_level(game_id, seat.level) if levels else None
        seat.level = level or (levels[-1] if levels else "random")
    return seats


class SeatSetupDialog(Scene):
    opaque = False

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.rules = games.get(game_id)
        self.seats = last_table(app, game_id)
        self.remembered = list(getattr(app.settings, "player_names", []))
        try:
            self.options = resolve_options(self.rules.OPTIONS,
                                           app.settings.table_options.get(game_id, {}))
        except ValueError:
            self.options = resolve_options(self.rules.OPTIONS, {})
        self.editing: int | None = None
        self.cursor = 0            # where typing goes in the name being edited
        self.all_selected = False  # Ctrl+A: the next key replaces the whole name
        self.error = ""
        self.focus = 0
        self.kinds = [("human", None)] + [("computer", lv) for lv in bots.levels(game_id)]
        self.level_help = " · ".join(f"{lv}: {LEVEL_HELP[lv]}" for lv in bots.levels(game_id)
                                     if lv in LEVEL_HELP)
        self.deal_number = deal_field((0, 0, 0, 0), self.focus_deal)
        self.layout_buttons()

    @property
    def seed(self):
        return typed_deal(self.deal_number)[0]

    # -- layout ----------------------------------------------------------------
    def layout_buttons(self) -> None:
        low, high = self.rules.SEATS
        n = len(self.seats)
        self.count = Chooser((490, PANEL.y + 70, 300, 40), lambda: f"{len(self.seats)} seats",
                             self.resize, ("−", "+"),
                             can=lambda step: low <= len(self.seats) + step <= high)
        self.names, self.kind_choosers = [], []
        top = PANEL.y + 128
        for i, seat in enumerate(self.seats):
            y = top + i * ROW_H
            field = TextField((NAME_X, y, KIND_X - NAME_X - 20, 38), seat.name, f"Player {i + 1}",
                              NAME_LIMIT, lambda i=i: self.edit(i))
            if self.editing == i:
                field.focused = True
                field.cursor = min(self.cursor, len(seat.name))
                field.all_selected = self.all_selected
            self.names.append(field)
            self.kind_choosers.append(Chooser((KIND_X, y, RIGHT - KIND_X, 38),
                                              lambda s=seat: s.describe(),
                                              lambda step, i=i: self.cycle_kind(i, step)))
        y = top + n * ROW_H + 12
        self.fields, y = option_fields(self.rules.OPTIONS, self.options, lambda: None,
                                       LEFT, y, RIGHT - LEFT, label_width=NAME_X - LEFT + 140)
        y += 12 if self.fields else 0
        self.deal_label_y = y + 20
        self.deal_number.rect = pygame.Rect(KIND_X, y, RIGHT - KIND_X, 40)
        y += 52
        self.help_y = y
        y += 26 if self.level_help else 0
        y += 8
        self.row = ButtonRow([Button((LEFT + 100, y, 300, 46), "Deal", self.deal, "Enter"),
                              Button((RIGHT - 400, y, 300, 46), "Cancel", self.close, "Esc")])
        self.bottom = y + 46 + 18
        self.controls = ([self.count] + [c for pair in zip(self.names, self.kind_choosers)
                                         for c in pair]
                         + [f.control for f in self.fields] + [self.deal_number])
        self.set_focus(self.focus)

    def set_focus(self, index: int) -> None:
        self.focus = index % len(self.controls)
        for i, c in enumerate(self.controls):
            c.focused = i == self.focus or (c in self.names and self.names.index(c) == self.editing)

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

    def edit(self, i: int) -> None:
        self.editing = None if self.editing == i else i
        self.cursor = len(self.seats[i].name)
        self.all_selected = False
        self.focus = 1 + 2 * i
        self.layout_buttons()

    def cycle_kind(self, i: int, step: int = 1) -> None:
        seat = self.seats[i]
        current = ("human", None) if seat.is_human else ("computer", seat.level)
        if current not in self.kinds:
            current = self.kinds[-1]
        kind, level = self.kinds[(self.kinds.index(current) + step) % len(self.kinds)]
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
        """Edit the name being typed (controls.TextField does the editing)."""
        assert self.editing is not None  # handle() types only while a name is being edited
        field = self.names[self.editing]
        field.text, field.cursor, field.all_selected = seat.name, self.cursor, self.all_selected
        field.type_key(event)
        seat.name, self.cursor, self.all_selected = field.text, field.cursor, field.all_selected

    def focus_deal(self) -> None:
        self.editing = None
        self.set_focus(len(self.controls) - 1)

    def choose_deal(self) -> None:
        self.focus_deal()
        self.layout_buttons()

    def deal(self) -> None:
        seed, self.error = typed_deal(self.deal_number)
        if self.error:
            self.focus_deal()
            return
        for i, seat in enumerate(self.seats):
            seat.name = seat.name.strip() or f"Player {i + 1}"
        typed = [s.name for s in self.seats if s.is_human and not DEFAULT_NAME.fullmatch(s.name)]
        if hasattr(self.app.settings, "player_names"):  # remembered for the next game
            kept = typed + [n for n in self.remembered if n not in typed]
            self.app.settings.player_names = kept[:NAMES_KEPT]
        if hasattr(self.app.settings, "last_seats"):  # each name stays with its seat
            self.app.settings.last_seats = [[s.name, s.kind, LEVEL_NAMES.get(s.level, s.level)]
                                            for s in self.seats]
        self.app.settings.table_options[self.game_id] = dict(self.options)
        self.app.save_settings()
        self.app.pop(self)
        self.app.start_game(self.game_id, seed, dict(self.options), seats=list(self.seats))

    def close(self) -> None:
        self.app.pop(self)

    # -- input -----------------------------------------------------------------
    def next_change(self) -> float | None:
        return caret_change(self.controls)  # a focused field's caret blinks

    def handle(self, event) -> None:
        used = self.row.handle(event, self.viewport)
        for c in list(self.controls):
            if c.handle(event, self.viewport):
                used = True
                if c in self.controls and c not in self.names and c is not self.deal_number:
                    index = self.controls.index(c)  # laying out again makes new controls
                    if self.editing is not None:
                        self.editing = None
                        self.layout_buttons()
                    self.set_focus(index)
        if used or event.type != pygame.KEYDOWN:
            return
        if self.editing is not None:
            seat = self.seats[self.editing]
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB, pygame.K_ESCAPE):
                self.editing = None
            else:
                self.type_key(seat, event)
            self.layout_buttons()
            return
        focused = self.controls[self.focus]
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if focused in self.names:
                self.edit(self.names.index(focused))
            else:
                self.deal()
        elif event.key == pygame.K_ESCAPE:
            self.close()
        elif focus_step(event):
            self.set_focus(self.focus + focus_step(event))
        elif event.key == pygame.K_d and not self.deal_number.focused:
            self.focus_deal()
        elif type_digit(self.deal_number, event):
            self.focus_deal()
            self.error = ""
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            focused.step(1 if event.key == pygame.K_RIGHT else -1)

    def draw(self, surface) -> None:
        vp = self.viewport
        shade(surface)
        draw_panel(surface, vp.rect(PANEL.x, PANEL.y, PANEL.w, self.bottom - PANEL.y),
                   fill=theme.OPAQUE_PANEL)
        draw_text(surface, vp, f"New game of {self.rules.TITLE}", 30, (640, PANEL.y + 18),
                  theme.GOLD, "midtop", "bold")
        self.count.draw(surface, vp)
        for i, (field, kind) in enumerate(zip(self.names, self.kind_choosers)):
            draw_text(surface, vp, f"Seat {i + 1}", 17, (LEFT, field.rect.centery), theme.INK_DIM,
                      "midleft", "bold")
            field.draw(surface, vp)
            kind.draw(surface, vp)
        for f in self.fields:
            draw_field_label(surface, vp, f)
            f.control.draw(surface, vp)
        draw_text(surface, vp, "Deal number", 17, (LEFT, self.deal_label_y), theme.INK, "midleft",
                  "bold")
        self.deal_number.draw(surface, vp)
        if self.error:
            draw_text(surface, vp, self.error, 15, (640, self.help_y), theme.RED, "midtop")
        elif self.editing is not None:
            draw_text(surface, vp, "Type a name, Enter when done", 15, (640, self.help_y),
                      theme.INK_DIM, "midtop")
        elif self.level_help:
            draw_text(surface, vp, f"Computers: {self.level_help}", 15, (640, self.help_y),
                      theme.INK_DIM, "midtop")
        self.row.draw(surface, vp)
