"""The release: one version (pyproject.toml) everywhere it shows, a clean package build, and
a workflow (.github/workflows/release.yml) that actionlint passes."""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import types
import zipfile
from pathlib import Path

import pytest

from game import version as version_module
from game.version import project_version, read_version, release_numbers

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.y*ml"))
SHELL_SCRIPTS = [ROOT / ".ci" / "run", *sorted((ROOT / "build").glob("*.sh"))]


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def build_script():
    spec = importlib.util.spec_from_file_location("deckhand_build", ROOT / "build" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- one version ---------------------------------------------------------------------------
def test_the_app_reads_the_version_in_pyproject():
    import game
    wanted = pyproject()["project"]["version"]
    assert read_version() == game.__version__ == wanted
    assert project_version(ROOT / "pyproject.toml") == wanted


@pytest.mark.parametrize("text, wanted", [
    ('[project]\nname = "deckhand"\nversion = "1.2.3"\n', "1.2.3"),
    ("[project]  # the package\nname='deckhand' # ok\nversion = '2.0rc1'  # next\n", "2.0rc1"),
    ('[tool.x]\nversion = "9.9"\n[project]\nversion = "0.3.0"\nname = "deckhand"\n'
     'dependencies = [\n  "a",\n]\n[project.urls]\nversion = "8.8"\n', "0.3.0"),
])
def test_pyproject_is_read_as_tomllib_reads_it(tmp_path, text, wanted):
    path = tmp_path / "pyproject.toml"
    path.write_text(text, encoding="utf-8")
    assert project_version(path) == tomllib.loads(text)["project"]["version"] == wanted


@pytest.mark.parametrize("text", [
    '[project]\nname = "other"\nversion = "1.0"\n',        # not Deckhand's
    '[project]\nname = "deckhand"\n',                      # no version
    '[tool]\nname = "deckhand"\nversion = "1.0"\n',        # not in [project]
    '[project]\nname = "deckhand"\nversion = "one"\n',     # not a version
])
def test_a_pyproject_without_a_usable_version_is_refused(tmp_path, text):
    path = tmp_path / "pyproject.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError):
        project_version(path)


def test_release_numbers():
    assert release_numbers("0.1.0", 4) == (0, 1, 0, 0)
    assert release_numbers("2.3rc1", 3) == (2, 3, 0)
    assert release_numbers("1.2.3.4.dev5", 3) == (1, 2, 3)


def test_a_bundle_reads_the_pyproject_it_carries(tmp_path, monkeypatch, fresh_version):
    """PyInstaller unpacks datas under sys._MEIPASS; the spec puts pyproject.toml at its top."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "deckhand"\nversion = "7.8.9"\n',
                                             encoding="utf-8")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert read_version() == "7.8.9"


@pytest.fixture
def fresh_version():
    read_version.cache_clear()
    yield
    read_version.cache_clear()


def test_an_installed_package_reads_its_metadata(tmp_path, monkeypatch, fresh_version):
    other = tmp_path / "pyproject.toml"  # site-packages may hold someone else's
    other.write_text('[project]\nname = "other"\nversion = "1.0"\n', encoding="utf-8")
    monkeypatch.setattr(version_module, "project_file", lambda: other)
    monkeypatch.setattr(version_module, "installed_version", lambda: "5.5.5")
    assert read_version() == "5.5.5"
    read_version.cache_clear()
    monkeypatch.setattr(version_module, "installed_version", lambda: None)
    with pytest.raises(ValueError, match="not Deckhand's"):
        read_version()
    monkeypatch.setattr(version_module, "project_file", lambda: tmp_path / "missing.toml")
    with pytest.raises(LookupError):
        read_version()


def test_the_menu_shows_the_version(app):
    import pygame

    from game.ui import about
    app.step(0.016)
    assert about.version_text() == f"Deckhand {read_version()}"
    rect = about.draw_version(app.surface, app.top.viewport)
    assert app.surface.get_rect().contains(rect) and rect.bottom >= 760
    app.surface = pygame.display.set_mode((640, 400))
    app.viewport.fit((640, 400))
    assert app.surface.get_rect().contains(about.draw_version(app.surface, app.viewport))


def clean_copy(into: Path, version=None, licence=None) -> Path:
    """The files a package is built from, optionally with another version or licence form."""
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, into / name)
    for folder in ("game", "assets"):
        shutil.copytree(ROOT / folder, into / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    text = (into / "pyproject.toml").read_text(encoding="utf-8")
    if version:
        text = re.sub(r'(?m)^version = ".*"$', f'version = "{version}"', text)
    if licence:
        text = re.sub(r'(?m)^license = "MIT"$', licence, text)
    (into / "pyproject.toml").write_text(text, encoding="utf-8")
    return into


def build_wheel(source: Path, out: Path) -> tuple[Path, str]:
    """Build with setuptools as pip would; returns the wheel and all the build printed."""
    code = "import setuptools.build_meta as b, sys; print(b.build_wheel(sys.argv[1]))"
    done = subprocess.run([sys.executable, "-W", "always", "-c", code, str(out)], cwd=source,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return out / done.stdout.strip().splitlines()[-1], done.stdout + done.stderr


WARNED = re.compile(r"Deprecat|_Warning|SetuptoolsWarning|License classifiers", re.I)


@pytest.mark.slow
def test_the_package_builds_without_warnings_and_knows_its_version(tmp_path):
    (tmp_path / "source").mkdir()
    source = clean_copy(tmp_path / "source", version="9.8.7")
    wheel, printed = build_wheel(source, tmp_path / "out")
    assert not WARNED.findall(printed), printed
    with zipfile.ZipFile(wheel) as z:
        meta = z.read("deckhand-9.8.7.dist-info/METADATA").decode()
        names = z.namelist()
        z.extractall(tmp_path / "site")  # what pip install puts in site-packages
    assert "License-Expression: MIT" in meta and "License-File: LICENSE" in meta
    assert "deckhand-9.8.7.dist-info/licenses/LICENSE" in names
    assert not any(n.endswith("pyproject.toml") for n in names)  # so metadata must give it
    # -S: no site-packages, so only the wheel's files (not this checkout) can answer.
    code = ("import game, game.resources as r; print(game.__version__); "
            "print(r.asset('rules', 'scoundrel.md').parent.parent.name); "
            "print(len(list(r.asset('cards', 'classic', 'KS.svg').parent.glob('*.svg'))))")
    done = subprocess.run([sys.executable, "-S", "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, env=dict(os.environ, PYTHONPATH=str(tmp_path / "site")),
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["9.8.7", "deckhand_assets", "54"]  # 52 faces, 2 backs


@pytest.mark.slow
def test_the_old_licence_table_would_be_caught(tmp_path):
    (tmp_path / "source").mkdir()
    source = clean_copy(tmp_path / "source", licence='license = { text = "MIT" }')
    text = (source / "pyproject.toml").read_text(encoding="utf-8")
    (source / "pyproject.toml").write_text(text.replace('license-files = ["LICENSE"]\n', ""),
                                           encoding="utf-8")
    _, printed = build_wheel(source, tmp_path / "out")
    assert WARNED.search(printed)


def test_pyproject_uses_the_spdx_licence_form():
    data = pyproject()
    assert data["project"]["license"] == "MIT"
    assert data["project"]["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert data["build-system"]["requires"] == ["setuptools>=77"]
    assert not any("License ::" in c for c in data["project"].get("classifiers", []))


# -- the build script and the spec ----------------------------------------------------------
def test_archive_names_carry_the_version_and_system(monkeypatch):
    build = build_script()
    version = pyproject()["project"]["version"]
    assert build.version() == version
    for platform_name, machine, tag in (("win32", "AMD64", "windows-x86_64"),
                                        ("darwin", "arm64", "macos-arm64"),
                                        ("darwin", "x86_64", "macos-x86_64"),
                                        ("linux", "x86_64", "linux-x86_64")):
        monkeypatch.setattr(build.sys, "platform", platform_name)
        monkeypatch.setattr(build.platform, "machine", lambda m=machine: m)
        assert build.system_tag() == tag
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in ("Deckhand-<version>-windows-x86_64.zip", "Deckhand-<version>-macos-arm64.tar.gz",
                 "Deckhand-<version>-macos-x86_64.tar.gz", "Deckhand-<version>-linux-x86_64.tar.gz"):
        assert name in readme


class Recorder:
    """Stands for PyInstaller's version-resource classes: keeps what it was given."""

    def __init__(self, kind):
        self.kind = kind

    def __call__(self, *args, **kwargs):
        return types.SimpleNamespace(kind=self.kind, args=args, kwargs=kwargs)


def test_the_windows_version_resource_says_the_version():
    text = build_script().version_resource("1.4.2")
    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
             "VarFileInfo", "VarStruct")
    info = eval(text, {"__builtins__": {}}, {n: Recorder(n) for n in names})  # noqa: S307
    fixed = info.kwargs["ffi"].kwargs
    assert fixed["filevers"] == fixed["prodvers"] == (1, 4, 2, 0)
    table = info.kwargs["kids"][0].args[0][0].args[1]
    strings = {s.args[0]: s.args[1] for s in table}
    assert strings["FileVersion"] == strings["ProductVersion"] == "1.4.2"
    assert strings["ProductName"] == "Deckhand" and strings["OriginalFilename"] == "Deckhand.exe"


