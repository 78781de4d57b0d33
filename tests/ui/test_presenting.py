"""Frames shown from the presenting thread (ui/screen.py): the painter never draws over a frame
on its way to the screen, what showing it raised is raised where the next frame is drawn, and
under X11 (a private Xvfb, in a child: the tests' own SDL is the dummy one) the X server shows
exactly what each frame drew, through a deal, the pointer over the table and window resizes."""
import os
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import screen as screens  # noqa: E402
from game.ui.canvas import Canvas  # noqa: E402
from game.ui.painter import Painter  # noqa: E402
from tests.ui.x11_child import needs_xvfb, run_under_xvfb  # noqa: E402


@pytest.fixture(scope="module")
def window():
    pygame.display.init()
    return pygame.display.set_mode((64, 64))


def test_the_painter_waits_for_the_last_frame_to_be_shown_before_drawing_again(window,
                                                                              monkeypatch):
    surface = pygame.Surface((320, 200), 0, window)  # stands for the window
    shown, showing = [], threading.Event()

    def slow_update(rects):  # the X server's copy, slowed down: the pixels must hold still
        showing.set()
        before = [pygame.image.tobytes(surface.subsurface(r), "RGB") for r in rects]
        time.sleep(0.02)
        shown.append(before == [pygame.image.tobytes(surface.subsurface(r), "RGB")
                                for r in rects])

    monkeypatch.setattr(pygame.display, "update", slow_update)
    screen = screens.Screen()
    screen.presenter, screen.whole = screens.Presenter(), surface.get_rect()
    painter = Painter(screen)
    for step in range(16):
        frame = Canvas(surface.get_size())
        frame.fill((30, 90, 60))
        frame.fill((200, 40, 40), (12 * step, 60, 50, 50))  # a card crossing the table
        frame.fill((240, 240, 230), (300 - 15 * step, 20, 20, 150))
        showing.clear()
        painter.paint(frame, surface)
        assert showing.wait(1)  # the next frame is drawn while this one is shown
    screen.settle()
    assert len(shown) == 16 and all(shown), shown


@pytest.mark.parametrize("error", [pygame.error, ValueError])
def test_what_showing_a_frame_raised_is_raised_where_the_next_is_drawn(window, monkeypatch,
                                                                        error):
    def closed(rects):
        raise error("the window is closed")

    monkeypatch.setattr(pygame.display, "update", closed)
    presenter = screens.Presenter()
    for _ in range(2):  # (the thread lives on)
        presenter.show([pygame.Rect(0, 0, 8, 8)])
        with pytest.raises(error, match="closed"):
            presenter.settle()
        presenter.settle()  # said once


def test_headless_windows_show_their_frames_themselves(window):
    assert not screens.shows_on_a_thread()  # the dummy driver: nothing to wait for


CHILD = r"""
import ctypes, ctypes.util, json, time
import pygame
from game.app import App

class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p), ("byte_order", ctypes.c_int),
                ("bitmap_unit", ctypes.c_int), ("bitmap_bit_order", ctypes.c_int),
                ("bitmap_pad", ctypes.c_int), ("depth", ctypes.c_int),
                ("bytes_per_line", ctypes.c_int), ("bits_per_pixel", ctypes.c_int)]

xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
xlib.XOpenDisplay.restype = ctypes.c_void_p
xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
xlib.XGetImage.restype = ctypes.POINTER(XImage)
xlib.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                           ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
xlib.XFree.argtypes = [ctypes.c_void_p]
for name in ("XMoveWindow", "XResizeWindow"):
    getattr(xlib, name).argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int]
xlib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]

app = App((800, 500))
other, window = xlib.XOpenDisplay(None), pygame.display.get_wm_info()["window"]
xlib.XMoveWindow(other, window, 0, 0)
xlib.XSync(other, 0)
shows = [0]
show = app.screen.presenter.show if app.screen.presenter else None
if show:
    def counted(rects):
        shows[0] += 1
        show(rects)
    app.screen.presenter.show = counted

def wrong_pixels():
    # what the X server shows against what the frame drew, once it is shown
    app.screen.settle()
    w, h = app.surface.get_size()
    image = xlib.XGetImage(other, window, 0, 0, w, h, 0xFFFFFFFF, 2).contents
    assert image.bits_per_pixel == 32 and image.bytes_per_line == 4 * w, image.bytes_per_line
    shown = ctypes.string_at(image.data, 4 * w * h)
    xlib.XFree(image.data)
    drawn = pygame.image.tobytes(app.surface, "BGRA")
    return sum(shown[k::4] != drawn[k::4] for k in range(3))

frames, wrong = 0, 0
def step():
    global frames, wrong
    app.step(1 / 60)
    frames += 1
    wrong += wrong_pixels() > 0

app.start_game("scoundrel", 11)
for _ in range(80):  # the deal: cards in flight
    step()
for k in range(40):  # the pointer over the table
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(20 * k, 12 * k), rel=(20, 12),
                                         buttons=(0, 0, 0)))
    step()
sizes = []
for size in ((700, 450), (900, 560), (640, 420), (1000, 640), (800, 500)):
    xlib.XResizeWindow(other, window, *size)  # another client resizes it while frames go on
    xlib.XSync(other, 0)
    for _ in range(30):
        step()
        time.sleep(0.002)
        if app.surface.get_size() == size:
            break
    for _ in range(3):
        step()
    sizes.append(list(app.surface.get_size()))
print(json.dumps({"driver": pygame.display.get_driver(), "frames": frames, "wrong": wrong,
                  "shown_on_thread": shows[0], "sizes": sizes}))
"""


@needs_xvfb
def test_under_x11_the_screen_shows_exactly_what_each_frame_drew():
    out = run_under_xvfb(CHILD, "1280x1024x24", timeout=240)
    assert out["driver"] == "x11"
    assert out["shown_on_thread"] >= 30, out  # (frames that change a part of the window)
    assert out["wrong"] == 0, out
    assert out["sizes"] == [[700, 450], [900, 560], [640, 420], [1000, 640], [800, 500]], out
