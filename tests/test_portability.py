"""Windows and macOS builds are made by the release workflow, but no test here runs on them:
these checks, which run on Linux, keep the code from relying on what only Linux allows."""
import ast
import random
import re
import sys
from pathlib import Path

import platformdirs
import pytest

from game.engine import games
from game.engine.session import Session
from game.store import jsonfile, paths, records, saves, settings, stats

ROOT = Path(__file__).resolve().parent.parent
WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)),
                    *(f"LPT{i}" for i in range(1, 10))}
MAX_NAME = 100  # far under Windows' 255 per name, so the user folder can be deep


def windows_name_problem(name: str) -> str | None:
    """Why Windows would refuse `name` as a file or folder name, or None if it is fine."""
    if not name or name in (".", ".."):
        return "empty"
    bad = sorted(set(re.findall(r'[<>:"/\\|?*\x00-\x1f]', name)))
    if bad:
        return f"forbidden characters {bad}"
    if name[-1] in ". ":
        return "ends with a dot or a space"
    if name.split(".")[0].upper().rstrip() in WINDOWS_RESERVED:
        return "a reserved device name"
    if len(name) > MAX_NAME:
        return "too long"
    return None


@pytest.mark.parametrize("name, ok", [
    ("settings.json", True), ("scoundrel-20261123-091500-deal7.json", True),
    ("stats.json.bad-20261123-091500-2", True), ("a:b.json", False), ("x?.json", False),
    ('say"hi"', False), ("back\\slash", False), ("name.", False), ("name ", False),
    ("CON", False), ("con.json", False), ("LPT1.txt", False), ("console.json", True),
    ("tab\there", False), ("", False), ("x" * 101, False)])
def test_windows_name_rules(name, ok):
    assert (windows_name_problem(name) is None) == ok


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))
    return tmp_path


def played(game_id, to_the_end=False, seed=11):
    session = Session(game_id, games.get(game_id).SEATS[0], seed)
    rnd = random.Random(seed)
    while not session.is_over() and (to_the_end or len(session.actions) < 4):
        session.apply(rnd.choice(session.legal_actions()))
    return session


def test_every_file_name_the_app_writes_is_a_valid_windows_name(home, monkeypatch):
    written = []  # every name a file is given on its way, temporary ones included
    real_replace = jsonfile.os.replace

    def replace(source, target):
        written.extend([Path(source).name, Path(target).name])
        real_replace(source, target)
    monkeypatch.setattr(jsonfile.os, "replace", replace)

    settings.save(settings.Settings())
    written += [saves.path(game_id).name for game_id in games.GAME_IDS]  # playable or not yet
    for game_id in games.available():
        saves.save(played(game_id), None)
        finished = played(game_id, to_the_end=True)
        records.export(finished)
        records.export(finished)  # a second record of the same second gets its own name
        result = finished.rules.result(finished.state)
        stats.record(game_id, {}, result, seed=finished.seed)
    for path in (settings.path(), stats.path(), saves.path(games.GAME_IDS[0])):
        for _ in range(2):  # damaged twice in one second: two names set aside
            path.write_bytes(b"{ damaged")
            with pytest.raises(jsonfile.BadFile):
                jsonfile.read(path, lambda data: data)

    on_disk = [p.relative_to(home) for p in home.rglob("*")]
    assert any(".bad-" in p.name for p in on_disk) and any(p.suffix == ".tmp" for p in map(Path, written))
    names = {part for p in on_disk for part in p.parts} | set(written)
    problems = {name: windows_name_problem(name) for name in names if windows_name_problem(name)}
    assert not problems


def test_replace_waits_while_windows_holds_the_file(tmp_path, monkeypatch):
    """Windows won't replace a file another program has open (PermissionError): retry."""
    target = tmp_path / "stats.json"
    jsonfile.write_atomic(target, {"old": True})
    calls, naps = [], []
    real_replace = jsonfile.os.replace

    def busy_twice(source, dest):
        calls.append(dest)
        if len(calls) <= 2:
            raise PermissionError(13, "The process cannot access the file")
        real_replace(source, dest)
    monkeypatch.setattr(jsonfile.os, "replace", busy_twice)
    monkeypatch.setattr(jsonfile.time, "sleep", naps.append)
    jsonfile.write_atomic(target, {"new": True})
    assert jsonfile.read(target, lambda data: data) == {"new": True}
    assert len(calls) == 3 and naps == list(jsonfile.REPLACE_WAITS[:2])
    assert [p.name for p in tmp_path.iterdir()] == ["stats.json"]


