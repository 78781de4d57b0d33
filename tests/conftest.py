import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    """Online tables in tests listen on 127.0.0.1 and connect to it, never anywhere else (a
    random test typing an address or hosting a table included)."""
    from game.net import client, discovery, hosting
    monkeypatch.setattr(discovery, "ENABLED", False)  # no multicast on the machine's networks
    monkeypatch.setattr(hosting, "LISTEN_ON", "127.0.0.1")
    monkeypatch.setattr(hosting, "lan_address", lambda: "127.0.0.1")
    monkeypatch.setattr(client, "ALLOWED_HOSTS", frozenset({"127.0.0.1"}))


@pytest.fixture(autouse=True)
def network_threads_stopped(monkeypatch):
    """A host or a connection a test leaves running is stopped when the test ends: left
    running, their keepalive pings drew on Python's global random numbers in later tests (a
    Hypothesis test then warns) and kept sockets open."""
    from game.net.background import LoopThread
    started = []
    start_thread = LoopThread.start_thread

    def recorded(self, name):
        started.append(self)
        start_thread(self, name)
    monkeypatch.setattr(LoopThread, "start_thread", recorded)
    yield
    for thread in started:
        (getattr(thread, "stop", None) or thread.close)()
    for thread in started:
        thread.thread.join(timeout=3)


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A real Deckhand window (headless), with its user data in a temporary folder."""
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    import pygame

    from game.app import App
    from game.scenes import pass_and_play
    # Computer moves are shown for seconds each to a person; tests play them quickly
    # (tests/scenes/test_bot_captions.py checks the real pace).
    monkeypatch.setattr(pass_and_play, "BOT_PACES", dict.fromkeys(pass_and_play.BOT_PACES, 0.15))
    application = App((1280, 800))
    yield application
    pygame.display.quit()  # fonts stay valid for the tests that follow


@pytest.fixture
def pygame_ready():
    """pygame's display and fonts started, as card art and widgets need (left open for the
    tests that follow)."""
    import pygame
    pygame.display.init()
    pygame.font.init()


@pytest.fixture(autouse=True)
def unhurried_search(monkeypatch):
    """A searching bot stops at its time cap (a safety net for a slow machine at the table),
    which makes its choice depend on the machine's load: two test workers per core, or other
    work, could make a test that checks a bot repeats itself fail by chance. Tests give the
    search its whole budget of iterations; tests/engine/test_search.py checks the cap itself."""
    from game.engine.bots import search
    monkeypatch.setattr(search, "CAP_SECONDS", float("inf"))


def pytest_collection_modifyitems(config, items):
    """The slow checks first (their order kept), so that with several workers (make test) the
    longest ones start at once and the short ones fill in around them, instead of one long
    check starting last and running on alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
