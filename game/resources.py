"""One way to find the app's files: from source, an installed package or a PyInstaller bundle."""
from __future__ import annotations

import sys
from pathlib import Path


def root() -> Path:
    """The folder that holds `assets/`."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def asset(*parts: str) -> Path:
    """Path of a file under assets/, e.g. asset("fonts", "DejaVuSans.ttf")."""
    path = root().joinpath("assets", *parts)
    if not path.exists():
        raise FileNotFoundError(f"Deckhand is missing its file assets/{'/'.join(parts)}")
    return path
