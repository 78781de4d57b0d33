"""Unpack a built archive as a player would and play its --smoke headless.

    python build/smoke_archive.py [dist/Deckhand-<version>-<system>-<machine>.tar.gz]

Without an argument, it takes the archive build/build.py made for this system. The app runs
from a temporary folder, so a file left out of the archive fails here, not on a player's
computer. macOS: the ad-hoc signature must also still hold after unpacking.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
from build import DIST, system_tag, version  # noqa: E402

PROGRAM = {"win32": ("Deckhand", "Deckhand.exe"),
           "darwin": ("Deckhand.app", "Contents", "MacOS", "Deckhand")}.get(
    sys.platform, ("Deckhand", "Deckhand"))


def default_archive() -> Path:
    suffix = ".zip" if sys.platform == "win32" else ".tar.gz"
    return DIST / f"Deckhand-{version()}-{system_tag()}{suffix}"


def unpack(archive: Path, into: Path) -> None:
    if archive.name.endswith(".zip"):
        shutil.unpack_archive(archive, into)
    else:  # the "data" filter refuses links and paths that leave the folder
        shutil.unpack_archive(archive, into, filter="data")


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    archive = Path(args[0]) if args else default_archive()
    if not archive.is_file():
        print(f"No archive at {archive}: build it with `make dist`", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="deckhand-unpacked-") as folder:
        unpack(archive, Path(folder))
        program = Path(folder).joinpath(*PROGRAM)
        if sys.platform == "darwin":
            subprocess.run(["codesign", "--verify", "--deep", "--strict",
                            str(Path(folder) / PROGRAM[0])], check=True)
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        print(f"+ {program} --smoke  (from {archive.name})", flush=True)
        done = subprocess.run([str(program), "--smoke"], env=env, timeout=900)
    print(f"smoke of {archive.name}: {'ok' if done.returncode == 0 else 'FAILED'}", flush=True)
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