def test_replace_gives_up_leaving_the_old_file_whole(tmp_path, monkeypatch):
    target = tmp_path / "settings.json"
    jsonfile.write_atomic(target, {"old": True})
    naps = []

    def always_busy(source, dest):
        raise PermissionError(13, "The process cannot access the file")
    monkeypatch.setattr(jsonfile.os, "replace", always_busy)
    monkeypatch.setattr(jsonfile.time, "sleep", naps.append)
    with pytest.raises(PermissionError):
        jsonfile.write_atomic(target, {"new": True})
    assert naps == list(jsonfile.REPLACE_WAITS) and sum(naps) < 1
    assert jsonfile.read(target, lambda data: data) == {"old": True}
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temporary file left


def test_other_errors_are_not_retried(tmp_path, monkeypatch):
    calls = []

    def missing(source, dest):
        calls.append(dest)
        raise FileNotFoundError(2, "gone")
    monkeypatch.setattr(jsonfile.os, "replace", missing)
    with pytest.raises(FileNotFoundError):
        jsonfile.replace(tmp_path / "a", tmp_path / "b")
    assert len(calls) == 1


def test_a_damaged_file_held_open_is_still_moved_aside(tmp_path, monkeypatch):
    path = tmp_path / "stats.json"
    path.write_bytes(b"{ damaged")
    real_replace, calls = jsonfile.os.replace, []

    def busy_once(source, dest):
        calls.append(dest)
        if len(calls) == 1:
            raise PermissionError(32, "being used by another process")
        real_replace(source, dest)
    monkeypatch.setattr(jsonfile.os, "replace", busy_once)
    monkeypatch.setattr(jsonfile.time, "sleep", lambda s: None)
    with pytest.raises(jsonfile.BadFile) as caught:
        jsonfile.read(path, lambda data: data)
    assert caught.value.moved_to.exists() and not path.exists()


class PlatformAs:
    """platformdirs as it answers on another system, for the arguments paths.py passes."""

    def __init__(self, dirs_class):
        self.dirs_class = dirs_class

    def user_config_dir(self, appname, appauthor):
        return self.dirs_class(appname, appauthor).user_config_dir

    def user_data_dir(self, appname, appauthor):
        return self.dirs_class(appname, appauthor).user_data_dir


