"""The packaging pieces that can be checked without running PyInstaller (CI builds the bundle)."""
import ast
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from game import resources

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"


def run_main(*args, home):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DECKHAND_HOME=str(home))
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_spec_is_python():
    ast.parse((ROOT / "build" / "deckhand.spec").read_text(), "deckhand.spec")


def test_assets_are_found_inside_a_bundle(tmp_path, monkeypatch):
    shutil.copytree(ASSETS, tmp_path / "assets")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    files = [p.relative_to(ASSETS) for p in ASSETS.rglob("*") if p.is_file()]
    assert files
    for rel in files:
        assert resources.asset(*rel.parts) == tmp_path / "assets" / rel
    (tmp_path / "assets" / files[0]).unlink()
    with pytest.raises(FileNotFoundError, match=files[0].name):
        resources.asset(*files[0].parts)


@pytest.mark.slow
def test_smoke_from_source_plays_every_game(tmp_path):
    done = run_main("--smoke", home=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "smoke: ok" in done.stdout
    from game.scenes.registry import playable
    for game_id in playable():
        assert f"smoke: {game_id}: " in done.stdout


def test_unknown_flag_fails_clearly(tmp_path):
    done = run_main("--bogus", home=tmp_path)
    assert done.returncode != 0
    assert "unrecognized arguments: --bogus" in done.stderr


def test_icons_and_desktop_entry():
    png = (ASSETS / "icons" / "deckhand.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (256, 256)
    reserved, kind, count = struct.unpack("<HHH", (ASSETS / "icons" / "deckhand.ico").read_bytes()[:6])
    assert (reserved, kind) == (0, 1) and count >= 1
    assert (ASSETS / "icons" / "deckhand.icns").read_bytes()[:4] == b"icns"
    entry = (ROOT / "build" / "deckhand.desktop").read_text().splitlines()
    assert entry[0] == "[Desktop Entry]"
    for line in ("Name=Deckhand", "Exec=Deckhand", "Icon=deckhand", "Categories=Game;CardGame;"):
        assert line in entry


def test_every_package_is_installed_by_pyproject():
    import tomllib
    root = Path(__file__).resolve().parent.parent
    listed = set(tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {str(p.parent.relative_to(root)).replace("/", ".")
             for p in (root / "game").rglob("__init__.py")}
    assert found <= listed, f"add to pyproject.toml packages: {sorted(found - listed)}"


def test_engine_data_files_are_shipped():
    import tomllib
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "*.json" in data["game.engine"]
    spec = (ROOT / "build" / "deckhand.spec").read_text()
    assert '(ROOT / "game" / "engine").glob("*.json")' in spec
    assert (ROOT / "game" / "engine" / "doubloons_cards.json").is_file()
    assert "scoundrel_deals.txt" in data["game.engine"]
    assert '(ROOT / "game" / "engine" / "scoundrel_deals.txt"), "game/engine")' in spec
    assert (ROOT / "game" / "engine" / "scoundrel_deals.txt").is_file()
