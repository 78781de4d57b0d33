"""Hostile files in the data and config folders: every one is set aside (or ignored) with a
message, and none hangs, exhausts memory, or raises anything but the store's BadFile.

Settings, a saved game, the statistics and a record each meet FIFOs, links to devices, folders,
huge and truncated files, bytes that are not UTF-8, deep nesting, NaN and 1e308, strings with
NUL, lone surrogates or no end, and files that can't be read. The tests run as root, where no
permission stops a read, so an unreadable file is simulated by the error the OS would give.
"""
import json
import os
import signal
import sys
import time

import pytest

from game.engine import games
from game.engine.session import Session
from game.store import jsonfile, paths, records, saves, settings, startup, stats
from game.store.jsonfile import BadFile

from .fuzz import nested

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev are POSIX")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(autouse=True)
def no_hang():
    """A read that blocks fails the test after a few seconds instead of hanging the suite."""
    if sys.platform == "win32":
        yield
        return

    def hung(*_):
        raise TimeoutError("the store blocked on a hostile file")
    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


# -- the four kinds of file, each: where it lives, a valid one, and a load that reports ----------
def finished_session():
    session = Session("scoundrel", 1, 7)
    while not session.is_over():
        session.apply(session.legal_actions()[0])
    return session


def record_path():
    return records.folder() / "scoundrel-20250101-120000-deal7.json"


def valid_record():
    records.export(finished_session()).rename(record_path())


def valid_save():
    session = Session("abandon_ship", 2, 7)
    session.apply(session.legal_actions()[0])
    saves.save(session, [{"name": "Ann", "kind": "human", "level": "strong"},
                         {"name": "Bo", "kind": "computer", "level": "strong"}])


def valid_stats():
    from game.engine.contract import Result
    stats.record("abandon_ship", {}, Result((40, 10), (0,), ""), [("Ann", "human"), ("Bo", "computer")],
                 seed=7, token="0123456789abcdef")


def load_reporting(load):
    """Turn a load into (value, message): BadFile becomes its message, nothing else is caught."""
    def run():
        try:
            return load(), None
        except BadFile as exc:
            return None, str(exc)
    return run


KINDS = {
    "settings": (settings.path, lambda: settings.save(settings.Settings()), settings.load),
    "save": (lambda: saves.path("abandon_ship"), valid_save,
             load_reporting(lambda: saves.load("abandon_ship"))),
    "stats": (stats.path, valid_stats, stats.load),
    "record": (record_path, valid_record, load_reporting(lambda: records.load(record_path()))),
}


def prepared(kind):
    """The kind's path, with a valid file there first (so its folder exists)."""
    path, make, _ = KINDS[kind]
    make()
    return path()


def assert_set_aside(kind, path):
    """Loading gives defaults or nothing, with a message; the thing is kept under a .bad- name."""
    value, message = KINDS[kind][2]()
    assert message and ".bad-" in message, message
    assert not os.path.lexists(path)
    assert list(path.parent.glob(path.name + ".bad-*"))
    if kind == "settings":
        assert value == settings.Settings()
    elif kind == "stats":
        assert value == stats.empty()
    assert len(message) < 600
    return message


ALL = pytest.mark.parametrize("kind", sorted(KINDS))


# -- what is there instead of a file ------------------------------------------------------------
@posix_only
@ALL
def test_a_fifo_is_set_aside_without_blocking(kind):
    path = prepared(kind)
    path.unlink()
    os.mkfifo(path)
    assert "a pipe" in assert_set_aside(kind, path)


@posix_only
@ALL
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_link_to_a_device_is_set_aside_unread(kind, device):
    path = prepared(kind)
    path.unlink()
    path.symlink_to(device)
    assert "a device" in assert_set_aside(kind, path)
    assert os.path.exists(device)  # the link was moved, never its target


@ALL
def test_a_folder_is_set_aside(kind):
    path = prepared(kind)
    path.unlink()
    path.mkdir()
    (path / "inside").write_text("kept")
    assert "a folder" in assert_set_aside(kind, path)


@ALL
def test_a_huge_file_is_refused_before_it_is_read(kind, monkeypatch):
    path = prepared(kind)
    with open(path, "r+b") as f:
        f.truncate(jsonfile.MAX_BYTES + 1)  # sparse: costs no disk
    monkeypatch.setattr(os, "read", lambda *a: pytest.fail("a huge file was read"))
    assert "too large" in assert_set_aside(kind, path)


def test_a_file_growing_past_its_size_is_read_no_further(tmp_path, monkeypatch):
    path = tmp_path / "growing.json"
    path.write_bytes(b" " * 2000)
    monkeypatch.setattr(os, "fstat", lambda fd: os.stat_result((0o100644, 0, 0, 1, 0, 0, 10,
                                                                  0, 0, 0)))
    with pytest.raises(ValueError, match="too large"):
        jsonfile.read_bytes(path, limit=1000)


