"""The app's window and the surface it draws into, sharp on high-DPI screens.

Three platforms, three ways a screen's scale reaches us:
- **Windows** scales windows of programs that don't say they handle it (a blur at 150%). SDL's
  `SDL_WINDOWS_DPI_AWARENESS=permonitorv2` hint says we do: the window is then measured in real
  pixels, and we read the monitor's scale (`GetDpiForWindow`) to size text and the window.
- **macOS** measures windows in points; a Retina window has twice the pixels only if it is
  created with SDL's ALLOW_HIGHDPI flag, which `pygame.display.set_mode` never passes. There we
  open a `pygame.Window(allow_high_dpi=True)`: its surface has the real pixels, mouse positions
  stay in points (`pixel_ratio` converts them), and it is shown whole with `flip`.
- **Linux (X11)** has no scale SDL can see; `DECKHAND_DISPLAY_SCALE` (1 to 4) says what it is,
  as GDK_SCALE does for GTK programs: the window opens that many times larger, in real pixels,
  and text and cards are drawn at that size rather than enlarged afterwards.

The rest of the app sees one surface in real pixels, `display_scale` (real pixels per point
of the screen: text and the smallest window are sized by it) and `pixel_ratio` (surface
pixels per unit of a mouse position: 2 on a Retina Mac, 1 elsewhere).

Checked on Linux: the display path, the Window path (headless and under Xvfb) and a forced
scale. The Windows and macOS specifics (the hint, the DPI call, Retina pixels) are checked
by reading SDL's and pygame-ce's documentation only: there is no such machine here.

Under X11 (and XWayland) showing a frame's rectangles is a copy the X server makes while SDL
waits for it (`XSync`): 1-3 ms for a busy 4K frame. There a `Presenter` shows them from a
thread of its own, so the copy runs while the next frame reads its events and records what it
draws; the painter `settle`s before it writes the window's pixels again. Whatever asks SDL for
the window's surface holds `window_lock` (after a resize that frees the old surface, which a
frame on its way would still be read from), and pygame's own resize watch, which asks for it
while events are read, is switched off: `App.on_resize` asks instead.
"""
from __future__ import annotations

import os
import sys
import threading

import pygame

SCALE_VARIABLE = "DECKHAND_DISPLAY_SCALE"
SCALES = (1.0, 4.0)  # a forced scale outside this is refused

# Held while SDL shows a frame or hands out the window's surface (see the module's text)
window_lock = threading.RLock()


def window_surface() -> pygame.Surface | None:
    """The window's surface, or None before there is one; from any thread (for its format)."""
    if not pygame.display.get_init():
        return None
    with window_lock:
        return pygame.display.get_surface()


class Presenter:
    """Shows a frame's rectangles from the presenting thread; `settle` waits until it is
    shown (and raises what showing it raised)."""

    def __init__(self):
        self._go = threading.Event()
        self._started = threading.Event()
        self._done = threading.Event()
        self._done.set()
        self._rects: list = []
        self._failure: Exception | None = None
        threading.Thread(target=self._run, name="presenting", daemon=True).start()

    def show(self, rects: list) -> None:
        self.settle()
        self._rects = list(rects)
        self._done.clear()
        self._started.clear()
        self._go.set()
        # Until the thread is on its way: it needs Python's lock to start, and a frame being
        # recorded lets go of it only every millisecond (up to 4 ms measured; a wake: 0.1)
        self._started.wait()

    def settle(self) -> None:
        self._done.wait()
        failure, self._failure = self._failure, None
        if failure is not None:
            raise failure

    def _run(self) -> None:
        while True:
            self._go.wait()
            self._go.clear()
            try:
                with window_lock:
                    self._started.set()
                    pygame.display.update(self._rects)  # (lets go of Python's lock in SDL)
            except Exception as exc:  # noqa: BLE001 - (the window closed under it) raised
                self._failure = exc   # on the main thread; the thread must live on
            finally:
                self._done.set()


def on_x11() -> bool:
    """Whether the window is an X11 one (XWayland's too): its frames and its idle waits go
    through the X server (see also ui/xwait.py)."""
    return pygame.display.get_driver() == "x11"


def shows_on_a_thread() -> bool:
    """Whether frames here are shown from the presenting thread: X11, where pygame-ce lets
    its resize watch be switched off (`display._set_autoresize`, there since pygame 2.0)."""
    return on_x11() and hasattr(pygame.display, "_set_autoresize")


def prepare() -> None:
    """Before SDL's video starts: tell Windows we draw at the monitor's real pixels."""
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")


def forced_scale(environ=os.environ) -> tuple[float | None, str | None]:
    """(scale, None) from DECKHAND_DISPLAY_SCALE, (None, None) when unset, or (None, why)."""
    text = environ.get(SCALE_VARIABLE, "").strip()
    if not text:
        return None, None
    try:
        value = float(text)
    except ValueError:
        return None, f"{SCALE_VARIABLE}={text[:20]!r} is not a number; the scale is left at 1."
    if not SCALES[0] <= value <= SCALES[1]:
        return None, (f"{SCALE_VARIABLE}={value:g} is outside {SCALES[0]:g} to {SCALES[1]:g}; "
                      "the scale is left at 1.")
    return value, None


