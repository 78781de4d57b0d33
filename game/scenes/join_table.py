"""Join a table: type the host's address (and your name), see its tables, take a seat or
watch. A table's code joins it directly. The host may be a friend's Deckhand on the same
network (address and port shown at their table) or a headless server (wss:// through a proxy).
"""
from __future__ import annotations

import pygame

from ..net import discovery, hosting
from ..net.client import NetworkThread, address_url
from ..store import seats
from ..ui import theme
from ..ui.controls import caret_change
from ..ui.textfield import TextField
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, fit_text, shade
from .base import Scene
from .host_table import NAME_LIMIT, HostTableScreen, player_name
from .online_table import Seating, open_table

LIST_ROWS = 5
ROW_TOP = 330


def seat_words(table: dict) -> str:
    names = []
    for s in table["seats"]:
        if s["kind"] == "open":
            names.append("open")
        elif s["kind"] == "computer":
            names.append("computer")
        else:
            names.append(s["name"] + ("" if s["connected"] else " (away)"))
    return ", ".join(names)


class JoinTableScreen(Scene):
    opaque = False

    def __init__(self, app, address: str = ""):
        super().__init__(app)
        self.address = TextField((330, 120, 400, 36), "Address (from the host's table)",
                                 address or getattr(app, "last_address", ""), 120,
                                 hint="192.168.1.20:8765 or wss://server")
        self.code = TextField((750, 120, 200, 36), "Table code", "", 8, str.isalnum,
                              hint="optional")
        self.name = TextField((330, 196, 300, 36), "Your name", player_name(app), NAME_LIMIT)
        self.fields = [self.address, self.code, self.name]
        self.net: NetworkThread | None = None
        self.url = ""
        self.tables: list | None = None   # the host's tables, once listed
        self.can_create = False
        self.seating: Seating | None = None
        self.message = ""
        self.error = False
        self.kept = seats.kept()  # a seat this computer took and may take back
        self.browser = discovery.Browser() if discovery.ENABLED else None
        self.nearby: list = []    # tables announced on the local network
        self.layout_buttons()

    # -- buttons --------------------------------------------------------------------------
    def layout_buttons(self) -> None:
        buttons = [Button((650, 196, 300, 36), "Look for tables", self.connect, "Enter",
                          text_size=16)]
        for i, table in enumerate((self.tables or [])[:LIST_ROWS]):
            y = ROW_TOP + i * 62
            buttons.append(Button((760, y + 8, 90, 36), "Join", lambda t=table: self.join(t),
                                  enabled=table["open"] > 0 and not table["over"], text_size=15))
            buttons.append(Button((860, y + 8, 90, 36), "Watch", lambda t=table: self.watch(t),
                                  text_size=15))
        if self.tables is None:
            for i, found in enumerate(self.nearby[:self.nearby_rows()]):
                y = self.nearby_top() + i * 62
                buttons.append(Button((860, y + 8, 90, 36), "Join",
                                      lambda f=found: self.join_nearby(f), text_size=15))
        y = ROW_TOP + LIST_ROWS * 62 + 10
        if self.kept is not None and self.tables is None:
            buttons.append(Button((330, ROW_TOP, 620, 40), f"Back to your seat at "
                                  f"{self.kept.title}", self.back_to_seat, "B", text_size=16))
        if self.can_create:
            buttons.append(Button((330, y, 200, 44), "New table", self.new_table, "N",
                                  text_size=16))
        buttons.append(Button((750, y, 200, 44), "Cancel", self.close, "Esc", text_size=16))
        self.bottom = y + 44
        self.row = ButtonRow(buttons)

    # -- talking to the host --------------------------------------------------------------------
    def connect(self) -> None:
        typed = self.address.text.strip()
        if not typed:
            self.say("Type the host's address first: it is shown at their table.", True)
            return
        if not self.name.text.strip():
            self.say("Type your name first.", True)
            return
        self.hang_up()
        self.url = address_url(typed, hosting.DEFAULT_PORT)
        self.app.last_address = typed
        self.net = NetworkThread(self.url)
        self.tables = None
        self.say(f"Connecting to {self.url}…")

    def nearby_top(self) -> int:
        return ROW_TOP + (56 if self.kept is not None else 0) + 30

    def nearby_rows(self) -> int:
        return LIST_ROWS - 1 - (self.kept is not None)

    def join_nearby(self, found: dict) -> None:
        """A table heard on the local network: its address and code, as if typed."""
        self.address.text, self.code.text = found["address"], found["code"]
        self.connect()

    def back_to_seat(self) -> None:
        """Re-join the kept seat with its token: after a drop, or after Deckhand stopped."""
        self.hang_up()
        kept = self.kept
        assert kept is not None  # its button and key are there only while a seat is kept
        self.url = kept.url
        self.seating = Seating(kept.url, {"type": "rejoin", "table": kept.table,
                                          "token": kept.token})
        self.say(f"Going back to your seat at {kept.title}…")

    def hang_up(self) -> None:
        if self.net is not None:
            self.net.close()
        self.net, self.seating, self.tables, self.can_create = None, None, None, False
        self.layout_buttons()

    def request(self, msg: dict, words: str) -> None:
        if self.net is None:
            return
        self.seating = Seating(self.url, msg, net=self.net)
        self.say(words)

    def join(self, table: dict) -> None:
        self.request({"type": "join", "table": table["table"], "name": self.name.text.strip()},
                     f"Taking a seat at {table['title']}…")

    def watch(self, table: dict) -> None:
        self.request({"type": "watch", "table": table["table"]}, f"Watching {table['title']}…")

    def new_table(self) -> None:
        self.app.push(HostTableScreen(self.app, lobby=self))

    def create(self, game_id: str, seats: list, options: dict, name: str) -> None:
        """The lobby's new table (HostTableScreen), made on the server, with our seat in it."""
        self.request({"type": "create", "game": game_id, "seats": seats, "options": options,
                      "sit": 0, "name": name}, "Making the table…")

    def next_change(self) -> float | None:
        return caret_change(self.fields)  # a focused field's caret blinks

    def update(self, dt: float) -> None:
        if self.browser is not None and self.tables is None:
            nearby = self.browser.tables()
            if nearby != self.nearby:
                self.nearby = nearby
                self.layout_buttons()
        if self.seating is not None:
            outcome = self.seating.poll()
            if outcome is None:
                return
            if outcome[0] == "table":
                self.net = None  # the table has it now
                if self.browser is not None:
                    self.browser.close()
                    self.browser = None
                open_table(self.app, outcome[1], outcome[2])
                return
            self.net = None
            self.hang_up()
            self.say(outcome[1], True)
            if "holds no seat" in outcome[1] or "no table" in outcome[1]:
                seats.forget()  # that table or seat is gone for good
                self.kept = None
                self.layout_buttons()
            return
        if self.net is None:
            return
        for msg in self.net.poll():
            kind = msg.get("type")
            if kind == "welcome":
                self.can_create = bool(msg.get("create"))
                code = self.code.text.strip()
                if code:
                    self.join({"table": code, "title": f"table {code.upper()}"})
                    return
                self.net.send({"type": "list"})
            elif kind == "tables":
                self.tables = msg["tables"]
                self.say(f"{len(self.tables)} table{'s' * (len(self.tables) != 1)} here."
                         if self.tables else "No tables here yet.")
                self.layout_buttons()
            elif kind == "error":
                self.say(msg.get("message", "The host refused."), True)
            elif kind == "closed":
                self.net = None
                self.hang_up()
                self.say(msg.get("message") or "The connection closed.", True)
                return  # "closed" is the network thread's last message

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.error = text, error

    def close(self) -> None:
        self.on_close()
        self.app.pop(self)

    def on_close(self) -> None:
        self.hang_up()
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    # -- input and drawing ----------------------------------------------------------------
    def handle(self, event) -> None:
        if any(f.handle(event, self.viewport) for f in self.fields):
            return
        if self.row.handle(event, self.viewport) or event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.connect()
        elif event.key == pygame.K_ESCAPE:
            self.close()
        elif event.key == pygame.K_n and self.can_create:
            self.new_table()
        elif event.key == pygame.K_b and self.kept is not None and self.tables is None:
            self.back_to_seat()

    def draw(self, surface) -> None:
        vp = self.viewport
        shade(surface)
        draw_panel(surface, vp.rect(290, 24, 700, self.bottom), fill=theme.OPAQUE_PANEL)
        draw_text(surface, vp, "Join a table", 30, (640, 40), theme.GOLD, "midtop", "bold")
        for field in self.fields:
            field.draw(surface, vp)
        if self.message:
            fit_text(surface, vp, self.message, 16, (640, 254), 620,
                     theme.RED if self.error else theme.INK, "midtop")
        if self.tables is not None:
            draw_text(surface, vp, "Tables", 18, (330, ROW_TOP - 30), theme.GOLD, face="bold")
        elif self.browser is not None:
            top = self.nearby_top()
            heard = "Tables on this network" if self.nearby else "Looking for tables on this network…"
            draw_text(surface, vp, heard, 17, (330, top - 26), theme.GOLD, face="bold")
            for i, found in enumerate(self.nearby[:self.nearby_rows()]):
                y = top + i * 62
                draw_panel(surface, vp.rect(330, y, 620, 52), fill=theme.PANEL,
                           edge=(90, 130, 104), radius=8)
                fit_text(surface, vp, f"{found['host']}'s {found['title']}", 17, (344, y + 6),
                         500, theme.INK, face="bold")
                fit_text(surface, vp, f"{found['address']} · code {found['code']}", 14,
                         (344, y + 30), 500, theme.INK_DIM)
        for i, table in enumerate((self.tables or [])[:LIST_ROWS]):
            y = ROW_TOP + i * 62
            draw_panel(surface, vp.rect(330, y, 620, 52), fill=theme.PANEL, edge=(90, 130, 104),
                       radius=8)
            state = "over" if table["over"] else "playing" if table["started"] else (
                f"{table['open']} open seat{'s' * (table['open'] != 1)}")
            fit_text(surface, vp, f"{table['title']} · {state}", 17, (344, y + 6), 400,
                     theme.INK, face="bold")
            fit_text(surface, vp, seat_words(table), 14, (344, y + 30), 400, theme.INK_DIM)
        self.row.draw(surface, vp)
