"""Build the Deckhand app people download: `make dist`, or `python3 build/build.py`.

1. A clean virtual environment in build/work/venv holds only Deckhand's runtime
   dependencies and PyInstaller (from pyproject.toml), so nothing stray is bundled.
   It is reused while pyproject.toml is unchanged; --fresh rebuilds it.
2. PyInstaller builds build/deckhand.spec into dist/Deckhand/ (macOS: dist/Deckhand.app).
   The version, from pyproject.toml, goes into the bundle's metadata: a Windows version
   resource generated here, and the macOS Info.plist (the spec's BUNDLE).
3. macOS: the app is signed (ad hoc unless DECKHAND_CODESIGN_IDENTITY names a certificate),
   so it opens after the one-time *Open Anyway*.
   Linux: the newest glibc the bundle needs is reported (--max-glibc makes it a limit).
4. The app is packed into dist/Deckhand-<version>-<system>-<machine>.tar.gz (.zip on Windows).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import platform
import plistlib
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
sys.path.insert(0, str(ROOT))
from game.version import project_version, release_numbers  # noqa: E402

BUILD = ROOT / "build"
WORK = BUILD / "work"
VENV = WORK / "venv"
DIST = ROOT / "dist"
WINDOWS, MACOS = sys.platform == "win32", sys.platform == "darwin"
# Shipped next to the Linux executable so the app can be added to the desktop menu.
LINUX_EXTRAS = ("deckhand.desktop", "install-desktop-entry.sh")


def requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["dependencies"] + project["optional-dependencies"]["build"]


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if WINDOWS else "bin/python")


def make_venv(fresh: bool) -> Path:
    reqs = requirements()
    stamp = VENV / "deckhand-requirements.txt"
    wanted = "\n".join(reqs + [sys.version])
    if not fresh and stamp.exists() and stamp.read_text(encoding="utf-8") == wanted:
        print(f"Reusing {VENV} (pyproject.toml unchanged; --fresh rebuilds it)")
        return venv_python()
    shutil.rmtree(VENV, ignore_errors=True)
    print(f"Creating a clean virtual environment in {VENV}")
    venv.create(VENV, with_pip=True)
    run(venv_python(), "-m", "pip", "install", "--quiet", *reqs)
    stamp.write_text(wanted, encoding="utf-8")
    return venv_python()


def run(*cmd, **kwargs) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kwargs)


def version() -> str:
    return project_version(ROOT / "pyproject.toml")


def version_resource(version: str) -> str:
    """The Windows version resource for PyInstaller's EXE(version=...): shown in Properties."""
    numbers = release_numbers(version, 4)
    strings = {"CompanyName": "Deckhand", "FileDescription": "Deckhand card table",
               "FileVersion": version, "InternalName": "Deckhand",
               "LegalCopyright": "MIT licence", "OriginalFilename": "Deckhand.exe",
               "ProductName": "Deckhand", "ProductVersion": version}
    table = ",\n        ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0,
                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
        {table}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def write_version_resource(version: str) -> Path:
    path = WORK / "version_info.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(version_resource(version), encoding="utf-8")
    return path


def check_info_plist(app: Path, version: str) -> None:
    """The macOS bundle says the version pyproject.toml gives."""
    with (app / "Contents" / "Info.plist").open("rb") as f:
        info = plistlib.load(f)
    wanted = ".".join(map(str, release_numbers(version, 3)))
    found = (info.get("CFBundleShortVersionString"), info.get("CFBundleVersion"))
    if found != (wanted, wanted):
        raise SystemExit(f"Info.plist gives version {found}, not {wanted}")


def sign(app: Path) -> None:
    """Ad hoc by default: no certificate, but macOS opens it after *Open Anyway* (arm64 Macs
    run nothing unsigned). DECKHAND_CODESIGN_IDENTITY names a Developer ID certificate in the
    keychain instead, signed as notarization requires (README: Releases)."""
    identity = os.environ.get("DECKHAND_CODESIGN_IDENTITY") or "-"
    hardened = [] if identity == "-" else ["--options", "runtime", "--timestamp"]
    run("codesign", "--force", "--deep", *hardened, "--sign", identity, app)
    run("codesign", "--verify", "--deep", "--strict", app)


GLIBC_VERSION = re.compile(rb"GLIBC_(\d+)\.(\d+)(?:\.\d+)?\x00")


def glibc_needed(app: Path) -> tuple[int, int] | None:
    """The newest glibc symbol version any program or library in `app` asks for."""
    newest = None
    for path in sorted(app.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as f:
            if f.read(4) != b"\x7fELF":
                continue
        for found in GLIBC_VERSION.finditer(path.read_bytes()):
            needed = (int(found[1]), int(found[2]))
            newest = needed if newest is None else max(newest, needed)
    return newest


def check_glibc(app: Path, limit: str | None) -> None:
    needed = glibc_needed(app)
    if needed is None:
        return
    print(f"Needs glibc {needed[0]}.{needed[1]} or newer")
    if limit and needed > tuple(int(n) for n in limit.split(".")):
        raise SystemExit(f"The bundle needs glibc {needed[0]}.{needed[1]}, newer than {limit}")


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


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
    parser.add_argument("--max-glibc", metavar="X.Y",
                        help="Linux: fail if the bundle needs a newer glibc than this")
    parser.add_argument("--print-version", action="store_true",
                        help="print the version from pyproject.toml and stop")
    args = parser.parse_args(argv)
    if args.print_version:
        print(version())
        return 0
    started = time.monotonic()
    python = make_venv(args.fresh)
    env = dict(os.environ, DECKHAND_ONEFILE="1" if args.onefile else "0",
               DECKHAND_VERSION_FILE=str(write_version_resource(version())),
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
    if MACOS and app.suffix == ".app":
        check_info_plist(app, version())
        sign(app)
    if not (WINDOWS or MACOS):
        check_glibc(app, args.max_glibc)
    packed = archive(app, args.onefile)
    print(f"\nApp:     {app.relative_to(ROOT)}  {mb(size_of(app))} unpacked")
    print(f"Archive: {packed.relative_to(ROOT)}  {mb(size_of(packed))}")
    print(f"SHA-256: {sha256(packed)}")
    print(f"Built in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