def test_user_folders_come_from_platformdirs(tmp_path, monkeypatch):
    monkeypatch.delenv("DECKHAND_HOME", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert paths.config_dir() == Path(platformdirs.user_config_dir("Deckhand", False))
    assert paths.data_dir() == Path(platformdirs.user_data_dir("Deckhand", False))
    if sys.platform.startswith("linux"):
        assert paths.config_dir() == tmp_path / "xdg-config" / "Deckhand"
        assert paths.data_dir() == tmp_path / "xdg-data" / "Deckhand"


def test_user_folders_on_windows_and_macos_are_where_the_readme_says(tmp_path, monkeypatch):
    from platformdirs.macos import MacOS
    from platformdirs.windows import Windows
    for name in ("DECKHAND_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):  # their defaults
        monkeypatch.delenv(name, raising=False)
    local = tmp_path / "AppData" / "Local"
    monkeypatch.setenv("LOCALAPPDATA", str(local))
    monkeypatch.setenv("APPDATA", str(tmp_path / "AppData" / "Roaming"))
    import platformdirs.windows
    if hasattr(platformdirs.windows, "get_win_folder"):
        monkeypatch.setattr(platformdirs.windows, "get_win_folder",
                            platformdirs.windows.get_win_folder_from_env_vars)
    monkeypatch.setattr(paths, "platformdirs", PlatformAs(Windows))
    assert paths.config_dir() == paths.data_dir() == local / "Deckhand"  # %LOCALAPPDATA%\Deckhand
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(paths, "platformdirs", PlatformAs(MacOS))
    support = Path.home() / "Library" / "Application Support" / "Deckhand"
    assert paths.config_dir() == paths.data_dir() == support
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`%LOCALAPPDATA%\\Deckhand`" in readme
    assert "`~/Library/Application Support/Deckhand`" in readme


# -- calls only POSIX systems have --------------------------------------------------------
POSIX_MODULES = {"fcntl", "termios", "tty", "pty", "pwd", "grp", "resource", "posix", "crypt",
                 "syslog", "curses", "readline", "spwd", "nis"}
POSIX_CALLS = {
    "os": {"fork", "forkpty", "kill", "killpg", "getuid", "geteuid", "getgid", "getegid",
           "setsid", "setpgrp", "getpgid", "chown", "lchown", "fchown", "chmod", "fchmod",
           "lchmod", "umask", "mkfifo", "mknod", "symlink", "link", "statvfs", "sync",
           "getloadavg", "nice", "uname", "sched_getaffinity", "pipe2", "posix_spawn", "wait3",
           "wait4", "WNOHANG", "getpwnam", "ttyname", "openpty", "sysconf", "setuid", "setgid"},
    "signal": {"SIGKILL", "SIGHUP", "SIGUSR1", "SIGUSR2", "SIGCHLD", "SIGALRM", "SIGPIPE",
               "SIGQUIT", "SIGSTOP", "SIGCONT", "SIGWINCH", "alarm", "setitimer", "pause",
               "pthread_kill", "pthread_sigmask", "siginterrupt", "sigwait"},
    "shutil": {"chown"},
}
POSIX_METHODS = {"chmod", "lchmod", "owner", "group", "symlink_to", "hardlink_to", "is_mount"}
GUARD_WORDS = ("sys.platform", "os.name", "platform.system", "hasattr")
GUARD_ERRORS = {"AttributeError", "ImportError", "ModuleNotFoundError", "NotImplementedError",
                "OSError", "Exception"}


def guarded(node, parents) -> bool:
    """Inside an `if` on the platform, or a `try` that catches what a missing call raises."""
    for parent in parents:
        if isinstance(parent, (ast.If, ast.IfExp)) and any(
                w in ast.unparse(parent.test) for w in GUARD_WORDS):
            return True
        if isinstance(parent, ast.Try) and any(node_in(node, stmt) for stmt in parent.body):
            caught = {ast.unparse(h.type) for h in parent.handlers if h.type is not None}
            names = {n.strip("() ") for c in caught for n in c.split(",")}
            if names & GUARD_ERRORS or any(h.type is None for h in parent.handlers):
                return True
    return False


def node_in(node, tree) -> bool:
    return any(n is node for n in ast.walk(tree))


def text_mode_without_encoding(call: ast.Call) -> bool:
    """open(...)/read_text()/write_text() in text mode with no encoding: cp1252 on Windows."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    keywords = {k.arg for k in call.keywords}
    if "encoding" in keywords:
        return False
    if name in ("read_text", "write_text"):
        return True
    if name == "open" and isinstance(func, ast.Name):
        if call.args and ast.unparse(call.args[0]) == "os.devnull":
            return False
        mode = call.args[1] if len(call.args) > 1 else next(
            (k.value for k in call.keywords if k.arg == "mode"), None)
        return not (isinstance(mode, ast.Constant) and "b" in str(mode.value))
    return False


def posix_only_uses(source: str, filename="<source>") -> list:
    tree = ast.parse(source, filename)
    found = []

    def visit(node, parents):
        problem = None
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            bad = [m for m in modules if m and m.split(".")[0] in POSIX_MODULES]
            problem = bad and f"imports {', '.join(bad)}"
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
              and node.attr in POSIX_CALLS.get(node.value.id, ())):
            problem = f"{node.value.id}.{node.attr}"
        elif isinstance(node, ast.Attribute) and node.attr == "path" and getattr(
                node.value, "id", None) == "os":
            problem = "os.path (build paths with pathlib)"
        elif isinstance(node, ast.Call):
            func = node.func
            # Path.owner()/.group() take no arguments: a regex match's .group(1) is no problem
            with_args = (getattr(func, "attr", None) in ("owner", "group")
                         and bool(node.args or node.keywords))
            if (isinstance(func, ast.Attribute) and func.attr in POSIX_METHODS and not with_args
                    and getattr(func.value, "id", None) not in POSIX_CALLS):  # os.chmod: below
                problem = f".{func.attr}()"
            elif text_mode_without_encoding(node):
                problem = f"{ast.unparse(node.func)}() without encoding="
        if problem and not guarded(node, parents):
            found.append(f"{filename}:{node.lineno}: {problem}")
        for child in ast.iter_child_nodes(node):
            visit(child, parents + [node])
    visit(tree, [])
    return found


def test_the_scanner_finds_what_it_should():
    bad = ("import os, fcntl\nimport signal\n"
           "def f(p):\n    os.chmod(p, 0o600)\n    signal.signal(signal.SIGHUP, None)\n"
           "    p.chmod(0o600)\n    open(p).read()\n    p.read_text()\n    os.path.join(p, 'x')\n")
    assert [line.split(": ", 1)[1] for line in posix_only_uses(bad)] == [
        "imports fcntl", "os.chmod", "signal.SIGHUP", ".chmod()", "open() without encoding=",
        "p.read_text() without encoding=", "os.path (build paths with pathlib)"]
    fine = ("import os, sys\n"
            "if sys.platform != 'win32':\n    os.chmod('p', 0o600)\n"
            "try:\n    import fcntl\nexcept ImportError:\n    fcntl = None\n"
            "if hasattr(os, 'getuid'):\n    os.getuid()\n"
            "open('p', 'rb').read()\nopen('p', encoding='utf-8').read()\nopen(os.devnull, 'w')\n")
    assert posix_only_uses(fine) == []


def test_no_posix_only_calls_without_a_fallback():
    files = [*sorted((ROOT / "game").rglob("*.py")), ROOT / "main.py", ROOT / "build" / "build.py"]
    found = [problem for path in files for problem in posix_only_uses(
        path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert not found, "\n".join(found)
