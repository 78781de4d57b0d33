"""Bundle size: the folder `make dist` builds and the archive people download."""
from __future__ import annotations

from .env import ROOT
from .report import Row

DIST = ROOT / "dist"


def size_mb(path) -> float:
    if path.is_file():
        return path.stat().st_size / 1e6
    files = (p for p in path.rglob("*") if p.is_file() and not p.is_symlink())
    return sum(p.stat().st_size for p in files) / 1e6


def run() -> list:
    app = DIST / "Deckhand"
    if not app.exists():
        return [Row("bundle", "dist/Deckhand", "MB", note="not built (make dist)")]
    rows = [Row("bundle", "dist/Deckhand folder", "MB", [size_mb(app)])]
    for archive in sorted(DIST.glob("Deckhand-*")):
        if archive.suffix in (".gz", ".zip"):
            rows.append(Row("bundle", archive.name, "MB", [size_mb(archive)]))
    return rows
