"""Autosave, Continue from the menu, the quit confirmation and damaged saves, through events."""
import pygame

from game.app import App
from game.scenes.dialogs import ConfirmDialog
from game.scenes.menu import MainMenu
from game.scenes.scoundrel import ScoundrelScene
from game.store import saves

from .driver import click, frames, key, post, settle
from .test_scoundrel_scene import DEATH_DECK, WIN_DECK, card_centre, start


def saved_actions():
    return saves.load("scoundrel").session.actions


def table_picture(scene):
    return {code: (s.target, s.face_up) for code, s in scene.table.sprites.items()}


def test_every_action_and_undo_is_saved_at_once(app):
    scene = start(app, WIN_DECK)
    assert not saves.has_save("scoundrel")  # a deal nobody has touched
    key(app, pygame.K_1)
    assert saved_actions() == ["face 10D"]
    key(app, pygame.K_4)
    assert saved_actions() == ["face 10D", "face 9H"]
    key(app, pygame.K_u)
    assert saved_actions() == ["face 10D"]
    loaded = saves.load("scoundrel")
    assert loaded.session.state == scene.session.state and loaded.seats is None
    assert list(saves.folder().iterdir()) == [saves.path("scoundrel")]  # no temporary files


def test_a_finished_game_has_no_save(app):
    scene = start(app, DEATH_DECK)
    click(app, card_centre(scene, "KS"))
    assert saves.has_save("scoundrel")
    settle(app)
    click(app, card_centre(scene, "KC"))
    assert scene.session.is_over() and not saves.has_save("scoundrel")


def test_continue_from_the_menu_shows_the_table_as_it_was(app):
    scene = start(app, WIN_DECK)
    for k in (pygame.K_1, pygame.K_4, pygame.K_2, pygame.K_w):
        key(app, k)
    settle(app)
    picture, state = table_picture(scene), scene.session.state
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_m)
    menu = app.top
    assert isinstance(menu, MainMenu) and "scoundrel" in menu.saved
    button = menu.continue_buttons.buttons[0]
    click(app, button.rect.center)
    resumed = app.top
    assert isinstance(resumed, ScoundrelScene) and resumed is not scene
    settle(app)
    assert resumed.session.state == state and resumed.session.deck == tuple(WIN_DECK)
    assert table_picture(resumed) == picture
    key(app, pygame.K_u)  # undo still works where the rules allow it: here a room was dealt
    assert resumed.session.actions == scene.session.actions


def test_a_new_window_offers_to_continue(app):
    scene = start(app, WIN_DECK)
    key(app, pygame.K_1)
    state = scene.session.state
    pygame.display.quit()
    again = App((1280, 800))
    frames(again, 2)
    assert isinstance(again.top, MainMenu) and "scoundrel" in again.top.saved
    key(again, pygame.K_c)
    assert again.top.session.state == state


def test_closing_the_window_asks_during_a_game_and_saves(app):
    scene = start(app, WIN_DECK)
    post(pygame.QUIT)
    frames(app)
    assert not app.running and app.top is scene  # nothing played yet: nothing to ask
    app.running = True
    scene = start(app, WIN_DECK)
    key(app, pygame.K_1)
    post(pygame.QUIT)
    post(pygame.QUIT)  # a second click on the close button asks only once
    frames(app)
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog) and dialog.title == "Quit Deckhand?"
    assert "Your game is saved and can be continued." in " ".join(dialog.lines)
    assert app.stack.count(dialog) == 1
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and app.running
    saves.delete("scoundrel")  # even a save lost meanwhile is written again on the way out
    post(pygame.QUIT)
    frames(app)
    key(app, pygame.K_y)
    assert not app.running
    assert saved_actions() == ["face 10D"]


def test_quit_from_the_pause_menu_saves(app):
    start(app, WIN_DECK)
    key(app, pygame.K_1)
    saves.delete("scoundrel")
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_q)
    assert not app.running and saved_actions() == ["face 10D"]


def test_a_damaged_save_is_put_aside_with_a_message(app):
    path = saves.path("scoundrel")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "deckhand-save", "version": 1, "session": {"game": "scoun')
    frames(app, 2)
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog) and dialog.title == "Saved game put aside"
    assert "scoundrel.json.bad-" in " ".join(dialog.lines)
    assert not path.exists() and list(path.parent.glob("scoundrel.json.bad-*"))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu) and not app.top.saved
    assert not app.top.continue_buttons.buttons


def test_starting_a_game_with_one_in_progress_asks_first(app):
    from game.scenes.menu import InProgressDialog
    from game.scenes.new_game import NewGameDialog
    scene = start(app, WIN_DECK)
    key(app, pygame.K_1)
    state = scene.session.state
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_m)
    menu = app.top
    row = dict(menu.rows)["scoundrel"]
    click(app, (row.x + 60, row.centery))
    ask = app.top
    assert isinstance(ask, InProgressDialog) and saves.has_save("scoundrel")
    assert any("Scoundrel in progress" in line for line in ask.lines)
    key(app, pygame.K_ESCAPE)  # Cancel: back to the menu, nothing lost
    assert app.top is menu and saves.load("scoundrel").session.state == state
    click(app, (row.x + 60, row.centery))
    key(app, pygame.K_c)  # Continue it
    assert isinstance(app.top, ScoundrelScene) and app.top.session.state == state
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_m)
    click(app, (row.x + 60, row.centery))
    key(app, pygame.K_n)  # Start a new one: the usual new-game screen
    assert isinstance(app.top, NewGameDialog)


def test_moves_and_clock_run_on_the_table_and_survive_continue(app):
    scene = start(app, WIN_DECK)
    assert scene.clock_text() == "   ·   0 moves   ·   0:00"
    frames(app, 130)  # two seconds at the table
    key(app, pygame.K_1)
    key(app, pygame.K_4)
    assert scene.clock_text().startswith("   ·   2 moves   ·   0:02")
    key(app, pygame.K_ESCAPE)  # the clock stops while the menu is open
    paused = scene.elapsed
    frames(app, 200)
    assert scene.elapsed == paused
    assert saves.load("scoundrel").seconds > 2
    key(app, pygame.K_m)
    click(app, app.top.continue_buttons.buttons[0].rect.center)
    resumed = app.top
    assert resumed is not scene and resumed.elapsed >= 2
    app.settings.show_clock = False
    assert resumed.clock_text() == ""


def test_time_thought_after_the_last_move_survives_leaving_for_the_menu(app):
    scene = start(app, WIN_DECK)
    key(app, pygame.K_1)
    frames(app, 300)  # five seconds of thinking after the last move
    thought = scene.elapsed
    assert thought > 4
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_m)
    assert isinstance(app.top, MainMenu)
    assert abs(saves.load("scoundrel").seconds - thought) < 0.1


def test_a_won_solitaire_records_its_time_and_moves(app):
    from game.store import stats

    from .test_scoundrel_scene import greedy
    scene = start(app, WIN_DECK)
    scene.elapsed = 95.0
    while not scene.session.is_over():
        scene.act(greedy(scene.session.state))
    settle(app)
    frames(app, 60)
    table = next(iter(stats.load()[0]["games"]["scoundrel"].values()))
    assert scene.session.state.status == "won"
    assert table["best_time"] == 95 and table["fewest_moves"] == len(scene.session.actions)
