"""Plain fills copied from a tile of their colour (game/ui/solid.py)."""
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import canvas, solid  # noqa: E402


@pytest.fixture(scope="module")
def window():
    pygame.display.init()
    return pygame.display.set_mode((64, 64))


def pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_a_fill_draws_the_pixels_surface_fill_draws_within_any_clip(window):
    rnd = random.Random(7)
    for _ in range(200):
        size = (rnd.randint(1, 700), rnd.randint(1, 300))
        ours, theirs = pygame.Surface(size, 0, window), pygame.Surface(size, 0, window)
        ours.fill((9, 8, 7))
        theirs.fill((9, 8, 7))
        clip = None if rnd.random() < 0.3 else pygame.Rect(
            rnd.randint(-50, size[0]), rnd.randint(-50, size[1]), rnd.randint(0, 800), rnd.randint(0, 400))
        ours.set_clip(clip)
        theirs.set_clip(clip)
        colour = (rnd.randint(0, 255), rnd.randint(0, 255), rnd.randint(0, 255))
        rect = pygame.Rect(rnd.randint(-80, size[0]), rnd.randint(-80, size[1]),
                           rnd.randint(0, 900), rnd.randint(0, 500))
        solid.fill(ours, colour, rect)
        theirs.fill(colour, rect)
        ours.set_clip(None)
        theirs.set_clip(None)
        assert pixels(ours) == pixels(theirs)


def test_a_whole_repaints_fills_are_left_to_sdl_with_the_same_pixels(window, monkeypatch):
    surface = pygame.Surface((250, 120), 0, window)
    theirs = surface.copy()
    copied, tile = [], solid._tile
    monkeypatch.setattr(solid, "_tile", lambda *args: copied.append(args) or tile(*args))
    with solid.whole_repaint():
        solid.fill(surface, (30, 90, 60), pygame.Rect(-5, 3, 300, 120))
    theirs.fill((30, 90, 60), pygame.Rect(-5, 3, 300, 120))
    assert not copied and pixels(surface) == pixels(theirs)
    solid.fill(surface, (30, 90, 60), pygame.Rect(0, 0, 10, 10))
    assert copied  # (and after it, copied again)


def test_the_painter_says_when_it_repaints_the_whole_window(window, monkeypatch):
    from game.ui.painter import Painter

    class Screen:
        def present(self, rects):
            pass

        def settle(self):
            pass

    seen = []
    monkeypatch.setattr(solid, "fill", lambda *args: seen.append(solid._whole))
    painter, surface = Painter(Screen()), pygame.Surface((200, 100), 0, window)
    for x in (10, 60):
        frame = canvas.Canvas((200, 100))
        frame.fill((30, 90, 60))
        frame.fill((200, 10, 10), (x, 20, 30, 30))
        painter.paint(frame, surface)
    assert seen[0] is True and seen[-1] is False and not solid._whole


def test_a_tall_fill_is_copied_in_bands_and_covers_every_row(window):
    surface = pygame.Surface((300, 5 * solid.TILE_ROWS + 3), 0, window)
    surface.fill((0, 0, 0))
    solid.fill(surface, (200, 10, 30), pygame.Rect(5, 1, 290, surface.get_height()))
    assert surface.get_at((5, 1))[:3] == (200, 10, 30)
    assert surface.get_at((294, surface.get_height() - 1))[:3] == (200, 10, 30)
    assert surface.get_at((4, 2))[:3] == (0, 0, 0) and surface.get_at((5, 0))[:3] == (0, 0, 0)


def test_what_a_tile_cannot_copy_exactly_is_filled_as_surface_fill_does(window):
    with_alpha = pygame.Surface((50, 40), pygame.SRCALPHA)
    theirs = with_alpha.copy()
    solid.fill(with_alpha, (10, 20, 30, 128), pygame.Rect(5, 5, 30, 20))
    theirs.fill((10, 20, 30, 128), pygame.Rect(5, 5, 30, 20))
    assert pixels(with_alpha) == pixels(theirs)


@pytest.mark.parametrize("width", [1, 4, 63, 64, 100, 1280, 1920, 3840, 3841])
def test_a_tiles_rows_never_line_up_with_the_surfaces(window, width):
    """SDL copies with streaming stores only where both surfaces' rows line up on 16 bytes
    (or MMX's on 8), which is what the tile is made to avoid."""
    surface = pygame.Surface((width, 4), 0, window)
    tile = solid._tile(surface, pygame.Color(1, 2, 3))
    assert (tile.get_pitch() - surface.get_pitch()) % 8 != 0
    assert tile.get_width() > width and tile.get_height() == solid.TILE_ROWS


def test_few_tiles_are_kept(window):
    surface = pygame.Surface((200, 10), 0, window)
    for shade in range(10):
        solid.fill(surface, (shade, shade, shade), surface.get_rect())
    assert len(solid._tiles) <= solid.MOST_TILES


def test_a_canvas_fill_replays_to_the_same_pixels(window):
    drawn = canvas.Canvas((320, 200))
    drawn.fill((30, 90, 60))
    drawn.fill((200, 200, 10), (17, 33, 101, 77))
    drawn.fill((5, 5, 5), (40, 40, 30, 30), pygame.BLEND_RGB_ADD)
    ours = pygame.Surface((320, 200), 0, window)
    drawn.replay(ours, pygame.Rect(3, 5, 250, 190))
    theirs = pygame.Surface((320, 200), 0, window)
    theirs.set_clip(pygame.Rect(3, 5, 250, 190))
    theirs.fill((30, 90, 60))
    theirs.fill((200, 200, 10), (17, 33, 101, 77))
    theirs.fill((5, 5, 5), (40, 40, 30, 30), pygame.BLEND_RGB_ADD)
    theirs.set_clip(None)
    assert pixels(ours) == pixels(theirs)
