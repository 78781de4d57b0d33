"""The Doubloons table at every window shape: cards grow where a window gives their place room,
a face never shows text under the window's text floor, and an open list follows a resize."""
import pygame
import pytest

from game.engine import doubloons as rules
from game.scenes.pass_and_play import default_seats
from game.ui import doubloons_art

from .driver import click, frames

CODES = [f"{kind}#1" for kind in rules.ACTIONS] + list(rules.PIRATES)


def resize(app, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.on_resize(size)
    app.top.table.finish_all()


def start(app, seats):
    app.settings.animation_speed = "instant"
    app.start_game("doubloons", 3, None, seats=default_seats("doubloons", seats))
    return app.top


def sizes_of(scene, codes) -> set:
    return {tuple(round(n) for n in scene.table.sprites[c].size) for c in codes}


@pytest.mark.parametrize("floor", [9, 10, 12])
def test_no_face_text_is_under_the_floor(floor):
    pygame.font.init()
    try:
        doubloons_art.set_text_floor(floor)
        for w in (30, 42, 59, 84, 100, 134, 190):
            for code in CODES:
                doubloons_art.render(code, w, round(w * 118 / 84))
                small = [(text, px) for text, px in doubloons_art.drawn if px < floor]
                assert not small, f"{code} at {w} px wide: {small} under {floor} px"
    finally:
        doubloons_art.set_text_floor(12)


def test_a_card_in_hand_at_1280x800_says_its_kind_and_effect():
    """84x118 px, a hand card at 1280x800: the title and the effect (its short form where the
    card's words don't fit) at 12 px at least, so nobody must right-click to read a card."""
    pygame.font.init()
    doubloons_art.set_text_floor(12)
    for code in CODES:
        doubloons_art.render(code, 84, 118)
        card = rules.ACTIONS.get(code.split("#")[0]) or rules.PIRATES[code]
        words = " ".join(text for text, _ in doubloons_art.drawn)
        short = doubloons_art.SHORT[code.split("#")[0]]
        assert card.text in words or short in words, f"{code} shows no effect: {words!r}"
        named = card.name in words or card.name.split()[-1] in words or "Comman- deer" in words
        assert named, f"{code} shows no name: {words!r}"


def test_cards_grow_where_the_window_gives_their_place_room(app):
    scene = start(app, 2)
    view = scene.session.view(scene.viewer)
    hire = [pid for pid in view.row if pid]
    assert sizes_of(scene, view.hand) == {(84, 118)}
    assert sizes_of(scene, hire) == {(84, 118)}
    resize(app, (1024, 1366))   # portrait: the hand's place is far taller
    (w, h), = sizes_of(scene, view.hand)
    assert h >= 1.4 * 118 and abs(w / h - 84 / 118) < 0.02
    resize(app, (900, 900))     # square, two players: no seat beside the middle row
    (w, h), = sizes_of(scene, hire)
    assert h >= 1.3 * 118
    hand = scene.layout["hand"]
    for code in view.hand:      # the larger hand still lies inside its place, apart
        x, y = scene.table.sprites[code].pos
        assert hand.x <= x and x + w <= hand.x + hand.w + 0.5
    resize(app, (1280, 800))
    assert sizes_of(scene, view.hand) == {(84, 118)}


def test_an_open_list_follows_a_resize(app):
    scene = start(app, 2)
    frames(app, 2)
    view = scene.session.view(scene.viewer)
    code = next(c for c in view.hand if scene.plays_of(c))
    (x, y), (w, h) = scene.table.sprites[code].pos, scene.table.sprites[code].size
    click(app, (x + w / 2, y + h / 2))
    assert scene.menu, "a click on a playable card opens its list"
    resize(app, (2560, 1080))   # a wide table: 1896 logical pixels across
    middle = scene.viewport.logical[0] / 2
    for button in scene.menu_row.buttons:
        assert abs(button.rect.centerx - middle) < 2, (button.rect, middle)


def test_faces_follow_the_text_floor_of_the_window(app):
    """A face is drawn again when the window's text floor changes: the same card, the same
    pixels, shows its words at 9 px in the smallest window and never under 12 px from 1280x800."""
    start(app, 2)
    resize(app, (640, 400))
    app.art.face("barter#1", 60, 84)
    assert doubloons_art.drawn and min(px for _, px in doubloons_art.drawn) < 12
    resize(app, (1280, 800))
    doubloons_art.drawn.clear()
    app.art.face("barter#1", 60, 84)
    assert doubloons_art.drawn, "drawn again for the new floor, not taken from the cache"
    assert min(px for _, px in doubloons_art.drawn) >= 12


def test_a_hand_wraps_into_rows_where_its_place_is_tall():
    from game.scenes import doubloons_table as spots
    from game.ui.layout import Place
    tall = Place("hand", "zone", 300, 1000, 700, 294)
    slots, (w, h) = spots.hand(tall, 8, 118, 26)
    rows = sorted({round(y) for _, y in slots})
    assert len(rows) == 2 and h >= 118, "two rows of cards larger than the design size"
    boxes = [pygame.Rect(round(x), round(y), round(w), round(h)) for x, y in slots]
    assert all(tall.x <= b.x and b.right <= tall.x + tall.w + 1 and b.bottom <= tall.y + tall.h + 1
               for b in boxes)
    assert not any(a.colliderect(b.inflate(-2, -2)) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    low = Place("hand", "zone", 300, 572, 700, 130)   # the design size: one row, overlapping
    slots, (w, h) = spots.hand(low, 10, 118, 12)
    assert round(h) == 118 and len({round(y) for _, y in slots}) == 1
