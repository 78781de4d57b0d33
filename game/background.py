"""Work too long for a frame, done on a thread of its own while the window keeps drawing (a
deal judged for the result screen: 30 ms for most deals, seconds for the hardest). The frame
asks the Job whether it is done; nothing waits for it.

The work is given `pause`, to call now and then: it lets go of Python's lock for a moment, so
the window's thread gets it back at once rather than after the 5 ms the interpreter lets a
busy thread keep it, and it ends the work (raising Stopped) once nobody wants the result."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future

PAUSE_SECONDS = 0.0002


class Stopped(Exception):
    """The work was stopped: nobody wants its result any more."""


class Job:
    def __init__(self, work: Callable[[Callable[[], None]], object], name: str) -> None:
        self._future: Future = Future()
        self._stopping = threading.Event()
        threading.Thread(target=self._run, args=(work,), name=name, daemon=True).start()

    def _run(self, work) -> None:
        try:
            self._future.set_result(work(self.pause))
        except BaseException as exc:  # noqa: BLE001 - handed to whoever asks for the result
            self._future.set_exception(exc)

    def pause(self) -> None:
        if self._stopping.is_set():
            raise Stopped
        time.sleep(PAUSE_SECONDS)

    def stop(self) -> None:
        """End the work at its next pause (its result is then Stopped)."""
        self._stopping.set()

    def done(self) -> bool:
        return self._future.done()

    def result(self, timeout: float | None = None):
        """The work's result; raises what the work raised."""
        return self._future.result(timeout)
