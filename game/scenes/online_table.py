"""A game's own table scene, played online: the same scene as pass-and-play, with the table
coming from the host instead of a Session at this computer.

`online_scene(game_id)` makes the class: the game's scene first (so its drawing, clicks and its
`act` bookkeeping are all its own), then `OnlineTable`, which sits where PassAndPlayScene drives
turns and applies actions. A move made here is sent to the host; the table changes only when
the host's update arrives, and then it goes through the scene's `act` like any move does, with
a RemoteSession (game/net/remote.py) standing in for the Session. No hand-offs: each screen
shows one seat. The host plays the computers.
"""
from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

import pygame

from ..net.client import NetworkThread
from ..net.remote import RemoteSession
from ..store import seats
from ..ui import canvas, theme
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, fit_text
from .dialogs import ConfirmDialog
from .game_scene import STATUS_SECONDS
from .pass_and_play import CAPTION_LINES, CAPTION_PACES, PassAndPlayScene, Seat
from .registry import scene_for

RETRY_SECONDS = 3.0   # between attempts to get back in after the connection dropped
DOT_X, DOT_R = 12, 4  # a seat panel's connection dot: clear of the edge and the name
DOT = {"connected": (90, 200, 110), "waiting": (220, 70, 60), "computer": (170, 170, 170),
       "open": None}


class Arrival:
    """An update from the host, going through a scene's `act` as the move it carries."""

    def __init__(self, update: dict):
        self.update = update

    def __str__(self) -> str:
        return ""


class OnlineLink:
    """How the table at this screen talks to its host: the network thread, the table, the seat's
    token (to get back in), and the host's own server when this app hosts."""

    def __init__(self, url: str, net: NetworkThread, table: str, token: str | None,
                 code: str = "", host=None, invite: str = ""):
        self.url, self.net, self.table, self.token = url, net, table, token
        self.code, self.host, self.invite = code, host, invite

    def send(self, msg: dict) -> None:
        self.net.send(msg)

    def poll(self) -> list:
        return self.net.poll()

    def reconnect(self) -> None:
        self.net.close()
        self.net = NetworkThread(self.url)

    def close(self) -> None:
        self.net.close()
        if self.host is not None:
            self.host.stop()


def seats_of(update: dict) -> list:
    return [Seat(s["name"], "computer" if s["kind"] == "computer" or s["stand_in"] else "human")
            for s in update["seats"]]


