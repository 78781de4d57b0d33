"""With several humans at one computer, no hand is shown until its player has been handed
the table: at the start, on Continue, and after a round summary everyone read together."""
import pygame
import pytest

from game.engine import abandon_ship
from game.engine.session import Session
from game.scenes.handoff import HandOffScreen
from game.scenes.menu import MainMenu
from game.scenes.pass_and_play import Seat

from .driver import frames

GAMES = ("abandon_ship", "lamarckian_poker", "pirate_rummy")


def count_faces(app, monkeypatch) -> list:
    drawn = []
    real_face = app.art.face
    monkeypatch.setattr(app.art, "face", lambda *a, **k: drawn.append(a) or real_face(*a, **k))
    return drawn


@pytest.mark.parametrize("game_id", GAMES)
def test_a_computer_acting_first_still_covers_the_table(app, monkeypatch, game_id):
    drawn = count_faces(app, monkeypatch)
    seats = [Seat("Cpu", "computer", "random"), Seat("Ann"), Seat("Bob")]
    app.start_game(game_id, 7, None, seats=seats)
    frames(app)
    assert isinstance(app.top, HandOffScreen) and drawn == []


@pytest.mark.parametrize("game_id", GAMES)
def test_continue_while_a_computer_is_to_act_covers_the_table(app, monkeypatch, game_id):
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cpu", "computer", "random")]
    app.start_game(game_id, 7, None, seats=seats)
    scene = app.top
    while scene.session.state.to_act != 2:  # play the humans' moves until the computer's turn
        legal = scene.session.legal_actions()
        scene.act(next((a for a in legal if str(a) == "end turn"), legal[0]))
    app.main_menu()
    menu = app.top
    assert isinstance(menu, MainMenu)
    menu.refresh_saves()
    drawn = count_faces(app, monkeypatch)
    menu.continue_game(game_id)
    frames(app)
    assert isinstance(app.top, HandOffScreen) and drawn == []


def test_round_summaries_are_counted_per_game(app):
    seats = [Seat("Ann"), Seat("Cpu", "computer", "random"), Seat("Cpu 2", "computer", "random")]
    app.start_game("abandon_ship", 3, None, seats=seats)
    scene = app.top
    session = Session("abandon_ship", 3, 3)
    while session.state.round < 2:
        session.apply(session.legal_actions()[0])
    scene.use_session(session)  # as a resumed game in round 2: round 1's summary was read
    assert scene.summary_seen == 1
    scene.restart()
    assert scene.summary_seen == 0
    while session.state.phase != abandon_ship.ROUND_OVER:
        session.apply(session.legal_actions()[0])
    scene.use_session(session)  # saved before round 2's summary was read: it is shown
    assert scene.summary_seen == 1 and session.state.last_round.round == 2


def test_the_window_cannot_be_shrunk_below_a_usable_table(app):
    app.start_game("abandon_ship", 3, None, seats=[Seat("Ann"), Seat("Cpu", "computer")])
    pygame.display.set_mode((100, 80), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(100, 80), w=100, h=80))
    frames(app, 3)
    assert app.surface.get_size() >= (640, 400)
    assert app.viewport.scale >= 0.5
