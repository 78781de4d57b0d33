"""Esc with the game log open closes the log, at every multiplayer table, rather than opening
the pause menu over it (issue 24); a second Esc then opens the menu."""
import pygame
import pytest

from game.scenes.dialogs import PauseMenu
from game.scenes.pass_and_play import Seat

from .driver import frames, key

GAMES = ["abandon_ship", "lamarckian_poker", "ships_and_sailors", "pirate_rummy", "doubloons"]


@pytest.mark.parametrize("game_id", GAMES)
def test_esc_closes_the_log_first(app, game_id):
    app.settings.animation_speed = "instant"
    seats = [Seat("Anna"), Seat("Cora", "computer", "hard"), Seat("Dan", "computer", "easy")]
    app.start_game(game_id, 4, None, seats=seats)
    scene = app.top
    frames(app, 2)
    key(app, pygame.K_l)
    assert scene.show_log and app.top is scene
    key(app, pygame.K_ESCAPE)
    assert not scene.show_log and app.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
