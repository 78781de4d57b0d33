"""What every table with several seats shares: seats of humans and computers,
hand-off screens between humans, bots that think a few milliseconds per frame,
captions of what happened and the game log (L).
"""
from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame

from ..engine import bots
from ..text import number
from ..ui import theme
from ..ui.widgets import ButtonRow, draw_panel, draw_text, fit_text, wrap
from .game_scene import GameScene
from .handoff import HandOffScreen

# Which of the layout's opp1..opp7 places (clockwise from the viewer's left) the other seats use.
OPPONENT_SLOTS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (1, 3, 5, 7), 5: (1, 2, 4, 6, 7),
                  6: (1, 2, 3, 5, 6, 7), 7: (1, 2, 3, 4, 5, 6, 7)}
BOT_SLICE_SECONDS = 0.003   # thinking time per frame: the frame keeps its pace
HINT_SLICE_SECONDS = 0.008  # a hint someone is waiting for thinks a little longer per frame
# Seconds a computer's move stays on screen before the next computer acts (Settings: Computer moves).
BOT_PACES = {"slow": 3.2, "normal": 2.0, "fast": 1.0}
CAPTION_PACES = 2.5         # a caption lasts this many paces (it may outlive the next move)
CAPTION_LINES = 3           # lines of one caption; a longer move keeps its last lines
RECAP_LINES = 9             # lines of the hand-off recap; earlier events stay in the log (L)
LEVEL_NAMES = {"random": "easy", "strong": "hard"}  # old saved level names, as said today
LEVEL_HELP = {"easy": "makes mistakes", "normal": "plays well",
              "hard": "thinks ahead"}  # what the computer levels mean, for the seat screen


def log_end(view) -> int:
    """How many entries the game has logged up to this view (kept or let go)."""
    return getattr(view, "log_start", 0) + len(view.log)


@dataclass
class Seat:
    name: str
    kind: str = "human"      # "human" or "computer"
    level: str = "hard"      # a bot level, for computers

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def describe(self) -> str:
        return "Human" if self.is_human else f"Computer ({LEVEL_NAMES.get(self.level, self.level)})"


def default_seats(game_id: str, count: int) -> list:
    levels = bots.levels(game_id)
    strongest = levels[-1] if levels else "random"
    return [Seat("Player 1")] + [Seat(f"Computer {i}", "computer", strongest)
                                 for i in range(1, count)]


