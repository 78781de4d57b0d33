"""Resizing while a game is on re-lays the table: the cards slide to their new places and the
buttons follow theirs (issue 26)."""
from __future__ import annotations

import pygame
import pytest

from game.driver import frames, settle
from game.scenes.registry import playable


def resize(app, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.on_resize(size)


@pytest.mark.parametrize("game_id", playable())
def test_cards_slide_to_their_new_places(app, game_id):
    app.start_game(game_id, 5)
    scene = app.current_game()
    settle(app)
    before = {code: s.pos for code, s in scene.table.sprites.items()}
    resize(app, (2560, 1080))
    assert app.viewport.logical == (1896, 800)
    moving = [s for s in scene.table.sprites.values() if s.move is not None]
    assert moving, "no card moved to its new place"
    frames(app)  # one frame into the slide: on the way, not there
    sliding = moving[0]
    assert sliding.pos != sliding.target and sliding.pos != before[sliding.code]
    settle(app)
    placed = scene.placements(scene.session.view(scene.viewer))
    for code, place in placed.items():
        assert scene.table.sprites[code].pos == pytest.approx(place[0])
    window = pygame.Rect((0, 0), app.viewport.logical)
    for button in scene.buttons.buttons:
        if button.place is not None:  # at its place (a column of them keeps its spacing)
            place = pygame.Rect(scene.layout[button.place].rect)
            assert window.contains(button.rect)
            assert button.rect.x == place.x and abs(button.rect.centery - place.centery) <= place.h


def test_a_button_follows_its_place_and_takes_clicks_there(app):
    from game.driver import click
    app.start_game("bogey", 3)
    scene = app.top
    settle(app)
    before = scene.layout["hint"]
    resize(app, (1024, 1366))
    hint = scene.layout["hint"]
    assert app.viewport.logical == (1280, 1708) and hint.y > before.y + 400  # lower on a tall table
    click(app, hint.center)
    assert scene.status[1] == "hint"
