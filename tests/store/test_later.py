"""Autosaves written on their own thread: the move's frame does not wait for the disk, only
the newest text of a file is written, and whoever reads or removes the file waits for it."""
import json
import threading

import pytest

from game.store import jsonfile, later


@pytest.fixture
def held(monkeypatch):
    """The saving thread's writes wait until `go` is set."""
    go = threading.Event()
    real = jsonfile.write_text_atomic

    def slow(path, text):
        assert go.wait(10)
        real(path, text)
    monkeypatch.setattr(jsonfile, "write_text_atomic", slow)
    yield go
    go.set()
    later.settle()


def test_a_write_returns_at_once_and_settle_waits_for_the_newest_text(tmp_path, held):
    path = tmp_path / "game.json"
    for n in range(5):
        later.write(path, json.dumps({"move": n}))  # returns while the disk is held
    assert not path.exists() and later.busy()
    held.set()
    later.settle(path)
    assert json.loads(path.read_text()) == {"move": 4}
    later.settle()
    assert not later.busy()


def test_a_dropped_file_is_never_written_back(tmp_path, held):
    path = tmp_path / "game.json"
    later.write(path, "{}")
    later.write(tmp_path / "other.json", "{}")
    later.drop(path)  # as deleting a finished game's save does
    held.set()
    later.settle()
    assert not path.exists() and (tmp_path / "other.json").exists()


def test_a_failed_write_is_told_to_the_next_one(tmp_path):
    folder = tmp_path / "taken"
    folder.write_text("a file where the folder should be")
    path = folder / "game.json"
    later.write(path, "{}")
    later.settle(path)
    with pytest.raises(OSError):
        later.write(path, "{}")
    later.drop(path)


def test_a_saved_game_is_read_back_as_last_saved_while_the_disk_lags(app, monkeypatch):
    """A move's autosave waits for the disk on the saving thread; the menu's Continue reads
    the save as the last move left it."""
    from game.engine.session import Session
    from game.store import saves
    go = threading.Event()
    real = jsonfile.write_text_atomic
    monkeypatch.setattr(jsonfile, "write_text_atomic",
                        lambda path, text: (go.wait(10), real(path, text)))
    session = Session("scoundrel", 1, 5)
    session.apply(session.legal_actions()[0])
    saves.save(session, soon=True)
    threading.Timer(0.2, go.set).start()
    assert saves.load("scoundrel").session.actions == session.actions


def test_the_saving_thread_outlives_a_write_that_breaks(tmp_path, monkeypatch):
    """Quitting waits for the saving thread: an unexpected error must not leave it dead with
    writes waiting (the app could never quit)."""
    real = jsonfile.write_text_atomic
    monkeypatch.setattr(jsonfile, "write_text_atomic",
                        lambda path, text: (_ for _ in ()).throw(RuntimeError("broken")))
    later.write(tmp_path / "a.json", "{}")
    later.settle()
    monkeypatch.setattr(jsonfile, "write_text_atomic", real)
    with pytest.raises(OSError, match="broken"):
        later.write(tmp_path / "a.json", "{}")
    later.write(tmp_path / "b.json", "{}")
    later.settle()
    assert (tmp_path / "b.json").exists()
