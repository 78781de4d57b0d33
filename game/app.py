"""The Deckhand window: a scene stack driven by a loop that runs at 60 fps while anything moves
and sleeps until the next event (or the next change a scene foresees) while nothing does."""
from __future__ import annotations

import contextlib
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# On X11, SDL presents each frame through OpenGL by default; where that GL is software (VMs,
# remote desktops, Xvfb) it costs 10-20 ms a frame and 100 MB. Deckhand draws in software
# anyway, so frames go to X directly (docs/performance.md); set it to 1 to get GL back.
if sys.platform.startswith("linux"):
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    # The window's class (what docks and window lists group by) is "Deckhand", not "main.py".
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "Deckhand")
# SDL would turn SIGTERM into a window-close event (a "Quit Deckhand?" nobody answers at a
# logout); Deckhand handles the signals itself (shutdown.py).
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")

import pygame  # noqa: E402

from . import background, memory, shutdown, wake  # noqa: E402
from .resources import asset  # noqa: E402
from .store import saves, startup  # noqa: E402
from .store import settings as settings_store  # noqa: E402
from .ui import screen as screens  # noqa: E402
from .ui import theme, xwait  # noqa: E402
from .ui.canvas import Canvas  # noqa: E402
from .ui.cardart import CardArt  # noqa: E402
from .ui.fonts import font  # noqa: E402
from .ui.painter import Painter  # noqa: E402
from .ui.sound import SoundBoard  # noqa: E402
from .ui.viewport import Viewport  # noqa: E402

FPS = 60
# Seconds an idle window sleeps at most. Whatever changes by itself says when (a scene's
# next_change, the sound's quiet close) or wakes the window (wake.py), so this only bounds a
# miss. Each wake costs (on a VM the host's return to a sleeping CPU, charged to the process,
# 3-15 ms a wake after a second's sleep): 1 s made an idle menu cost 1-2 % of a core there.
POLL = 10.0
NAP = 0.04  # seconds between looks for input while idle: a first click waits at most this
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (640, 400)
MAX_SIZE = (7680, 4320)  # 8K; a window is also kept within the screen
HEADLESS_DRIVERS = ("dummy", "offscreen")  # no screen to fit: tests, the bench, screenshots
# The window's pixels may be lost (uncovered, restored, resized): the next frame repaints all.
REPAINT_EVENTS = {getattr(pygame, name) for name in (
    "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED", "WINDOWSIZECHANGED",
    "VIDEOEXPOSE") if hasattr(pygame, name)}
# Seconds a frame may spend rendering cards at a size not seen before: small ones in its
# drawing, larger ones (shown meanwhile as their nearest cached size scaled) once it is drawn,
# within what FRAME_WORK leaves (CardArt.render_later).
CARD_RENDER_BUDGET = 0.006
# Seconds a frame's own work aims to stay within (144 Hz leaves 6.9 ms): a computer thinks in
# what the frame leaves of it once it is drawn (see `App.thinking_time`).
FRAME_WORK = 0.0055
SWITCH_SECONDS = 0.001  # Python's is 5 ms: a frame waited that long for a thread's lock


