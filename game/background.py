"""Work too long for a frame, done on a thread of its own while the window keeps drawing (a
deal judged for the result screen: 30 ms for most deals, seconds for the hardest). The frame
asks the returned Future whether it is done; nothing waits for it. The work should pause now
and then (`polite`), so the window's thread gets Python's lock back at once when it wants it,
not after the 5 ms the interpreter lets a busy thread keep it."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future

PAUSE_SECONDS = 0.0002


def start(work: Callable[[], object], name: str) -> Future:
    future: Future = Future()

    def run() -> None:
        if not future.set_running_or_notify_cancel():
            return
        try:
            future.set_result(work())
        except BaseException as exc:  # noqa: BLE001 - handed to whoever asks for the result
            future.set_exception(exc)
    threading.Thread(target=run, name=name, daemon=True).start()
    return future


def polite() -> None:
    """Let go of Python's lock for a moment (a sleep lets another thread take it)."""
    time.sleep(PAUSE_SECONDS)
