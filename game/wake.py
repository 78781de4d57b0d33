"""How another thread wakes the window while it sleeps (until input, a change a scene
foresees, or this): a network message, say. No pygame here: the server side uses it too.

Where the window waits in `select` rather than napping (ui/xwait.py), a wake is also a byte
written to a pipe it waits on; signals are sent there too (`signal.set_wakeup_fd`)."""
from __future__ import annotations

import contextlib
import os
import sys
import threading

requested = threading.Event()
_pipe: tuple[int, int] | None = None
_made = threading.Lock()


def wake() -> None:
    requested.set()
    if _pipe is not None:
        with contextlib.suppress(OSError):  # (full: a wake is already waiting to be read)
            os.write(_pipe[1], b"w")


def pipe() -> tuple[int, int]:
    """The wake pipe's (read, write) ends, made on first use, both non-blocking: the window
    waits on the first; wakes and signals write to the second."""
    global _pipe
    with _made:
        if _pipe is None:
            read, write = os.pipe()
            if sys.platform != "win32":  # (only X11's wait uses it; Windows naps)
                os.set_blocking(read, False)
                os.set_blocking(write, False)
            _pipe = (read, write)
        return _pipe


def drain() -> None:
    """Read what wakes and signals wrote, so the next wait waits."""
    if _pipe is None:
        return
    with contextlib.suppress(OSError):  # (BlockingIOError: nothing more)
        while os.read(_pipe[0], 512):
            pass
