"""A Deckhand process killed (SIGKILL) at any instant of a game's final move, or just after it,
loses at most that move and never a result; a finished game is never counted twice. SIGTERM and
SIGHUP save the game and end the process at once, without a question on screen.

Each case runs the real app headless in a child process (play_child.py), then starts the store
the way Deckhand's start-up does and looks at the statistics and the saved game.
"""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.store import jsonfile, saves, startup, stats

from .play_child import game_line, save_before

ROOT = Path(__file__).resolve().parents[2]
CHILD_SECONDS = 30  # a hung child fails the test instead of hanging it

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))
    return tmp_path


def child(mode: str, game_id: str) -> subprocess.Popen:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen([sys.executable, "-m", "tests.scenes.play_child", mode, game_id],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def wait_for(process: subprocess.Popen, word: str) -> None:
    line = process.stdout.readline()
    if line.strip() != word:
        process.kill()
        raise AssertionError(f"the child said {line!r}: {process.stderr.read()[-2000:]}")


def finish_killed(process: subprocess.Popen) -> None:
    assert process.wait(CHILD_SECONDS) == -signal.SIGKILL, process.stderr.read()[-2000:]


def played(game_id: str) -> int:
    data, message = stats.load()
    assert message is None
    return sum(t["played"] for t in data["games"].get(game_id, {}).values())


def restart() -> list:
    """What start-up does, with the temporaries the kill left old enough to be stale."""
    for folder in (saves.folder(), Path(os.environ["DECKHAND_HOME"]) / "data"):
        for tmp in folder.glob("*.tmp"):
            os.utime(tmp, (time.time() - 60, time.time() - 60))
    return startup.prepare()


# The final move changes three things on disk, in this order: the finished save is renamed
# into place, then the statistics, then the save is removed. 4: killed just after all three.
@pytest.mark.parametrize("step", [1, 2, 3, 4])
def test_killed_at_every_step_of_the_final_move(home, step):
    save_before("scoundrel", 1)
    process = child(f"die-before-{step}", "scoundrel")
    finish_killed(process)
    assert played("scoundrel") == (1 if step >= 3 else 0)  # written by the move itself
    assert restart() == []
    assert not list(home.rglob("*.tmp")), "a stale temporary file was left"
    if step == 1:  # killed before anything was written: the save is one action short
        assert played("scoundrel") == 0
        assert saves.load("scoundrel").session.actions == game_line("scoundrel")[:-1]
    else:  # the finished save, or the statistics, had it: counted exactly once
        assert played("scoundrel") == 1
        assert not saves.path("scoundrel").exists()
    assert restart() == [] and played("scoundrel") == (0 if step == 1 else 1)


@pytest.mark.parametrize("step", [1, 2])
def test_killed_during_an_ordinary_move_loses_at_most_that_move(home, step):
    save_before("scoundrel", 3)
    finish_killed(child(f"die-before-{step}", "scoundrel"))
    restart()
    kept = saves.load("scoundrel").session.actions
    assert kept == game_line("scoundrel")[:-3 if step == 1 else -2] and played("scoundrel") == 0


def test_killed_before_the_statistics_a_table_of_players_is_counted_with_its_names(home):
    save_before("abandon_ship", 1)
    finish_killed(child("die-before-2", "abandon_ship"))
    assert played("abandon_ship") == 0 and saves.load_finished("abandon_ship") is not None
    restart()
    table = next(iter(stats.load()[0]["games"]["abandon_ship"].values()))
    assert table["played"] == 1 and set(table["players"]) == {"Sailor 1", "Sailor 2"}
    assert not saves.path("abandon_ship").exists()


@pytest.mark.parametrize("delay", [0.0, 0.3, 1.0])
def test_killed_during_the_result_animation(home, delay):
    """The window the issue found: the result was written 0.6-2.4 s after the final move."""
    save_before("scoundrel", 1)
    process = child("final", "scoundrel")
    wait_for(process, "FINAL")
    time.sleep(delay)
    process.kill()
    finish_killed(process)
    assert played("scoundrel") == 1 and not saves.path("scoundrel").exists()
    restart()
    assert played("scoundrel") == 1


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_stop_signal_saves_and_ends_at_once(home, name):
    save_before("scoundrel", 3)
    process = child("loop", "scoundrel")
    wait_for(process, "READY")
    time.sleep(0.2)  # a few frames of the loop
    sent = time.monotonic()
    process.send_signal(getattr(signal, name))
    assert process.wait(CHILD_SECONDS) == 0, process.stderr.read()[-2000:]
    assert time.monotonic() - sent < 5, "the process did not stop promptly"
    assert "stopping" in process.stderr.read()
    assert saves.load("scoundrel").session.actions == game_line("scoundrel")[:-2]
    assert not list(home.rglob("*.tmp")) and not list(home.rglob("*.bad-*"))
    assert jsonfile.TEMPORARY.fullmatch("settings.json.ab_cd123.tmp")  # the pattern cleaned
