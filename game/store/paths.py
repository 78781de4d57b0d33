"""Where user data lives. DECKHAND_HOME overrides it (tests, portable installs)."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

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
