"""Screens meet strings no file may hold any more (NUL, lone surrogates, endless text), and
start-up meets folders it can't use: one shared sanitiser keeps every screen drawing, and the
app says what is wrong and carries on."""
import os
import sys
import unicodedata
from contextlib import contextmanager

import pygame
import pytest

from game.app import App
from game.engine.contract import Result
from game.scenes.dialogs import ConfirmDialog
from game.scenes.handoff import HandOffScreen
from game.scenes.pass_and_play import Seat
from game.scenes.replay import RecordsList
from game.scenes.stats_screen import StatsScreen
from game.store import records, saves, stats
from game.text import LONGEST_SHOWN, is_clean, printable

from .driver import frames, key, settle

HOSTILE = ["a\x00b", "\ud800", "\udcff\udcfe", "x" * 200_000, "\x1b[31mred", "tab\there",
           "\u202eevil", "\U0001F600", ""]


def test_the_sanitiser_keeps_what_can_be_drawn_and_replaces_the_rest():
    assert printable("Deal #12 · 10♣ ⚓") == "Deal #12 · 10♣ ⚓"
    assert printable("a\x00b") == "a\ufffdb" and printable("\ud800") == "\ufffd"
    assert len(printable("x" * 200_000)) == LONGEST_SHOWN
    assert printable(7) == "7"
    for text in HOSTILE:
        assert not any(unicodedata.category(c) in ("Cc", "Cs") for c in printable(text))
    assert printable("12\u202f000\xa0pts") == "12\u202f000\xa0pts"  # odd spaces are drawable
    assert is_clean("Ann", 14) and not is_clean("a\x00", 14) and not is_clean("\ud800", 14)
    assert not is_clean("x" * 15, 14) and not is_clean(None, 14) and not is_clean("a\nb", 14)


def test_every_hostile_string_is_drawn(app):
    from game.ui.widgets import Button, draw_text, wrap
    for text in HOSTILE:
        draw_text(app.surface, app.viewport, text, 18, (10, 10))
        assert wrap(text + "\n" + text, 18, 300)
        Button((0, 0, 200, 40), text, lambda: None, "K").draw(app.surface, app.viewport)


def test_the_hand_off_screen_with_a_hostile_name(app):
    for name in HOSTILE:
        app.push(HandOffScreen(app, name, lambda: None, note=name))
        frames(app, 2)
        app.pop()


@pytest.mark.slow
def test_the_abandon_ship_table_with_hostile_seat_names(app):
    app.settings.animation_speed = "instant"
    seats = [Seat("a\x00b"), Seat("\ud800"), Seat("x" * 5000, "computer", "strong")]
    app.start_game("abandon_ship", 5, None, seats=seats)
    for _ in range(300):  # hand-offs, bots' moves, the log
        frames(app)
        if isinstance(app.top, HandOffScreen):
            key(app, pygame.K_RETURN)
        elif app.top is app.current_game():
            key(app, pygame.K_l)


@pytest.mark.slow
def test_the_doubloons_table_with_hostile_seat_names(app):
    app.settings.animation_speed = "instant"
    seats = [Seat("a\x00b"), Seat("\ud800"), Seat("x" * 5000, "computer", "hard")]
    app.start_game("doubloons", 5, None, seats=seats)
    for _ in range(300):  # hand-offs, bots' moves, Heave To! questions, the log
        frames(app)
        if isinstance(app.top, HandOffScreen):
            key(app, pygame.K_RETURN)
        elif app.top is app.current_game():
            key(app, pygame.K_n if app.top.menu else pygame.K_e)
            key(app, pygame.K_l)


def test_the_statistics_screen_with_hostile_strings(app, monkeypatch):
    data = stats.empty()
    players = [("a\x00b", "human"), ("\ud800", "computer")]
    for i in range(3):
        stats.add(data, "abandon_ship", {"\x00": "\ud800"}, Result((3, 1), (0,), ""), players, seed=i)
    table = next(iter(data["games"]["abandon_ship"].values()))
    table["recent"][0]["date"] = "2025\x00\ud800"
    table["levels"]["\ud800"] = 1
    monkeypatch.setattr(stats, "load", lambda: (data, None))  # as if the file had slipped past
    app.push(StatsScreen(app, "abandon_ship"))
    frames(app, 3)


@pytest.mark.skipif(sys.platform == "win32", reason="names that are not UTF-8 are POSIX")
def test_the_records_list_with_a_name_that_is_not_utf8(app):
    folder = os.fsencode(records.folder())
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, b"scoundrel-\xff\x00\xfe.json".replace(b"\x00", b"")), "wb") as f:
        f.write(b"{}")
    app.push(RecordsList(app))
    frames(app, 2)
    key(app, pygame.K_RETURN)  # open it: put aside, with a message
    frames(app, 2)
    assert isinstance(app.top, ConfirmDialog) and "put aside" in app.top.title.lower()


@contextmanager
def started_with_a_file_as(folder, home, says):
    """A new window whose `folder` (config or data) is a regular file: it says `says`."""
    (home / folder).write_text("not a folder")
    app = App((1280, 800))
    try:
        assert isinstance(app.top, ConfirmDialog) and says in " ".join(app.top.lines)
        key(app, pygame.K_ESCAPE)
        frames(app, 2)
        yield app
    finally:
        pygame.display.quit()


def test_start_up_with_the_data_folder_a_file(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))
    with started_with_a_file_as("data", tmp_path, "is a file, not a folder") as app:
        for screen in (pygame.K_t, pygame.K_r):  # statistics, records
            key(app, screen)
            frames(app, 3)
            key(app, pygame.K_ESCAPE)
            frames(app, 2)
        app.settings.animation_speed = "instant"
        app.start_game("scoundrel", 3)
        scene = app.top
        assert scene.act(scene.session.legal_actions()[0])  # played, though it can't be kept
        frames(app, 2)
        assert "could not be saved" in scene.status[0]


def test_start_up_with_the_config_folder_a_file(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))
    with started_with_a_file_as("config", tmp_path, "only until it closes") as app:
        depth = len(app.stack)
        for _ in range(3):
            app.settings.volume = 40
            app.save_settings()  # kept in memory; said once at start-up, not at each change
        assert len(app.stack) == depth and app.settings.volume == 40


def test_start_up_counts_a_finished_game_a_kill_left_saved(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))
    from game.engine.session import Session
    session = Session("scoundrel", 1, 4)
    while not session.is_over():
        session.apply(session.legal_actions()[0])
    saves.save(session, None, "00112233445566ff")
    app = App((1280, 800))
    try:
        settle(app)
        data, _ = stats.load()
        assert "00112233445566ff" in data["counted"] and not saves.path("scoundrel").exists()
        assert sum(t["played"] for t in data["games"]["scoundrel"].values()) == 1
    finally:
        pygame.display.quit()
