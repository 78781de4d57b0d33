"""Build the Deckhand app people download: `make dist`, or `python3 build/build.py`.

1. A clean virtual environment in build/work/venv holds only Deckhand's runtime
   dependencies and PyInstaller (from pyproject.toml), so nothing stray is bundled.
   It is reused while pyproject.toml is unchanged; --fresh rebuilds it.
2. PyInstaller builds build/deckhand.spec into dist/Deckhand/ (macOS: dist/Deckhand.app).
3. The app is packed into dist/Deckhand-<version>-<system>-<machine>.tar.gz (.zip on Windows).
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
WORK = BUILD / "work"
VENV = WORK / "venv"
DIST = ROOT / "dist"
WINDOWS, MACOS = sys.platform == "win32", sys.platform == "darwin"
# Shipped next to the Linux executable so the app can be added to the desktop menu.
LINUX_EXTRAS = ("deckhand.desktop", "install-desktop-entry.sh")


def requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project["dependencies"] + project["optional-dependencies"]["build"]


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if WINDOWS else "bin/python")


def make_venv(fresh: bool) -> Path:
    reqs = requirements()
    stamp = VENV / "deckhand-requirements.txt"
    wanted = "\n".join(reqs + [sys.version])
    if not fresh and stamp.exists() and stamp.read_text() == wanted:
        print(f"Reusing {VENV} (pyproject.toml unchanged; --fresh rebuilds it)")
        return venv_python()
    shutil.rmtree(VENV, ignore_errors=True)
    print(f"Creating a clean virtual environment in {VENV}")
    venv.create(VENV, with_pip=True)
    run(venv_python(), "-m", "pip", "install", "--quiet", *reqs)
    stamp.write_text(wanted)
    return venv_python()


def run(*cmd, **kwargs) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kwargs)


def version() -> str:
    return re.search(r'__version__ = "(.+?)"', (ROOT / "game" / "__init__.py").read_text())[1]


def system_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform.rstrip("0123456789"))
    machine = platform.machine().lower().replace("amd64", "x86_64").replace("aarch64", "arm64")
    return f"{system}-{machine}"


def remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())


def mb(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB"


def archive(app: Path, onefile: bool) -> Path:
    stem = DIST / f"Deckhand-{version()}-{system_tag()}{'-onefile' if onefile else ''}"
    if WINDOWS:
        out = Path(f"{stem}.zip")
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for path in sorted(app.rglob("*")):
                z.write(path, path.relative_to(app.parent))
    else:
        out = Path(f"{stem}.tar.gz")
        with tarfile.open(out, "w:gz", compresslevel=9) as tar:
            tar.add(app, arcname=app.name)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="recreate the build environment")
    parser.add_argument("--onefile", action="store_true",
                        help="one executable instead of a folder (slower to start)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    python = make_venv(args.fresh)
    env = dict(os.environ, DECKHAND_ONEFILE="1" if args.onefile else "0",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    if args.onefile:
        app = DIST / ("Deckhand.exe" if WINDOWS else "Deckhand")
    else:
        app = DIST / ("Deckhand.app" if MACOS else "Deckhand")
    for old in ("Deckhand", "Deckhand.app", "Deckhand.exe"):  # a folder and a file can't share a name
        remove(DIST / old)
    run(python, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", DIST, "--workpath", WORK / "pyinstaller", BUILD / "deckhand.spec", env=env)
    if app.is_dir() and not (WINDOWS or MACOS):
        for name in LINUX_EXTRAS:
            shutil.copy2(BUILD / name, app / name)
    packed = archive(app, args.onefile)
    print(f"\nApp:     {app.relative_to(ROOT)}  {mb(size_of(app))} unpacked")
    print(f"Archive: {packed.relative_to(ROOT)}  {mb(size_of(packed))}")
    print(f"Built in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
