"""One way to find the app's files: from source, an installed package or a PyInstaller bundle."""
from __future__ import annotations

import importlib.util
import sys
from functools import lru_cache
from pathlib import Path

# When installed with pip, assets/ is shipped as the package `deckhand_assets` (pyproject.toml).
INSTALLED_NAME = "deckhand_assets"


def assets_dir() -> Path:
    return _assets_dir(getattr(sys, "_MEIPASS", None))


@lru_cache(maxsize=4)
def _assets_dir(bundle: str | None) -> Path:
    """(Looked up once: a table's first frame at a new size loads a font for each text size,
    and resolving this path each time was a fifth of that.)"""
    if bundle:
        return Path(bundle) / "assets"
    source = Path(__file__).resolve().parent.parent / "assets"
    if source.is_dir():
        return source
    spec = importlib.util.find_spec(INSTALLED_NAME)
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return source


def asset(*parts: str) -> Path:
    """Path of a file under assets/, e.g. asset("fonts", "DejaVuSans.ttf")."""
    path = assets_dir().joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(f"Deckhand is missing its file assets/{'/'.join(parts)}")
    return path
