"""The new-game screen by keys alone: Up/Down choose an option, Left/Right change it, digits type
the deal number into its field, Enter deals."""
import pygame

from game.engine.rng import MAX_SEED
from game.scenes.new_game import NewGameDialog
from game.scenes.scoundrel import ScoundrelScene
from game.ui.controls import Segments, TextField

from .driver import key


def type_digits(app, digits):
    for ch in digits:
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)


def test_options_and_deal_number_by_keys(app):
    key(app, pygame.K_RETURN)  # the menu: Scoundrel, the first game
    dialog = app.top
    assert isinstance(dialog, NewGameDialog)
    assert all(isinstance(f.control, Segments) for f in dialog.fields)
    assert isinstance(dialog.deal_number, TextField) and dialog.deal_number.placeholder
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert dialog.options == {"weapon_rule": "below", "deals": "winnable"}
    type_digits(app, "0042")
    assert dialog.deal_number.text == "42" and dialog.deal_number.focused
    key(app, pygame.K_BACKSPACE)
    type_digits(app, "17")
    key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, ScoundrelScene) and scene.session.seed == 417
    assert scene.session.options == {"weapon_rule": "below", "deals": "winnable"}


def test_a_deal_number_too_large_is_refused_with_a_reason(app):
    app.stack[0].play("bogey")
    dialog = app.top
    type_digits(app, str(MAX_SEED + 1))
    key(app, pygame.K_RETURN)
    assert app.top is dialog and "go up to" in dialog.error
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)
    assert app.top is not dialog and app.top.session.seed == (MAX_SEED + 1) // 10
