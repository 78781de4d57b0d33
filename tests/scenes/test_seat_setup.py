"""The seat screen: names follow Human/Computer, typed names are remembered, names edit like
any text field."""
import pygame

from game.scenes.seat_setup import SeatSetupDialog
from game.store import settings as store
from game.ui.controls import TextField

from .driver import click, frames, key


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
    app.settings.player_names = ["Ann"] + app.settings.player_names
    again = open_seats(app)
    assert [s.name for s in again.seats[:3]] == ["Mia", "Computer 1", "Theo"]
    again.cycle_kind(1)
    assert again.seats[1].name == "Ann"  # the next remembered name not yet at the table


def test_a_name_typed_for_seat_2_stays_with_seat_2(app):
    """Through real events: click seat 2's name, type, deal; the next set-up (from the menu)
    has the name at seat 2 again, and seat 1 as it was."""
    from game.scenes.pass_and_play import PassAndPlayScene
    app.stack[0].play("abandon_ship")
    dialog = app.top
    assert isinstance(dialog, SeatSetupDialog)
    click(app, dialog.kind_choosers[1].sides()[1].center)  # seat 2: Computer (hard) -> Human
    assert dialog.seats[1].is_human
    click(app, dialog.names[1].rect.center)
    assert dialog.editing == 1 and dialog.names[1].focused
    key(app, pygame.K_LCTRL, mod=pygame.KMOD_CTRL, unicode="")  # as a keyboard sends them
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL, unicode="\x01")
    key(app, pygame.K_LSHIFT, mod=pygame.KMOD_SHIFT, unicode="")  # Shift for the capital
    type_text(app, "Mia")
    click(app, dialog.row.buttons[0].rect.center)  # Deal
    game = app.current_game()  # a hand-off screen may stand in front of it
    assert isinstance(game, PassAndPlayScene)
    assert [s.name for s in game.seats[:2]] == ["Player 1", "Mia"]
    app.main_menu()
    app.stack[0].play("abandon_ship")
    again = app.top
    assert [s.name for s in again.seats[:2]] == ["Player 1", "Mia"]
    assert again.seats[1].is_human and again.names[1].text == "Mia"
    assert store.load()[0].last_seats[1] == ["Mia", "human", "hard"]


def test_the_name_field_shows_a_caret_and_a_placeholder(app):
    dialog = open_seats(app)
    field = dialog.names[0]
    assert isinstance(field, TextField) and not field.focused
    click(app, field.rect.center)
    field = dialog.names[0]
    assert field.focused and field.cursor == len(dialog.seats[0].name)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL, unicode="\x01")
    key(app, pygame.K_BACKSPACE)
    assert dialog.seats[0].name == "" and dialog.names[0].placeholder == "Player 1"
    key(app, pygame.K_RETURN)
    dialog.deal()
    assert app.top.seats[0].name == "Player 1"  # an empty name falls back to the placeholder


def test_a_chooser_clicked_while_a_name_is_edited_takes_the_focus(app):
    """Clicking another seat's Human/Computer while typing a name ends the editing (the form is
    laid out again, with new controls) and focuses the chooser clicked, without a crash."""
    dialog = open_seats(app)
    dialog.edit(0)
    chooser = dialog.kind_choosers[1]
    position = dialog.controls.index(chooser)
    click(app, chooser.rect.center)
    assert dialog.editing is None and app.top is dialog
    assert dialog.focus == position and dialog.controls[position].focused