def windows_scale() -> float:
    """The monitor's scale of the window on Windows (1.5 at 150%), else 1."""
    if sys.platform != "win32":
        return 1.0
    try:  # Windows 10 1607 and later; read, not run, here
        import ctypes
        hwnd = pygame.display.get_wm_info().get("window")
        dpi = ctypes.windll.user32.GetDpiForWindow(hwnd) if hwnd else 0
        return dpi / 96 if dpi else 1.0
    except (AttributeError, OSError):
        return 1.0


class Screen:
    """The window through `pygame.display` (Windows, Linux): partial updates, pixels in, pixels out."""

    high_dpi = False

    def __init__(self, scale: float | None = None):
        self.forced = scale
        self.display_scale = scale or 1.0
        self.presenter: Presenter | None = None
        self.whole = pygame.Rect(0, 0, 0, 0)  # the window's surface, as last handed out

    @property
    def pixel_ratio(self) -> float:
        return 1.0

    def open(self, size, fullscreen: bool) -> pygame.Surface:
        self.settle()
        with window_lock:
            if fullscreen:
                # Exactly the desktop's size: pygame-ce then asks SDL for desktop fullscreen
                # (SDL_WINDOW_FULLSCREEN_DESKTOP), so the screen never changes resolution.
                sizes = pygame.display.get_desktop_sizes()
                surface = pygame.display.set_mode(sizes[0] if sizes else (0, 0),
                                                  pygame.FULLSCREEN)
            else:
                surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        if self.presenter is None and shows_on_a_thread():
            pygame.display._set_autoresize(False)  # type: ignore[attr-defined]
            self.presenter = Presenter()
        self.whole = surface.get_rect()
        if self.forced is None:
            self.display_scale = windows_scale()
        return surface

    def resize(self, size) -> None:
        self.settle()
        with window_lock:
            pygame.display.set_mode(size, pygame.RESIZABLE)

    def surface(self) -> pygame.Surface:
        self.settle()
        surface = window_surface()
        if surface is None:
            raise pygame.error("the window is closed")
        self.whole = surface.get_rect()
        return surface

    def present(self, rects: list | None) -> None:
        """Show the whole surface (None) or just `rects` (from the presenting thread, if any:
        `settle` before the surface is drawn on again)."""
        if self.presenter is not None:
            self.presenter.show([self.whole] if rects is None else rects)
            return
        with window_lock:
            if rects is None:
                pygame.display.flip()
            else:
                pygame.display.update(rects)

    def settle(self) -> None:
        """Wait until the last frame is shown."""
        if self.presenter is not None:
            self.presenter.settle()

    def set_title(self, title: str, icon: pygame.Surface | None = None) -> None:
        pygame.display.set_caption(title)
        if icon is not None:
            pygame.display.set_icon(icon)


class HighDpiScreen(Screen):
    """The window as a `pygame.Window` asked for its real pixels (macOS). Shown whole each
    frame that changes: `Window.flip` has no partial form."""

    high_dpi = True

    def __init__(self, scale: float | None = None):
        super().__init__(scale)
        self.window: pygame.Window | None = None
        self.title = "Deckhand"
        self.icon: pygame.Surface | None = None

    @property
    def pixel_ratio(self) -> float:
        if self.window is None:
            return 1.0
        return self.window.get_surface().get_width() / max(1, self.window.size[0])

    def open(self, size, fullscreen: bool) -> pygame.Surface:
        if self.window is None:
            self.window = pygame.Window(self.title, tuple(size), resizable=True,
                                        allow_high_dpi=True)
            if self.icon is not None:
                self.window.set_icon(self.icon)
        if fullscreen:
            self.window.set_fullscreen(True)  # the desktop's mode: no change of resolution
        else:
            self.window.set_windowed()
            self.window.size = tuple(size)
        if self.forced is None:
            self.display_scale = self.pixel_ratio
        return self.window.get_surface()

    def resize(self, size) -> None:
        assert self.window is not None
        self.window.size = tuple(size)

    def surface(self) -> pygame.Surface:
        assert self.window is not None
        return self.window.get_surface()

    def present(self, rects: list | None) -> None:
        assert self.window is not None
        self.window.flip()

    def set_title(self, title: str, icon: pygame.Surface | None = None) -> None:
        self.title, self.icon = title, icon or self.icon
        if self.window is not None:
            self.window.title = title
            if icon is not None:
                self.window.set_icon(icon)


def make_screen(environ=os.environ, platform: str = sys.platform) -> tuple[Screen, str | None]:
    """The screen for this platform, and a message if DECKHAND_DISPLAY_SCALE was refused.
    `DECKHAND_HIGH_DPI_WINDOW=1` takes the macOS way anywhere (to test it on Linux)."""
    scale, problem = forced_scale(environ)
    if platform == "darwin" or environ.get("DECKHAND_HIGH_DPI_WINDOW") == "1":
        return HighDpiScreen(scale), problem
    return Screen(scale), problem
