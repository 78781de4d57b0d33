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