class PassAndPlayScene(GameScene):
    def __init__(self, app, seed=None, options=None, seats=None):
        self.seats = list(seats) if seats else default_seats(self.game_id, self.default_seats())
        self.seat_count = len(self.seats)
        humans = [i for i, s in enumerate(self.seats) if s.is_human]
        self.viewer = humans[0] if humans else 0
        self.last_human = None
        self.thinking = None
        self.bot_choice = None
        self.bot_wait = 0.0
        self.show_log = False
        self.log_scroll = 0         # log lines scrolled back from the newest
        self.handing_off = False
        self.captions: dict = {}    # seat -> [lines, seconds left]: what that seat just did
        super().__init__(app, seed, options)

    def default_seats(self) -> int:
        return 4 if self.rules.SEATS[0] <= 4 <= self.rules.SEATS[1] else self.rules.SEATS[0]

    @property
    def rules(self):
        from ..engine import games
        return games.get(self.game_id)

    @property
    def humans(self) -> list:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def names(self) -> dict:
        return {f"p{i}": seat.name for i, seat in enumerate(self.seats)}

    def words(self, entry: str) -> str:
        try:
            return entry.format(**self.names())
        except (KeyError, IndexError, ValueError):
            return entry

    # -- where seats sit -----------------------------------------------------
    def panel_of(self, seat: int):
        """The layout place of a seat: `me` for the viewer, an oppN place for the others."""
        if seat == self.viewer:
            return self.layout["me"]
        offset = (seat - self.viewer) % self.seat_count
        return self.layout[f"opp{OPPONENT_SLOTS[self.seat_count - 1][offset - 1]}"]

    def hand_slots(self, count: int, gap: float = 18) -> list:
        """Positions of the viewer's hand cards, centred in the layout's `hand`."""
        hand = self.layout["hand"]
        w = self.card_size[0]
        if count > 1:
            gap = min(gap, (hand.w - count * w) / (count - 1))  # overlap a big hand to fit
        total = count * w + max(0, count - 1) * gap
        x0 = hand.x + (hand.w - total) / 2
        return [(x0 + i * (w + gap), hand.y) for i in range(count)]

    @staticmethod
    def row(x, y, width, size, count) -> list:
        """`count` cards of `size` side by side from (x, y), overlapping to fit `width`."""
        step = size[0] + 4 if count <= 1 else min(size[0] + 4, (width - size[0]) / (count - 1))
        return [(x + i * step, y) for i in range(count)]

    def draw_seat_panel(self, surface, view, seat):
        """A seat's panel, edged gold while it is to act, with its name (and whether it deals)
        and its score; returns the layout place."""
        vp = self.viewport
        panel = self.panel_of(seat)
        active = view.to_act == seat
        draw_panel(surface, vp.rect(*panel.rect), fill=(0, 0, 0, 70),
                   edge=theme.GOLD if active else (80, 120, 96), width=3 if active else 2)
        score = draw_text(surface, vp, number(view.scores[seat]), 18,
                          (panel.x + panel.w - 10, panel.y + 6), theme.GOLD, "topright", "bold")
        name = self.seats[seat].name + (" · dealer" if seat == view.dealer else "")
        fit_text(surface, vp, name, 16, (panel.x + 10, panel.y + 8),
                 panel.w - 28 - score.w / vp.scale, theme.GOLD if active else theme.INK,
                 face="bold")
        return panel

    # -- turns ---------------------------------------------------------------
    def on_new_game(self) -> None:
        self.thinking = None
        # the strongest computer player thinking for the seat at the screen
        self.hint_thinking: Iterator[Any] | None = None
        self.bot_choice = None
        self.last_human = None
        self.handing_off = False
        self.captions = {}

    def bot_pace(self) -> float:
        """Seconds each computer move is shown before the next one (Settings: Computer moves)."""
        return BOT_PACES.get(getattr(self.app.settings, "bot_pace", "normal"), BOT_PACES["normal"])

    def new_entries(self, seat=None) -> list:
        """The log entries, in words, that the latest action added (as `seat` sees them)."""
        seat = self.viewer if seat is None else seat
        before = self.session.rules.view(self.session.states[-2], seat)
        return self.entries_since(log_end(before), seat)

    def entries_since(self, count: int, seat: int) -> list:
        """The log entries, in words, after the first `count` the game has logged (a game may
        keep only the end of a long log: `log_start` says how many it let go)."""
        now = self.session.view(seat)
        return [self.words(e) for e in now.log[max(0, count - getattr(now, "log_start", 0)):]]

    def act(self, action) -> bool:
        """Apply an action; a computer's move becomes a caption at its seat instead of the
        status line, so each move is read on its own, where it happened."""
        self.hint_thinking = None
        actor = self.session.state.to_act
        if not super().act(action):
            return False
        if actor is not None and not self.seats[actor].is_human:
            # only what everyone saw: a move that added nothing to the log was a secret choice
            lines = self.new_entries() or [f"{self.seats[actor].name} has chosen, in secret."]
            self.captions[actor] = [lines[-CAPTION_LINES:], CAPTION_PACES * self.bot_pace()]
            self.say("")
        return True

    def recap(self, seat: int) -> list:
        """Everything public, in words, since `seat` last acted (the whole log if it never has)."""
        states = self.session.states
        start = 0
        for i in range(len(states) - 2, -1, -1):
            if states[i].to_act == seat:
                start = log_end(self.session.rules.view(states[i + 1], seat))
                break
        return self.entries_since(start, seat)

    def accepts_moves(self) -> bool:
        to_act = self.session.state.to_act
        return (to_act is not None and to_act == self.viewer and self.seats[to_act].is_human
                and not self.handing_off)

    def greeting(self) -> str:
        return ""

    def describe(self, action_text: str) -> str:
        return "  ".join(self.new_entries()[-2:])

    # -- H: what the strongest computer player would do here --------------------
    def bot_rng(self) -> random.Random:
        """The dice a computer player gets for the decision at hand."""
        return random.Random(self.session.seed * 7919 + len(self.session.actions))

    def show_hint(self) -> None:
        """Ask the game's strongest computer player, seeing only this seat's view; its answer
        comes in words once it has thought (a few milliseconds a frame)."""
        if self.session.is_over() or not self.accepts_moves():
            self.say("A hint is for the player whose turn it is.")
            return
        levels = bots.levels(self.game_id)
        if not levels:
            self.say("No hint here.")
            return
        view = self.session.rules.view(self.session.state, self.viewer)
        bot = bots.make(self.game_id, levels[-1])
        self.hint_thinking = bot.think(view, self.session.legal_actions(), self.bot_rng())
        self.say("Thinking about a hint…", "hint")

    def think_about_hint(self) -> None:
        deadline = time.perf_counter() + HINT_SLICE_SECONDS
        thinking = self.hint_thinking
        if thinking is None:
            return
        try:
            while time.perf_counter() < deadline:
                next(thinking)
        except StopIteration as stop:
            self.hint_thinking = None
            text = str(stop.value)
            self.hinted = next((getattr(a, "card", None) for a in self.session.legal_actions()
                                if str(a) == text and getattr(a, "card", None)), None)
            why = self.hint_reason(self.session.view(self.viewer), text)
            self.say(f"Hint: the strongest computer player would choose: {self.action_words(text)}"
                     + (f": {why}" if why else "") + ".", "hint")

    def hint_reason(self, view, action_text: str) -> str:
        """Why the hinted action is good, in a few words, where the game can say (from `view`)."""
        return ""

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.hint_thinking is not None and (not self.accepts_moves() or self.app.top is not self):
            self.hint_thinking = None  # the turn moved on, or the table was covered
        elif self.hint_thinking is not None:
            self.think_about_hint()
        for seat, caption in list(self.captions.items()):
            caption[1] -= dt
            if caption[1] <= 0:
                del self.captions[seat]
        to_act = self.session.state.to_act
        if to_act is None or self.app.top is not self or self.cover_if_unclaimed():
            return
        if self.seats[to_act].is_human:
            self.thinking = None
            if to_act == self.viewer:
                self.last_human = to_act
            elif not self.table.busy and not self.caption_unread():
                self.hand_off(to_act)  # the last move is seen before the table is covered
            return
        self.run_bot(to_act, dt)

    def caption_unread(self) -> bool:
        """Whether the newest caption has been up for less than one pace."""
        longest = CAPTION_PACES * self.bot_pace()
        return any(longest - left < self.bot_pace() for _, left in self.captions.values())

    def cover_if_unclaimed(self) -> bool:
        """With several humans, nobody may see a hand until one of them has been handed the
        table: at the start, on Continue, and after a screen everyone read together. Returns
        whether the table was covered."""
        if len(self.humans) < 2 or self.last_human is not None or self.handing_off:
            return False
        to_act = self.session.state.to_act
        human_to_act = to_act is not None and self.seats[to_act].is_human
        self.hand_off(to_act if human_to_act else self.viewer)
        return True

    def hand_off(self, seat: int) -> None:
        self.handing_off = True

        def ready():
            self.handing_off = False
            self.viewer = seat
            self.last_human = seat
            self.captions = {}
            self.show_table_as_it_is()
        self.app.push(HandOffScreen(self.app, self.seats[seat].name, ready,
                                    self.recap(seat)[-RECAP_LINES * 2:]))

    def show_table_as_it_is(self) -> None:
        """After a hand-off the table turns to the new player's seat: every card is put where
        it lies at once (nothing was dealt; the recap said what changed)."""
        speed, self.table.speed = self.table.speed, "instant"
        self.table.sprites.clear()
        try:
            self.refresh(deal=True)
        finally:
            self.table.speed = speed

    def run_bot(self, seat: int, dt: float) -> None:
        if self.table.busy and self.thinking is None and self.bot_choice is None:
            return
        if self.thinking is None and self.bot_choice is None:
            view = self.session.rules.view(self.session.state, seat)
            legal = self.session.legal_actions()
            self.thinking = bots.make(self.game_id, self.seats[seat].level).think(
                view, legal, self.bot_rng())
            self.bot_wait = self.bot_pace() if self.captions else self.bot_pace() / 2
        if self.thinking is not None:
            now = time.perf_counter()
            deadline, longest = now + BOT_SLICE_SECONDS, 0.0
            try:
                while now + longest < deadline:  # no step that would run past the slice
                    next(self.thinking)
                    done = time.perf_counter()
                    longest, now = max(longest, done - now), done
            except StopIteration as stop:
                self.bot_choice = stop.value
                self.thinking = None
        self.bot_wait -= dt
        if self.bot_choice is not None and self.bot_wait <= 0 and not self.table.busy:
            choice, self.bot_choice = self.bot_choice, None
            self.act(choice)

    # -- keys and the log ----------------------------------------------------
    def side_buttons(self, act_button) -> ButtonRow:
        """The table's column of buttons: the game's own action, the log and the menu."""
        return ButtonRow([act_button,
                          self.layout_button("log", "Log", self.toggle_log, "L", text_size=16),
                          self.layout_button("menu", "Menu", self.pause, "Esc", text_size=16)])

    def toggle_log(self) -> None:
        self.show_log = not self.show_log

    def on_key(self, event) -> None:
        if event.key == pygame.K_l:
            self.toggle_log()
        else:
            super().on_key(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        for seat, (lines, _) in sorted(self.captions.items()):
            if not self.caption_place(seat).collidepoint(self.pointer):  # pointing looks under it
                self.draw_caption(surface, seat, lines)
        if self.show_log:
            self.draw_log(surface)

    def caption_place(self, seat: int) -> pygame.Rect:
        """Where a seat's caption goes: over the lower part of its own place on the table, so
        it covers nothing of anyone else's; a scene may say otherwise."""
        panel = pygame.Rect(self.panel_of(seat).rect)
        return pygame.Rect(panel.x + 4, panel.y + 30, panel.w - 8, panel.h - 34)

    def draw_caption(self, surface, seat: int, lines: list) -> None:
        """A computer's move, in words, in an opaque bubble at the bottom of its place."""
        vp = self.viewport
        place = self.caption_place(seat)
        size = 14
        line_h = 20
        wrapped = []
        for line in lines:
            wrapped.extend(wrap(line, vp.length(size), vp.length(place.w - 20)))
        wrapped = wrapped[-max(1, min(CAPTION_LINES + 1, (place.h - 12) // line_h)):]
        rect = pygame.Rect(place.x, 0, place.w, line_h * len(wrapped) + 12)
        rect.bottom = place.bottom
        draw_panel(surface, vp.rect(*rect), fill=theme.CAPTION, edge=theme.GOLD, radius=10)
        for i, line in enumerate(wrapped):
            draw_text(surface, vp, line, size, (rect.x + 10, rect.y + 6 + line_h * i), theme.INK)

    def log_rect(self) -> pygame.Rect:
        """The log's panel: over the middle of the table, never over the hand or the buttons."""
        top = self.layout["hand"].y if "hand" in self.layout else 560
        return pygame.Rect(250, 16, 780, top - 32)

    def draw_log(self, surface) -> None:
        vp = self.viewport
        area = self.log_rect()
        draw_panel(surface, vp.rect(*area), fill=theme.OPAQUE_PANEL)
        draw_text(surface, vp, "Game log (L to close, wheel to scroll)", 18,
                  (area.x + 20, area.y + 12), theme.GOLD, face="bold")
        lines = []
        for entry in self.session.view(self.viewer).log:
            lines.extend(wrap(self.words(entry), vp.length(15), vp.length(area.w - 40)))
        room = max(1, (area.h - 56) // 24)
        self.log_scroll = max(0, min(self.log_scroll, len(lines) - room))
        end = len(lines) - self.log_scroll
        for i, line in enumerate(lines[max(0, end - room):end]):
            draw_text(surface, vp, line, 15, (area.x + 20, area.y + 46 + i * 24), theme.INK)

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.show_log:
            self.log_scroll += event.y * 3
            return
        super().handle(event)

    def seat_info(self) -> list:
        return [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats]

    def use_seat_info(self, seats) -> None:
        """Seats from a save or record, taken field by field: the file may have been edited."""
        if not isinstance(seats, list) or not seats:
            return
        levels = bots.levels(self.game_id) or ("random",)
        out = []
        for i, info in enumerate(seats):
            info = info if isinstance(info, dict) else {}
            name = str(info.get("name") or f"Player {i + 1}")[:14]
            kind = str(info["kind"]) if info.get("kind") in ("human", "computer") else "human"
            level = bots.current_level(self.game_id, info.get("level")) or levels[-1]
            out.append(Seat(name, kind, level))
        self.set_seats(out)

    def set_seats(self, seats: list) -> None:
        self.seats = seats
        self.seat_count = len(seats)
        self.viewer = self.humans[0] if self.humans else 0
        self.last_human = None

    def use_session(self, session) -> None:
        if session.seats != len(self.seats):
            self.set_seats(default_seats(self.game_id, session.seats))
        super().use_session(session)

    def stats_players(self) -> list:
        return [(s.name, s.kind) for s in self.seats]

    def record_seats(self) -> list:
        return [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats]
