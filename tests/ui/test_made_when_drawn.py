"""Images whose pixels are made only where they show (canvas.made_when_drawn): a window drag's
stand-ins for the cards of a fanned pile, two thirds of whose pixels lie under other cards."""
import gc
import math
import os
import random
import weakref

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import canvas, cardart, painter, scratch  # noqa: E402
from game.ui.cardart import CardArt  # noqa: E402

SIZE = (700, 500)
CODES = ("AS", "KH", "10D", "7C", "QS", "2H", "JC", "9H")


@pytest.fixture(scope="module")
def art():
    pygame.display.init()
    pygame.display.set_mode((16, 16))  # cards converted for the window, as in the app
    return CardArt(card_set="classic")


def made_when_drawn(image: pygame.Surface, made: list) -> pygame.Surface:
    """A copy of `image` whose pixels are copied from it only as a Canvas draws it; the
    rectangles made are noted in `made`."""
    copy = scratch.untouched(image.get_size(), image)

    def make(into, part):
        made.append(part)
        pygame.transform.scale(image.subsurface(part), part.size, into.subsurface(part))
    canvas.made_when_drawn(copy, make)
    painter.scaled_parts(copy, image)  # what of it is opaque, as the stand-ins note it
    return copy


def fanned_frames(rnd, art, made):
    """The same frame twice: fanned piles of cards, once of the cards themselves and once of
    copies made when drawn; with a clip now and then and a translucent veil over all."""
    plain, lazy = canvas.Canvas(SIZE), canvas.Canvas(SIZE)
    shown = 0
    for frame in (plain, lazy):
        frame.fill((20, 90, 40))
    for _ in range(rnd.randrange(2, 5)):
        w = rnd.choice((60, 90, 120))
        h = w * 7 // 5
        x, y = rnd.randrange(-30, SIZE[0] - 60), rnd.randrange(-30, SIZE[1] - 60)
        dx, dy = rnd.choice(((14, 0), (0, 22), (3, 3), (25, 0)))
        clip = (x + 5, y + 10, 2 * w, 2 * h) if rnd.random() < 0.25 else None
        for k in range(rnd.randrange(2, 12)):
            face = art.face(rnd.choice(CODES), w, h)
            copy = made_when_drawn(face, made)
            shown += w * h
            for frame, image in ((plain, face), (lazy, copy)):
                if clip and k == 0:
                    frame.set_clip(clip)
                frame.blit(image, (x + k * dx, y + k * dy))
        for frame in (plain, lazy):
            frame.set_clip(None)
    veil = pygame.Surface((200, 150), pygame.SRCALPHA)
    veil.fill((0, 0, 0, 90))
    for frame in (plain, lazy):
        frame.blit(veil, (100, 100))
    return plain, lazy, shown


def test_a_frame_of_images_made_when_drawn_shows_what_the_images_themselves_show(art):
    rnd = random.Random(11)
    made_in_all = shown_in_all = 0
    for trial in range(30):
        made: list = []
        plain, lazy, shown = fanned_frames(rnd, art, made)
        area = pygame.Rect(0, 0, *SIZE) if trial % 3 else pygame.Rect(
            rnd.randrange(400), rnd.randrange(300), rnd.randrange(1, 300), rnd.randrange(1, 200))
        want, got = pygame.Surface(SIZE), pygame.Surface(SIZE)
        plain.replay(want, area)
        painter.replay_visible(lazy, got, area)
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), trial
        made_in_all += sum(part.w * part.h for part in made)
        shown_in_all += shown
    assert 0 < made_in_all < shown_in_all / 2  # the piles' cards under others: never made


def test_an_image_made_when_drawn_is_made_whole_for_a_part_blit_or_when_asked(art):
    face = art.face("QH", 90, 126)
    made: list = []
    copy = made_when_drawn(face, made)
    frame = canvas.Canvas(SIZE)
    frame.blit(copy, (10, 10), (5, 5, 40, 40))  # a part of it: made whole, there and then
    assert made == [copy.get_rect()]
    made.clear()
    frame.blit(copy, (100, 100))
    frame.replay(pygame.Surface(SIZE), pygame.Rect(0, 0, *SIZE))
    assert made == []  # made already: drawn as any image
    other = made_when_drawn(face, made)
    canvas.make_whole(other)
    canvas.make_whole(other)
    assert made == [other.get_rect()]
    assert pygame.image.tobytes(other, "RGBA") == pygame.image.tobytes(face, "RGBA")


