"""What every table with several seats shares: seats of humans and computers,
hand-off screens between humans, bots that think a few milliseconds per frame,
captions of what happened and the game log (L).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

import pygame

from ..engine import bots
from ..ui import theme
from ..ui.widgets import ButtonRow, draw_panel, draw_text, wrap
from .game_scene import GameScene
from .handoff import HandOffScreen

# Which of the layout's opp1..opp7 places (clockwise from the viewer's left) the other seats use.
OPPONENT_SLOTS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (1, 3, 5, 7), 5: (1, 2, 4, 6, 7),
                  6: (1, 2, 3, 5, 6, 7), 7: (1, 2, 3, 4, 5, 6, 7)}
BOT_SLICE_SECONDS = 0.003   # thinking time per frame: the frame keeps its pace
BOT_PACE_SECONDS = 0.9      # a move stays on screen this long before the next bot acts
LOG_LINES = 22
LEVEL_NAMES = {"random": "easy", "strong": "hard"}  # bot levels as the seat screen says them


@dataclass
class Seat:
    name: str
    kind: str = "human"      # "human" or "computer"
    level: str = "strong"    # a bot level, for computers

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
        self.handing_off = False
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
        name = self.seats[seat].name + ("  (dealer)" if seat == view.dealer else "")
        draw_text(surface, vp, name, 16, (panel.x + 10, panel.y + 8),
                  theme.GOLD if active else theme.INK, face="bold")
        draw_text(surface, vp, f"{view.scores[seat]}", 18, (panel.x + panel.w - 10, panel.y + 6),
                  theme.GOLD, "topright", "bold")
        return panel

    # -- turns ---------------------------------------------------------------
    def on_new_game(self) -> None:
        self.thinking = None
        self.bot_choice = None
        self.last_human = None
        self.handing_off = False

    def accepts_moves(self) -> bool:
        to_act = self.session.state.to_act
        return (to_act is not None and to_act == self.viewer and self.seats[to_act].is_human
                and not self.handing_off)

    def greeting(self) -> str:
        return ""

    def describe(self, action_text: str) -> str:
        before = self.session.rules.view(self.session.states[-2], self.viewer).log
        after = self.session.view(self.viewer).log
        return "  ".join(self.words(e) for e in after[len(before):])

    def update(self, dt: float) -> None:
        super().update(dt)
        to_act = self.session.state.to_act
        if to_act is None or self.app.top is not self or self.cover_if_unclaimed():
            return
        if self.seats[to_act].is_human:
            self.thinking = None
            if to_act == self.viewer:
                self.last_human = to_act
            elif not self.table.busy:  # the last move plays out before the table is covered
                self.hand_off(to_act)
            return
        self.run_bot(to_act, dt)

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
            self.table.sprites.clear()
            self.refresh(deal=True)
        log = self.session.view(seat).log
        note = self.words(log[-1]) if log else ""
        self.app.push(HandOffScreen(self.app, self.seats[seat].name, ready, note[:90]))

    def run_bot(self, seat: int, dt: float) -> None:
        if self.table.busy and self.thinking is None and self.bot_choice is None:
            return
        if self.thinking is None and self.bot_choice is None:
            view = self.session.rules.view(self.session.state, seat)
            legal = self.session.legal_actions()
            rng = random.Random(self.session.seed * 7919 + len(self.session.actions))
            self.thinking = bots.make(self.game_id, self.seats[seat].level).think(view, legal, rng)
            self.bot_wait = BOT_PACE_SECONDS * max(self.table.factor, 0.15)
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
        if self.show_log:
            self.draw_log(surface)

    def draw_log(self, surface) -> None:
        vp = self.viewport
        panel = vp.rect(840, 70, 420, 620)
        draw_panel(surface, panel, fill=(8, 24, 16, 240))
        draw_text(surface, vp, "Game log (L)", 20, (860, 84), theme.GOLD, face="bold")
        lines = []
        for entry in self.session.view(self.viewer).log:
            lines.extend(wrap(self.words(entry), vp.length(14), vp.length(380)))
        for i, line in enumerate(lines[-LOG_LINES:]):
            draw_text(surface, vp, line, 14, (860, 118 + i * 25), theme.INK)

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
            kind = info.get("kind") if info.get("kind") in ("human", "computer") else "human"
            level = info.get("level") if info.get("level") in levels else levels[-1]
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
