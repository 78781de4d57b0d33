"""What every game scene shares: a Session, animated card sprites, drag and drop
with click alternatives, undo, hint, the status line and the result screen.

A game's scene says where cards go (`placements`), what dropping a card on a
zone means (`drop_action`), what clicking a card does (`click`), and draws its HUD.
"""
from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Generator

import pygame

from ..engine import IllegalAction
from ..engine.bots import finish
from ..engine.cards import FULL_DECK
from ..engine.session import Session
from ..store import results, saves
from ..ui import canvas, theme, widgets
from ..ui import layout as layouts
from ..ui.fonts import font
from ..ui.table import CardTable
from ..ui.widgets import Button, ButtonRow, draw_text, note, wash, wash_rim, wrap
from .base import Scene
from .dialogs import ConfirmDialog, PauseMenu

DRAG_THRESHOLD = 6      # window pixels before a press becomes a drag
RESULT_PAUSE = 0.6      # seconds between the last animation and the result screen
STATUS_SECONDS = 6.0
DOUBLE_CLICK = 0.4      # seconds within which a second click on a card is a double-click
LONG_PRESS = 0.8        # seconds a still press takes to show what lies under it large (touch)
RIM_LIT_SHARE = 0.08    # a chosen drop zone larger than this share of the window is lit at its
RIM_LIT_DEPTH = 22      # rim, this deep (logical pixels), not washed whole (see widgets.wash_rim)
NO_CLICK = (None, -1.0, False, (-99, -99))
DAILY_READYING = 0.0035  # seconds a still frame must have left to ready the deal of the day's check
TIP_WORDING = 0.004  # seconds at most a frame spends after its drawing wording the tip's moves
REPLAY_KEYS = ("Replay: Left and Right step through the moves, Home and End go to the first "
               "and last, Esc closes.")


def random_deal() -> int:
    return random.SystemRandom().randrange(1, 1_000_000)


class Drag:
    __slots__ = ("sprite", "grab", "home", "press", "moving")

    def __init__(self, sprite, grab, press):
        self.sprite = sprite
        self.grab = grab          # logical offset of the pointer inside the card
        self.home = sprite.target
        self.press = press        # window position of the press
        self.moving = False