class App:
    def __init__(self, size=DEFAULT_SIZE, game_id=None, seed=None, fullscreen=None):
        screens.prepare()
        pygame.display.init()
        pygame.font.init()
        font.cache_clear()  # fonts from an earlier pygame.init are dead
        self.screen, scale_message = screens.make_screen()
        if scale_message:
            print(f"deckhand: {scale_message}", file=sys.stderr, flush=True)
        self.screen.set_title("Deckhand", pygame.image.load(str(asset("icons", "deckhand.png"))))
        self.settings, settings_message = settings_store.load()
        self.settings_unsaved_told = settings_message is not None
        self.windowed_size = within_screen(self.in_pixels(size))
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.surface = self._open_window()
        if self.screen.display_scale != 1 and not self.screen.forced and not self.screen.high_dpi:
            # Windows told us its scale only once the window was open: the same size in points
            self.windowed_size = within_screen(self.in_pixels(size))
            if not self.fullscreen:
                self.screen.resize(self.windowed_size)
                self.surface = self.screen.surface()
        self.viewport = Viewport()
        self.fit_viewport()
        # A thread running Python (a judged deal's first steps, a card's drawing) keeps the
        # lock until it waits or this much time passes while the window's thread asks for it
        sys.setswitchinterval(SWITCH_SECONDS)
        self.art = CardArt(self.settings.four_colour, self.settings.card_back, self.settings.card_set)
        self.art.frame_budget = CARD_RENDER_BUDGET
        self.art.fit_window(self.surface.get_size())
        self.sound = SoundBoard(self)  # opens the mixer on the first sound, never required
        self.clock = pygame.time.Clock()
        self.waiter: xwait.XWait | None = None  # sleep waits on X11's socket (looked up once)
        self.waiter_looked_up = False
        self.painter = Painter(self.screen)
        self.stack: list = []
        self.running = True
        self.frames = 0
        self.frame_started = time.perf_counter()
        self.quit_dialog = None
        from .scenes.menu import MainMenu
        self.stack.append(MainMenu(self))
        store_messages = startup.prepare()
        if game_id:
            self.start_game(game_id, seed)
        if settings_message:
            self.notify("Settings reset", settings_message)
        for title, message in store_messages:
            self.notify(title, message)

    # -- window ---------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        return self.screen.open(self.windowed_size, self.fullscreen)

    def in_pixels(self, size) -> tuple:
        """A window size in the screen's points as the window's own units: pixels, except
        where the window itself is measured in points (a high-DPI Mac)."""
        if self.screen.high_dpi:
            return tuple(size)
        k = self.screen.display_scale
        return (round(size[0] * k), round(size[1] * k))

    def fit_viewport(self) -> None:
        self.viewport.fit(self.surface.get_size(), self.screen.pixel_ratio,
                          self.screen.display_scale)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.surface = self._open_window()
        self.fit_viewport()
        self.art.fit_window(self.surface.get_size())
        self.painter.invalidate()
        for scene in self.stack:
            scene.on_resize()
        self.settings.fullscreen = self.fullscreen
        self.save_settings()

    def on_resize(self, size) -> None:
        least = self.in_pixels(MIN_SIZE)
        clamped = (max(least[0], size[0]), max(least[1], size[1]))
        if not self.fullscreen:
            self.windowed_size = clamped
            if tuple(size) != clamped:  # dragged below the smallest usable table
                self.screen.resize(clamped)
        self.surface = self.screen.surface()
        self.fit_viewport()
        self.art.fit_window(self.surface.get_size())
        self.painter.invalidate()
        for scene in self.stack:
            scene.on_resize()

    def save_settings(self) -> None:
        try:
            settings_store.save(self.settings)
        except OSError as exc:
            if not self.settings_unsaved_told:  # said once, not at every change
                self.settings_unsaved_told = True
                self.notify("Settings not saved", f"Deckhand could not write its settings: {exc}")

    # -- scenes ---------------------------------------------------------
    @property
    def top(self):
        return self.stack[-1]

    def push(self, scene) -> None:
        self.stack.append(scene)

    def pop(self, scene=None) -> None:
        if scene is None or (self.stack and self.stack[-1] is scene):
            if len(self.stack) > 1:
                self.stack.pop()
        elif scene in self.stack:
            self.stack.remove(scene)

    def main_menu(self) -> None:
        self.save_current_game()  # the clock ran since the last move was saved
        self.close_games()

    def close_games(self, keep: bool = False) -> None:
        """Back to the menu alone (unless `keep`); a scene that holds something open (an
        online table's connection) lets go of it."""
        for scene in self.stack[1:]:
            on_close = getattr(scene, "on_close", None)
            if on_close is not None:
                on_close()
        if not keep:
            del self.stack[1:]

    def save_current_game(self) -> None:
        game = self.current_game()
        if game is not None and game.in_progress():
            game.save_game(soon=False)  # on disk before this returns (a quit, a signal)
        saves.settle()

    def start_game(self, game_id: str, seed=None, options=None, seats=None) -> None:
        from .scenes.registry import scene_for
        extra = {"seats": seats} if seats is not None else {}
        scene = scene_for(game_id)(self, seed=seed, options=options, **extra)
        self.close_games()
        self.stack.append(scene)

    def open_rules(self, game_id: str) -> None:
        from .scenes.rules import RulesScreen
        self.push(RulesScreen(self, game_id))

    def notify(self, title: str, text: str) -> None:
        from .scenes.dialogs import ConfirmDialog
        self.push(ConfirmDialog(self, title, text, lambda: None, yes="OK", no="Close"))

    def current_game(self):
        """The game scene highest in the stack, or None."""
        from .scenes.game_scene import GameScene
        return next((s for s in reversed(self.stack) if isinstance(s, GameScene)), None)

    def quit(self) -> None:
        self.save_current_game()
        self.close_games(keep=True)
        self.running = False

    def ask_quit(self) -> None:
        """The window's close button: quit at once unless a game is in progress."""
        game = self.current_game()
        if game is None or not game.in_progress():
            self.quit()
            return
        from .scenes.dialogs import ConfirmDialog
        if self.quit_dialog not in self.stack:
            self.quit_dialog = ConfirmDialog(self, "Quit Deckhand?",
                                             "Your game is saved and can be continued.",
                                             self.quit, yes="Quit", no="Keep playing")
            self.push(self.quit_dialog)

    # -- loop -----------------------------------------------------------
    def step(self, dt: float) -> None:
        """One frame: events to the top scene, update, draw (what changed)."""
        self.frame_started = time.perf_counter()
        self.art.start_frame()
        background.frame_started()
        try:
            self.frame(dt)
        finally:  # the threads that wait for a frame's end (card renders, jobs) go on
            background.frame_ended()

    def frame(self, dt: float) -> None:
        for event in pygame.event.get():
            if event.type in REPAINT_EVENTS:
                self.painter.invalidate()
            if event.type == pygame.QUIT:
                self.ask_quit()
            elif event.type == pygame.VIDEORESIZE:
                self.on_resize(event.size)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
            else:
                self.top.handle(event)
            if not self.running:
                return
        self.top.update(dt)
        self.draw()
        # after the drawing: what the frame leaves is known, not guessed
        self.art.render_later(self.thinking_time(CARD_RENDER_BUDGET))
        self.top.think()
        self.frames += 1

    def thinking_time(self, most: float, least: float = 0.0005) -> float:
        """Seconds the work after a frame's drawing (cards rendered late, a computer player's
        thinking in `Scene.think`) may take now: what FRAME_WORK leaves of the frame, within
        [least, most]. A frame busy drawing (cards in flight) thinks little, so it keeps its
        pace; a still table thinks up to `most`."""
        spent = time.perf_counter() - self.frame_started
        return min(most, max(least, FRAME_WORK - spent))

    def draw(self) -> None:
        canvas = Canvas(self.surface.get_size())
        canvas.fill(theme.TABLE_COLOURS.get(self.settings.table_colour, theme.FELT))
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(canvas)
        self.painter.repainted = self.painter.paint(canvas, self.surface)

    def idle_for(self) -> float | None:
        """None while the window must keep drawing frames (the last one changed something, or
        the top scene is moving); otherwise how long it may sleep before looking again."""
        if self.painter.repainted or self.art.waiting:
            return None
        change = self.top.next_change()
        if change is not None and change <= 0:
            return None
        return min(w for w in (POLL, change, self.sound.quiet_left()) if w is not None)

    def sleep(self, seconds: float, stop) -> None:
        """Wait for an event (or the system asking to stop), at most `seconds`, then bring the
        top scene's timers up to date, so a click after a long wait starts its animation from
        its first frame. On X11 it waits on the X server's socket (ui/xwait.py); elsewhere it
        naps, not pygame.event.wait: that polls every millisecond (2-3% of a core)."""
        if not self.waiter_looked_up:
            self.waiter, self.waiter_looked_up = xwait.waiter(), True
        self.sound.rest()
        deadline = time.monotonic() + seconds
        while not pygame.event.peek() and not stop.reason and not wake.requested.is_set():
            left = deadline - time.monotonic()
            if left <= 0:
                break
            if self.waiter is not None:  # until input, a wake, a signal or the deadline
                self.waiter.wait(left)
            else:
                time.sleep(min(NAP, left))
        wake.requested.clear()
        # the catch-up covers a whole sleep (a foreseen change comes on time), no more (a
        # machine suspended for hours)
        self.top.update(min(self.clock.tick() / 1000.0, POLL))

    def run(self) -> int:
        first_frame_only = os.environ.get("DECKHAND_EXIT_AFTER_FIRST_FRAME") == "1"  # make bench
        dt = 0.0  # the first frame goes up at once, before the clock paces the rest
        stop = shutdown.StopRequests()
        stop.install()
        try:
            while self.running:
                if stop.reason:  # the system asks: save and go, no question asked
                    print(f"deckhand: stopping ({stop.reason}); any game in progress is saved",
                          file=sys.stderr, flush=True)
                    self.quit()
                    break
                self.step(min(dt, 0.1))
                if first_frame_only:
                    self.screen.settle()  # (on the screen, not on its way)
                    print(f"deckhand: first frame at {time.time():.6f}", flush=True)
                    break
                if self.frames == 1:
                    memory.after_first_frame()
                idle = self.idle_for() if self.running else None
                if idle is None:
                    dt = self.clock.tick(FPS) / 1000.0
                else:
                    self.sleep(idle, stop)
                    dt = 0.0
        finally:
            self.art.stop()
            with contextlib.suppress(pygame.error):  # (the window went: nothing to show)
                self.screen.settle()
            pygame.quit()
            stop.uninstall()
        return 0


def within_screen(size: tuple) -> tuple:
    """`size`, shrunk to fit the screen if need be (saying so)."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return size
    try:
        screen = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        return size
    fitted = (min(size[0], max(MIN_SIZE[0], screen[0])), min(size[1], max(MIN_SIZE[1], screen[1])))
    if fitted != size:
        print(f"deckhand: a {size[0]}x{size[1]} window is larger than the screen "
              f"({screen[0]}x{screen[1]}): it opens at {fitted[0]}x{fitted[1]}",
              file=sys.stderr, flush=True)
    return fitted
