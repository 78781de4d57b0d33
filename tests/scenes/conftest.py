import pytest


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A real Deckhand window (headless), with its user data in a temporary folder."""
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    import pygame

    from game.app import App
    application = App((1280, 800))
    yield application
    pygame.display.quit()  # fonts stay valid for the tests that follow