def run_spec(monkeypatch, tmp_path, platform_name, version_file=None):
    """Execute build/deckhand.spec as PyInstaller would on `platform_name`, with PyInstaller's
    build steps replaced by recorders; returns what each was called with."""
    calls = {}

    def step(name):
        def record(*args, **kwargs):
            calls[name] = types.SimpleNamespace(args=args, kwargs=kwargs)
            return types.SimpleNamespace(pure=[], scripts=[], binaries=[], datas=[])
        return record
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [package]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    if version_file:
        monkeypatch.setenv("DECKHAND_VERSION_FILE", str(version_file))
    else:
        monkeypatch.delenv("DECKHAND_VERSION_FILE", raising=False)
    monkeypatch.delenv("DECKHAND_ONEFILE", raising=False)
    spec = ROOT / "build" / "deckhand.spec"
    namespace = {"SPECPATH": str(spec.parent), "__file__": str(spec),
                 **{n: step(n) for n in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}}
    monkeypatch.setattr(sys, "platform", platform_name)
    try:
        exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), namespace)
    finally:
        monkeypatch.undo()
    return calls


def test_the_spec_puts_the_version_in_each_bundle(monkeypatch, tmp_path):
    version = pyproject()["project"]["version"]
    short = ".".join(map(str, release_numbers(version, 3)))
    resource = tmp_path / "version_info.txt"
    windows = run_spec(monkeypatch, tmp_path, "win32", version_file=resource)
    assert windows["EXE"].kwargs["version"] == str(resource)
    mac = run_spec(monkeypatch, tmp_path, "darwin")
    plist = mac["BUNDLE"].kwargs["info_plist"]
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == short
    linux = run_spec(monkeypatch, tmp_path, "linux")
    assert "BUNDLE" not in linux and "version" not in linux["EXE"].kwargs
    datas = linux["Analysis"].kwargs["datas"]
    assert (str(ROOT / "pyproject.toml"), ".") in datas  # what game/version.py reads in a bundle


