"""The seat screen: names follow Human/Computer, typed names are remembered, names edit like
any text field."""
import pygame

from game.scenes.seat_setup import SeatSetupDialog

from .driver import frames, key


def open_seats(app, game_id="abandon_ship"):
    app.push(SeatSetupDialog(app, game_id))
    frames(app)
    return app.top


def type_text(app, text):
    for ch in text:
        key(app, getattr(pygame, f"K_{ch.lower()}", pygame.K_SPACE), unicode=ch)


def test_a_computer_made_human_is_no_longer_called_computer(app):
    dialog = open_seats(app)
    assert dialog.seats[1].name == "Computer 1" and not dialog.seats[1].is_human
    dialog.cycle_kind(1)
    assert dialog.seats[1].is_human and dialog.seats[1].name == "Player 2"
    while dialog.seats[1].is_human:
        dialog.cycle_kind(1)
    assert dialog.seats[1].name == "Computer 1"


def test_names_edit_with_home_end_and_select_all(app):
    dialog = open_seats(app)
    dialog.edit(0)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL, unicode="\x01")
    type_text(app, "Ann")
    assert dialog.seats[0].name == "Ann"
    key(app, pygame.K_HOME)
    type_text(app, "J")
    key(app, pygame.K_END)
    type_text(app, "a")
    assert dialog.seats[0].name == "JAnna"
    key(app, pygame.K_HOME)
    key(app, pygame.K_DELETE)
    assert dialog.seats[0].name == "Anna"
    key(app, pygame.K_RETURN)
    assert dialog.editing is None


def test_typed_names_are_remembered_for_the_next_game(app):
    dialog = open_seats(app)
    dialog.edit(0)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL, unicode="\x01")
    type_text(app, "Mia")
    key(app, pygame.K_RETURN)
    dialog.cycle_kind(2)
    dialog.seats[2].name = "Theo"
    dialog.deal()
    assert app.settings.player_names[:2] == ["Mia", "Theo"]
    app.main_menu()
    again = open_seats(app)
    assert again.seats[0].name == "Mia"
    again.cycle_kind(1)
    assert again.seats[1].name == "Theo"  # the next remembered name not yet at the table
