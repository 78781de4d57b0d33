"""Resetting a game's statistics asks first and forgets only that game."""
import pygame

from game.engine.contract import Result
from game.scenes.dialogs import ConfirmDialog
from game.scenes.stats_screen import StatsScreen, number
from game.store import stats
from tests.ui.test_readable import small_texts

from .driver import click, frames, key


def test_reset_asks_then_forgets_only_that_game(app):
    stats.record("scoundrel", {}, Result((-12,), (), ""), seed=5)
    stats.record("bogey", {}, Result((9,), (0,), ""), seed=6)
    screen = StatsScreen(app, "scoundrel")
    app.push(screen)
    frames(app, 2)
    click(app, screen.reset_button.rect.center)
    ask = app.top
    assert isinstance(ask, ConfirmDialog) and "Scoundrel" in " ".join(ask.lines)
    key(app, pygame.K_ESCAPE)  # Cancel keeps everything
    assert app.top is screen and "scoundrel" in stats.load()[0]["games"]
    key(app, pygame.K_DELETE)
    key(app, pygame.K_y)
    data = stats.load()[0]["games"]
    assert "scoundrel" not in data and "bogey" in data
    assert app.top is screen and not screen.tables()
    frames(app, 2)


def test_negative_numbers_have_a_minus_sign():
    assert number(-12) == "\u221212" and number(-1.5) == "\u22121.5" and number(3) == "3"


def test_lamarckian_statistics_say_how_often_each_player_went_extinct(app):
    from game.ui import widgets
    players = [("Ann", "human"), ("Computer 1", "computer")]
    stats.record("lamarckian_poker", {}, Result((0, 1), (1,), "", {"extinct": (0,)}), players)
    stats.record("lamarckian_poker", {}, Result((1, 0), (0,), "", {"extinct": ()}), players)
    screen = StatsScreen(app, "lamarckian_poker")
    app.push(screen)
    frames(app, 2)
    widgets.recording, widgets.text_sizes = [], []
    try:
        screen.draw(app.surface)
        texts = [detail for kind, _, detail in widgets.recording if kind == "text"]
    finally:
        widgets.recording = None
    assert not small_texts(app.surface.get_size())
    assert "Went extinct" in texts and "Extinct" in texts
    assert "Best score" not in texts and "Average score" not in texts
