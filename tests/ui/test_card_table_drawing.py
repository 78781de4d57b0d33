"""How CardTable draws a card between two states: no new render for every in-between size."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui.canvas import Canvas  # noqa: E402
from game.ui.cardart import CardArt  # noqa: E402
from game.ui.table import CardTable  # noqa: E402
from game.ui.viewport import Viewport  # noqa: E402


def _in_between_frames(table, art, viewport, count=12):
    shadows = []
    for _ in range(count):
        table.update(0.02)
        sprite = table.sprites["QH"]
        canvas = Canvas((1280, 800))
        table.draw(canvas, viewport, art)
        if sprite.move is not None:
            shadows.append((viewport.length(sprite.size[0]), viewport.length(sprite.size[1])))
    return shadows


def test_a_card_changing_size_shows_its_shadow_scaled_not_rendered_at_each_size():
    """A blurred shadow takes about 5 ms to render at 4K: one per frame of a card growing from
    a hand to a lifeboat was most of those frames, and filled the card cache."""
    pygame.display.init()
    art, viewport = CardArt(card_set="large_index"), Viewport()
    viewport.fit((1280, 800))
    table = CardTable(card_size=(60, 84))
    table.sync({"QH": ((100, 100), True, 0, (60, 84))})
    table.sync({"QH": ((500, 300), True, 0, (100, 140))})
    in_between = _in_between_frames(table, art, viewport)
    assert len(set(in_between)) > 3  # it did change size on the way
    shadow_sizes = {(w, h) for (design, w, h) in art._cache if design[0] == "shadow"}
    assert shadow_sizes == {(100, 140)}


def test_a_card_turning_up_has_its_face_drawn_before_it_shows():
    """A Classic face takes about 10 ms to draw at 4K: asked when the card starts to turn, it
    is ready when it shows, instead of drawn in that frame."""
    pygame.display.init()
    art, viewport = CardArt(card_set="classic"), Viewport()
    art.frame_budget = 0.006
    viewport.fit((1280, 800))
    table = CardTable(card_size=(100, 140))
    table.sync({"QH": ((500, 300), True, 0, (100, 140))}, origin=(0, 0))  # dealt, turned up
    sprite = table.sprites["QH"]
    art.start_frame()
    table.draw(Canvas((1280, 800)), viewport, art)
    assert sprite.face < 0.5  # still its back
    art.wait()
    assert (("classic", "QH", None), 100, 140) in art._cache


def _cards_drawn(table, art, viewport) -> int:
    canvas = Canvas((1280, 800))
    table.draw(canvas, viewport, art)
    shadow = id(art.shadow(100, 140))
    return sum(op.key[0] == "blit" and op.key[1] != shadow and op.rect.size == (100, 140)
               for op in canvas.ops)


def test_a_deal_waiting_at_its_origin_is_drawn_as_one_card_and_each_card_as_it_leaves():
    """Twenty cards waiting their turn to be dealt lie as a stack at the origin: the same back
    at the same place, so only the top one is drawn (twenty were recorded, compared and
    repainted every frame of a deal); each is drawn once it sets off, and a dealt pile lying
    face down at one place is one card too."""
    pygame.display.init()
    art, viewport = CardArt(card_set="large_index"), Viewport()
    viewport.fit((1280, 800))
    table = CardTable(card_size=(100, 140))
    places = {f"{rank}S": ((100 + 40 * i, 500), True, i, (100, 140))
              for i, rank in enumerate("A23456789")}
    table.sync(places, origin=(900, 100))
    assert _cards_drawn(table, art, viewport) == 1
    table.update(0.1)  # the first two have set off (a card every 0.09 s)
    assert _cards_drawn(table, art, viewport) == 3
    table.finish_all()
    assert _cards_drawn(table, art, viewport) == 9  # dealt face up, side by side
    table.sync({code: ((100, 500), False, i, (100, 140)) for i, code in enumerate(places)})
    table.finish_all()
    assert _cards_drawn(table, art, viewport) == 1  # squared up face down: the top one


def _frame(table, art, viewport):
    canvas = Canvas((1280, 800))
    table.draw(canvas, viewport, art)
    return canvas


def _pixels(canvas):
    surface = pygame.Surface(canvas.size)
    canvas.replay(surface, surface.get_rect())
    return pygame.image.tobytes(surface, "RGB")


def test_a_card_lying_still_is_recorded_again_as_it_was_until_anything_about_it_changes():
    """A full eight-seat table lays about a hundred cards a frame: one lying where it lay,
    with the same image, is recorded again as last frame's operation."""
    pygame.display.init()
    art, viewport = CardArt(card_set="large_index"), Viewport()
    viewport.fit((1280, 800))
    table = CardTable(card_size=(60, 84))
    table.sync({"QD": ((100, 100), True, 0, (60, 84)), "2C": ((300, 100), False, 1, (60, 84))})
    table.finish_all()  # lying where they were put
    first = _frame(table, art, viewport)
    second = _frame(table, art, viewport)
    assert [op is again for op, again in zip(first.ops, second.ops)] == [True, True]
    assert _pixels(second) == _pixels(first)

    art.four_colour = True  # a setting the face depends on
    recolour = _frame(table, art, viewport)
    assert recolour.ops[0].key != second.ops[0].key  # the face in its new colours
    assert recolour.ops[1].key == second.ops[1].key  # (the back looked up again: the same)

    art.clear()  # the image left the cache: drawn from a fresh one
    fresh = _frame(table, art, viewport)
    assert all(op is not old for op, old in zip(fresh.ops, recolour.ops))
    assert _pixels(fresh) == _pixels(recolour)

    table.sync({"QD": ((100, 120), True, 0, (60, 84)), "2C": ((300, 100), False, 1, (60, 84))})
    table.finish_all()  # moved to a new place
    moved = _frame(table, art, viewport)
    assert moved.ops[0].rect.topleft == viewport.point(100, 120)

    viewport.fit((1920, 1080))  # a new window size
    bigger = _frame(table, art, viewport)
    assert bigger.ops[1] is not moved.ops[1]
    assert bigger.ops[1].rect.size == (viewport.length(60), viewport.length(84))

    clipped = Canvas((1280, 800))
    clipped.set_clip((0, 0, 200, 800))  # recorded under a clip: recorded afresh, clipped
    table.draw(clipped, viewport, art)
    assert clipped.ops[1] is not bigger.ops[1] and clipped.ops[1].rect.right <= 200
