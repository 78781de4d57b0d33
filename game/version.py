"""Deckhand's version, written in one place: `version` in pyproject.toml.

Run from source (or an editable install), the app reads the pyproject.toml beside its
package; a PyInstaller bundle carries a copy of that file (build/deckhand.spec) and reads
it the same way. A package installed from a wheel has no pyproject.toml: pip recorded the
version in the package's metadata, so it is read from there. The build (build/build.py,
build/deckhand.spec) names its archives and fills the bundle's metadata from the same file.
"""
from __future__ import annotations

import re
import sys
from functools import cache
from pathlib import Path

DISTRIBUTION = "deckhand"
MAX_PROJECT_FILE = 100_000  # bytes; pyproject.toml is about 1 kB
# pyproject.toml's [project] table and its one-line `key = "value"` entries. Read by hand, not
# with tomllib, which would add ~5 ms to start-up; a test checks both readings agree.
PROJECT_TABLE = re.compile(r"^\[project\][ \t]*(?:#[^\n]*)?$(.*?)(?=^\[|\Z)", re.M | re.S)
ENTRY = r"^{key}[ \t]*=[ \t]*(?:\"([^\"\\\n]*)\"|'([^'\n]*)')[ \t]*(?:#.*)?$"
# A plain PEP 440 version: release numbers, then maybe a pre-, post- or dev-release.
VERSION_PATTERN = re.compile(r"(\d+(?:\.\d+){0,3})(?:(?:a|b|rc)\d+)?(?:\.post\d+)?(?:\.dev\d+)?")


def project_file() -> Path:
    """Where pyproject.toml is when running from source or from a bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    root = Path(bundle) if bundle else Path(__file__).resolve().parent.parent
    return root / "pyproject.toml"


def checked(version) -> str:
    if not isinstance(version, str) or not VERSION_PATTERN.fullmatch(version):
        raise ValueError(f"{version!r} is not a version Deckhand can use (like 1.2.3)")
    return version


def project_version(path: Path) -> str:
    """The version in a Deckhand pyproject.toml; raises ValueError if it has none."""
    path = Path(path)
    if not path.is_file() or path.stat().st_size > MAX_PROJECT_FILE:
        raise ValueError(f"{path} is not a pyproject.toml Deckhand can read")
    table = PROJECT_TABLE.search(path.read_text(encoding="utf-8"))
    if table is None or project_entry(table[1], "name") != DISTRIBUTION:
        raise ValueError(f"{path} is not Deckhand's pyproject.toml")
    return checked(project_entry(table[1], "version"))


def project_entry(table: str, key: str) -> str | None:
    found = re.search(ENTRY.format(key=key), table, re.M)
    return None if found is None else found[1] if found[1] is not None else found[2]


def release_numbers(version: str, count: int) -> tuple[int, ...]:
    """The leading release numbers, padded with zeros to `count` (1.2 -> (1, 2, 0))."""
    match = VERSION_PATTERN.fullmatch(checked(version))
    assert match is not None  # checked() let only such a version through
    numbers = [int(n) for n in match[1].split(".")]
    return tuple((numbers + [0] * count)[:count])


@cache
def read_version() -> str:
    """The running Deckhand's version: from pyproject.toml, or an installed package's metadata."""
    path = project_file()
    if path.is_file():
        try:
            return project_version(path)
        except ValueError:
            if installed_version() is None:
                raise
    found = installed_version()
    if found is None:
        raise LookupError("Deckhand can find neither its pyproject.toml nor its package metadata")
    return checked(found)


def installed_version() -> str | None:
    from importlib import metadata  # slow to import; only an installed wheel needs it
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return None