def test_the_spec_refuses_a_windows_build_without_a_version_resource(monkeypatch, tmp_path):
    with pytest.raises(SystemExit, match="build.py"):
        run_spec(monkeypatch, tmp_path, "win32")


def test_glibc_needed_reads_only_programs_and_libraries(tmp_path):
    build = build_script()
    app = tmp_path / "Deckhand"
    (app / "_internal").mkdir(parents=True)
    (app / "Deckhand").write_bytes(b"\x7fELF...GLIBC_2.17\x00GLIBC_2.2.5\x00GLIBC_PRIVATE\x00")
    (app / "_internal" / "libpython.so").write_bytes(b"\x7fELF..GLIBC_2.34\x00GLIBC_2.9\x00")
    (app / "_internal" / "notes.txt").write_bytes(b"GLIBC_2.99\x00")  # not a program
    assert build.glibc_needed(app) == (2, 34)
    build.check_glibc(app, "2.35")
    with pytest.raises(SystemExit, match="2.34"):
        build.check_glibc(app, "2.31")


def test_the_macos_plist_check(tmp_path):
    import plistlib
    build = build_script()
    contents = tmp_path / "Deckhand.app" / "Contents"
    contents.mkdir(parents=True)
    for found, ok in ((("0.4.1", "0.4.1"), True), (("0.4.1", "0.4.0"), False)):
        with (contents / "Info.plist").open("wb") as f:
            plistlib.dump({"CFBundleShortVersionString": found[0], "CFBundleVersion": found[1]}, f)
        if ok:
            build.check_info_plist(tmp_path / "Deckhand.app", "0.4.1")
        else:
            with pytest.raises(SystemExit):
                build.check_info_plist(tmp_path / "Deckhand.app", "0.4.1")


# -- the workflow ------------------------------------------------------------------------------
def tool(name: str) -> str:
    """A command installed with the test extra, beside this Python's other scripts."""
    found = shutil.which(name, path=sysconfig.get_path("scripts")) or shutil.which(name)
    assert found, f"{name} is missing: install the test extra (pip install -e '.[test]')"
    return found