class GameScene(Scene):
    game_id = ""
    selected: str | None = None  # a card picked up by a click, waiting for a click on its place
    seat_count = 1
    viewer = 0  # the seat whose view the table shows
    size_from = "deck"  # the layout object whose size is the card size
    dropping = False    # an action is being applied from a drag (its sound is "drop")
    autosave = True     # off for a table that only shows a game (the replay viewer)
    double_clicks = False  # on where a double-click makes a card's obvious move
    timed = False       # a solitaire: a move counter and a clock, kept in the statistics
    replaying = False   # shown in the replay viewer: its keys on the tip line, no clock

    reflows = True

    def __init__(self, app, seed=None, options=None):
        super().__init__(app)
        place = self.layout[self.size_from]
        self.card_size = (place.w, place.h)
        self.table = CardTable(app.settings.animation_speed, self.card_size)
        self.buttons = ButtonRow()
        self.drag: Drag | None = None
        self.hover_code: str | None = None
        self.kept_pieces: dict[object, canvas.Kept] = {}  # a piece of the table -> what it drew last
        self.hinted: str | None = None
        self.status = ("", "info", 0.0)
        self.status_age = 0.0  # seconds the status has been up: an old one gives way to a tip
        self.options = options
        self.seconds = 0.0  # time the scene has run, for double-clicks
        self.last_click = NO_CLICK  # (card, when, whether it made a move, window position)
        self.finisher = None  # a solitaire's AutoFinish (scenes/autofinish.py)
        self.held = None  # (window position, scene seconds) of a press not yet moved or let go
        self.pointer = (-1, -1)  # where the mouse last moved over the table, logical
        self.released: str | None = None  # the card of a press being let go, while it is
        self.returning = None  # the card sliding back from a refused drop
        self._legal_zones: tuple | None = None  # the last legal_zones: (what it was of, zones)
        self._moves_listed: tuple = (None, "")  # (the position, its moves in words): what_now
        self._wording: tuple | None = None  # (the position, its moves being worded): think
        self._worded_unseen = False  # the tip's moves are worded and not drawn yet
        self.drawing_status = False  # while the status line is drawn (a new position's tip waits)
        self.start(seed)

    @property
    def layout(self) -> layouts.Layout:
        """The table's layout spread over the window it has now."""
        return layouts.fitted(self.game_id, self.viewport.logical)

    def on_resize(self) -> None:
        """Buttons follow their places; cards slide to theirs."""
        buttons = list(self.buttons.buttons)
        if self.finisher is not None:
            buttons.append(self.finisher.button)
        for button in buttons:
            if button.place is not None and button.place in self.layout:
                button.rect = pygame.Rect(self.layout[button.place].rect)
        self.table.finish_all()
        self.table.sync(self.placements(self.session.view(self.viewer)),
                        origin=self.deal_origin(), retire_to=self.retire_point())

    # -- game flow ---------------------------------------------------------
    def start(self, seed=None) -> None:
        seed = random_deal() if seed is None else seed
        self.use_session(Session(self.game_id, self.seat_count, seed, self.options))

    def use_session(self, session: Session) -> None:
        """Play `session` from where it stands (a fresh deal, a stacked deck, a resumed game)."""
        seed = session.seed
        self.session = session
        self.app.art.deck = getattr(session.rules, "DECK", FULL_DECK)  # (what is drawn ahead)
        self.selected: str | None = None
        self.table.sprites.clear()
        self.result_timer: float | None = None   # seconds until the result screen shows
        self.daily_result = None  # (share line, streak, figures) of today's deal of the day
        self.celebrated = False  # the win was celebrated (with its jingle) before the result
        self.recorded = False  # counted in the statistics (at the final move)
        self.daily_ready = False  # the deal of the day's check was readied (see `think`)
        self.rendered_ahead: tuple | None = None  # what `render_ahead` last looked at
        self.token = saves.new_token()  # tells the statistics which game they hold
        self.elapsed = 0.0  # seconds on the clock: only while the table is in front
        self.hinted = None
        if self.finisher is not None:
            self.finisher.reset()
        self.on_new_game()
        self.refresh(deal=True)
        self.say(f"Deal #{seed}. " + self.greeting())

    def restart(self) -> None:
        s = self.session
        self.use_session(Session(self.game_id, s.seats, s.seed, s.options, s.deck))

    def new_deal(self, seed=None) -> None:
        self.start(seed)

    def ask_new_deal(self) -> None:
        if (not self.app.settings.confirm_new_deal or self.session.is_over()
                or not self.session.actions):
            self.new_deal()
            return
        self.app.push(ConfirmDialog(self.app, "New deal?",
                                    "This game will be given up.", self.new_deal,
                                    yes="Deal a new game"))

    def act(self, action) -> bool:
        """Apply an action; on refusal say why. Returns whether it was applied."""
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.say(str(exc), "error")
            return False
        self.hinted = None
        self.say(self.describe(str(action)))
        self.save_game()
        self.refresh()
        return True

    def undo(self) -> None:
        self.retrace(self.session.undo, "Undone")

    def redo(self) -> None:
        self.retrace(self.session.redo, "Redone")

    def retrace(self, step, done: str) -> None:
        """Undo or redo one action (`step`), or say why not."""
        try:
            text = step()
        except IllegalAction as exc:
            self.say(str(exc), "error")
            return
        self.hinted = None
        self.result_timer = None
        self.say(f"{done}: {self.action_words(text)}.")
        self.save_game()
        self.refresh()

    def save_game(self, soon: bool = True) -> None:
        """Keep the game in its autosave; a finished game is counted in the statistics as its
        save is removed. A crash loses at most the action in flight, never a result. `soon`:
        the autosave is written on the saving thread (store/later.py), so the move's frame
        does not wait for the disk; a write that failed is said at the next save."""
        if not self.autosave:
            return
        try:
            if not self.session.is_over():
                # a game that will not count is saved as counted: Continue never counts it
                saves.save(self.session, self.seat_info(), self.token,
                           self.recorded or not self.counts(), seconds=self.elapsed, soon=soon)
            elif self.recorded:
                saves.delete(self.game_id)
            else:
                self.record_result()
        except OSError as exc:
            self.say(f"The game could not be saved: {exc}", "error")

    def in_progress(self) -> bool:
        """Whether leaving now leaves a game unfinished (a deal not yet touched is not)."""
        return bool(self.session.actions) and not self.session.is_over()

    def resume(self, saved) -> None:
        """Carry on with a saved game (saves.Saved) exactly where it was left."""
        self.use_seat_info(saved.seats)
        self.use_session(saved.session)
        self.token, self.recorded = saved.token, saved.counted
        self.elapsed = saved.seconds

    def refresh(self, deal=False) -> None:
        before = self.table_state()
        view = self.session.view(self.viewer)
        self.table.sync(self.placements(view), origin=self.deal_origin(),
                        retire_to=self.retire_point())
        self.play_sounds(before, deal)
        if self.session.is_over() and self.result_timer is None:
            self.result_timer = RESULT_PAUSE
        if self.finisher is not None:
            self.finisher.refresh()

    def say(self, text: str, kind: str = "info") -> None:
        self.status = (text, kind, STATUS_SECONDS if kind != "info" else 1e9)
        self.status_age = 0.0
        if kind == "error":
            self.app.sound.play("illegal")

    def table_state(self) -> dict:
        return {c: (s.target, s.face_up) for c, s in self.table.sprites.items() if not s.retiring}

    def play_sounds(self, before: dict, deal: bool) -> None:
        """Sounds for what a refresh changed: a deal, a drop or a slide, and a flip."""
        after = self.table_state()
        new = set(after) - set(before)
        if deal or new:
            self.app.sound.play("deal")
        elif self.dropping:
            self.app.sound.play("drop")
        elif after.keys() != before.keys() or any(before[c][0] != after[c][0] for c in after):
            self.app.sound.play("slide")
        if not deal and any(up and not before.get(c, (None, False))[1] for c, (_, up) in after.items()):
            self.app.sound.play("flip")

    def record_result(self) -> None:
        """Count the finished game in the statistics, once per game played."""
        if self.recorded:
            return
        self.recorded = True
        if not self.counts():  # nobody's result: its save goes, so nobody can continue it
            with contextlib.suppress(OSError):
                saves.delete(self.game_id)
            return
        try:
            message = results.finish(self.session, self.seat_info(), self.stats_players(),
                                     self.token, self.elapsed)
        except OSError as exc:
            message = f"Deckhand could not write its statistics: {exc}"
        if message:
            self.app.notify("Statistics", message)
        if self.timed:  # a solitaire: today's deal of the day keeps its own streak
            from .daily import count
            self.daily_result = count(self)

    def think(self) -> None:
        """In what the frame leaves once it is drawn: the tip's moves of a new position worded
        (see `listed_moves`); and a solitaire readies the check for today's deal of the day in a
        still frame's spare time: loading it (Python's SHA-256, Scoundrel's lists of winnable
        deals) was otherwise paid by the frame of the move that ends the game (with hashlib's
        OpenSSL, 3-5 ms)."""
        self.word_moves()
        if not self.table.busy:
            self.render_ahead()
        if self.timed and self.autosave and not self.daily_ready and not self.table.busy \
                and self.app.thinking_time(DAILY_READYING) >= DAILY_READYING:
            self.daily_ready = True
            from .daily import ready
            ready(self.game_id)

    def render_ahead(self) -> None:
        """Once a position (at this scale, in this look) is still on the table, have the card
        worker render the cards the next move may show at another size (`sizes_ahead`)."""
        state, key = self.session.state, (self.viewport.scale, self.app.art.look)
        if self.rendered_ahead is not None and self.rendered_ahead[0] is state \
                and self.rendered_ahead[1] == key:  # (a state is compared by identity)
            return
        self.rendered_ahead = (state, key)
        self.table.render_ahead(self.sizes_ahead(), self.viewport, self.app.art)

    # -- hooks for each game -------------------------------------------------
    def on_new_game(self) -> None:
        pass

    def counts(self) -> bool:
        """Whether this game goes into the statistics (a game a computer played is no player's)."""
        return True

    def greeting(self) -> str:
        return ""

    def placements(self, view) -> dict:
        """{card code: (logical position, face up, z)} for every card sprite to show."""
        return {}

    def sizes_ahead(self) -> dict:
        """{card code: logical (w, h)} for cards the next move may lay at a size other than
        the one they lie at, so they are rendered at it ahead (`render_ahead`)."""
        return {}

    def deal_origin(self):
        return None

    def retire_point(self):
        return None

    def can_drag(self, code: str) -> bool:
        return False

    def drop_zones(self) -> dict:
        """{zone name: logical Rect} where cards may be dropped."""
        return {}

    def drop_action(self, code: str, zone: str):
        """(action text, None) for a meaningful drop, or (None, reason) otherwise."""
        return None, None

    def click(self, code: str) -> None:
        pass

    def double_click(self, code: str) -> None:
        """A card's obvious move (where `double_clicks` is on)."""
        self.click(code)

    def hint(self):
        return None

    def describe(self, action_text: str) -> str:
        return ""

    def words(self, entry: str) -> str:
        """A text from the rules with the players' names filled in (none at a solo table)."""
        return entry

    def action_words(self, action_text: str) -> str:
        """An action as a player reads it (the rules module's `action_words`)."""
        say = getattr(self.session.rules, "action_words", None)
        return self.words(say(action_text)) if say else action_text

    def show_result(self) -> None:
        pass

    def deal_name(self) -> str:
        """How the result screen names the game: its deal number (an online table has none)."""
        return f"Deal #{self.session.seed}"

    def seat_info(self):
        """What the table knows of each seat, kept with the save: a dict of texts per seat
        (name, kind...), or None."""
        return None

    def use_seat_info(self, seats) -> None:
        """Take back what `seat_info` gave, before a saved game is resumed."""

    def stats_players(self):
        """(name, kind) per seat for the statistics, or None for a solo game."""
        return None

    def draw_table(self, surface, view) -> None:
        pass

    def clock_text(self) -> str:
        """"   ·   12 moves   ·   3:04" for a solitaire's info line, or "" when hidden."""
        if not self.timed or not self.app.settings.show_clock:
            return ""
        moves = len(self.session.actions)
        if self.replaying:  # a record keeps no time: none is shown rather than a still clock
            return f"   ·   {moves} move{'s' * (moves != 1)}"
        return f"   ·   {moves} move{'s' * (moves != 1)}   ·   {clock(self.elapsed)}"

    def draw_overlay(self, surface, view) -> None:
        pass

    # -- shared pieces of a table ---------------------------------------------
    def layout_button(self, name: str, text: str, action, key: str = "", text_size=17) -> Button:
        """A button where the layout's object `name` is."""
        button = Button(self.layout[name].rect, text, action, key, text_size=text_size)
        button.place = name
        return button

    def pile_back(self, name: str) -> pygame.Surface:
        """The card back a face-down pile at the layout's `name` is drawn with."""
        place = self.layout[name]
        return self.app.art.back(self.viewport.length(place.w), self.viewport.length(place.h))

    def draw_pile(self, surface, name: str, count: int, per_layer: int, most: int = 5) -> None:
        """A face-down pile at the layout's `name`, a little thicker the more cards it holds;
        its top card lies exactly on the place, where dealt cards start from."""
        vp = self.viewport
        place = self.layout[name]
        back = self.pile_back(name)
        layers = min(most, (count + per_layer - 1) // per_layer)
        for i in range(layers):
            off = (layers - 1 - i) * 2
            surface.blit(back, vp.point(place.x - off, place.y - off))
            note("card", back.get_rect(topleft=vp.point(place.x - off, place.y - off)), name)

    # -- input ---------------------------------------------------------------
    def legal_texts(self) -> set:
        return {str(a) for a in self.session.legal_actions()}

    def legal_zones(self, code: str) -> list:
        """The zones a drop of `code` makes a legal move in. Asked every frame a card is held
        (the zones glow): kept until the state, the seat at the screen or the zones change
        (Pirate Rummy's drop_action reads the view; asking every zone took 4 ms a frame)."""
        zones = self.drop_zones()
        state = self.session.state
        of = (self.viewer, code, tuple(zones))
        last = self._legal_zones
        if last is not None and last[0] is state and last[1] == of:
            return list(last[2])
        legal = self.legal_texts()
        found = [z for z in zones if self.drop_action(code, z)[0] in legal]
        self._legal_zones = (state, of, found)
        return list(found)

    def zone_at(self, point):
        for name, rect in self.drop_zones().items():
            if rect.collidepoint(point):
                return name
        return None

    def accepts_moves(self) -> bool:
        """Whether the player at the screen may act now (not a bot's turn)."""
        return self.session.state.to_act == self.viewer

    def handle(self, event) -> None:
        if self.finisher is not None and self.finisher.handle(event):
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.table.finish_all()
        if self.buttons.handle(event, self.viewport):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.held = (event.pos, self.seconds)
        elif event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.MOUSEMOTION and self.held is not None
                and abs(event.pos[0] - self.held[0][0]) + abs(event.pos[1] - self.held[0][1])
                >= DRAG_THRESHOLD):
            self.held = None
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.on_press(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.drag is None:
            self.look_at(self.viewport.to_logical(event.pos))
        elif event.type == pygame.MOUSEMOTION:
            self.on_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event.pos)

    def on_key(self, event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        shift = event.mod & pygame.KMOD_SHIFT
        if event.key == pygame.K_ESCAPE:
            self.pause()
        elif (ctrl and event.key == pygame.K_y) or (shift and event.key == pygame.K_u):
            self.redo()
        elif event.key == pygame.K_u or (ctrl and event.key == pygame.K_z):
            self.undo()
        elif event.key == pygame.K_h:
            self.show_hint()
        elif event.key == pygame.K_n:
            self.ask_new_deal()
        elif event.key == pygame.K_F1:
            self.app.open_rules(self.game_id)

    def pause(self) -> None:
        self.app.push(PauseMenu(self.app, self))

    def show_hint(self) -> None:
        if self.session.is_over():
            return
        hint = self.hint()
        if hint is None:
            self.say("No hint here.")
            return
        action = hint.action
        self.hinted = next((a.card for a in self.session.legal_actions()
                            if str(a) == action and a.card), None)
        self.say("Hint: " + hint.reason, "hint")

    def on_press(self, pos) -> None:
        point = self.viewport.to_logical(pos)
        sprite = self.table.sprite_at(point)
        if (sprite is None or not self.accepts_moves() or not self.can_drag(sprite.code)
                or self.session.is_over()):
            self.on_table_click(point)
            return
        grab = (point[0] - sprite.pos[0], point[1] - sprite.pos[1])
        self.drag = Drag(sprite, grab, pos)

    def put_down(self) -> None:
        """Let go of a card picked up by a click (the table plays on without the player)."""
        self.selected = None

    def select(self, code: str, prompt: str) -> None:
        """Pick up a card with a click (a second click puts it down); its places glow."""
        self.selected = None if self.selected == code else code
        if self.selected:
            self.say(prompt, "hint")
        self.refresh()

    def on_table_click(self, point) -> None:
        if not self.selected or not self.accepts_moves():
            return
        zone = self.zone_at(point)
        if zone is None:
            self.selected = None
            self.refresh()
        else:
            self.put_selected(zone)

    def put_selected(self, zone: str) -> None:
        """Play the picked-up card to `zone`, as dropping it there would."""
        if self.selected is None:
            return
        action, reason = self.drop_action(self.selected, zone)
        if action is None:
            self.say(reason or "That card can't go there.", "error")
            return
        self.selected = None
        if not self.act(action):
            self.refresh()

    def on_motion(self, pos) -> None:
        point = self.viewport.to_logical(pos)
        self.pointer = point
        d = self.drag
        if d is None:
            sprite = self.table.sprite_at(point)
            self.hover_code = sprite.code if sprite else None
            return
        if not d.moving:
            if abs(pos[0] - d.press[0]) + abs(pos[1] - d.press[1]) < DRAG_THRESHOLD:
                return
            d.moving = True
            d.sprite.lift = True
            if self.selected and self.selected != d.sprite.code:
                self.put_down()  # another card is taken up: the one picked by a click goes back
                self.refresh()
        d.sprite.move = None
        d.sprite.pos = (point[0] - d.grab[0], point[1] - d.grab[1])
        self.hover_code = d.sprite.code

    def on_release(self, pos) -> None:
        d, self.drag = self.drag, None
        if d is None:
            return
        self.released = d.sprite.code  # drop zones may depend on the card let go
        try:
            self.let_go(d, pos)
        finally:
            self.released = None
        if d.moving:  # the card let go is on its way elsewhere: not the one pointed at now
            sprite = self.table.sprite_at(self.viewport.to_logical(pos))
            self.hover_code = sprite.code if sprite is not None and sprite is not d.sprite else None

    def let_go(self, d: Drag, pos) -> None:
        """A press ends: a click on the card, or a drop where the pointer is."""
        d.sprite.lift = False
        if not d.moving:
            if self.double_clicks:
                self.click_or_double(d.sprite.code, pos)
            else:
                self.click(d.sprite.code)
            return
        point = self.viewport.to_logical(pos)
        zone = self.zone_at(point)
        if zone is None:
            cx = d.sprite.pos[0] + d.sprite.size[0] / 2
            cy = d.sprite.pos[1] + d.sprite.size[1] / 2
            zone = self.zone_at((cx, cy))
        if zone is None:
            self.slide_home(d)
            return
        action, reason = self.drop_action(d.sprite.code, zone)
        if action is None:
            self.slide_home(d)
            if reason:
                self.say(reason, "error")
            return
        self.dropping = True
        applied = self.act(action)
        self.dropping = False
        if not applied:
            self.slide_home(d)

    def click_or_double(self, code: str, pos) -> None:
        """A second click on the same card soon after the first is a double-click. When the first
        click already made a move, a second one on the same spot is swallowed, so a double-click
        can't play the card that has just arrived there."""
        last, when, moved, spot = self.last_click
        soon = self.seconds - when <= DOUBLE_CLICK
        same_spot = abs(pos[0] - spot[0]) + abs(pos[1] - spot[1]) < 2 * DRAG_THRESHOLD
        self.last_click = NO_CLICK
        if soon and moved and same_spot:
            return
        if soon and last == code and not moved:
            self.double_click(code)
            return
        before = len(self.session.actions)
        self.click(code)
        self.last_click = (code, self.seconds, len(self.session.actions) != before, pos)

    def slide_home(self, d: Drag) -> None:
        d.sprite.move_to(d.home, 0.25 * self.table.factor)
        self.returning = d.sprite  # drawn above the table's overlays until it is home

    def long_press(self) -> None:
        """A press held still: as a right-click (for touch screens); the press is used up, so
        its release, which goes to the viewer on top, moves nothing here."""
        pos, _ = self.held
        self.held = None
        if self.drag is not None:
            self.drag.sprite.lift = False
            self.drag = None
        if self.app.top is self:
            self.look_at(self.viewport.to_logical(pos))

    def look_at(self, point) -> None:
        """A right-click: the card or pile under the pointer, large, with nothing moved."""
        from .pile_viewer import CardViewer
        shown = self.pile_at(point)
        if shown is None:
            return
        title, cards = shown
        if not cards:
            self.say("That card is face down.")
            return
        self.app.push(CardViewer(self.app, title, cards))

    def pile_at(self, point):
        """(title, face-up cards) for what lies under `point`, or None for bare table. By
        default the face-up cards stacked there; a game may show a whole pile or column."""
        under = [s for s in self.table.in_draw_order() if not s.retiring and s.contains(point)]
        if not under:
            return None
        cards = [s.code for s in under if s.face_up]
        return ("A closer look" if len(cards) == 1 else f"{len(cards)} cards, the top one last"), cards

    # -- frame ---------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.seconds += dt
        self.status_age += dt
        if self.timed and self.app.top is self and not self.session.is_over():
            self.elapsed += dt
        self.table.update(dt)
        if self.finisher is not None:
            self.finisher.update(dt)
        if self.held is not None and self.seconds - self.held[1] >= LONG_PRESS:
            self.long_press()
        text, kind, left = self.status
        if left < 1e8:
            left -= dt
            self.status = (text, kind, left) if left > 0 else ("", "info", 1e9)
        if self.result_timer is not None and not self.table.busy and self.drag is None:
            self.result_timer -= dt
            if self.result_timer <= 0:
                self.result_timer = float("inf")
                self.end_of_game()

    def end_of_game(self) -> None:
        """The result screen, after a celebration when a human has won."""
        from .celebration import Celebration, wanted
        self.celebrated = self.celebrates() and wanted(self.app)
        if self.celebrated:
            self.app.sound.play("win")
            self.app.push(Celebration(self.app, self, self.show_result))
        else:
            self.show_result()

    def celebrates(self) -> bool:
        """Whether the game just finished is a human's win (a table only shown is not)."""
        if not self.autosave or not self.session.is_over():
            return False
        winners = self.session.rules.result(self.session.state).winners
        return any(seat in winners for seat in self.human_seats())

    def human_seats(self) -> list:
        return [self.viewer]

    def next_change(self) -> float | None:
        if (self.table.busy or self.drag is not None or self.hinted or self.moving_by_itself()
                or self.tip_waits
                or (self.finisher is not None and self.finisher.playing)
                or (self.result_timer is not None and self.result_timer != float("inf"))):
            return 0.0
        waits = [wait for wait in self.timers() if wait is not None]
        return max(0.0, min(waits)) if waits else None

    def moving_by_itself(self) -> bool:
        """Whether the game goes on with no input now (a computer playing, say): each game
        adds its own reasons."""
        return False

    def timers(self):
        """Seconds until each change the scene's clocks will make with no input (None: none)."""
        text, kind, left = self.status
        yield left if left < 1e8 else None
        if text and kind == "info" and self.status_age <= STATUS_SECONDS:
            yield STATUS_SECONDS - self.status_age + 0.01  # then the tip takes its place
        if self.held is not None:
            yield LONG_PRESS - (self.seconds - self.held[1])
        if self.timed and self.app.top is self and not self.session.is_over():
            yield 1.0 - self.elapsed % 1.0  # the clock's next second

    def drawn_view(self):
        """The view the table's counters and texts are drawn from (a table that plays moves
        back draws the state its cards have reached)."""
        return self.session.view(self.viewer)

    def draw_kept(self, surface, piece, rect: pygame.Rect | None, key, draw) -> None:
        """`draw(surface)`, or, while `key` and the viewport are as they were last frame and
        only the felt lies under `rect` (real pixels), the operations it recorded then (a
        panel's translucent middle is filled with what blending gives over the felt there).
        `rect` None: `draw` draws texts and images only, whatever lies under them."""
        vp = self.viewport
        if rect is None:
            ground: tuple | None = ()
        else:
            ground = surface.ground(rect) if isinstance(surface, canvas.Canvas) else None
        full = None if ground is None else (key, ground, vp.scale, vp.offset, vp.text_floor)
        widgets.draw_kept(surface, self.kept_pieces.setdefault(piece, canvas.Kept()), full, draw)

    def draw(self, surface) -> None:
        view = self.drawn_view()
        self.draw_table(surface, view)
        if self.drag and self.drag.moving:
            self.draw_targets(surface, self.drag.sprite.code)
        elif self.selected and self.accepts_moves():
            self.draw_targets(surface, self.selected)
        self.draw_hint_glow(surface)
        self.table.draw(surface, self.viewport, self.app.art)
        self.buttons.draw(surface, self.viewport)
        if self.finisher is not None:
            self.finisher.draw(surface)
        self.draw_overlay(surface, view)
        back = self.returning
        if back is not None and back.busy and self.table.sprites.get(back.code) is back:
            self.table.draw_sprite(surface, self.viewport, self.app.art, back)
        self.draw_status(surface)

    def draw_targets(self, surface, code: str) -> None:
        """Every place the card may go glows; the one a drop would choose now glows most."""
        vp = self.viewport
        zones = self.drop_zones()
        chosen = self.zone_at(self.pointer)
        if chosen is None and self.drag is not None and self.drag.moving:
            sprite = self.drag.sprite  # a drop off every zone tries the card's centre
            chosen = self.zone_at((sprite.pos[0] + sprite.size[0] / 2,
                                   sprite.pos[1] + sprite.size[1] / 2))
        for name in self.legal_zones(code):
            r = vp.rect(*zones[name]).inflate(vp.length(10), vp.length(10))
            radius = vp.length(14)
            if name == chosen:
                inset = max(4, vp.length(8))  # the outlines below cover the wash's corners
                lit = r.inflate(-2 * inset, -2 * inset)
                if lit.w * lit.h > RIM_LIT_SHARE * surface.get_width() * surface.get_height():
                    wash_rim(surface, lit, theme.GOLD, 80, max(6, vp.length(RIM_LIT_DEPTH)))
                else:
                    wash(surface, lit, theme.GOLD, 60)
                canvas.rect(surface, theme.INK, r, width=max(4, vp.length(8)),
                                 border_radius=radius)
                canvas.rect(surface, theme.GOLD, r.inflate(-vp.length(4), -vp.length(4)),
                                 width=max(2, vp.length(5)), border_radius=radius)
            else:
                canvas.rect(surface, theme.GOLD, r, width=max(2, vp.length(4)),
                                 border_radius=radius)

    def draw_hint_glow(self, surface) -> None:
        sprite = self.table.sprites.get(self.hinted) if self.hinted else None
        if sprite is None:
            return
        vp = self.viewport
        r = vp.rect(*sprite.pos, *sprite.size).inflate(vp.length(14), vp.length(14))
        pulse = 0.5 + 0.5 * abs((pygame.time.get_ticks() % 1200) / 600 - 1)
        colour = tuple(int(c * (0.6 + 0.4 * pulse)) for c in theme.GOLD)
        canvas.rect(surface, colour, r, width=max(3, vp.length(5)), border_radius=vp.length(14))

    def what_now(self) -> str:
        """The tip line: what the player at the screen can do now, in words (a game may say it
        better). By default every kind of move the rules allow now, none left out."""
        if self.session.is_over() or not self.accepts_moves():
            return ""
        if self.finisher is not None and self.finisher.tip():
            return self.finisher.tip()
        listed = self.listed_moves()
        if not listed:
            return ""
        return f"You can: {listed}{'' if listed[-1] in '.!?' else '.'} H suggests a move."

    def listed_moves(self) -> str | None:
        """Every kind of move the rules allow now, in words (`moves_in_words`), worded once a
        position: the tip is drawn every frame. While a frame is drawn a new position's moves
        are not worded in it (a position can allow a hundred moves: 2-6 ms in the frame where
        a move lands, the busiest there is) but after it, by `think`, in what the frames leave:
        None until then, and the tip line stays empty rather than show the last position's."""
        state = self.session.state
        if self._moves_listed[0] is state:
            return self._moves_listed[1]
        if not self.drawing_status:
            self._moves_listed, self._wording = (state, self.moves_in_words()), None
            return self._moves_listed[1]
        if self._wording is None or self._wording[0] is not state:
            self._wording = (state, self.wording_moves())
        return None

    @property
    def tip_waits(self) -> bool:
        """Whether the tip line waits for a position's moves to be worded (frames go on)."""
        return self._wording is not None or self._worded_unseen

    def word_moves(self) -> None:
        """Go on wording the moves of the position the tip waits for, in what the frame leaves."""
        if self._wording is None:
            return
        state, wording = self._wording
        if state is not self.session.state:  # (moved on: the next frame asks again)
            self._wording = None
            return
        deadline = time.perf_counter() + self.app.thinking_time(TIP_WORDING)
        try:
            while time.perf_counter() < deadline:
                next(wording)
        except StopIteration as stop:
            self._moves_listed, self._wording = (state, stop.value), None
            self._worded_unseen = True

    def moves_in_words(self) -> str:
        """Every kind of move the rules allow now, in words, none left out."""
        return finish(self.wording_moves())

    def wording_moves(self) -> Generator[None, None, str]:
        """`moves_in_words` a move at a time: a generator that yields after each move it words
        and returns the words."""
        kinds: dict = {}
        for action in self.session.legal_actions():
            words = self.action_words(str(action))
            if words:
                kinds.setdefault(words.split()[0], []).append(words)
            yield
        shown = [move_kind(group) for group in kinds.values()]
        if not shown:
            return ""
        return shown[0] if len(shown) == 1 else "; ".join(shown[:-1]) + "; or " + shown[-1]

    def status_or_tip(self) -> tuple:
        """(text, kind) for the status line: a tip once the status has had its time."""
        text, kind, _ = self.status
        if self.replaying:
            return (text, kind) if text else (REPLAY_KEYS, "tip")
        idle = not text or (kind == "info" and self.status_age > STATUS_SECONDS)
        if idle and self.app.settings.show_tips and self.drag is None:
            tip = self.what_now()
            if tip:
                return tip, "tip"
        return text, kind

    def draw_status(self, surface) -> None:
        self.drawing_status, self._worded_unseen = True, False
        try:
            text, kind = self.status_or_tip()
        finally:
            self.drawing_status = False
        if not text or "status" not in self.layout:
            return
        place = self.layout["status"]
        colour = {"error": theme.RED, "hint": theme.GOLD, "tip": theme.INK_DIM}.get(kind, theme.INK)
        face = "bold" if kind not in ("info", "tip") else "sans"
        vp = self.viewport

        def draw(on) -> None:
            size, lines = status_lines(text, place.w, place.h, vp, face)
            step = place.h / len(lines)
            for i, line in enumerate(lines):
                draw_text(on, vp, line, size, (place.x + place.w / 2, place.y + step * (i + 0.5)),
                          colour, "center", face)
        self.draw_kept(surface, "status", None, (tuple(place.rect), text, colour, face), draw)


def move_kind(choices: list) -> str:
    """One kind of move in words, from the words of all its moves: the move itself when it is
    the only one, else what they share with their differences listed (a few) or counted:
    "Play 2, 5 or 6 ☠ Skulls", "Attack … (9 choices)"."""
    if len(choices) == 1:
        return choices[0]
    split = [c.split() for c in choices]
    head = 0
    while all(len(w) > head + 1 for w in split) and len({w[head] for w in split}) == 1:
        head += 1
    prefix = " ".join(split[0][:head])
    rests = [w[head:] for w in split]
    if all(len(r) == len(rests[0]) for r in rests) and all(r[1:] == rests[0][1:] for r in rests):
        words = [r[0] for r in rests]  # only the first word differs: "2, 5 or 6 ☠ Skulls"
        tail = " ".join(rests[0][1:])
    else:
        words, tail = [" ".join(r) for r in rests], ""
    listed = ", ".join(words[:-1]) + " or " + words[-1]
    if len(listed) > 48:  # too long for the tip line: counted
        listed, tail = "…", f"({len(choices)} choices)"
    return " ".join(part for part in (prefix, listed, tail) if part)


def clock(seconds: float) -> str:
    """3:04, or 1:02:03 past the hour."""
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def status_fit(text: str, width: float, height: float, vp, face: str = "sans"):
    """(size, lines) of the status text whole in a `width` x `height` place (logical pixels):
    one line, or two smaller ones; None if it fits neither way."""
    for size in range(19, 12, -1):
        lines = wrap(text, vp.text(size), vp.length(width - 8), face)
        if len(lines) == 1 or (len(lines) == 2 and size * 2.5 <= height):
            return size, lines
    return None


def status_fits(text: str, width: float, height: float, vp) -> bool:
    return status_fit(text, width, height, vp) is not None


def status_lines(text: str, width: float, height: float, vp, face: str) -> tuple:
    """The status text as one line, or two smaller ones, that fit a `width` x `height` place
    (logical pixels); the end of a text too long even so gives way to an ellipsis."""
    fitted = status_fit(text, width, height, vp, face)
    if fitted is not None:
        return fitted
    size = 13
    f = font(vp.text(size), face)
    lines = wrap(text, vp.text(size), vp.length(width - 8), face)[:2]
    while len(lines[-1]) > 1 and f.size(lines[-1] + "…")[0] > vp.length(width - 8):
        lines[-1] = lines[-1][:-1]
    lines[-1] = lines[-1].rstrip() + "…"
    return size, lines
