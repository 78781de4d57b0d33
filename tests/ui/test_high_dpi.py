"""High-DPI screens (issue 26): the window is drawn at its real pixels and sized by the display's
scale, text keeps its floor in points, and mouse positions in points land where they should.

What Linux can test: a scale forced by DECKHAND_DISPLAY_SCALE, the macOS way of opening the
window (a pygame.Window asked for its real pixels) and a Retina window's points-to-pixels
ratio standing in for the one macOS reports. game/ui/screen.py says what was only read."""
from __future__ import annotations

import pygame
import pytest

from game.driver import frames, post
from game.ui import screen as screens
from game.ui.viewport import Viewport


def open_app(monkeypatch, tmp_path, size=(1280, 800), **environ):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    from game.app import App
    return App(size)


def test_the_viewport_reads_points_and_floors_text_in_points():
    vp = Viewport()
    vp.fit((2560, 1600), pixel_ratio=2.0)  # a Retina window of 1280x800 points
    assert vp.scale == 2 and vp.logical == (1280, 800)
    assert vp.to_logical((640, 400)) == (640, 400)  # the middle, in points
    assert vp.text(8) == 24  # 12 points
    vp.fit((1280, 800), pixel_ratio=1.0, display_scale=2.0)  # 640x400 points at 2x
    assert vp.text(4) == 18  # 9 points: the smallest window's floor
    assert vp.to_logical((640, 400)) == (640, 400)  # Windows and Linux: mouse in pixels


@pytest.mark.parametrize("text, scale, refused", [
    ("", None, False), ("2", 2.0, False), ("1.5", 1.5, False), ("nine", None, True),
    ("0", None, True), ("40", None, True), ("nan", None, True), ("inf", None, True),
    ("2\x00", None, True)])
def test_a_forced_scale_is_checked(text, scale, refused):
    value, problem = screens.forced_scale({screens.SCALE_VARIABLE: text})
    assert value == scale and (problem is not None) == refused


def test_a_forced_scale_opens_a_larger_sharper_window(monkeypatch, tmp_path):
    app = open_app(monkeypatch, tmp_path, DECKHAND_DISPLAY_SCALE="2")
    try:
        assert app.surface.get_size() == (2560, 1600)  # the same window, twice the pixels
        assert app.viewport.scale == 2 and app.viewport.logical == (1280, 800)
        assert app.viewport.text_floor == 24
        app.settings.animation_speed = "instant"
        app.start_game("scoundrel", 3)
        scene = app.top
        frames(app, 2)
        card = scene.table.sprites[scene.session.state.room[0]]
        drawn = app.art.face(card.code, app.viewport.length(card.size[0]),
                             app.viewport.length(card.size[1]))
        assert drawn.get_width() == 2 * card.size[0]  # rendered at the real size, not enlarged
        app.on_resize((900, 500))  # under the smallest window, which is 1280x800 pixels here
        assert app.surface.get_size() == (1280, 800)
    finally:
        pygame.display.quit()


def test_a_refused_scale_is_said_and_ignored(monkeypatch, tmp_path, capsys):
    app = open_app(monkeypatch, tmp_path, DECKHAND_DISPLAY_SCALE="huge")
    try:
        assert app.surface.get_size() == (1280, 800)
        assert "DECKHAND_DISPLAY_SCALE='huge' is not a number" in capsys.readouterr().err
    finally:
        pygame.display.quit()


class RetinaScreen(screens.HighDpiScreen):
    """The macOS window, with the two pixels to a point a Retina screen gives."""

    @property
    def pixel_ratio(self) -> float:
        return 2.0


def test_the_macos_window_plays_and_resizes(monkeypatch, tmp_path):
    app = open_app(monkeypatch, tmp_path, DECKHAND_HIGH_DPI_WINDOW="1")
    try:
        assert isinstance(app.screen, screens.HighDpiScreen)
        assert pygame.display.get_surface() is None  # not the display module's window
        app.settings.animation_speed = "instant"
        app.start_game("scoundrel", 3)
        frames(app, 3)
        assert app.painter.updates > 0
        app.screen.window.size = (1600, 900)  # as a person dragging its corner
        app.on_resize((1600, 900))
        frames(app, 2)
        assert app.surface.get_size() == (1600, 900)
        assert app.viewport.logical == (1422, 800)  # 16:9: the table is wider than 16:10
        app.toggle_fullscreen()
        app.toggle_fullscreen()
        frames(app, 2)
        assert app.surface.get_size() == app.screen.window.get_surface().get_size()
    finally:
        app.screen.window.destroy()
        pygame.display.quit()


def test_a_click_in_points_lands_on_a_retina_table(monkeypatch, tmp_path):
    app = open_app(monkeypatch, tmp_path)
    try:
        app.settings.animation_speed = "instant"
        app.start_game("scoundrel", 3)
        scene = app.top
        app.screen = RetinaScreen()
        app.fit_viewport()  # the 1280x800 surface is now 640x400 points
        frames(app, 2)
        hint = next(b for b in scene.buttons.buttons if b.text == "Hint")
        x, y = app.viewport.point(*hint.rect.center)
        points = (x / 2, y / 2)
        post(pygame.MOUSEMOTION, pos=points, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEBUTTONDOWN, pos=points, button=1)
        post(pygame.MOUSEBUTTONUP, pos=points, button=1)
        frames(app, 2)
        assert scene.status[1] == "hint"  # the hint button took the click
    finally:
        pygame.display.quit()
