"""The painter skips what later opaque operations cover, with the same pixels as drawing all."""
import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import canvas, painter  # noqa: E402
from game.ui.cardart import CardArt  # noqa: E402

SIZE = (900, 700)


@pytest.fixture(scope="module")
def art():
    pygame.display.init()
    pygame.display.set_mode((16, 16))  # cards converted for the window, as in the app
    return CardArt(card_set="classic")


def random_frame(rnd, art) -> canvas.Canvas:
    """A table's worth of overlapping cards (squared piles, fans), shadows, fills, clips, a
    translucent layer and part-blits."""
    frame = canvas.Canvas(SIZE)
    frame.fill((20, 90, 40))
    codes = ["AS", "KH", "10D", "7C", "QS", "2H"]
    for _ in range(rnd.randrange(3, 8)):
        w = rnd.choice((60, 90, 120))
        h = w * 7 // 5
        x, y = rnd.randrange(-40, SIZE[0] - 40), rnd.randrange(-40, SIZE[1] - 40)
        dx, dy = rnd.choice(((0, 0), (0, 2), (18, 0), (0, 25), (3, 3)))
        if rnd.random() < 0.2:
            frame.set_clip((x + 10, y + 5, 2 * w, 2 * h))
        for k in range(rnd.randrange(1, 12)):
            if rnd.random() < 0.15:
                frame.blit(art.shadow(w, h), (x + k * dx + 4, y + k * dy + 8))
            image = art.face(rnd.choice(codes), w, h) if rnd.random() < 0.8 else art.back(w, h)
            if rnd.random() < 0.1:
                frame.blit(image, (x + k * dx, y + k * dy), (5, 7, w - 12, h - 20))
            else:
                frame.blit(image, (x + k * dx, y + k * dy))
        frame.set_clip(None)
        if rnd.random() < 0.3:
            frame.fill((200, 180, 20), (x, y, w // 2, h // 3))
        if rnd.random() < 0.2:
            veil = pygame.Surface((w, h), pygame.SRCALPHA)
            veil.fill((0, 0, 0, 90))
            frame.blit(veil, (x + 5, y + 5))
    return frame


@pytest.mark.parametrize("overdrawn_pixels", [painter.OVERDRAWN_PIXELS, 0])
def test_a_frame_covered_in_part_shows_what_drawing_every_operation_shows(art, overdrawn_pixels,
                                                                          monkeypatch):
    """(With 0, every rectangle drawn over at all is culled, as a 4K card's is.)"""
    monkeypatch.setattr(painter, "OVERDRAWN_PIXELS", overdrawn_pixels)
    rnd = random.Random(7)
    for trial in range(40):
        frame = random_frame(rnd, art)
        for _ in range(2):  # an image is measured the second time it is asked about
            culled = pygame.Surface(SIZE)
            for area in (pygame.Rect(0, 0, *SIZE), pygame.Rect(rnd.randrange(600), rnd.randrange(400),
                                                               rnd.randrange(1, 300), rnd.randrange(1, 300))):
                plain = pygame.Surface(SIZE)
                frame.replay(plain, area)
                culled.fill((0, 0, 0))
                painter.replay_visible(frame, culled, area)
                assert pygame.image.tobytes(culled, "RGB") == pygame.image.tobytes(plain, "RGB"), trial


def test_a_squared_pile_repaints_in_about_the_time_of_its_top_card(art):
    """Thirty cards on top of each other (a weapon's slain monsters at 4K) used to be blitted
    whole, each of them."""
    pile = canvas.Canvas(SIZE)
    pile.fill((20, 90, 40))
    for k in range(30):
        pile.blit(art.face("QS", 378, 529), (100, 50 + 2 * k))
    area = pygame.Rect(80, 30, 420, 640)
    target = pygame.Surface(SIZE)
    painter.replay_visible(pile, target, area)  # the face is measured

    def best(draw) -> float:
        times = []
        for _ in range(5):
            start = time.perf_counter()
            draw(pile, target, area)
            times.append(time.perf_counter() - start)
        return min(times)
    assert best(painter.replay_visible) < best(canvas.Canvas.replay) / 2


def _stack_frame(order, places, art) -> canvas.Canvas:
    frame = canvas.Canvas(SIZE)
    frame.fill((20, 90, 40))
    for k in order:
        frame.blit(art.face(("AS", "KH", "10D", "7C", "QS", "2H")[k % 6], 90, 126), places[k])
    return frame


def test_a_card_moving_to_the_top_repaints_its_own_rectangle_with_the_pixels_of_a_whole_redraw(art):
    """A card that starts to move is drawn last: what was drawn after it before keeps its
    order among itself, so only where the card is needs painting."""
    window = pygame.display.set_mode(SIZE)
    rnd = random.Random(3)
    for trial in range(30):
        places = [(rnd.randrange(0, 800), rnd.randrange(0, 560)) for _ in range(40)]
        order = list(range(40))
        painter_ = painter.Painter()
        painter_.paint(_stack_frame(order, places, art), window)
        for _ in range(3):
            order.append(order.pop(rnd.randrange(len(order))))  # one goes to the top
            if rnd.random() < 0.3:
                order.insert(rnd.randrange(len(order)), order.pop())  # or back under
            frame = _stack_frame(order, places, art)
            dirty = painter_.paint(frame, window)
            whole = pygame.Surface(SIZE)
            frame.replay(whole, whole.get_rect())
            assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(whole, "RGB"), trial
            assert sum(r.w * r.h for r in dirty) <= 4 * 92 * 128  # its rectangle (and slack)


def test_an_outline_lighting_up_repaints_along_its_edges_only(art):
    """A drop zone's outline (a rectangle drawn with a width) touches only the strips along its
    edges: a zone lit up at 4K is 1,500 x 760 pixels, of which those strips are a tenth."""
    window = pygame.display.set_mode(SIZE)
    rnd = random.Random(5)
    places = [(rnd.randrange(0, 800), rnd.randrange(0, 560)) for _ in range(30)]

    def frame(lit) -> canvas.Canvas:
        picture = _stack_frame(range(30), places, art)
        for rect, width, radius in lit:
            canvas.rect(picture, (246, 200, 76), rect, width, border_radius=radius)
        return picture
    painter_ = painter.Painter()
    painter_.paint(frame([]), window)
    zone, small = ((100, 100, 600, 400), 11, 38), ((50, 60, 300, 200), 4, 0)
    thin = ((20, 30, 500, 40), 11, 38)
    for lit in ([zone], [zone, small], [small], [], [thin]):
        picture = frame(lit)
        dirty = painter_.paint(picture, window)
        whole = pygame.Surface(SIZE)
        picture.replay(whole, whole.get_rect())
        assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(whole, "RGB"), lit
        assert sum(r.w * r.h for r in dirty) < 0.5 * 600 * 400 or not lit


def test_two_rows_of_outlines_lighting_up_repaint_their_rows_not_the_window(art):
    """Melds side by side each light an outline when a card is picked up: dozens of strips,
    more than a frame repaints one by one. Strips close together are joined into the band of
    their row (a few pixels more to paint, far fewer rectangles), not boxed with the other
    row into most of the window."""
    window = pygame.display.set_mode(SIZE)
    places = [(40 + 60 * k, y) for y in (40, 480) for k in range(12)]

    def frame(lit) -> canvas.Canvas:
        picture = _stack_frame(range(24), places, art)
        if lit:
            for x, y in places:
                canvas.rect(picture, (246, 200, 76), (x - 6, y - 6, 102, 138), 4, border_radius=10)
        return picture
    painter_ = painter.Painter()
    painter_.paint(frame(False), window)
    for lit in (True, False):
        picture = frame(lit)
        dirty = painter_.paint(picture, window)
        whole = pygame.Surface(SIZE)
        picture.replay(whole, whole.get_rect())
        assert pygame.image.tobytes(window, "RGB") == pygame.image.tobytes(whole, "RGB"), lit
        rows = 2 * (60 * 11 + 102 + 8) * (138 + 8)
        assert sum(r.w * r.h for r in dirty) <= rows, (lit, dirty)
        assert len(dirty) <= 4


def test_the_rectangles_a_frame_repaints_cover_every_changed_one():
    rnd = random.Random(11)
    window = pygame.Rect(0, 0, 3840, 2160)
    for trial in range(200):
        rects = []
        for _ in range(rnd.choice((3, 30, 120))):
            w, h = rnd.choice(((20, 250), (250, 20), (190, 260), (440, 616), (3000, 40), (4, 4)))
            rects.append(pygame.Rect(rnd.randrange(-50, 3800), rnd.randrange(-50, 2100), w, h))
        out = painter.merged(rects, window)
        assert len(out) <= painter.MAX_RECTS
        shown = pygame.mask.Mask(window.size)
        for r in out:
            shown.draw(pygame.mask.Mask(r.size, fill=True), r.topleft)
        if len(painter._apart(out)) <= painter.MAX_RECTS:  # (else left overlapping, not boxed)
            for i, r in enumerate(out):  # few pixels repainted twice
                for other in out[i + 1:]:
                    both = r.clip(other)
                    assert both.w * both.h <= painter.JOINED_PIXELS, trial
        for r in rects:
            r = r.clip(window)
            if r.w and r.h:
                assert shown.overlap_area(pygame.mask.Mask(r.size, fill=True), r.topleft) == r.w * r.h, trial


def test_cards_moving_apart_repaint_little_more_than_where_they_are():
    """A frame of Scoundrel's drag at 4K: cards with their shadows, where they were and are, in
    a diagonal chain. Boxed together they were 29 % more than the pixels they touch."""
    window = pygame.Rect(0, 0, 3840, 2160)
    rects = [pygame.Rect(x, y, w, 616) for x, y, w in (
        (1591, 1157, 440), (1642, 1121, 302), (1544, 1094, 440), (1554, 1058, 384),
        (1163, 860, 440), (1145, 824, 440), (185, 343, 440), (167, 307, 440),
        (1584, 1153, 440), (1692, 1117, 188), (1495, 1067, 440), (1486, 1031, 421),
        (1028, 789, 440), (1010, 753, 440))]
    out = painter.merged(rects, window)
    touched = pygame.mask.Mask(window.size)
    for r in rects:
        touched.draw(pygame.mask.Mask(r.inflate(2, 2).size, fill=True), r.inflate(2, 2).topleft)
    assert sum(r.w * r.h for r in out) <= 1.1 * touched.count()
    assert len(out) <= 6


@pytest.mark.parametrize("code", ["AS", "KH", "back"])
@pytest.mark.parametrize("size", [(120, 168), (440, 616)])
def test_a_turning_card_hides_what_is_under_it_where_it_is_opaque(art, code, size):
    """Squashed afresh each frame it is never measured: its cover comes from the card's, and
    every pixel of it is opaque, at every width of the turn and of a card growing."""
    w, h = size
    card = art.back(w, h) if code == "back" else art.face(code, w, h)
    for width, height in [(x, h) for x in range(1, w + 1, 7)] + [(w * 3 // 4, h * 3 // 4)]:
        squashed = pygame.transform.scale(card, (width, height))  # as in_between scales
        painter.scaled_parts(squashed, card)
        parts = painter.opaque_parts(squashed)
        if width > w // 3:
            assert parts, width
        opaque = pygame.mask.from_surface(squashed, 254)
        for part in parts:
            assert squashed.get_rect().contains(part)
            whole = pygame.mask.Mask(part.size, fill=True)
            assert opaque.overlap_area(whole, part.topleft) == part.w * part.h, (width, part)


def test_in_between_notes_the_cover_of_what_it_scales_exactly(art):
    card = art.face("QH", 400, 560)
    squashed = art.in_between(card, 150, 560)
    assert painter.opaque_parts(squashed)  # told, not measured on a second look
