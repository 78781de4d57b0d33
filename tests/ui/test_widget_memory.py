"""Texts and panels keep little at 4K: the text cache is bounded in bytes, and a large panel is
drawn from small pieces with the same pixels as one image the panel's size."""
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import canvas, theme, widgets  # noqa: E402


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield
    widgets._texts.clear()
    widgets._text_bytes = 0


def test_the_text_cache_holds_a_bounded_number_of_bytes():
    """A long game leaves hundreds of status lines behind, each 0.7 MB at 4K."""
    for n in range(300):
        widgets.render_text(f"Anna moves the {n} to the meld across the whole table, and more",
                            60, (255, 255, 255))
    held = sum(image.get_pitch() * image.get_height() for image in widgets._texts.values())
    assert held <= widgets.TEXT_CACHE_BYTES
    assert widgets._text_bytes == held
    assert len(widgets._texts) > 10  # still a cache


def _random_background(rnd, size):
    background = pygame.Surface(size)
    for _ in range(150):
        background.fill((rnd.randrange(256), rnd.randrange(256), rnd.randrange(256)),
                        (rnd.randrange(size[0]), rnd.randrange(size[1]), 50, 50))
    return background


@pytest.mark.parametrize("fill", [(16, 40, 30, 215), (12, 34, 25, 255), (0, 0, 0, 70), (9, 9, 9)])
@pytest.mark.parametrize("edge", [(246, 200, 76), None, (255, 255, 255, 120)])
@pytest.mark.parametrize("radius, width", [(14, 2), (6, 1), (42, 6), (0, 0), (3, 8)])
def test_a_panel_has_the_pixels_of_one_image_of_its_size(fill, edge, radius, width):
    rnd = random.Random(hash((fill, edge, radius, width)))
    size = (700, 560)
    background = _random_background(rnd, size)
    for _ in range(4):
        rect = pygame.Rect(rnd.randrange(60), rnd.randrange(60), rnd.randrange(5, 640),
                           rnd.randrange(5, 500))
        whole = background.copy()
        whole.blit(widgets._panel(rect.size, fill, edge, radius, width), rect)
        drawn = background.copy()
        widgets.draw_panel(drawn, rect, fill, edge, radius, width)
        recorded, replayed = canvas.Canvas(size), background.copy()
        widgets.draw_panel(recorded, rect, fill, edge, radius, width)
        recorded.replay(replayed, replayed.get_rect())
        expected = pygame.image.tobytes(whole, "RGB")
        assert pygame.image.tobytes(drawn, "RGB") == expected, rect
        assert pygame.image.tobytes(replayed, "RGB") == expected, rect


def test_a_large_panel_makes_no_image_of_its_size():
    recorded = canvas.Canvas((3840, 2160))
    widgets.draw_panel(recorded, pygame.Rect(700, 160, 2430, 1836), (16, 40, 30, 215))
    widgets.draw_panel(recorded, pygame.Rect(100, 100, 2916, 702), (12, 34, 25, 255))
    largest = max(image.get_width() * image.get_height() for image in recorded.images)
    assert largest <= max(widgets.PANEL_TILE ** 2, 2916 * 16)


def test_a_large_panel_on_a_canvas_is_one_operation_covering_its_opaque_middle():
    """Nine parts recorded one by one cost a busy table (Doubloons: a dozen panels) a hundred
    operations a frame to record, compare and look up; as one, the painter still knows the
    opaque middle hides what is under it."""
    from game.ui import painter
    recorded = canvas.Canvas((3840, 2160))
    widgets.draw_panel(recorded, pygame.Rect(100, 100, 2916, 702), (12, 34, 25, 255))
    widgets.draw_panel(recorded, pygame.Rect(700, 160, 2430, 1836), (16, 40, 30, 215))
    opaque, translucent = recorded.ops
    assert opaque.rect == pygame.Rect(100, 100, 2916, 702)
    [middle] = painter._opaque(opaque, {})
    assert pygame.Rect(100, 100, 2916, 702).contains(middle)
    assert middle.w > 2800 and middle.h > 600
    assert painter._opaque(translucent, {}) == []


@pytest.mark.parametrize("fill", [(12, 34, 25, 255), (0, 0, 0, 40), (16, 40, 30, 215)])
def test_a_panel_repainted_in_a_few_rectangles_shows_what_drawing_it_whole_shows(fill):
    """The painter replays a panel clipped to each rectangle it repaints; only the parts that
    meet the rectangle are drawn, with the pixels drawing all of it gives."""
    size, rect = (1200, 900), pygame.Rect(37, 51, 1100, 777)
    background = pygame.Surface(size)
    background.fill((40, 110, 60))
    whole = background.copy()
    widgets.draw_panel(whole, rect, fill, (70, 120, 90), 16, 2)
    recorded = canvas.Canvas(size)
    widgets.draw_panel(recorded, rect, fill, (70, 120, 90), 16, 2)
    rnd = random.Random(len(fill) + fill[3])
    for _ in range(40):
        area = pygame.Rect(rnd.randrange(size[0]), rnd.randrange(size[1]), rnd.randrange(1, 400),
                           rnd.randrange(1, 300)).clip(background.get_rect())
        repainted = whole.copy()
        repainted.fill((255, 0, 255), area)  # what the rectangle held is gone
        repainted.blit(background, area, area)
        recorded.replay(repainted, area)
        assert pygame.image.tobytes(repainted, "RGB") == pygame.image.tobytes(whole, "RGB"), area


@pytest.mark.parametrize("felt", sorted(theme.TABLE_COLOURS.values()))
@pytest.mark.parametrize("fill", [theme.PANEL, (0, 0, 0, 40), (255, 250, 240, 1)])
def test_a_translucent_panel_over_the_bare_felt_is_filled_with_the_colour_blending_gives(felt,
                                                                                        fill):
    """Its middle is one colour there: filled (and covering the felt under it) rather than
    blended tile by tile, with the pixels blending gives."""
    from game.ui import painter
    pygame.display.set_mode((16, 16))  # blends as the window's surface does
    size, rect = (1500, 1100), pygame.Rect(41, 37, 1333, 1001)
    window = pygame.Surface(size, 0, pygame.display.get_surface())
    window.fill(felt)
    widgets.draw_panel(window, rect, fill)  # on a surface: blended
    recorded = canvas.Canvas(size)
    recorded.fill(felt)
    widgets.draw_panel(recorded, rect, fill)
    replayed = pygame.Surface(size, 0, window)
    recorded.replay(replayed, replayed.get_rect())
    assert pygame.image.tobytes(replayed, "RGB") == pygame.image.tobytes(window, "RGB")
    [middle] = painter._opaque(recorded.ops[-1], {})
    assert middle.w > 1300 and middle.h > 950


def test_a_translucent_panel_over_anything_but_the_felt_stays_translucent():
    from game.ui import painter
    recorded = canvas.Canvas((1200, 900))
    recorded.fill(theme.FELT)
    recorded.fill((200, 30, 30), (500, 400, 40, 40))  # a card, say, under its middle
    widgets.draw_panel(recorded, pygame.Rect(100, 100, 900, 700), theme.PANEL)
    assert painter._opaque(recorded.ops[-1], {}) == []
    bare = canvas.Canvas((1200, 900))
    bare.fill(theme.FELT)
    bare.fill((200, 30, 30), (10, 10, 40, 40))  # beside it
    widgets.draw_panel(bare, pygame.Rect(100, 100, 900, 700), theme.PANEL)
    assert painter._opaque(bare.ops[-1], {}) != []
