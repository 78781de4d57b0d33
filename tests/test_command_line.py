"""Hostile flags get a short, clear refusal (never an echo of what was typed), a window never
outgrows the screen, and a stop request from the system is noted, not acted on mid-frame."""
import os
import signal
import sys

import pygame
import pytest

from game import app as app_module
from game import shutdown
from game.app import MAX_SIZE, MIN_SIZE, within_screen
from game.cli import parse_args
from game.engine.rng import MAX_SEED


def refused(argv, capsys) -> str:
    with pytest.raises(SystemExit) as caught:
        parse_args(argv)
    assert caught.value.code == 2
    message = capsys.readouterr().err
    assert len(message) < 600, "the refusal echoes what was typed"
    return message


@pytest.mark.parametrize("size", ["99999x99999", "7681x800", "1280x4321", "639x400", "9" * 5001 + "x800",
                                  "1280x800x2", "-1280x800", "wide", "1e3x800"])
def test_a_size_outside_the_range_is_refused(size, capsys):
    message = refused([f"--size={size}"], capsys)
    assert f"{MAX_SIZE[0]}x{MAX_SIZE[1]}" in message and f"{MIN_SIZE[0]}x{MIN_SIZE[1]}" in message


@pytest.mark.parametrize("size,expected", [("640x400", (640, 400)), ("7680x4320", MAX_SIZE),
                                           ("1280X800", (1280, 800))])
def test_a_size_in_the_range_is_taken(size, expected):
    assert parse_args(["--size", size]).size == expected


@pytest.mark.parametrize("seed", ["9" * 5001, str(MAX_SEED + 1), "-1", "12a", "１２", "1e6", ""])
def test_a_deal_number_outside_the_range_is_refused_without_an_echo(seed, capsys):
    message = refused(["--game", "scoundrel", f"--seed={seed}"], capsys)
    assert f"0 to {MAX_SEED:,}" in message


def test_deal_numbers_at_the_ends_of_the_range():
    assert parse_args(["--game", "scoundrel", "--seed", "0"]).seed == 0
    assert parse_args(["--game", "scoundrel", "--seed", str(MAX_SEED)]).seed == MAX_SEED


def test_an_unknown_game_is_not_echoed(capsys):
    message = refused(["--game", "z" * 100_000], capsys)
    assert "scoundrel" in message


def test_help_says_the_ranges(capsys):
    with pytest.raises(SystemExit):
        parse_args(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"0 to {MAX_SEED:,}" in text and f"{MAX_SIZE[0]}x{MAX_SIZE[1]}" in text


def test_a_window_larger_than_the_screen_is_fitted_with_a_message(monkeypatch, capsys):
    pygame.display.init()
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    assert within_screen((1280, 720)) == (1280, 720) and capsys.readouterr().err == ""
    assert within_screen((7680, 4320)) == (1366, 768)
    assert "larger than the screen (1366x768)" in capsys.readouterr().err
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(320, 200)])
    assert within_screen((1280, 800)) == MIN_SIZE  # never below the smallest usable table
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")
    assert within_screen((5000, 3000)) == (5000, 3000)  # no screen to fit: tests, screenshots


def test_sdl_leaves_the_signals_to_deckhand():
    assert app_module.os.environ.get("SDL_NO_SIGNAL_HANDLERS") == "1"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("name", shutdown.POSIX_SIGNALS)
def test_a_stop_signal_is_noted_and_the_handlers_put_back(name):
    number = getattr(signal, name)
    before = signal.getsignal(number)
    stop = shutdown.StopRequests()
    stop.install()
    try:
        assert stop.reason is None
        os.kill(os.getpid(), number)
        assert stop.reason == name
    finally:
        stop.uninstall()
    assert signal.getsignal(number) == before and stop.done.is_set()


def test_installing_off_the_main_thread_does_nothing_harmful():
    import threading
    stop = shutdown.StopRequests()
    worker = threading.Thread(target=stop.install)
    worker.start()
    worker.join()
    assert stop.previous == {}
    stop.uninstall()


def test_a_console_close_waits_until_the_loop_has_saved():
    """The Windows console handler's logic (Windows itself can't be run here): it notes the
    event, holds the process until the loop is done, and leaves Ctrl+C to the signals."""
    import threading
    stop = shutdown.StopRequests()
    assert stop.on_console_event(0) is False and stop.reason is None
    answers = []
    windows = threading.Thread(target=lambda: answers.append(stop.on_console_event(2)))
    windows.start()
    windows.join(0.2)
    assert windows.is_alive() and stop.reason == "the console was closed"  # still held
    stop.uninstall()  # what run() does once the game is saved
    windows.join(5)
    assert answers == [True]