def test_actionlint_passes_every_workflow():
    assert WORKFLOWS, "no workflow files"
    done = subprocess.run([tool("actionlint"), "-shellcheck", tool("shellcheck"), "-no-color",
                           *map(str, WORKFLOWS)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_catches_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text((ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
                      .replace("runs-on: ${{ matrix.runner }}", "runs-on: ${{ matrix.runer }}"),
                      encoding="utf-8")
    done = subprocess.run([tool("actionlint"), "-no-color", str(broken)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode != 0 and "runer" in done.stdout


def test_shell_scripts_pass_shellcheck():
    done = subprocess.run([tool("shellcheck"), *map(str, SHELL_SCRIPTS)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def workflow_text() -> str:
    return (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")


def test_every_action_is_pinned_by_version():
    uses = re.findall(r"(?m)^\s*(?:-\s*)?uses:\s*(\S+)(.*)$", "".join(
        path.read_text(encoding="utf-8") for path in WORKFLOWS))
    assert uses
    for action, comment in uses:
        ref = action.partition("@")[2]
        assert re.fullmatch(r"v\d+(\.\d+)*", ref) or (
            re.fullmatch(r"[0-9a-f]{40}", ref) and re.search(r"#\s*v\d", comment)), action


def test_the_workflow_builds_tests_and_smokes_all_four():
    text = workflow_text()
    for runner in ("windows-2022", "macos-15", "macos-15-intel", "ubuntu-24.04"):
        assert re.search(rf"runner: {re.escape(runner)}$", text, re.M), runner
    assert "container: ubuntu:22.04" in text and 'max-glibc: "2.35"' in text
    steps = ["python -m pytest", "python build/build.py ${{", "python build/smoke_archive.py",
             "actions/upload-artifact@"]
    positions = [text.index(step) for step in steps]
    assert positions == sorted(positions), "test, build, smoke, upload: in that order"
    assert "SDL_VIDEODRIVER: dummy" in text
    release = text[text.index("\n  release:"):]
    assert "startsWith(github.ref, 'refs/tags/v')" in release and "sha256sum" in release
    assert "contents: write" in release and "gh release create" in release
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "glibc 2.35" in readme and "notarytool" in readme


def make_test_commands() -> list[tuple[dict[str, str], str]]:
    """What `make test` runs, as (environment, command) with the command spelled as the
    workflow spells it: `python` for the venv's, JOBS at its default, PYTEST_ARGS left to
    the caller."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    defaults = dict(re.findall(r"(?m)^(\w+) \?= (.*)$", text))
    recipe = re.search(r"(?m)^test:.*\n((?:\t.*\n)+)", text)
    assert recipe, "the Makefile has no test recipe"
    out = []
    for line in recipe.group(1).splitlines():
        parts = re.fullmatch(r"\s*((?:\w+=\S+\s+)*)(.+)", line)
        assert parts, line
        env = dict(assignment.split("=", 1) for assignment in parts.group(1).split())
        command = parts.group(2).replace("$(PY)", "python")
        command = command.replace("$(JOBS)", defaults["JOBS"]).replace(" $(PYTEST_ARGS)", "")
        assert "$(" not in command, command
        out.append((env, command))
    return out


def test_make_test_checks_the_code_then_runs_the_tests_in_parallel():
    commands = [command for _, command in make_test_commands()]
    assert commands == ["python -m ruff check .", "python -m mypy",
                        "python -m pytest -n auto --dist worksteal"]


@pytest.mark.parametrize("system", ["linux", "win32", "darwin"])
def test_mypy_passes_on_every_runners_system(system, tmp_path):
    """mypy follows `sys.platform` checks, so each runner's mypy reads the code its own way
    (a `type: ignore` needed on one system is an unused one on another)."""
    done = subprocess.run([sys.executable, "-m", "mypy", "--platform", system,
                           "--cache-dir", str(tmp_path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_workflow_runs_the_checks_make_test_runs():
    """Command for command (the runners include Windows, which has no make), before the build."""
    text = workflow_text()
    job = text[text.index("\n  build:"):text.index("python build/build.py ${{")]
    runs = re.findall(r"(?m)^\s*run: (.*)$", job)
    found = []
    for env, command in make_test_commands():
        matching = [i for i, run in enumerate(runs) if run == command or run.startswith(command + " ")]
        assert matching, f"the workflow does not run {command!r}"
        found.append(matching[0])
        for name, value in env.items():
            assert re.search(rf"(?m)^\s+{name}: {re.escape(value)}$", job), name
    assert found == sorted(found), "ruff, mypy, pytest: in make test's order"
    assert 'pip install -e ".[test]"' in job   # the extra brings ruff, mypy and pytest-xdist
    extra = pyproject()["project"]["optional-dependencies"]["test"]
    for name in ("ruff", "mypy", "pytest-xdist"):
        assert any(re.match(rf"{name}\b", requirement) for requirement in extra), name
