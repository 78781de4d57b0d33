"""What every table with several seats shares: seats of humans and computers,
hand-off screens between humans, bots that think a few milliseconds per frame,
captions of what happened and the game log (L).

The table tells what happened only once the cards show it: the counters are drawn from the
state the cards have reached (`drawn_view`), and each log entry is told (a caption by the seat
it names, else the table's own line, the status line) as the animation lands on it.
"""
from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass

import pygame

from ..engine import bots
from ..text import number
from ..ui import canvas, theme
from ..ui import layout as layouts
from ..ui.fonts import font
from ..ui.widgets import ButtonRow, draw_panel, draw_text, fit_text, wrap
from .game_scene import GameScene, status_fits
from .handoff import HandOffScreen

# Which of the layout's opp1..opp7 places (clockwise from the viewer's left) the other seats use.
OPPONENT_SLOTS = {1: (4,), 2: (2, 6), 3: (2, 4, 6), 4: (1, 3, 5, 7), 5: (1, 2, 4, 6, 7),
                  6: (1, 2, 3, 5, 6, 7), 7: (1, 2, 3, 4, 5, 6, 7)}
BOT_SLICE_SECONDS = 0.003   # most thinking time per frame (less in a busy frame: App.thinking_time)
HINT_SLICE_SECONDS = 0.008  # a hint someone is waiting for (on a still table) thinks longer per frame
# Seconds a computer's move stays on screen before the next computer acts (Settings: Computer moves).
BOT_PACES = {"slow": 3.2, "normal": 2.0, "fast": 1.0}
CAPTION_PACES = 2.5         # a caption lasts this many paces (it may outlive the next move)
CAPTION_LINES = 3           # entries one caption tells; earlier ones stay in the log (L)
CAPTION_WRAPPED = 5         # wrapped lines of a caption, unless its one entry needs more
CAPTION_SIZE, CAPTION_LINE_H = 14, 20
ROW_SHOWS = 0.6             # a row of cards over another shows at least this much of the one above
COLUMN_GAP = 12             # buttons this close one above the other in the map are a column
CAPTION_GAP = 6             # between a seat's place and its caption beside it
LEADING_SEAT = re.compile(r"\{p(\d+)\}")
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


def area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def default_seats(game_id: str, count: int) -> list:
    levels = bots.levels(game_id)
    strongest = levels[-1] if levels else "random"
    return [Seat("Player 1")] + [Seat(f"Computer {i}", "computer", strongest)
                                 for i in range(1, count)]