@posix_only
@ALL
def test_a_link_to_nothing_or_a_loop_counts_as_no_file(kind):
    path = prepared(kind)
    path.unlink()
    path.symlink_to(path.parent / "nowhere")
    value, message = KINDS[kind][2]()
    assert message is None and value in (None, settings.Settings(), stats.empty())
    path.unlink()
    path.symlink_to(path)  # a link to itself
    value, message = KINDS[kind][2]()
    assert message is None


@ALL
def test_an_unreadable_file_is_set_aside(kind, monkeypatch):
    path = prepared(kind)
    real_open = os.open

    def refuse(target, *args, **kwargs):
        if os.fspath(target) == os.fspath(path):
            raise PermissionError(13, "Permission denied", os.fspath(target))
        return real_open(target, *args, **kwargs)
    monkeypatch.setattr(os, "open", refuse)  # as root, chmod 000 would not stop the read
    assert "Permission denied" in assert_set_aside(kind, path)


# -- what a file holds ----------------------------------------------------------------------------
@ALL
@pytest.mark.parametrize("content", [
    b"", b"\xff\xfe\x00{", b"{\"version\": 1,", nested(100_000).encode(), b"\x00" * 64,
    b'"' + b"x" * 2_000_000 + b'"',
], ids=["empty", "not-utf8", "truncated", "deep", "nul-bytes", "long-string"])
def test_damaged_content_is_set_aside(kind, content):
    path = prepared(kind)
    path.write_bytes(content)
    assert_set_aside(kind, path)


@ALL
def test_every_prefix_of_a_valid_file_is_set_aside_or_valid(kind):
    path = prepared(kind)
    raw = path.read_bytes()
    for end in range(0, len(raw), max(1, len(raw) // 40)):
        path.write_bytes(raw[:end])
        assert_set_aside(kind, path)
        for moved in path.parent.glob(path.name + ".bad-*"):
            moved.unlink()


def spoil(kind, change):
    """Write the kind's valid file with `change(data)` applied (JSON with NaN allowed)."""
    path = prepared(kind)
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, allow_nan=True), encoding="utf-8")
    return path


BAD_STRINGS = ["a\x00b", "\ud800", "x" * 10_000, "\x1b[31m", "", "line\nbreak"]
BAD_NUMBERS = [float("nan"), float("inf"), -float("inf"), 1e308, -1e308, 10**30]


def stats_table(data):
    return next(iter(data["games"]["abandon_ship"].values()))


FIELDS = {  # kind -> (what, how to put a bad value there)
    "settings": [
        ("table option game", lambda d, v: d["settings"]["table_options"].update({v: {}})),
        ("table option value", lambda d, v: d["settings"]["table_options"].update({"bogey": {"k": v}})),
    ],
    "save": [
        ("seat name", lambda d, v: d["seats"][0].update(name=v)),
        ("seat level", lambda d, v: d["seats"][1].update(level=v)),
        ("date", lambda d, v: d.update(saved_at=v)),
        ("token", lambda d, v: d.update(token=v)),
        ("deal number", lambda d, v: d["session"].update(seed=v)),
    ],
    "stats": [
        ("date", lambda d, v: stats_table(d)["recent"][0].update(date=v)),
        ("player name", lambda d, v: stats_table(d)["players"].update({v: stats_table(d)["players"]["Ann"]})),
        ("winner", lambda d, v: stats_table(d)["recent"][0].update(winners=[v])),
        ("score", lambda d, v: stats_table(d)["recent"][0].update(score=v)),
        ("best score", lambda d, v: stats_table(d).update(best_score=v)),
        ("score total", lambda d, v: stats_table(d).update(score_total=v)),
        ("played", lambda d, v: stats_table(d).update(played=v)),
        ("deal number", lambda d, v: stats_table(d)["recent"][0].update(seed=v)),
        ("option", lambda d, v: stats_table(d)["options"].update(x=v)),
        ("level", lambda d, v: stats_table(d)["levels"].update({v: 1})),
        ("game", lambda d, v: d["games"].update({v: {}})),
        ("counted", lambda d, v: d["counted"].append(v)),
    ],
    "record": [
        ("date", lambda d, v: d.update(finished_at=v)),
    ],
}
CASES = [(kind, what, change) for kind, cases in FIELDS.items() for what, change in cases]


@pytest.mark.parametrize("kind,what,change", CASES, ids=[f"{k}-{w}" for k, w, _ in CASES])
def test_a_bad_field_sets_the_file_aside(kind, what, change):
    """Each field, with each bad string or number it could meet (those of its type)."""
    tried = 0
    for value in BAD_STRINGS + BAD_NUMBERS:
        if what in ("table option game", "player name", "level", "game") and not isinstance(value, str):
            continue  # a JSON key is always a string
        if value == "" and what in ("table option value", "option"):
            continue  # an empty text is a fine option value
        path = spoil(kind, lambda data, value=value: change(data, value))
        assert_set_aside(kind, path)
        for moved in path.parent.glob(path.name + ".bad-*"):
            moved.unlink()
        tried += 1
    assert tried >= 6


