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

GAMES = ("abandon_ship", "lamarckian_poker", "ships_and_sailors", "pirate_rummy", "doubloons")


def count_faces(app, monkeypatch) -> list:
    drawn = []
    real_face = app.art.face
    monkeypatch.setattr(app.art, "face", lambda *a, **k: drawn.append(a) or real_face(*a, **k))
    return drawn


@pytest.mark.parametrize("game_id", GAMES)
def test_a_computer_acting_first_still_covers_the_table(app, monkeypatch, game_id):
    drawn = count_faces(app, monkeypatch)
    seats = [Seat("Cpu", "computer", "easy"), Seat("Ann"), Seat("Bob")]
    app.start_game(game_id, 7, None, seats=seats)
    frames(app)
    assert isinstance(app.top, HandOffScreen) and drawn == []


@pytest.mark.parametrize("game_id", GAMES)
def test_continue_while_a_computer_is_to_act_covers_the_table(app, monkeypatch, game_id):
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cpu", "computer", "easy")]
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
    seats = [Seat("Ann"), Seat("Cpu", "computer", "easy"), Seat("Cpu 2", "computer", "easy")]
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


def test_ships_and_sailors_frame_by_frame_no_face_a_viewer_may_not_see(app, monkeypatch):
    """Every frame of a hand with two humans: each card face drawn is in the viewer's hand, a
    pile the viewer made or received, or played (won piles and tricks are public)."""
    from game.engine import ships_and_sailors as sas
    drawn = count_faces(app, monkeypatch)
    app.settings.animation_speed = "fast"
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cpu", "computer", "normal")]
    app.start_game("ships_and_sailors", 11, None, seats=seats)
    scene = app.top
    rnd = __import__("random").Random(3)
    for _ in range(6000):
        drawn.clear()
        frames(app)
        state = scene.session.state
        if state.hand_no == 2:
            break
        if isinstance(app.top, HandOffScreen):
            assert drawn == []
            app.top.ready()
            continue
        seat = scene.viewer
        allowed = set(state.hands[seat]) | {c for t in state.tricks for _, c in t}
        allowed |= {c for _, c in state.trick}
        for maker, pile in enumerate(state.piles):
            if pile and seat in (maker, state.pile_to[maker]):
                allowed |= set(pile)
        faces = {a[0] for a in drawn if a[0] in sas.COLOUR_OF}
        assert faces <= allowed, (seat, faces - allowed)
        top = app.top
        if top is not scene:
            if hasattr(top, "row") and top.row.buttons:
                top.row.buttons[0].action()
            continue
        if scene.accepts_moves() and not scene.table.busy:
            scene.act(rnd.choice(scene.session.legal_actions()))
    assert scene.session.state.hand_no == 2
