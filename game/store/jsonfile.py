"""Atomic JSON files, and a safe way to read them back.

A file that cannot be read as what we expect is moved aside (renamed with a
timestamp, never deleted) so the app can carry on with defaults.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

MAX_REASON = 160  # a hostile file's values end up in messages shown on screen
# Windows refuses to replace a file another program holds open (a virus scanner, a backup, an
# editor): PermissionError. Such holds are brief, so try again a few times before giving up.
REPLACE_WAITS = (0.01, 0.02, 0.05, 0.1, 0.2)  # seconds; ~0.4 s at worst


class BadFile(ValueError):
    """A file we could not use; `moved_to` says where it was put aside."""

    def __init__(self, message: str, moved_to: Path | None = None):
        super().__init__(message)
        self.moved_to = moved_to


def write_atomic(path: Path, data) -> None:
    """Write JSON to a temporary file, flush, fsync, then rename over `path`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def replace(source, target) -> None:
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


def read(path: Path, validate):
    """Load `path` and pass the parsed JSON through `validate` (which raises ValueError).

    Returns None if the file does not exist. Raises BadFile, after moving the file
    aside, if it cannot be used.
    """
    path = Path(path)
    if not path.exists():
        return None
    try:
        raw = path.read_bytes()
        if len(raw) > 20_000_000:
            raise ValueError("the file is far too large")
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
