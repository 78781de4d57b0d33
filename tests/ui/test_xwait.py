"""On X11 an idle window waits on the X server's socket (ui/xwait.py), not in naps: run under a
private Xvfb (CI installs it), in a child process, since the tests' own SDL is the dummy one."""
from tests.ui.x11_child import needs_xvfb, run_under_xvfb

CHILD = r"""
import ctypes, ctypes.util, json, os, signal, threading, time
import pygame
from game import shutdown, wake
from game.app import App

app = App((640, 400))
for _ in range(5):
    app.step(0.016)
stop = shutdown.StopRequests()
looks = [0]
peek = pygame.event.peek
pygame.event.peek = lambda *a, **k: (looks.__setitem__(0, looks[0] + 1), peek(*a, **k))[1]

def slept(seconds, then=None):
    if then is not None:
        threading.Timer(0.2, then).start()
    looks[0], start = 0, time.monotonic()
    app.sleep(seconds, stop)
    took = time.monotonic() - start
    pygame.event.get()  # (what woke it is handled, as the next frame would)
    return {"seconds": took, "looks": looks[0]}

xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
xlib.XOpenDisplay.restype = ctypes.c_void_p
xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
xlib.XMoveWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int]
xlib.XFlush.argtypes = [ctypes.c_void_p]
other, window = xlib.XOpenDisplay(None), pygame.display.get_wm_info()["window"]

def moved():  # another X client moves the window: its ConfigureNotify comes on the socket
    xlib.XMoveWindow(other, window, 30, 40)
    xlib.XFlush(other)

out = {"driver": pygame.display.get_driver(), "quiet": slept(1.0),
       "woken": slept(5.0, wake.wake), "moved": slept(5.0, moved)}
stop.install()
out["stopped"] = slept(5.0, lambda: os.kill(os.getpid(), signal.SIGTERM))
out["reason"] = stop.reason
stop.uninstall()
out["waits_on_x"] = app.waiter is not None
print(json.dumps(out))
"""


@needs_xvfb
def test_an_idle_window_on_x11_waits_without_napping_and_wakes_for_what_comes():
    out = run_under_xvfb(CHILD, "1024x768x24", timeout=120)
    assert out["driver"] == "x11" and out["waits_on_x"]
    # a quiet second: one wait, not 25 naps with a look for input after each
    assert out["quiet"]["seconds"] >= 0.95 and out["quiet"]["looks"] <= 4, out["quiet"]
    # a network message's wake, an X event, a logout's SIGTERM end a 5 s wait at once
    for what in ("woken", "moved", "stopped"):
        assert out[what]["seconds"] < 2.5, (what, out[what])
    assert out["reason"] == "SIGTERM"
