"""The engine is pure Python: nothing under game/engine may import pygame."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "game" / "engine"


def is_pygame(module_name):
    return module_name == "pygame" or module_name.startswith("pygame.")


def pygame_imports(path):
    """(line, module) for every import of pygame in the file, at any depth (functions too)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if is_pygame(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and is_pygame(node.module or ""):
            found.append((node.lineno, node.module))
    return found


def test_the_scan_finds_imports_at_any_depth(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os\ndef f():\n    import pygame.mixer as m\n"
                      "class C:\n    from pygame import Rect\nimport pygamer\n")
    assert pygame_imports(sample) == [(3, "pygame.mixer"), (5, "pygame")]


def test_no_engine_module_imports_pygame():
    files = sorted(ENGINE.rglob("*.py"))
    assert files
    offenders = {str(p.relative_to(ROOT)): pygame_imports(p) for p in files}
    assert {p: hits for p, hits in offenders.items() if hits} == {}


def test_loading_every_game_leaves_pygame_unloaded():
    code = ("import game.engine.games as g; [g.get(x) for x in g.available()]; "
            "import game.engine.session, sys; "
            "assert not any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
