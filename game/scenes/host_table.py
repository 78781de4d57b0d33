"""Host a table: pick the game, its options and who sits where (you, a friend, a computer),
then open it to the network; friends join with the address and code shown at the table.

The table's server runs in this app, on a background thread (game/net/hosting.py); this
screen's own seat connects to it like any other (over loopback), so every player's screen
works the same way. A headless server's lobby uses the same form to create a table there.
"""
from __future__ import annotations

from typing import Literal

import pygame

from ..engine import bots, games
from ..engine.contract import resolve_options
from ..net import hosting, saving
from ..net.table import GAMES, Table, TableSeat
from ..store import saves
from ..store.jsonfile import BadFile
from ..ui import theme
from ..ui.controls import Chooser, Control, TextField, caret_change
from ..ui.forms import LABEL_SIZE, draw_field_label, first_fitting, focus_step, option_fields
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, fit_text, shade
from .base import Dialog, Scene
from .dialogs import ConfirmDialog
from .online_table import Seating, open_table
from .registry import playable

ROW_H = 44
NAME_LIMIT = 14
PANEL_X, PANEL_W = 290, 700
LEFT, CONTROL_X, RIGHT = 330, 470, 950  # labels, then controls


def player_name(app) -> str:
    names = list(getattr(app.settings, "player_names", []) or [])
    return names[0] if names else "Host"


