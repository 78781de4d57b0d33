"""Waiting for input on X11 without waking up: the idle window blocks on the X connection.

An idle window otherwise naps 40 ms at a time and looks for input between naps (25 wakes a
second, 0.5-1 % of a core on a slow VM); `pygame.event.wait` with a timeout polls SDL every
millisecond. On X11 every input arrives as data on one socket, so the window can wait in
`select` on that socket instead, together with a pipe that `wake.wake()` (a network message)
and signals (a logout's SIGTERM, through `signal.set_wakeup_fd`) write to: no wake until
something happens or the wait is over. Elsewhere (Windows, macOS, Wayland, the dummy driver)
`waiter()` gives None and the window naps as before.

Only after `pygame.event.peek()` has found nothing: it pumps SDL's events, which empties
Xlib's own queue, so nothing lies read but unhandled when the wait starts.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import select
import signal
import threading

import pygame

from .. import wake
from .screen import on_x11


class XWait:
    """select() on the X connection's socket and the wake pipe."""

    def __init__(self, x_socket: int):
        self.x_socket = x_socket
        self.wakes, self.wakes_written = wake.pipe()

    def wait(self, seconds: float) -> None:
        """Return once the X server sends something, a wake or a signal comes, or `seconds`
        have passed (at once if one came since the last wait)."""
        previous = signal.set_wakeup_fd(self.wakes_written, warn_on_full_buffer=False)
        try:
            select.select([self.x_socket, self.wakes], [], [], max(0.0, seconds))
        except (OSError, ValueError):  # (the connection went away: the loop finds out why)
            pass
        finally:
            signal.set_wakeup_fd(previous)
        wake.drain()


def waiter() -> XWait | None:
    """An XWait for the window just opened, or None where the window must nap instead."""
    if (not on_x11() or not hasattr(select, "select")
            or threading.current_thread() is not threading.main_thread()):
        return None
    try:
        capsule = pygame.display.get_wm_info().get("display")
        if capsule is None:
            return None
        get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
        get_pointer.restype = ctypes.c_void_p
        get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        display = get_pointer(capsule, b"display")
        xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        xlib.XConnectionNumber.restype = ctypes.c_int
        xlib.XConnectionNumber.argtypes = [ctypes.c_void_p]
        x_socket = xlib.XConnectionNumber(display) if display else -1
    except (AttributeError, OSError, TypeError, ValueError, pygame.error):
        return None
    if x_socket < 0:
        return None
    try:
        os.fstat(x_socket)
    except OSError:
        return None
    return XWait(x_socket)