def test_a_finished_save_without_its_players_is_set_aside():
    session = Session("abandon_ship", 2, 7)
    while not session.is_over():
        session.apply(session.legal_actions()[0])
    for players in ([["Ann", "human"]], [["Ann", "human"], ["\ud800", "human"]],
                    [["Ann", "human"], ["Bo", "robot"]], "Ann"):
        saves.save(session, None, "0123456789abcdef", players=[("a", "human"), ("b", "human")])
        data = json.loads(saves.path("abandon_ship").read_text())
        data["players"] = players
        saves.path("abandon_ship").write_text(json.dumps(data))
        with pytest.raises(BadFile):
            saves.load_finished("abandon_ship")


# -- what only grows, trimmed; folders that are files; names that are not UTF-8 --------------------
def test_a_huge_recent_list_is_trimmed_on_load():
    path = spoil("stats", lambda d: stats_table(d).update(
        recent=stats_table(d)["recent"] * 150_000))
    assert path.stat().st_size > 10_000_000
    data, message = stats.load()
    assert message is None and len(stats_table(data)["recent"]) == stats.RECENT


def test_many_players_and_tokens_are_trimmed_on_load():
    def grow(d):
        table = stats_table(d)
        for i in range(1000):
            table["players"][f"P{i}"] = {**{k: 0 for k in stats.COUNTS}, "played": i % 7,
                                         "score_total": 0, "best_score": None, "kind": "human"}
        d["counted"] = [f"{i:016x}" for i in range(5000)]
    spoil("stats", grow)
    data, message = stats.load()
    assert message is None
    assert len(stats_table(data)["players"]) == stats.MOST_PLAYERS
    assert len(data["counted"]) == stats.COUNTED and data["counted"][-1] == f"{4999:016x}"


@pytest.mark.parametrize("which", ["config", "data"])
def test_a_folder_path_that_is_a_file(home, which):
    (home / which).write_text("not a folder")
    if which == "config":
        loaded, message = settings.load()
        assert loaded == settings.Settings() and "is a file, not a folder" in message
        with pytest.raises(OSError):
            settings.save(loaded)
        assert startup.prepare() == []
    else:
        [(title, message)] = startup.prepare()
        assert "is a file, not a folder" in message
        assert stats.load()[1] and records.listing() == []
        with pytest.raises(OSError):
            saves.load("scoundrel")
    assert paths.unusable(paths.config_dir if which == "config" else paths.data_dir)


@posix_only
def test_record_names_that_are_not_utf8_do_not_break_the_list():
    valid_record()
    odd = os.path.join(os.fsencode(records.folder()), b"scoundrel-\xff\xfe-deal7.json")
    with open(odd, "wb") as f:
        f.write(b"{}")
    listed = records.listing()
    assert len(listed) == 2
    for path in listed:
        try:
            records.load(path)
        except BadFile as exc:
            assert "could not be used" in str(exc)


def test_stale_temporaries_are_cleaned_at_start_up():
    valid_stats()
    valid_save()
    folder = saves.folder()
    old = [folder / "abandon_ship.json.a1b2c3d4.tmp", stats.path().parent / "stats.json.zz_9y8x7.tmp",
           settings.path().parent / "settings.json.q1w2e3r4.tmp"]
    fresh = folder / "scoundrel.json.f1f2f3f4.tmp"
    kept = [folder / "notes.tmp", folder / "abandon_ship.json.bad-20250101-000000"]
    for path in old + [fresh] + kept:
        path.write_text("{")
    for path in old:
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    lookalike = folder / "x.json.d1d2d3d4.tmp"
    lookalike.mkdir()
    os.utime(lookalike, (time.time() - 3600, time.time() - 3600))
    assert startup.prepare() == []
    assert not any(p.exists() for p in old)
    assert fresh.exists() and all(p.exists() for p in kept) and lookalike.is_dir()


def test_a_save_of_every_game_round_trips_with_its_token():
    for game_id in games.GAME_IDS:
        if game_id not in games.available():
            continue
        session = Session(game_id, games.get(game_id).SEATS[0], 7)
        session.apply(session.legal_actions()[0])
        saves.save(session, None, "feedfacecafebeef", counted=True)
        loaded = saves.load(game_id)
        assert (loaded.token, loaded.counted) == ("feedfacecafebeef", True)


def test_the_saves_and_records_folders_being_files(home):
    (home / "data").mkdir()
    (home / "data" / "saves").write_text("not a folder")
    (home / "data" / "records").write_text("not a folder")
    assert startup.prepare() == []
    assert saves.load("scoundrel") is None and records.listing() == []
    with pytest.raises(OSError):
        saves.save(Session("scoundrel", 1, 7))
    with pytest.raises(OSError):
        records.export(finished_session())