class HostTableScreen(Scene):
    """Up/Down (Tab) choose a row, Left/Right change it (G: the next game), typing goes to the
    focused field; Enter opens the table, Esc goes back."""
    opaque = False

    def __init__(self, app, game_id: str | None = None, lobby=None):
        """`lobby`: a JoinTableScreen connected to a headless server, to create the table
        there instead of hosting it here."""
        super().__init__(app)
        self.lobby = lobby
        self.ids = [g for g in playable() if g in GAMES]
        self.game_id = game_id if game_id is not None and game_id in self.ids else self.ids[0]
        name = lobby.name.text.strip() if lobby is not None else ""
        self.name = TextField((CONTROL_X, 0, 0, 38), name or player_name(app), "Your name",
                              NAME_LIMIT)
        self.port = TextField((0, 0, 0, 38), str(hosting.DEFAULT_PORT), str(hosting.DEFAULT_PORT),
                              5)
        self.fields = [self.name] if lobby else [self.name, self.port]
        for field in self.fields:
            field.on_click = lambda f=field: self.focus_on(f)
        self.error = ""
        self.focus = 0
        self.choose_game(self.game_id)

    def choose_game(self, game_id: str) -> None:
        self.game_id = game_id
        self.rules = games.get(game_id)
        low, high = self.rules.SEATS
        count = max(low, min(4, high))
        self.levels = bots.levels(game_id)
        self.kinds: list[tuple[str, str | None]] = [("open", None)]
        self.kinds += [("computer", lv) for lv in self.levels]
        self.seats: list[tuple[str, str | None]] = [("me", None)]
        self.seats += [("open", None)] * (count - 1)
        try:
            saved = self.app.settings.table_options.get(game_id, {})
            self.options = resolve_options(self.rules.OPTIONS, saved)
        except ValueError:
            self.options = resolve_options(self.rules.OPTIONS, {})
        self.layout_buttons()

    def next_game(self, step: int = 1) -> None:
        self.choose_game(self.ids[(self.ids.index(self.game_id) + step) % len(self.ids)])

    def layout_buttons(self) -> None:
        low, high = self.rules.SEATS
        y = 88
        self.game = Chooser((CONTROL_X, y, RIGHT - CONTROL_X, 40), lambda: self.rules.TITLE,
                            self.next_game)
        y += 50
        if self.lobby:
            self.name.rect = pygame.Rect(CONTROL_X, y, RIGHT - CONTROL_X, 38)
        else:
            self.name.rect = pygame.Rect(CONTROL_X, y, 250, 38)
            self.port.rect = pygame.Rect(RIGHT - 130, y, 130, 38)
        y += 48
        self.count = Chooser((CONTROL_X, y, 250, 40), lambda: f"{len(self.seats)} seats",
                             self.resize, ("−", "+"),
                             can=lambda step: low <= len(self.seats) + step <= high)
        y += 50
        self.seat_choosers = []
        for i in range(len(self.seats)):
            mine = self.seats[i][0] == "me"
            self.seat_choosers.append(Chooser((CONTROL_X, y, RIGHT - CONTROL_X, 38),
                                              lambda i=i: self.seat_label(i),
                                              lambda step, i=i: self.cycle(i, step),
                                              enabled=not mine))
            y += ROW_H
        y += 4
        self.option_rows, y = option_fields(self.rules.OPTIONS, self.options, lambda: None,
                                            LEFT, y, RIGHT - LEFT, label_width=CONTROL_X - LEFT - 12)
        y += 12 if self.option_rows else 8
        self.error_y = y
        y += 30
        self.row = ButtonRow([Button((LEFT, y, 300, 44), "Open the table", self.open, "Enter"),
                              Button((RIGHT - 300, y, 300, 44), "Cancel", self.close, "Esc")])
        self.bottom = y + 44 + 16
        self.controls: list[Control] = [self.game, *self.fields, self.count]
        self.controls += [c for c in self.seat_choosers if c.enabled]
        self.controls += [f.control for f in self.option_rows]
        self.set_focus(self.focus)

    def set_focus(self, index: int) -> None:
        self.focus = index % len(self.controls)
        for i, c in enumerate(self.controls):
            c.focused = i == self.focus
        for field in self.fields:
            if field.focused:
                field.cursor = len(field.text)

    def focus_on(self, control) -> None:
        if control in self.controls:
            self.set_focus(self.controls.index(control))

    def seat_label(self, i: int) -> str:
        kind, level = self.seats[i]
        if kind == "me":
            return "You"
        if kind == "open":
            return "Open for a friend"
        return f"Computer ({level})"

    def resize(self, step: int) -> None:
        low, high = self.rules.SEATS
        n = max(low, min(high, len(self.seats) + step))
        self.seats = (self.seats + [("open", None)] * n)[:n]
        self.layout_buttons()

    def cycle(self, i: int, step: int = 1) -> None:
        self.seats[i] = self.kinds[(self.kinds.index(self.seats[i]) + step) % len(self.kinds)]
        self.layout_buttons()

    # -- opening --------------------------------------------------------------------------
    def offline_game_in_progress(self) -> bool:
        """Whether this game has a save at this computer that is not an online table's (the
        host's table autosaves in the same place)."""
        try:
            saved = saves.load(self.game_id)
        except (BadFile, OSError):
            return False
        return saved is not None and not saving.is_online(saved)

    def open(self, replace_ok: bool = False) -> None:
        name = self.name.text.strip()
        if not name:
            self.error = "Type your name first."
            return
        if self.lobby is not None:
            self.app.pop(self)
            self.lobby.create(self.game_id, self.seat_requests(), dict(self.options), name)
            return
        port = int(self.port.text or 0)
        if not 1024 <= port <= 65535:
            self.error = "A port is a number from 1024 to 65535 (8765 unless it is taken)."
            return
        if not replace_ok and self.offline_game_in_progress():
            title = games.title(self.game_id)
            self.app.push(ConfirmDialog(
                self.app, "Game in progress",
                f"You have a game of {title} in progress at this computer. Hosting a table of "
                f"{title} ends it: its save makes way for the table's.",
                lambda: self.open(replace_ok=True), yes="Host anyway", no="Keep my game"))
            return
        seats = [TableSeat(name if kind == "me" else f"Seat {i + 1}",
                           "computer" if kind == "computer" else "open", level or "normal")
                 for i, (kind, level) in enumerate(self.seats)]
        for i, seat in enumerate(seats):
            if seat.kind == "computer":
                seat.name = f"Computer {i + 1}"
        table = Table(self.game_id, seats, dict(self.options))
        self.app.settings.table_options[self.game_id] = dict(self.options)
        self.app.save_settings()
        self.app.pop(self)
        me = next(i for i, (kind, _) in enumerate(self.seats) if kind == "me")
        table.host_seat = me
        self.app.push(OpeningScreen(self.app, table, {"type": "join", "table": table.id,
                                                      "seat": me, "name": name}, port, name))

    def seat_requests(self) -> list:
        return [{"kind": "computer", "level": level} if kind == "computer" else {"kind": "open"}
                for kind, level in self.seats]

    def close(self) -> None:
        self.app.pop(self)

    # -- input and drawing ----------------------------------------------------------------
    def next_change(self) -> float | None:
        return caret_change(self.controls)  # a focused field's caret blinks

    def handle(self, event) -> None:
        used = self.row.handle(event, self.viewport)
        for c in list(self.controls):
            if c.handle(event, self.viewport):
                used = True
                self.focus_on(c)
        if used or event.type != pygame.KEYDOWN:
            return
        focused = self.controls[self.focus]
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open()
        elif event.key == pygame.K_ESCAPE:
            self.close()
        elif focus_step(event):
            self.set_focus(self.focus + focus_step(event))
        elif isinstance(focused, TextField):
            self.type_into(focused, event)
        elif event.key == pygame.K_g:
            self.next_game()
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            focused.step(1 if event.key == pygame.K_RIGHT else -1)

    def type_into(self, field: TextField, event) -> None:
        if field is self.port and event.unicode and event.unicode.isprintable() \
                and not event.unicode.isdigit():
            return  # a port is digits
        field.type_key(event)
        self.error = ""

    def draw(self, surface) -> None:
        vp = self.viewport
        shade(surface)
        draw_panel(surface, vp.rect(PANEL_X, 24, PANEL_W, self.bottom - 24),
                   fill=theme.OPAQUE_PANEL)
        title = "New table on the server" if self.lobby else "Host a table"
        draw_text(surface, vp, title, 30, (640, 40), theme.GOLD, "midtop", "bold")
        self.label(surface, "Game", self.game)
        self.label(surface, "Your name", self.name)
        if not self.lobby:
            draw_text(surface, vp, "Port", LABEL_SIZE, (self.port.rect.x - 12,
                                                        self.port.rect.centery),
                      theme.INK, "midright", "bold")
        self.label(surface, "Seats", self.count)
        for i, chooser in enumerate(self.seat_choosers):
            draw_text(surface, vp, f"Seat {i + 1}", LABEL_SIZE, (LEFT, chooser.rect.centery),
                      theme.INK_DIM, "midleft", "bold")
        for c in [self.game, *self.fields, self.count, *self.seat_choosers]:
            c.draw(surface, vp)
        for f in self.option_rows:
            draw_field_label(surface, vp, f)
            f.control.draw(surface, vp)
        if self.error:
            fit_text(surface, vp, self.error, 16, (640, self.error_y), RIGHT - LEFT, theme.RED,
                     "midtop")
        else:
            help_text = first_fitting(vp, ("Up/Down choose · Left/Right change a seat: open for "
                                           "a friend or a computer",
                                           "Up/Down choose · Left/Right change a seat"),
                                      15, RIGHT - LEFT)
            fit_text(surface, vp, help_text, 15, (640, self.error_y), RIGHT - LEFT, theme.INK_DIM,
                     "midtop")
        self.row.draw(surface, vp)

    def label(self, surface, words: str, control) -> None:
        draw_text(surface, self.viewport, words, LABEL_SIZE, (LEFT, control.rect.centery),
                  theme.INK, "midleft", "bold")