class OnlineTable(PassAndPlayScene):
    online = True
    autosave = False  # the host keeps the game
    name_inset = DOT_X + DOT_R + 7  # the connection dot, then the name
    # set by `create` before the game's scene __init__ runs
    link: OnlineLink
    remote: RemoteSession
    presence: list          # the update's seats: who sits where, and how
    role: str               # "player" or "spectator"

    @classmethod
    def create(cls, app, link: OnlineLink, update: dict):
        """The scene for the table in `update`. Every game scene's __init__ takes (app, seed,
        options, seats) and passes them on, so the link is set before it runs."""
        scene = cls.__new__(cls)
        scene.link = link
        scene.remote = RemoteSession(update)
        scene.presence = update["seats"]
        scene.role = "spectator" if update["seat"] is None else "player"
        cls.__init__(scene, app, None, scene.remote.options, seats_of(update))
        return scene

    def __init__(self, app, seed=None, options=None, seats=None):
        self.pending: str | None = None   # the move sent, until the host answers
        self.lost: str | None = None      # why the connection dropped, until back
        self.retry_at = 0.0
        self.attempts = 0
        self.online_buttons = ButtonRow()
        super().__init__(app, seed, options, seats)

    # -- where the table comes from ---------------------------------------------------------
    def start(self, seed=None) -> None:
        self.viewer = self.remote.seat if self.remote.seat is not None else 0
        self.use_session(self.remote)

    def use_session(self, session) -> None:
        super().use_session(session)
        self.say(self.greeting_online())
        self.keep_seat()

    def keep_seat(self) -> None:
        """Remember this seat on disk, so Deckhand can re-join it even after it stopped (the
        host's own seat is in the host's autosave instead)."""
        if self.role != "player" or self.link.host is not None:
            return
        assert self.link.token is not None  # the host gives every player's seat its token
        try:
            if self.remote.over:
                seats.forget()
            else:
                seats.keep(seats.KeptSeat(self.link.url, self.link.table, self.link.token,
                                          self.remote.rules.TITLE))
        except OSError:
            pass  # only the re-join after a stop is lost

    def greeting_online(self) -> str:
        if self.role == "spectator":
            return "You are watching: you see what every player sees, and no hand."
        return f"You play {self.seats[self.viewer].name}'s seat. " + self.greeting()

    def play_turns(self, dt: float) -> None:
        """The host moves the game on; this screen listens, and gets back in if cut off."""
        if self.lost is not None and time.monotonic() >= self.retry_at:
            self.attempts += 1
            self.retry_at = time.monotonic() + RETRY_SECONDS
            self.link.reconnect()

    def moving_by_itself(self) -> bool:
        """Nothing moves here by itself but a hint being thought about: the host's messages
        wake the window (game/wake.py), and a lost connection retries on the timer below."""
        return self.hint_thinking is not None

    def timers(self):
        yield from super().timers()
        if self.lost is not None:
            yield self.retry_at - time.monotonic()

    def listen(self) -> None:
        """Take what the host sent since the last frame."""
        for msg in self.link.poll():
            self.on_message(msg)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.layout_online_buttons()

    def on_message(self, msg: dict) -> None:
        kind = msg.get("type")
        if kind == "update":
            self.arrive(msg)
        elif kind == "welcome":  # back after a drop
            if self.role == "player":
                self.link.send({"type": "rejoin", "table": self.link.table, "token": self.link.token})
            else:
                self.link.send({"type": "watch", "table": self.link.table})
        elif kind == "joined":
            self.lost, self.attempts = None, 0
            self.say("Back at the table.")
        elif kind == "error":
            self.pending = None
            if msg.get("code") != "stale":  # stale: the newer table is on its way
                self.say(msg.get("message", "The host refused that."), "error")
                self.refresh()
        elif kind == "closed":
            self.pending = None
            if self.lost is None:
                self.retry_at = time.monotonic() + RETRY_SECONDS
            self.lost = msg.get("message") or "The connection was lost."

    def arrive(self, update: dict) -> None:
        self.presence = update["seats"]
        self.seats = seats_of(update)
        if update["seq"] == self.remote.seq:
            self.remote.receive(update)  # only who is at the table changed
            return
        if update["seq"] != self.remote.seq + 1 or self.lost is not None:
            self.remote.receive(update)  # back after a drop: the table as it stands now
            self.lost = None
            self.show_table_as_it_is()
            return
        self.act(Arrival(update))

    def act(self, action) -> bool:
        """A move from this screen goes to the host; the host's update is then taken as the
        move made, through the scene's own `act` (its bookkeeping runs as for any move)."""
        if isinstance(action, Arrival):
            return self.take(action.update)
        if not self.accepts_moves():
            return False  # not this seat's turn, or its move is on its way: nothing to send
        self.hint_thinking = None
        self.pending = str(action)
        self.link.send({"type": "act", "action": self.pending, "seq": self.remote.seq})
        return True

    def take(self, update: dict) -> bool:
        actor = self.remote.state.to_act
        self.remote.receive(update)
        if self.remote.over:
            self.keep_seat()  # a finished game has no seat to come back to
        self.hint_thinking = None
        self.hinted = None
        if actor is not None and actor != self.viewer or self.role == "spectator":
            if actor is not None:
                lines = self.new_entries() or [f"{self.seats[actor].name} has chosen, in secret."]
                self.captions[actor] = [lines[-CAPTION_LINES:], CAPTION_PACES * self.bot_pace()]
            self.say("")
        else:
            self.say(self.describe(self.pending or ""))
        self.pending = None
        self.refresh()
        return True

    def accepts_moves(self) -> bool:
        s = self.remote
        return (self.role == "player" and s.started and not s.over and self.lost is None
                and self.pending is None and s.state.to_act == self.viewer and bool(s.legal))

    def bot_rng(self) -> random.Random:
        return random.Random(self.remote.seq * 7919 + self.viewer)  # hints think from the view

    def deal_name(self) -> str:
        return f"Online table {self.link.code}".strip()

    # -- what an online table cannot do ---------------------------------------------------------
    def restart(self) -> None:
        self.say("An online table plays one game: leave it from the menu (Esc) to start another.")

    def new_deal(self, seed=None) -> None:
        self.restart()

    def ask_new_deal(self) -> None:
        self.restart()

    def in_progress(self) -> bool:
        return False  # nothing to keep at this computer: the host keeps the game

    def group_plan(self, zone: str):
        """Pirate Rummy's several cards at once tries them on a copy of the whole state, which a
        client does not have: online, cards go one at a time."""
        return None, "At an online table, play those cards one at a time."

    def leave(self) -> None:
        words = ("Leave the table? Your friends' game ends with it: you host it."
                 if self.link.host is not None else
                 "Leave the table? Your seat waits for you: join again to take it back.")
        self.app.push(ConfirmDialog(self.app, "Leave the table", words, self.app.main_menu,
                                    yes="Leave"))

    def on_close(self) -> None:
        """The scene is gone from the app: let go of the connection (and the host's server)."""
        if getattr(self, "closed", False):
            return
        self.closed = True
        if self.role == "player" and self.lost is None:
            self.link.send({"type": "leave"})
        self.link.close()

    # -- who is at the table --------------------------------------------------------------------
    def presence_of(self, seat: int) -> str:
        s = self.presence[seat]
        if s["kind"] == "open":
            return "open"
        if s["kind"] == "computer" or s["stand_in"]:
            return "computer"
        return "connected" if s["connected"] else "waiting"

    def waiting_seats(self) -> list:
        return [i for i in range(len(self.presence)) if self.presence_of(i) in ("waiting", "open")]

    def notice_place(self, seat: int) -> pygame.Rect:
        """Where a seat's "waiting" notice goes: an opaque bubble over the bottom of its place,
        as a computer's caption is (it covers nothing of anyone else's)."""
        place = self.caption_place(seat)
        height = min(place.h, 74)
        return pygame.Rect(place.x, place.bottom - height, place.w, height)

    def noticed_seats(self) -> list:
        """The seats whose notice shows: every waiting or open seat but this screen's own."""
        return [s for s in self.waiting_seats() if self.role != "player" or s != self.viewer]

    def layout_online_buttons(self) -> None:
        buttons = []
        if self.role == "player" and self.lost is None and not self.remote.started:
            box = self.invite_place()
            buttons.append(Button((box.centerx - 150, box.bottom - 46, 300, 36),
                                  "Computers take the open seats", self.fill_open_seats,
                                  text_size=15))
        if self.role == "player" and self.lost is None:
            for seat in self.noticed_seats():
                if self.presence_of(seat) == "open":
                    continue  # the invite offers computers for every open seat at once
                box = self.notice_place(seat)
                rect = (box.x + 8, box.bottom - 38, min(box.w - 16, 170), 30)
                buttons.append(Button(rect, "Computer plays", lambda s=seat: self.stand_in(s),
                                      text_size=14))
        if self.lost is not None:
            box = self.lost_place()
            buttons.append(Button((box.centerx - 170, box.bottom - 54, 160, 40), "Try now",
                                  self.try_now, text_size=16))
            buttons.append(Button((box.centerx + 10, box.bottom - 54, 160, 40), "Leave",
                                  self.app.main_menu, text_size=16))
        self.online_buttons = ButtonRow(buttons)

    def on_resize(self) -> None:
        super().on_resize()
        self.layout_online_buttons()  # the invite and the notices follow the seats' places

    def stand_in(self, seat: int) -> None:
        self.link.send({"type": "stand_in", "seat": seat})

    def fill_open_seats(self) -> None:
        for seat in range(len(self.presence)):
            if self.presence_of(seat) == "open":
                self.stand_in(seat)

    def try_now(self) -> None:
        self.retry_at = 0.0

    def handle(self, event) -> None:
        if self.online_buttons.handle(event, self.viewport):
            return
        super().handle(event)

    def pause(self) -> None:
        from .dialogs import PauseMenu
        self.app.push(PauseMenu(self.app, self))

    def table_notice(self) -> str:
        """Who the table waits for, when this screen has nothing to do."""
        waiting = [self.seats[s].name for s in self.waiting_seats()
                   if self.presence_of(s) == "waiting"]
        if waiting:
            return (f"Waiting for {', '.join(waiting)}: the game goes on when they are back, "
                    "or when a computer plays their seat.")
        to_act = self.remote.state.to_act
        if self.remote.started and to_act is not None and to_act != self.viewer:
            return f"{self.seats[to_act].name} is to play."
        return ""

    def status_or_tip(self) -> tuple:
        text, kind = super().status_or_tip()
        idle = not text or kind == "tip" or self.status_age > STATUS_SECONDS
        if idle and not self.accepts_moves() and self.table_notice():
            return self.table_notice(), "hint"
        return text, kind

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        super().draw(surface)
        vp = self.viewport
        for seat in range(len(self.presence)):
            state = self.presence_of(seat)
            panel = self.panel_of(seat)
            centre = vp.point(panel.x + DOT_X, panel.y + 18)
            colour = DOT[state]
            if colour is None:
                canvas.circle(surface, theme.INK_DIM, centre, vp.length(DOT_R), max(1, vp.length(1)))
            else:
                canvas.circle(surface, colour, centre, vp.length(DOT_R))
        for seat in self.noticed_seats():
            box = self.notice_place(seat)
            waiting = self.presence_of(seat) == "waiting"
            draw_panel(surface, vp.rect(*box), fill=theme.CAPTION,
                       edge=theme.RED if waiting else theme.INK_DIM, radius=10)
            words = f"Waiting for {self.seats[seat].name}" if waiting else "Open seat"
            fit_text(surface, vp, words, 14, (box.x + 10, box.y + 6), box.w - 20,
                     theme.RED if waiting else theme.INK, face="bold")
        if not self.remote.started:
            self.draw_invite(surface)
        if self.lost is not None:
            self.draw_lost(surface)
        self.online_buttons.draw(surface, vp)

    def invite_lines(self) -> list:
        lines = [f"Table code: {self.link.code}"]
        if self.link.invite:
            lines.append(f"Address: {self.link.invite}")
        open_seats = sum(s["kind"] == "open" for s in self.presence)
        lines.append(f"{open_seats} open seat{'s' * (open_seats != 1)}: friends choose Join a "
                     "table, or a computer may play a seat.")
        return lines

    def invite_place(self) -> pygame.Rect:
        """The invite's box: across the middle of the table, clear of every seat's place."""
        width, height = self.viewport.logical
        seats = [pygame.Rect(self.panel_of(s).rect) for s in range(len(self.presence))]
        left = round((width - 580) / 2)
        for y in range(200, round(height) - 340, 10):
            box = pygame.Rect(left, y, 580, 196)
            if not any(box.colliderect(r) for r in seats):
                return box
        return pygame.Rect(left, round(height * 0.31), 580, 196)

    def lost_place(self) -> pygame.Rect:
        """The box saying the connection is lost, with its buttons: in the middle of the table."""
        width, height = self.viewport.logical
        return pygame.Rect(round((width - 400) / 2), round((height - 200) / 2), 400, 200)

    def draw_invite(self, surface) -> None:
        vp = self.viewport
        box = self.invite_place()
        draw_panel(surface, vp.rect(*box), fill=theme.OPAQUE_PANEL, edge=theme.GOLD)
        draw_text(surface, vp, "Waiting for players", 24, (box.centerx, box.y + 12), theme.GOLD,
                  "midtop", "bold")
        for i, line in enumerate(self.invite_lines()):
            fit_text(surface, vp, line, 17 if i < 2 else 15, (box.centerx, box.y + 50 + 30 * i),
                     box.w - 30, theme.INK if i < 2 else theme.INK_DIM, "midtop",
                     "bold" if i < 2 else "sans")

    def draw_lost(self, surface) -> None:
        vp = self.viewport
        box = self.lost_place()
        draw_panel(surface, vp.rect(*box), fill=theme.OPAQUE_PANEL, edge=theme.RED)
        draw_text(surface, vp, "Connection lost", 22, (box.centerx, box.y + 12), theme.RED,
                  "midtop", "bold")
        fit_text(surface, vp, self.lost, 15, (box.centerx, box.y + 46), box.w - 30, theme.INK,
                 "midtop")
        fit_text(surface, vp, f"Trying again every few seconds (tries: {self.attempts}).", 14,
                 (box.centerx, box.y + 72), box.w - 30, theme.INK_DIM, "midtop")


