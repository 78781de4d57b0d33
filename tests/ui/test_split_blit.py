"""A card blitted split (its opaque parts copied, the rest blended) shows the pixels of a blit."""
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import canvas, painter  # noqa: E402
from game.ui.cardart import CardArt  # noqa: E402

from .test_painter_cover import SIZE, random_frame  # noqa: E402


@pytest.fixture(scope="module")
def art():
    pygame.display.init()
    pygame.display.set_mode((16, 16))  # cards converted for the window, as in the app
    return CardArt(card_set="classic")


def split_ones(splits: dict) -> int:
    return sum(1 for pieces in splits.values() if pieces)


@pytest.mark.parametrize("width", [48, 61, 90, 137, 250, 378, 521])
def test_a_card_split_at_every_size_and_clip_shows_the_pixels_of_one_blit(art, width):
    height = width * 7 // 5
    rnd = random.Random(width)
    window = (3 * width, 3 * height)
    images = [art.face(code, width, height) for code in ("AS", "KH", "10D", "QC")]
    images += [art.back(width, height), art.shadow(width, height)]
    for image in images + images:  # measured the second time asked about
        painter.opaque_parts(image)
    splits: dict = {}
    for trial in range(40):
        frame = canvas.Canvas(window)
        frame.fill((20, 90, 40))
        for _ in range(rnd.randrange(1, 5)):
            frame.blit(rnd.choice(images), (rnd.randrange(-width, 2 * width),
                                            rnd.randrange(-height, 2 * height)))
        area = pygame.Rect(rnd.randrange(window[0]), rnd.randrange(window[1]),
                           rnd.randrange(1, window[0]), rnd.randrange(1, window[1]))
        if trial % 2 == 0:
            area = pygame.Rect((0, 0), window)
        plain = pygame.Surface(window)
        frame.replay(plain, area)
        split = pygame.Surface(window)
        index = painter.frame_index(frame, splits)
        painter.replay_visible(frame, split, area, index)
        assert pygame.image.tobytes(split, "RGB") == pygame.image.tobytes(plain, "RGB"), trial
    if width * height >= painter.SPLIT_PIXELS:
        assert split_ones(splits) >= 4  # (the faces and back: a shadow has no opaque part)


def test_tables_drawn_with_every_blit_split_show_the_pixels_of_drawing_every_operation(
        art, monkeypatch):
    """Piles, fans, clips, part-blits, a veil over them: with every measured image split."""
    monkeypatch.setattr(painter, "SPLIT_PIXELS", 0)
    rnd = random.Random(5)
    splits: dict = {}
    for trial in range(40):
        frame = random_frame(rnd, art)
        for _ in range(3):  # measured the second time asked about, split the second time drawn
            culled = pygame.Surface(SIZE)
            for area in (pygame.Rect(0, 0, *SIZE), pygame.Rect(rnd.randrange(600), rnd.randrange(400),
                                                               rnd.randrange(1, 300), rnd.randrange(1, 300))):
                plain = pygame.Surface(SIZE)
                frame.replay(plain, area)
                culled.fill((0, 0, 0))
                painter.replay_visible(frame, culled, area, painter.frame_index(frame, splits))
                assert pygame.image.tobytes(culled, "RGB") == pygame.image.tobytes(plain, "RGB"), trial
    assert split_ones(splits) >= 5


def test_a_card_is_split_into_pieces_that_cover_it_once(art):
    image = art.face("QS", 378, 529)
    painter.opaque_parts(image)
    painter.opaque_parts(image)  # measured
    splits: dict = {}
    assert painter._pieces(image, splits) == []  # the first time: perhaps an image of one frame
    pieces = painter._pieces(image, splits)
    covered = pygame.mask.Mask(image.get_size())
    for piece, rect in pieces:
        assert piece.get_size() == rect.size
        covered.draw(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    assert covered.count() == sum(rect.w * rect.h for _, rect in pieces) == 378 * 529
    copied = [rect for piece, rect in pieces if piece.get_alpha() is None]
    assert sum(rect.w * rect.h for rect in copied) > 0.9 * 378 * 529  # all but the corners


def test_the_painter_lets_go_of_pieces_of_images_no_longer_drawn(art):
    paint = painter.Painter(screen=_NoScreen())
    window = pygame.Surface((600, 500))
    images = [art.face(code, 250, 350) for code in ("AS", "KH")]
    for image in images:
        for frame_number in range(3):
            frame = canvas.Canvas((600, 500))
            frame.fill((20, 90, 40))
            frame.blit(image, (10 + frame_number, 20))
            paint.paint(frame, window)
        assert list(paint.splits) == [id(image)] and paint.splits[id(image)]


class _NoScreen:
    def present(self, rects) -> None:
        pass