class OpeningScreen(Dialog):
    """Start the table's server here, then take this screen's seat (a new seat, or the saved one
    with its token when a saved table is resumed)."""

    def __init__(self, app, table: Table, request: dict, port: int = hosting.DEFAULT_PORT,
                 name: str = ""):
        self.table = table
        self.request = request
        self.host = hosting.HostThread(table, port, announce_as=name)
        self.seating: Seating | Literal[False] | None = None   # False: it failed
        super().__init__(app, "Opening the table",
                         [f"{table.rules.TITLE}: starting the table for your friends…"],
                         [("Cancel", "Esc", self.cancel)], cancel=self.cancel)

    def update(self, dt: float) -> None:
        if self.seating is False:
            return
        if self.seating is None:
            if self.host.error:
                self.fail(self.host.error)
            elif self.host.port is not None:
                invite = f"{hosting.lan_address()}:{self.host.port}"
                self.seating = Seating(f"ws://127.0.0.1:{self.host.port}", self.request,
                                       self.host, invite)
            return
        outcome = self.seating.poll()
        if outcome is None:
            return
        if outcome[0] == "table":
            open_table(self.app, outcome[1], outcome[2])
        else:
            self.fail(outcome[1])

    def fail(self, words: str) -> None:
        self.seating = False  # nothing more to wait for
        self.host.stop()
        self.lines = [words]
        self.set_buttons([("Back", "Esc", self.cancel)])

    def cancel(self) -> None:
        if self.seating:
            self.seating.give_up()
        else:
            self.host.stop()
        self.app.pop(self)


def resume_hosting(app, table: Table) -> None:
    """Open a saved online table again: the host takes back its seat with its token; everyone
    else re-joins with theirs."""
    seat = table.host_seat if table.host_seat is not None else 0
    app.push(OpeningScreen(app, table, {"type": "rejoin", "table": table.id,
                                        "token": table.token_of(seat)},
                           name=table.seats[seat].name))
