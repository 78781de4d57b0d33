"""A human's win is celebrated with the game's own cards, then the result: any key or click skips
it (and does nothing else), it ends by itself, instant speed has none, and a game the computer
played is not celebrated."""
import pygame

from game.engine import scoundrel as rules
from game.scenes import celebration
from game.scenes.celebration import Celebration
from game.scenes.dialogs import ResultScreen

from .driver import click, frames, key, settle
from .test_scoundrel_scene import WIN_DECK, greedy, start


def win(app, speed="normal"):
    scene = start(app, WIN_DECK)
    app.settings.animation_speed = scene.table.speed = speed
    while not scene.session.is_over():
        scene.act(greedy(scene.session.state))
    assert scene.session.state.status == rules.WON
    settle(app)
    frames(app, 60)  # the pause before the result
    return scene


def test_a_key_skips_the_celebration_and_is_not_a_move(app):
    scene = win(app)
    assert isinstance(app.top, Celebration)
    actions = list(scene.session.actions)
    key(app, pygame.K_u)  # Undo, on the table: here it only skips
    assert isinstance(app.top, ResultScreen) and app.top.won
    assert scene.session.actions == actions
    key(app, pygame.K_RETURN)  # the result screen answers at once: a new deal
    assert app.top is scene and scene.session.actions == []


def test_a_click_skips_it_too_and_it_ends_by_itself(app):
    win(app)
    click(app, (100, 100))
    assert isinstance(app.top, ResultScreen)
    app.top.close_then(lambda: None)
    scene = win(app, "fast")
    assert isinstance(app.top, Celebration)
    frames(app, round(celebration.SECONDS * 0.5 * 60) + 5)
    assert isinstance(app.top, ResultScreen) and app.stack[-2] is scene


def test_instant_speed_and_computer_play_go_straight_to_the_result(app):
    win(app, "instant")
    assert isinstance(app.top, ResultScreen)
    app.top.close_then(lambda: None)
    scene = start(app, WIN_DECK)
    scene.computer_played = True  # as "Watch the computer play" marks it
    while not scene.session.is_over():
        scene.act(greedy(scene.session.state))
    settle(app)
    frames(app, 60)
    assert isinstance(app.top, ResultScreen)


def test_frames_draw_a_bounded_number_of_cached_images(app):
    for game_id in ("scoundrel", "abandon_ship"):
        app.start_game(game_id, 3)
        settle(app)
        game = app.current_game()
        shown = Celebration(app, game, lambda: None, seed=1)
        app.push(shown)
        for _ in range(150):
            frames(app)
            assert len(shown.pieces) <= celebration.MOST_PIECES
        assert shown.cascade == (game_id == "scoundrel")
        assert len(shown.turned) <= len(shown.cards) * celebration.ANGLES
        if shown.cascade:
            assert shown.launched > 10 and shown.opaque  # the trail holds the table
        else:
            assert any(p.kind == "coin" for p in shown.pieces)
        shown.finish()
        assert app.top is not shown


def test_only_a_human_seat_winning_is_celebrated(app):
    from game.scenes.pass_and_play import Seat
    seats = [Seat("Computer", "computer", "hard"), Seat("Computer 1", "computer", "hard")]
    app.start_game("abandon_ship", 3, None, seats=seats)
    assert app.current_game().human_seats() == []
    seats = [Seat("Computer", "computer", "hard"), Seat("Ann")]
    app.start_game("abandon_ship", 3, None, seats=seats)
    assert app.current_game().human_seats() == [1]


def test_every_frame_of_it_is_painted_as_a_whole_redraw_would_be(app):
    """The cascade stamps cards onto a trail it keeps: the window, repainted only where frames
    differ (ui/painter.py), must still show every stamp."""
    win(app)
    assert isinstance(app.top, Celebration)
    for _ in range(90):
        frames(app)
        whole = pygame.Surface(app.surface.get_size())
        app.painter.last.replay(whole, whole.get_rect())
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(app.surface, "RGB")
        if not isinstance(app.top, Celebration):
            break