def test_untouched_pixels_start_out_zero_in_the_format_asked():
    pygame.display.init()
    pygame.display.set_mode((16, 16))
    card = pygame.Surface((30, 40), pygame.SRCALPHA).convert_alpha()
    fresh = scratch.untouched((50, 20), card)
    assert fresh.get_size() == (50, 20) and fresh.get_masks() == card.get_masks()
    assert fresh.get_flags() & pygame.SRCALPHA and fresh.get_at((49, 19)) == (0, 0, 0, 0)
    plain = pygame.Surface((30, 40), 0, 24)  # not four bytes a pixel: a surface as asked
    other = scratch.untouched((8, 8), plain)
    assert other.get_bitsize() == 24 and other.get_masks() == plain.get_masks()


def test_a_window_drags_stand_in_for_the_canvas_is_made_when_drawn_and_whole_for_others(
        art, monkeypatch):
    art.frame_budget = 0.05
    art.fit_window((1280, 800))
    art.face("QH", 100, 140)
    art.wait()
    monkeypatch.setattr(cardart.time, "perf_counter", lambda: 1000.0)
    art.fit_window((1200, 750))
    art.start_frame()
    assert art.resizing
    gone = weakref.ref(art.face("QH", 93, 130, on_canvas=True))
    art.start_frame()  # the next frame of the drag: last frame's stand-in is let go
    gc.collect()
    assert gone() is None
    lazy = art.face("QH", 94, 131, on_canvas=True)
    assert art.stood_in and lazy in canvas._unmade
    assert painter.opaque_parts(lazy) == painter.opaque_parts(lazy)  # noted, never measured
    whole = art.face("QH", 94, 131)  # the same stand-in, asked by a caller that reads it
    assert whole is lazy and lazy not in canvas._unmade
    source = art._cache[(("classic", "QH", None), 100, 140)]
    scaled = pygame.transform.scale(source, (94, 131))
    assert pygame.image.tobytes(whole, "RGBA") == pygame.image.tobytes(scaled, "RGBA")
    art.frame_budget = None


def test_a_full_table_dragged_shows_the_stand_ins_with_a_third_of_their_pixels_made(app, monkeypatch):
    """Scoundrel's fullest table (a weapon holding its slain monsters, fanned): one frame of a
    window drag, its stand-ins made when drawn, against the same frame with them made whole.
    A part is scaled on its own, so a pixel may come from its neighbour in the source."""
    from tests.bench.bench_frames import fullest_session
    from tests.scenes.driver import frames, post, settle
    app.start_game("scoundrel", 5)
    scene = app.top
    scene.use_session(fullest_session(scene))
    settle(app)
    app.art.wait()
    frames(app, 3)
    size = (1190, 744)
    pygame.display.set_mode(size, pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    made: list = []
    scale_part = cardart._scale_part
    monkeypatch.setattr(cardart, "_scale_part",
                        lambda source, image, part: (made.append(part.clip(image.get_rect())),
                                                     scale_part(source, image, part)))
    stand_ins: list = []
    drag_stand_in = cardart.CardArt._drag_stand_in

    def noted(self, key, source, size, on_canvas=False):
        image = drag_stand_in(self, key, source, size, on_canvas)
        stand_ins.append(image)
        return image
    monkeypatch.setattr(cardart.CardArt, "_drag_stand_in", noted)
    frames(app)
    app.art._resized = math.inf  # (the next frame is still within the drag, however slow)
    lazy = pygame.image.tobytes(app.surface, "RGB")
    pixels = sum(image.get_width() * image.get_height() for image in {id(i): i for i in stand_ins}.values())
    assert len(stand_ins) >= 20 and 0 < sum(part.w * part.h for part in made) < pixels / 2
    monkeypatch.setattr(cardart.CardArt, "_drag_stand_in",
                        lambda self, key, source, size, on_canvas=False:
                        drag_stand_in(self, key, source, size, False))
    app.painter.invalidate()
    frames(app)
    whole = pygame.image.tobytes(app.surface, "RGB")
    assert len(lazy) == len(whole)
    differ = sum(1 for k in range(0, len(lazy), 3)
                 if max(abs(lazy[k + c] - whole[k + c]) for c in range(3)) > 60)
    assert differ < 0.01 * len(lazy) / 3
