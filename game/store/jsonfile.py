"""Atomic JSON files, and a safe way to read them back.

A file that cannot be read as what we expect is moved aside (renamed with a
timestamp, never deleted) so the app can carry on with defaults. Only a regular file
is read (a FIFO would block for ever, a device never end), its size checked before
reading and the read itself bounded, since the file may change in between.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

MAX_REASON = 160  # a hostile file's values end up in messages shown on screen
# Windows refuses to replace a file another program holds open (a virus scanner, a backup, an
# editor): PermissionError. Such holds are brief, so try again a few times before giving up.
REPLACE_WAITS = (0.01, 0.02, 0.05, 0.1, 0.2)  # seconds; ~0.4 s at worst
MAX_BYTES = 20_000_000
READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) \
    | getattr(os, "O_NOCTTY", 0)  # O_NONBLOCK: opening a FIFO must not wait for a writer
TEMPORARY = re.compile(r".+\.json\.[A-Za-z0-9_]{8}\.tmp")  # what write_atomic leaves if killed
T = TypeVar("T")
STALE_SECONDS = 10  # older than any write in flight: a write takes milliseconds
KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a pipe"), (stat.S_ISCHR, "a device"),
         (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


class BadFile(ValueError):
    """A file we could not use; `moved_to` says where it was put aside."""

    def __init__(self, message: str, moved_to: Path | None = None):
        super().__init__(message)
        self.moved_to = moved_to


def encode(data: Any, compact: bool = False) -> str:
    """JSON text; `compact` for files written while the window draws (an autosave after every
    move, the statistics at a game's end): json's C encoder makes no indents, and a long
    Pirate Rummy game's save took 1.6 ms indented, 0.6 compact."""
    if compact:
        return json.dumps(data, sort_keys=True, separators=(",", ":"))
    return json.dumps(data, indent=1, sort_keys=True)


def write_atomic(path: Path, data: Any, compact: bool = False) -> None:
    """Write JSON to a temporary file, flush, fsync, then rename over `path`."""
    write_text_atomic(path, encode(data, compact))


def write_text_atomic(path: Path, text: str) -> None:
    """`write_atomic` of text already encoded."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def replace(source: str | Path, target: str | Path) -> None:
    """os.replace, retried while Windows says the target is in use."""
    for wait in REPLACE_WAITS:
        try:
            os.replace(source, target)
            return
        except PermissionError:
            time.sleep(wait)
    os.replace(source, target)


def move_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    replace(path, target)
    return target


def clean_temporaries(folder: Path, older_than: float = STALE_SECONDS) -> int:
    """Remove the temporary files that killed atomic writes left in `folder`; returns how many."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        try:
            if (TEMPORARY.fullmatch(entry.name) and entry.is_file(follow_symlinks=False)
                    and time.time() - entry.stat(follow_symlinks=False).st_mtime > older_than):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def not_regular(mode: int) -> str | None:
    """What a file of this mode is, if it is not a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((what for test, what in KINDS if test(mode)), "not a regular file")


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The content of a regular file of at most `limit` bytes; ValueError or OSError if not."""
    what = not_regular(os.stat(path).st_mode)  # follows a symlink: what counts is its target
    if what:
        raise ValueError(f"it is {what}, not a file")
    fd = os.open(path, READ_FLAGS)
    try:
        info = os.fstat(fd)  # the same check on what was opened: it may have been swapped
        what = not_regular(info.st_mode)
        if what:
            raise ValueError(f"it is {what}, not a file")
        if info.st_size > limit:
            raise ValueError("the file is far too large")
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    if left <= 0:
        raise ValueError("the file is far too large")
    return b"".join(chunks)


def read(path: Path, validate: Callable[[Any], T], limit: int = MAX_BYTES) -> T | None:
    """Load `path` and pass the parsed JSON through `validate` (which raises ValueError).

    Returns None if the file does not exist. Raises BadFile, after moving the file
    aside, if it cannot be used.
    """
    path = Path(path)
    if not path.exists():  # nothing there, or a link to nothing (a write replaces the link)
        return None
    try:
        raw = read_bytes(path, limit)
        data = json.loads(raw.decode("utf-8"))
        return validate(data)
    except (ValueError, UnicodeDecodeError, OSError, RecursionError, TypeError, KeyError) as exc:
        reason = str(exc) if len(str(exc)) <= MAX_REASON else str(exc)[:MAX_REASON] + "…"
        try:
            moved = move_aside(path)
        except OSError as move_error:  # a read-only folder: carry on all the same
            raise BadFile(f"{path.name} could not be used ({reason}) nor moved aside "
                          f"({move_error.strerror}).") from None
        raise BadFile(f"{path.name} could not be used ({reason}); it was kept as {moved.name}.",
                      moved) from None
