"""A game the computer played, or finished after showing a winning line, is never counted and
never offered as Continue once finished; the result screen says who played it."""
import pygame

from game.engine import scoundrel as rules
from game.scenes.dialogs import PauseMenu, ResultScreen
from game.scenes.menu import MainMenu
from game.scenes.pass_and_play import Seat
from game.store import saves, stats

from .driver import frames, key, result_screen
from .test_scoundrel_scene import start as start_scoundrel
from .test_scoundrel_solver_scene import recklessly


def played(game_id="scoundrel"):
    data, _ = stats.load()
    return sum(t["played"] for t in data["games"].get(game_id, {}).values())


def lose_then_show_the_line(app):
    scene = start_scoundrel(app, None, seed=0)
    while not scene.session.is_over():
        scene.act(recklessly(scene.session.state))
    result_screen(app)
    assert played() == 1  # the player's own lost game
    key(app, pygame.K_w)  # Show a winning line
    assert app.top is scene and scene.autoplay
    return scene


def to_the_menu(app):
    for _ in range(5):
        if isinstance(app.top, MainMenu):
            break
        key(app, pygame.K_ESCAPE if not isinstance(app.top, (PauseMenu, ResultScreen)) else pygame.K_m)
    frames(app, 2)
    assert isinstance(app.top, MainMenu)
    return app.top


def test_a_winning_line_run_to_a_win_is_not_counted_nor_offered_as_continue(app):
    scene = lose_then_show_the_line(app)
    screen = result_screen(app, tries=400)
    assert scene.session.state.status == rules.WON
    assert screen.title.startswith("The computer")
    text = " ".join(screen.lines)
    assert "you won it" not in text and "the computer won it" in text
    assert not any(line.startswith("You ") for line in screen.lines)
    assert played() == 1 and not saves.has_save("scoundrel")
    menu = to_the_menu(app)
    assert "scoundrel" not in menu.saved  # no Continue for the finished game
    key(app, pygame.K_c)
    assert isinstance(app.top, MainMenu) and played() == 1


def test_a_line_stopped_and_continued_later_stays_the_computers(app):
    scene = lose_then_show_the_line(app)
    for _ in range(100):
        frames(app, 10)
        if len(scene.session.actions) >= 3:
            break
    key(app, pygame.K_SPACE)  # stop the line: the player goes on from there
    assert scene.autoplay is None and not scene.session.is_over()
    menu = to_the_menu(app)
    assert "scoundrel" in menu.saved
    key(app, pygame.K_c)
    resumed = app.top
    assert resumed is not scene and resumed.computer_played
    while not resumed.session.is_over():
        resumed.act(rules.legal_actions(resumed.session.state)[0])
    assert "Played in part by the computer: not counted." in result_screen(app).lines
    assert played() == 1 and not saves.has_save("scoundrel")


def test_a_table_of_computers_only_is_not_counted(app):
    app.settings.animation_speed = "instant"
    seats = [Seat(f"Bot {i}", "computer", "random") for i in range(3)]
    app.start_game("lamarckian_poker", 5, None, seats=seats)
    scene = app.top
    for _ in range(6000):
        frames(app)
        if scene.session.is_over():
            break
    assert scene.session.is_over()
    assert played("lamarckian_poker") == 0 and not saves.has_save("lamarckian_poker")
