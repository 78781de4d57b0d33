"""Where user data lives. DECKHAND_HOME overrides it (tests, portable installs)."""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import platformdirs

from ..text import printable

APP = "Deckhand"


def config_dir() -> Path:
    home = os.environ.get("DECKHAND_HOME")
    path = Path(home) / "config" if home else Path(platformdirs.user_config_dir(APP, False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    home = os.environ.get("DECKHAND_HOME")
    path = Path(home) / "data" if home else Path(platformdirs.user_data_dir(APP, False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def problem(exc: OSError) -> str:
    """Why a folder could not be used, in words: '/x/Deckhand is a file, not a folder'."""
    where = printable(str(exc.filename) if exc.filename else "", 120)
    if isinstance(exc, FileExistsError):
        return f"{where} is a file, not a folder"
    if isinstance(exc, NotADirectoryError):
        return f"a file is in the way of {where}"
    return f"{where}: {exc.strerror or exc}" if where else str(exc.strerror or exc)


def unusable(make: Callable[[], object]) -> str | None:
    """Why the folder `make` (config_dir or data_dir) can't be used, or None if it can."""
    try:
        make()
    except OSError as exc:
        return problem(exc)
    return None
