"""A finished game is counted in the statistics the moment it finishes, once per game played:
not again when its final move is taken back and made again, nor after Continue."""
import pygame

from game.scenes.dialogs import ResultScreen
from game.store import saves, stats

from .driver import click, frames, key, settle
from .test_scoundrel_scene import DEATH_DECK, card_centre, start


def played():
    data, _ = stats.load()
    return sum(t["played"] for t in data["games"].get("scoundrel", {}).values())


def test_counted_at_the_final_move_before_any_animation(app):
    scene = start(app, DEATH_DECK)
    click(app, card_centre(scene, "KS"))
    settle(app)
    assert played() == 0
    scene.act("face KC barehanded")  # no frame runs between the move and the check
    assert scene.session.is_over() and played() == 1 and not saves.path("scoundrel").exists()
    frames(app, 120)
    assert isinstance(app.top, ResultScreen) and played() == 1


def test_a_final_move_taken_back_and_made_again_counts_once(app):
    scene = start(app, DEATH_DECK)
    for code in ("KS", "KC"):
        click(app, card_centre(scene, code))
        settle(app)
    assert played() == 1
    assert scene.session.can_undo()
    scene.undo()
    kept = saves.load("scoundrel")
    assert kept.counted and kept.token == scene.token  # a counted game, carried on
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_m)
    frames(app, 2)
    key(app, pygame.K_c)  # Continue: still the same, counted game
    frames(app, 2)
    resumed = app.top
    assert resumed is not scene and resumed.recorded and resumed.token == scene.token
    settle(app)
    resumed.act("face KC barehanded")
    assert resumed.session.is_over() and played() == 1 and not saves.path("scoundrel").exists()


def test_a_new_deal_is_a_new_game(app):
    scene = start(app, DEATH_DECK)
    first = scene.token
    scene.restart()
    assert scene.token != first and not scene.recorded