class PassAndPlayScene(GameScene):
    name_inset = 10  # where a seat panel's name starts (an online table's dot comes first)

    def __init__(self, app, seed=None, options=None, seats=None):
        self.seats = list(seats) if seats else default_seats(self.game_id, self.default_seats())
        self.seat_count = len(self.seats)
        humans = [i for i, s in enumerate(self.seats) if s.is_human]
        self.viewer = humans[0] if humans else 0
        self.last_human = None
        self.thinking = None
        self.bot_to_think = False  # run_bot found a computer to act this frame (see think)
        self.bot_choice = None
        self.bot_wait = 0.0
        self.show_log = False
        self.log_scroll = 0         # log lines scrolled back from the newest
        self.handing_off = False
        self.captions: dict = {}    # seat -> [lines, seconds left]: what that seat just did
        self.caption_boxes: dict = {}  # seat -> (logical Rect, wrapped lines), as last drawn
        self.landed = 1             # how many of the session's states the cards have reached
        self.log_told = 0           # log entries (as the viewer sees them) told so far
        self.quiet: list = []       # (states count, seat): secret choices, told once landed
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

    def human_seats(self) -> list:
        return self.humans

    def names(self) -> dict:
        return {f"p{i}": seat.name for i, seat in enumerate(self.seats)}

    def words(self, entry: str) -> str:
        try:
            return entry.format(**self.names())
        except (KeyError, IndexError, ValueError):
            return entry

    # -- where seats sit -----------------------------------------------------
    _captions_placed: tuple | None = None  # (what place_captions depends on, its answer)

    def panel_of(self, seat: int):
        """The layout place of a seat: `me` for the viewer, an oppN place for the others."""
        if seat == self.viewer:
            return self.layout["me"]
        offset = (seat - self.viewer) % self.seat_count
        return self.layout[f"opp{OPPONENT_SLOTS[self.seat_count - 1][offset - 1]}"]

    def hand_slots(self, count: int, gap: float = 18) -> list:
        """Positions of the viewer's hand cards, centred in the layout's `hand`: one row, in
        rows where the zone is tall enough for them to overlap less (a portrait window)."""
        hand = self.layout["hand"]
        return self.grid(hand.rect, self.card_size, count, gap, centred=True)

    @staticmethod
    def row(x, y, width, size, count) -> list:
        """`count` cards of `size` side by side from (x, y), overlapping to fit `width`."""
        step = size[0] + 4 if count <= 1 else min(size[0] + 4, (width - size[0]) / (count - 1))
        return [(x + i * step, y) for i in range(count)]

    @staticmethod
    def grid(box, size, count, gap: float = 4, centred: bool = False) -> list:
        """`count` cards of `size` in `box` (x, y, w, h), in reading order: in as many rows as
        show the most of each card (a row overlaps the one above only down to its top part,
        cards in a row overlap to fit the width); one row where more would not show more."""
        x, y, w, h = box
        cw, ch = size
        if count <= 0:
            return []

        def shown(rows: int) -> tuple:
            per = -(-count // rows)
            step = cw + gap if per <= 1 else min(cw + gap, (w - cw) / (per - 1))
            pitch = ch + min(gap, 10) if rows <= 1 else min(ch + min(gap, 10), (h - ch) / (rows - 1))
            return min(1.0, step / cw, pitch / ch), per, step, pitch

        rows = 1
        for more in range(2, count + 1):
            if shown(more)[0] <= shown(rows)[0] + 0.01 or shown(more)[0] < ROW_SHOWS:
                break
            rows = more
        _, per, step, pitch = shown(rows)
        out = []
        for r in range(rows):
            n = min(per, count - r * per)
            x0 = x + (w - (cw + (n - 1) * step)) / 2 if centred else x
            out += [(x0 + i * step, y + r * pitch) for i in range(n)]
        return out

    def line_height(self, size) -> float:
        """The logical height of a line of text of `size` as drawn now (over its size where
        the text floor holds it up, in a small window)."""
        return font(self.viewport.text(size)).get_linesize() / self.viewport.scale

    def text_stretch(self, size) -> float:
        """How much larger than its size text of `size` is drawn (the floor, in a small window)."""
        vp = self.viewport
        return max(1.0, vp.text(size) / (size * vp.scale))

    def text_width(self, text: str, size, face: str = "sans") -> float:
        """The logical width of `text` of `size` as drawn now."""
        return font(self.viewport.text(size), face).size(text)[0] / self.viewport.scale

    @staticmethod
    def draw_seat_frame(surface, rect: pygame.Rect, active: bool, shade: int = 70) -> None:
        """A seat's panel: the felt darkened by `shade`, edged gold while the seat is to act."""
        draw_panel(surface, rect, fill=(0, 0, 0, shade),
                   edge=theme.GOLD if active else (80, 120, 96), width=3 if active else 2)

    def draw_seat_panel(self, surface, view, seat):
        """A seat's panel, edged gold while it is to act, with its name (and whether it deals)
        and its score; returns the layout place."""
        vp = self.viewport
        panel = self.panel_of(seat)
        r = vp.rect(*panel.rect)
        active = view.to_act == seat
        score = number(view.scores[seat])
        name = self.seats[seat].name + (" · dealer" if seat == view.dealer else "")

        def draw(on) -> None:
            self.draw_seat_frame(on, r, active)
            shown = draw_text(on, vp, score, 18, (panel.x + panel.w - 10, panel.y + 6),
                              theme.GOLD, "topright", "bold")
            fit_text(on, vp, name, 16, (panel.x + self.name_inset, panel.y + 8),
                     panel.w - 18 - self.name_inset - shown.w / vp.scale,
                     theme.GOLD if active else theme.INK, face="bold")
        self.draw_kept(surface, ("seat", seat), r,
                       (tuple(panel.rect), active, score, name, self.name_inset), draw)
        return panel

    # -- turns ---------------------------------------------------------------
    def on_new_game(self) -> None:
        self.thinking = None
        self.bot_to_think = False
        # the strongest computer player thinking for the seat at the screen
        self.hint_thinking: bots.Thinking | None = None
        self.hint_marks = (-1, (), ())  # (moves played when hinted, cards, places) the hint lights
        self.bot_choice = None
        self.last_human = None
        self.handing_off = False
        self.captions = {}
        self.caught_up()

    def caught_up(self) -> None:
        """The table shows the game as it stands and nothing is left to tell (a new deal, a
        resumed game, a hand-off whose recap told it)."""
        self.landed = len(self.session.states)
        self.log_told = log_end(self.session.view(self.viewer))
        self.quiet = []

    def bot_pace(self) -> float:
        """Seconds each computer move is shown before the next one (Settings: Computer moves)."""
        return BOT_PACES.get(getattr(self.app.settings, "bot_pace", "normal"), BOT_PACES["normal"])

    def new_entries(self, seat=None) -> list:
        """The log entries, in words, that the latest action added (as `seat` sees them)."""
        seat = self.viewer if seat is None else seat
        return self.entries_since(log_end(self.session.view_at(-2, seat)), seat)

    def entries_since(self, count: int, seat: int) -> list:
        """The log entries, in words, after the first `count` the game has logged (a game may
        keep only the end of a long log: `log_start` says how many it let go)."""
        now = self.session.view(seat)
        return [self.words(e) for e in now.log[max(0, count - getattr(now, "log_start", 0)):]]

    def act(self, action) -> bool:
        """Apply an action; what it did is told once its cards have landed (`land`)."""
        self.hint_thinking = None
        actor = self.session.state.to_act
        if not super().act(action):
            return False
        if actor is not None and not self.seats[actor].is_human and not self.new_entries():
            # only what everyone saw: a move that added nothing to the log was a secret choice
            self.quiet.append((len(self.session.states), actor))
        self.land()  # at once where nothing moves (instant animation)
        return True

    # -- telling what happened, as the cards show it ------------------------------
    def settled(self) -> bool:
        """Whether the table has nothing more to play out of the latest state once its cards
        stop moving (a game that plays a move back step by step says no meanwhile)."""
        return True

    def land(self) -> None:
        """Once the cards stop moving, the counters catch up with them and what they showed
        is told."""
        if self.table.busy:
            return
        if self.settled():
            self.landed = len(self.session.states)
        self.tell(self.log_reached())

    def drawn_view(self):
        """The view the counters are drawn from: the state the cards have reached."""
        if self.landed >= len(self.session.states):
            return self.session.view(self.viewer)
        return self.between_view()

    def between_view(self):
        """The view while the latest move's cards are still on their way: the state before
        (view_at: an online table's RemoteSession keeps views, not states)."""
        return self.session.view_at(max(0, self.landed - 1), self.viewer)

    def log_reached(self) -> int:
        """How many log entries (as the viewer sees them) the cards on the table have shown."""
        return log_end(self.drawn_view())

    def entry_seat(self, entry: str):
        """The seat a log entry (as the rules wrote it, {p0} for a name) belongs to: the seat
        it starts with, the one that acted; None for an event of the whole table. A game whose
        entries say it otherwise may tell better."""
        found = LEADING_SEAT.match(entry)
        seat = int(found.group(1)) if found else None
        return seat if seat is not None and seat < self.seat_count else None

    def tell(self, upto: int) -> None:
        """Tell the log entries up to `upto`: each as a caption by the seat it belongs to, the
        viewer's own and the table's on the status line; and the secret choices landed."""
        now = self.session.view(self.viewer)
        start = getattr(now, "log_start", 0)  # entries a long game let go
        upto = min(upto, log_end(now))
        entries = now.log[max(0, self.log_told - start):max(0, upto - start)]
        self.log_told = max(self.log_told, upto)
        quiet = [seat for count, seat in self.quiet if count <= self.landed]
        self.quiet = [(count, seat) for count, seat in self.quiet if count > self.landed]
        if not entries and not quiet:
            return
        by_seat: dict[int, list[str]] = {}
        table: list[str] = []
        for entry in entries:
            seat = self.entry_seat(entry)
            if seat is None or seat == self.viewer:
                table.append(self.words(entry))
            else:
                by_seat.setdefault(seat, []).append(self.words(entry))
        for seat in quiet:
            by_seat.setdefault(seat, [f"{self.seats[seat].name} has chosen, in secret."])
        for seat, lines in by_seat.items():
            self.captions[seat] = [lines[-CAPTION_LINES:], CAPTION_PACES * self.bot_pace()]
        if table:
            self.say(self.table_line(table))
        elif by_seat:
            self.say("")  # the moves are read at their seats

    def table_line(self, texts: list) -> str:
        """The newest entries that fit the status line whole; earlier ones stay in the log."""
        place = self.layout["status"]
        shown = texts[-1:]
        for text in reversed(texts[:-1]):
            trial = "  ".join([text] + shown)
            if status_fits(trial, place.w, place.h, self.viewport):
                shown.insert(0, text)
            else:
                break
        return "  ".join(shown)

    def recap(self, seat: int) -> list:
        """Everything public, in words, since `seat` last acted (the whole log if it never has)."""
        states = self.session.states
        start = 0
        for i in range(len(states) - 2, -1, -1):
            if states[i].to_act == seat:
                start = log_end(self.session.view_at(i + 1, seat))
                break
        return self.entries_since(start, seat)

    def accepts_moves(self) -> bool:
        to_act = self.session.state.to_act
        return (to_act is not None and to_act == self.viewer and self.seats[to_act].is_human
                and not self.handing_off)

    def greeting(self) -> str:
        return ""

    def describe(self, action_text: str) -> str:
        return ""  # told once the cards land (`tell`)

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
        view = self.session.view(self.viewer)
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
            action = next((a for a in self.session.legal_actions() if str(a) == text), None)
            self.hint_marks = (len(self.session.actions), *self.marks_for(action))
            why = self.hint_reason(self.session.view(self.viewer), text)
            self.say(f"Hint: the strongest computer player would choose: {self.action_words(text)}"
                     + (f": {why}" if why else "") + ".", "hint")

    def marks_for(self, action) -> tuple:
        """(card codes, logical rects) a hint of `action` lights: by default its card, and the
        cards it names as its target (a pile); a scene adds the seat or place it goes to."""
        if action is None:
            return (), ()
        cards = [action.card] if getattr(action, "card", None) else []
        target = getattr(action, "target", None)
        if isinstance(target, tuple) and all(isinstance(c, str) for c in target):
            cards += [c for c in target if c in self.table.sprites]
        return tuple(cards), ()

    def draw_hint_marks(self, surface) -> None:
        """Every card and place a hint names is edged in gold, over the table (cards in a
        hand overlap: an edge below them would hide), until a move is made."""
        played, cards, places = getattr(self, "hint_marks", (-1, (), ()))
        if played != len(self.session.actions):
            return
        vp = self.viewport
        pulse = 0.5 + 0.5 * abs((pygame.time.get_ticks() % 1200) / 600 - 1)
        colour = tuple(int(c * (0.6 + 0.4 * pulse)) for c in theme.GOLD)
        marked = [s for c in cards for s in [self.table.sprites.get(c)] if s is not None]
        for rect in map(self.showing_part, marked):
            canvas.rect(surface, colour, vp.rect(*rect).inflate(vp.length(6), vp.length(6)),
                             width=max(2, vp.length(4)), border_radius=vp.length(10))
        for rect in places:
            canvas.rect(surface, colour,
                             vp.rect(*rect).inflate(vp.length(14), vp.length(14)),
                             width=max(3, vp.length(5)), border_radius=vp.length(14))

    def showing_part(self, sprite) -> pygame.Rect:
        """The part of a card not covered by the card laid over its right side (a fanned hand)."""
        x, y = sprite.pos
        w, h = sprite.size
        for other in self.table.sprites.values():
            ox, oy = other.pos
            if other.z > sprite.z and x < ox < x + w and oy < y + h and y < oy + other.size[1]:
                w = ox - x
        return pygame.Rect(x, y, w, h)

    def hint_reason(self, view, action_text: str) -> str:
        """Why the hinted action is good, in a few words, where the game can say (from `view`)."""
        return ""

    def update(self, dt: float) -> None:
        super().update(dt)
        self.land()
        if self.hint_thinking is not None and (not self.accepts_moves() or self.app.top is not self):
            self.hint_thinking = None  # the turn moved on, or the table was covered
        elif self.hint_thinking is not None:
            self.think_about_hint()
        self.age_captions(dt)
        self.play_turns(dt)

    def play_turns(self, dt: float) -> None:
        """Move the game on: hand the table to the human to act, or let a computer think. (An
        online table's host does both: its scene only listens.)"""
        self.bot_to_think = False  # until run_bot says a computer is to act this frame
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

    def moving_by_itself(self) -> bool:
        """Anything but the person at the screen deciding: a computer's turn, a hand-off to
        come, a hint being thought about."""
        if self.hint_thinking is not None:
            return True
        return not self.session.is_over() and not self.accepts_moves()

    def timers(self):
        yield from super().timers()
        for _, left in self.captions.values():
            yield left

    def age_captions(self, dt: float) -> None:
        for seat, caption in list(self.captions.items()):
            caption[1] -= dt
            if caption[1] <= 0:
                del self.captions[seat]

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
            self.caught_up()  # the recap told it
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
        self.bot_to_think = True
        if self.thinking is None and self.bot_choice is None:
            view = self.session.view(seat)
            legal = self.session.legal_actions()
            self.thinking = bots.make(self.game_id, self.seats[seat].level).think(
                view, legal, self.bot_rng())
            self.bot_wait = self.bot_pace() if self.captions else self.bot_pace() / 2
        self.bot_wait -= dt
        if self.bot_choice is not None and self.bot_wait <= 0 and not self.table.busy:
            choice, self.bot_choice = self.bot_choice, None
            self.act(choice)

    def think(self) -> None:
        """The computer to act thinks, once the frame is drawn, in what the frame leaves (its
        choice is played by `run_bot` in a later frame), in a frame `run_bot` found it to act."""
        super().think()
        if self.thinking is None or not self.bot_to_think or self.app.top is not self:
            return
        now = time.perf_counter()
        deadline, longest = now + self.app.thinking_time(BOT_SLICE_SECONDS), 0.0
        try:
            while now + longest < deadline:  # no step that would run past the slice
                next(self.thinking)
                done = time.perf_counter()
                longest, now = max(longest, done - now), done
        except StopIteration as stop:
            self.bot_choice = stop.value
            self.thinking = None

    # -- keys and the log ----------------------------------------------------
    def side_buttons(self, act_button) -> ButtonRow:
        """The table's column of buttons: the game's own action, the log and the menu."""
        return ButtonRow([act_button,
                          self.layout_button("log", "Log", self.toggle_log, "L", text_size=16),
                          self.layout_button("menu", "Menu", self.pause, "Esc", text_size=16)])

    def on_resize(self) -> None:
        super().on_resize()
        self.keep_button_columns()

    def keep_button_columns(self) -> None:
        """Buttons stacked in a column in the map stay together, with the map's gaps, ending
        where the lowest one's place is: a tall window spreads places apart, not a column."""
        self.columns_kept = self.layout.width, self.layout.height
        design = layouts.load(self.game_id)
        placed = sorted((b for b in self.buttons.buttons if b.place in design and b.place in self.layout),
                        key=lambda b: design[b.place].y)
        below: dict = {}  # a button -> the one under it in its column
        for upper in placed:
            for lower in placed:
                a, b = design[upper.place], design[lower.place]
                if (a.x, a.w) == (b.x, b.w) and 0 <= b.y - (a.y + a.h) <= COLUMN_GAP:
                    below[upper] = lower
        for button in reversed(placed):
            under = below.get(button)
            if under is not None:
                gap = design[under.place].y - design[button.place].y - design[button.place].h
                button.rect.bottom = round(under.rect.y - gap)

    def toggle_log(self) -> None:
        self.show_log = not self.show_log

    def on_key(self, event) -> None:
        if event.key == pygame.K_l or (event.key == pygame.K_ESCAPE and self.show_log):
            self.toggle_log()  # Esc closes the log first, as it closes any panel on top
        else:
            super().on_key(event)

    def draw(self, surface) -> None:
        if getattr(self, "columns_kept", None) != (self.layout.width, self.layout.height):
            self.keep_button_columns()  # buttons made at this size, since the last resize
        self.land()
        super().draw(surface)
        self.draw_hint_marks(surface)
        self.caption_boxes = self.place_captions()
        for seat, (box, lines) in sorted(self.caption_boxes.items()):
            if not box.collidepoint(self.pointer):  # pointing at a caption looks under it
                self.draw_caption(surface, seat, lines)
        if self.show_log:
            self.draw_log(surface)

    def caption_place(self, seat: int) -> pygame.Rect:
        """Where the seat's caption is drawn (logical), beside its place on the table."""
        if seat not in self.caption_boxes and seat in self.captions:
            self.caption_boxes = self.place_captions()
        box = self.caption_boxes.get(seat)
        return pygame.Rect(box[0]) if box else pygame.Rect(self.panel_of(seat).rect)

    def caption_text(self, entries: list, width: float) -> list:
        """A caption's wrapped lines: its entries whole, the newest first to stay when they
        are too many (the log keeps them all)."""
        vp = self.viewport
        wrapped = [wrap(e, vp.text(CAPTION_SIZE), vp.length(width - 20)) for e in entries]
        lines = list(wrapped[-1])
        for more in reversed(wrapped[:-1]):
            if len(lines) + len(more) > CAPTION_WRAPPED:
                break
            lines = more + lines
        return lines

    def occupied(self) -> list:
        """What a caption must not hide (logical rects): every seat's place, the layout's
        piles, zones, buttons and lines, and every card on the table."""
        seats = {f"opp{OPPONENT_SLOTS[self.seat_count - 1][i]}" for i in range(self.seat_count - 1)}
        out = [pygame.Rect(p.rect) for name, p in self.layout.places.items()
               if not name.startswith("opp") or name in seats]
        out += [pygame.Rect(s.target, s.target_size) for s in self.table.sprites.values()
                if not s.retiring]
        return out

    def place_captions(self) -> dict:
        """{seat: (logical Rect, wrapped lines)}: each caption beside its seat's place where it
        hides nothing (below, toward the middle, the other side, above), else where it hides
        the least, inside its own place under the name. Placed again only when what it depends
        on changes (it is asked every frame; at eight seats it took 2 ms)."""
        if not self.captions:
            return {}
        taken = self.occupied()
        vp = self.viewport
        of = (self.viewer, self.seat_count, vp.logical, vp.scale,
              tuple((seat, tuple(entries)) for seat, (entries, _) in sorted(self.captions.items())),
              tuple(tuple(r) for r in taken), tuple(tuple(b.rect) for b in self.buttons.buttons))
        kept = self._captions_placed
        if kept is None or kept[0] != of:
            kept = self._captions_placed = (of, self._place_captions(taken))
        return {seat: (pygame.Rect(box), list(lines)) for seat, (box, lines) in kept[1].items()}

    def _place_captions(self, taken: list) -> dict:
        panels = [pygame.Rect(self.panel_of(s).rect) for s in range(self.seat_count)]
        bounds = pygame.Rect(0, 0, self.layout.width, self.layout.height)
        buttons = [pygame.Rect(b.rect) for b in self.buttons.buttons]
        out: dict[int, tuple] = {}
        for seat, (entries, _) in sorted(self.captions.items()):
            panel = pygame.Rect(self.panel_of(seat).rect)
            # inside its own place a caption may lie on bare table; never on another seat
            hidden = [r for r in taken if r != panel] + [pygame.Rect(panel.x, panel.y, panel.w, 30)]
            others = [p for p in panels if p != panel]  # another seat: worse to hide than a card
            told = buttons + [box for box, _ in out.values()]  # worst: a button, another caption
            best, least, best_lines = None, None, []
            wide = max(panel.w, 220) * self.text_stretch(CAPTION_SIZE)  # as many words a line
            # as wide as that if it hides nothing, else as wide as its place, in more lines
            for width in dict.fromkeys((wide, min(wide, panel.w))):
                lines = self.caption_text(entries, width)
                size = (width, round(self.caption_line_height() * len(lines)) + 12)
                for spot in self.caption_spots(panel, size, [box for box, _ in out.values()]):
                    box = pygame.Rect(spot, size)
                    if not bounds.contains(box):
                        continue  # always on the table (its own place is, at worst)
                    cost = (sum(area(box.clip(r)) for r in hidden)
                            + 5 * sum(area(box.clip(r)) for r in others)
                            + 25 * sum(area(box.clip(r)) for r in told))
                    if least is None or cost < least:
                        best, least, best_lines = box, cost, lines
                    if cost == 0:
                        break
                if least == 0:
                    break
            if best is None:  # taller than any room: from under its name, on the table
                lines = self.caption_text(entries, wide)
                size = (wide, round(self.caption_line_height() * len(lines)) + 12)
                best, best_lines = pygame.Rect((panel.x, panel.y + 30), size).clamp(bounds), lines
            out[seat] = (best, best_lines)
            taken.append(best)
        return out

    def caption_spots(self, panel: pygame.Rect, size, placed=()) -> list:
        """Top-left corners to try for a caption of `size` at the seat whose place is `panel`,
        `placed` the captions already on the table (one may lie beside another, not on it)."""
        w, h = size
        g = CAPTION_GAP
        middle = self.layout.width / 2
        right, left = (panel.right + g, panel.y), (panel.x - g - w, panel.y)
        sides = [right, left] if panel.centerx < middle else [left, right]
        below, above = panel.bottom + g, panel.y - g - h
        outside = [(panel.x, below), *sides, (panel.x, above),
                   (sides[0][0], panel.bottom - h), (sides[1][0], panel.bottom - h),
                   (panel.right - w, below), (panel.right - w, above)]
        for box in placed:  # flush against a caption that took the place beside this one
            for y in (below, above):
                outside += [(x, y) for x in (box.right + g, box.x - g - w)
                            if x < panel.right and x + w > panel.x]
        inside = [(panel.x + (panel.w - w) / 2, y) for y in range(panel.bottom - h - 4, panel.y + 29, -8)]
        return outside + inside

    def draw_caption(self, surface, seat: int, lines: list) -> None:
        """What a seat just did, in words, in an opaque bubble beside its place."""
        vp = self.viewport
        rect = self.caption_place(seat)
        draw_panel(surface, vp.rect(*rect), fill=theme.CAPTION, edge=theme.GOLD, radius=10)
        step = self.caption_line_height()
        for i, line in enumerate(lines):
            draw_text(surface, vp, line, CAPTION_SIZE, (rect.x + 10, rect.y + 6 + step * i), theme.INK)

    def caption_line_height(self) -> float:
        return max(CAPTION_LINE_H, self.line_height(CAPTION_SIZE))

    def log_rect(self) -> pygame.Rect:
        """The log's panel: over the middle of the table, never over the hand or the buttons."""
        width, height = self.layout.width, self.layout.height
        bottom = self.layout["hand"].y if "hand" in self.layout else height * 0.7
        return pygame.Rect(width * 0.2, 16, width * 0.6, bottom - 32)

    def draw_log(self, surface) -> None:
        vp = self.viewport
        area = self.log_rect()
        draw_panel(surface, vp.rect(*area), fill=theme.OPAQUE_PANEL)
        draw_text(surface, vp, "Game log (L or Esc to close, wheel to scroll)", 18,
                  (area.x + 20, area.y + 12), theme.GOLD, face="bold")
        lines = []
        now = self.session.view(self.viewer)
        for entry in now.log[:max(0, self.log_told - getattr(now, "log_start", 0))]:
            lines.extend(wrap(self.words(entry), vp.text(15), vp.length(area.w - 40)))
        step = max(24, self.line_height(15))
        room = max(1, int((area.h - 56) // step))
        self.log_scroll = max(0, min(self.log_scroll, len(lines) - room))
        end = len(lines) - self.log_scroll
        for i, line in enumerate(lines[max(0, end - room):end]):
            draw_text(surface, vp, line, 15, (area.x + 20, area.y + 46 + i * step), theme.INK)

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

    def counts(self) -> bool:
        """A table of computers only is nobody's game: it stays out of the statistics."""
        return bool(self.humans)

    def record_seats(self) -> list:
        return [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats]
