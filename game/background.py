"""Work too long for a frame, done on a thread of its own while the window keeps drawing (a
deal judged for the result screen: 30 ms for most deals, seconds for the hardest). The frame
asks the Job whether it is done; nothing waits for it.

The work is given `pause`, to call now and then: it lets go of Python's lock for a moment, so
the window's thread gets it back at once rather than after the 5 ms the interpreter lets a
busy thread keep it, and it ends the work (raising Stopped) once nobody wants the result.

Threads that work beside the window (these jobs, the card worker of ui/cardart.py) start their
work only between frames (`wait_between_frames`; App.step tells `frame_started` and
`frame_ended`), and the paced window leaves most of each 1/60 s free. Work beside a frame
slowed it: a judged deal took the frame's lock (Scoundrel's last frame at 4K, where its deal
starts to be judged, 24 ms with the judge beside it, 13-14 without), and a 4K card drawn on
the worker shared the memory's speed with the frame's blits (Scoundrel at 4K headless, five
pairs, p99 8.63 -> 7.92 ms on average). Work under way when a frame starts runs on."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable

PAUSE_SECONDS = 0.0002
FRAME_WAIT = 0.05  # a frame taking longer than this no longer holds the work back

_between_frames = threading.Event()
_between_frames.set()
_live: set[Job] = set()  # jobs whose work has not ended
_live_lock = threading.Lock()


def frame_started() -> None:
    _between_frames.clear()


def frame_ended() -> None:
    _between_frames.set()


def wait_between_frames() -> None:
    """Until the frame being drawn ends (at once between frames), at most FRAME_WAIT."""
    _between_frames.wait(FRAME_WAIT)


def busy() -> bool:
    """Whether some job's work has not ended."""
    with _live_lock:
        return bool(_live)


class Stopped(Exception):
    """The work was stopped: nobody wants its result any more."""


class Job:
    def __init__(self, work: Callable[[Callable[[], None]], object], name: str) -> None:
        # (not concurrent.futures' Future: importing it took 1-6 ms of the frame that ends a
        # Scoundrel game, where its deal starts to be judged)
        self._finished = threading.Event()
        self._outcome: object = None
        self._failure: BaseException | None = None
        self._stopping = threading.Event()
        self.name = name
        with _live_lock:
            _live.add(self)
        threading.Thread(target=self._run, args=(work,), name=name, daemon=True).start()

    def _run(self, work) -> None:
        try:
            self.pause()  # the starting thread waits for this one to start: give it the lock back
            self._outcome = work(self.pause)
        except BaseException as exc:  # noqa: BLE001 - handed to whoever asks for the result
            self._failure = exc
        self._ended()
        self._finished.set()

    def _ended(self) -> None:
        with _live_lock:
            _live.discard(self)

    def pause(self) -> None:
        if self._stopping.is_set():
            raise Stopped
        time.sleep(PAUSE_SECONDS)
        wait_between_frames()
        if self._stopping.is_set():
            raise Stopped

    def stop(self) -> None:
        """End the work at its next pause (its result is then Stopped)."""
        self._stopping.set()

    def done(self) -> bool:
        return self._finished.is_set()

    def result(self, timeout: float | None = None):
        """The work's result; raises what the work raised, or TimeoutError if it is not done
        within `timeout` seconds."""
        if not self._finished.wait(timeout):
            raise TimeoutError(f"{self.name} is still working")
        if self._failure is not None:
            raise self._failure
        return self._outcome
