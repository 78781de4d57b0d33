"""Files written on a thread of their own, so the frame that makes a move does not wait for
the disk (an autosave's write, fsync and rename take about a millisecond, more on a slow
disk). Only the newest text of a file waiting to be written is written. Whoever reads or
removes such a file settles it first (`settle(path)`, `drop(path)`), and the app settles every
file before it quits (also at exit): a crash loses at most the writes of the last moments.

A write that fails is told to the next `write` of that file, which raises it (the scene then
says the game could not be saved, as it did when the write was its own)."""
from __future__ import annotations

import atexit
import threading
from pathlib import Path

from . import jsonfile

_lock = threading.Condition()
_waiting: dict[Path, str] = {}   # file -> the newest text to write, oldest file first
_writing: Path | None = None
_failed: dict[Path, OSError] = {}
_thread: threading.Thread | None = None


def write(path: Path, text: str) -> None:
    """Have `text` written to `path` atomically, soon; raises the last write's failure."""
    global _thread
    path = Path(path)
    with _lock:
        failure = _failed.pop(path, None)
        _waiting.pop(path, None)  # the newer text goes last in line
        _waiting[path] = text
        if _thread is None:
            _thread = threading.Thread(target=_work, name="saves", daemon=True)
            _thread.start()
            atexit.register(settle)
        _lock.notify_all()
    if failure is not None:
        raise failure


def settle(path: Path | None = None) -> None:
    """Wait until `path` (or every file) has no write waiting or under way."""
    path = None if path is None else Path(path)
    with _lock:
        while (_waiting or _writing) if path is None else (path in _waiting or _writing == path):
            _lock.wait()


def busy() -> bool:
    """Whether a write is waiting or under way."""
    with _lock:
        return bool(_waiting or _writing)


def drop(path: Path) -> None:
    """Forget what waits to be written to `path`, and wait for a write of it under way: the
    file is about to be removed, and nothing may write it back afterwards."""
    path = Path(path)
    with _lock:
        _waiting.pop(path, None)
        _failed.pop(path, None)
        while _writing == path:
            _lock.wait()


def _work() -> None:
    global _writing
    while True:
        with _lock:
            while not _waiting:
                _lock.wait()
            path = next(iter(_waiting))
            text = _waiting.pop(path)
            _writing = path
        try:
            jsonfile.write_text_atomic(path, text)
        except Exception as exc:  # noqa: BLE001 - the thread must live on: quitting waits for it
            with _lock:
                _failed[path] = exc if isinstance(exc, OSError) else OSError(str(exc))
        finally:
            with _lock:
                _writing = None
                _lock.notify_all()
