"""One way to find the app's files: from source, an installed package or a PyInstaller bundle."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

# When installed with pip, assets/ is shipped as the package `deckhand_assets` (pyproject.toml).
INSTALLED_NAME = "deckhand_assets"


def assets_dir() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
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
