"""The Bogey keeps its columns' geometry between frames (it was worked out hundreds of times a
frame, 9 ms at 4K); what it keeps follows the window's size and the columns' lengths."""
import pygame

from .driver import settle


def fresh(scene) -> dict:
    scene._grid = scene._zones = None
    return scene.drop_zones()


def test_the_columns_kept_follow_a_resize_and_a_longer_column(app):
    app.settings.animation_speed = "instant"
    app.start_game("bogey", 5)
    scene = app.top
    settle(app)
    before = scene.drop_zones()
    assert before == fresh(scene)
    pygame.display.set_mode((900, 1200), pygame.RESIZABLE)
    app.on_resize((900, 1200))
    settle(app)
    assert scene.drop_zones() != before  # a tall window: two rows of larger columns
    assert scene.drop_zones() == fresh(scene)
    moves = 0
    for _ in range(6):  # cards into columns: they grow and their zones with them
        legal = [a for a in scene.session.legal_actions() if "column" in str(a)]
        if not legal:
            break
        scene.drop_zones()
        scene.act(legal[0])
        settle(app)
        moves += 1
        assert scene.drop_zones() == fresh(scene), legal[0]
    assert moves