if TYPE_CHECKING:  # a mixin: online_scene puts it first in a class that is an OnlineTable
    MixedIntoOnlineTable = OnlineTable
else:
    MixedIntoOnlineTable = object


class ListensFirst(MixedIntoOnlineTable):
    """Each frame begins with the host's news, before the game's own `update` looks at the
    table: the table then stays the same through the whole of that update."""

    def update(self, dt: float) -> None:
        self.listen()
        super().update(dt)


_classes: dict = {}


def online_scene(game_id: str):
    """The game's scene class, played online (see the module's docstring)."""
    if game_id not in _classes:
        base = scene_for(game_id)
        _classes[game_id] = type(f"Online{base.__name__}", (ListensFirst, base, OnlineTable), {})
    return _classes[game_id]


def open_table(app, link: OnlineLink, update: dict) -> None:
    """Put the online table in front: the menu stays below it, as for any game."""
    scene = online_scene(update["game"]).create(app, link, update)
    app.close_games()
    app.stack.append(scene)


class Seating:
    """Getting to a table, a frame at a time: connect, say hello, send `request` (join, rejoin,
    watch or create), and wait for `joined` and the table's first update. `poll()` returns
    None while waiting, then ("table", link, update) or ("error", words)."""

    def __init__(self, url: str, request: dict, host=None, invite: str = "", net=None):
        self.url, self.request, self.host, self.invite = url, request, host, invite
        self.net = net or NetworkThread(url)
        self.joined: dict | None = None
        if net is not None:  # already welcomed
            self.net.send(request)

    def poll(self):
        for msg in self.net.poll():
            kind = msg.get("type")
            if kind == "welcome":
                self.net.send(self.request)
            elif kind == "joined":
                self.joined = msg
            elif kind == "update" and self.joined is not None:
                j = self.joined
                link = OnlineLink(self.url, self.net, j["table"], j["token"], j["code"],
                                  self.host, self.invite)
                return "table", link, msg
            elif kind in ("error", "closed"):
                if kind == "error" and msg.get("code") in ("stale", "rate"):
                    continue
                self.give_up()
                return "error", msg.get("message") or "The host did not answer."
        return None

    def give_up(self) -> None:
        self.net.close()
        if self.host is not None:
            self.host.stop()
