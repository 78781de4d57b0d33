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
from ..ui.textfield import TextField
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, fit_text, shade
from .base import Dialog, Scene
from .dialogs import ConfirmDialog
from .online_table import Seating, open_table
from .registry import playable

ROW_H = 42
NAME_LIMIT = 14


def player_name(app) -> str:
    names = list(getattr(app.settings, "player_names", []) or [])
    return names[0] if names else "Host"


class HostTableScreen(Scene):
    opaque = False

    def __init__(self, app, game_id: str | None = None, lobby=None):
        """`lobby`: a JoinTableScreen connected to a headless server, to create the table
        there instead of hosting it here."""
        super().__init__(app)
        self.lobby = lobby
        self.ids = [g for g in playable() if g in GAMES]
        self.game_id = game_id if game_id is not None and game_id in self.ids else self.ids[0]
        name = lobby.name.text.strip() if lobby is not None else ""
        self.name = TextField((330, 166, 300, 36), "Your name", name or player_name(app),
                              NAME_LIMIT)
        self.port = TextField((650, 166, 300, 36), "Port", str(hosting.DEFAULT_PORT), 5,
                              str.isdigit)
        self.fields = [self.name] if lobby else [self.name, self.port]
        self.error = ""
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

    def next_game(self) -> None:
        self.choose_game(self.ids[(self.ids.index(self.game_id) + 1) % len(self.ids)])

    def layout_buttons(self) -> None:
        low, high = self.rules.SEATS
        n = len(self.seats)
        buttons = [Button((330, 100, 620, 36), f"Game: {self.rules.TITLE}", self.next_game, "G",
                          text_size=16),
                   Button((330, 216, 60, 36), "−", lambda: self.resize(-1), enabled=n > low),
                   Button((890, 216, 60, 36), "+", lambda: self.resize(+1), enabled=n < high)]
        y = 262
        for i, (kind, _level) in enumerate(self.seats):
            buttons.append(Button((330, y, 620, 36), self.seat_label(i), lambda i=i: self.cycle(i),
                                  enabled=kind != "me", text_size=16))
            y += ROW_H
        for option in self.rules.OPTIONS:
            label = f"{option.label}: {option.label_of(self.options[option.key])}"
            buttons.append(Button((330, y, 620, 36), label, lambda o=option: self.cycle_option(o),
                                  text_size=15))
            y += ROW_H
        y += 8
        self.error_y = y
        y += 26
        buttons.append(Button((330, y, 300, 44), "Open the table", self.open, "Enter"))
        buttons.append(Button((650, y, 300, 44), "Cancel", self.close, "Esc"))
        self.bottom = y + 44
        self.row = ButtonRow(buttons)

    def seat_label(self, i: int) -> str:
        kind, level = self.seats[i]
        if kind == "me":
            return f"Seat {i + 1}: you"
        if kind == "open":
            return f"Seat {i + 1}: open for a friend"
        return f"Seat {i + 1}: computer ({level})"

    def resize(self, step: int) -> None:
        low, high = self.rules.SEATS
        n = max(low, min(high, len(self.seats) + step))
        self.seats = (self.seats + [("open", None)] * n)[:n]
        self.layout_buttons()

    def cycle(self, i: int) -> None:
        self.seats[i] = self.kinds[(self.kinds.index(self.seats[i]) + 1) % len(self.kinds)]
        self.layout_buttons()

    def cycle_option(self, option) -> None:
        values = [v for v, _ in option.choices]
        self.options[option.key] = values[(values.index(self.options[option.key]) + 1) % len(values)]
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
    def handle(self, event) -> None:
        if any(f.handle(event, self.viewport) for f in self.fields):
            self.error = ""
            return
        if self.row.handle(event, self.viewport) or event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open()
        elif event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key == pygame.K_g:
            self.next_game()

    def draw(self, surface) -> None:
        vp = self.viewport
        shade(surface)
        draw_panel(surface, vp.rect(290, 24, 700, self.bottom), fill=theme.OPAQUE_PANEL)
        title = "New table on the server" if self.lobby else "Host a table"
        draw_text(surface, vp, title, 30, (640, 40), theme.GOLD, "midtop", "bold")
        draw_text(surface, vp, f"{len(self.seats)} seats", 22, (640, 220), theme.INK, "midtop",
                  "bold")
        for field in self.fields:
            field.draw(surface, vp)
        if self.error:
            fit_text(surface, vp, self.error, 16, (640, self.error_y), 620, theme.RED, "midtop")
        else:
            fit_text(surface, vp, "Click a seat to open it for a friend or give it to a computer.",
                     15, (640, self.error_y), 620, theme.INK_DIM, "midtop")
        self.row.draw(surface, vp)


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
