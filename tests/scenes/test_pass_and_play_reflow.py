"""The shared table of the games for several (issue 26): hands wrap into rows on a tall window,
the button column stays together, the log and the captions follow the window."""
import pygame
import pytest

from game.scenes.pass_and_play import PassAndPlayScene
from game.ui.fonts import font


def resize(app, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.on_resize(size)


def overlaps(a, b) -> bool:
    return pygame.Rect(a).colliderect(pygame.Rect(b))


@pytest.mark.parametrize("game_id", ["abandon_ship", "lamarckian_poker"])
def test_a_hand_keeps_one_row_where_it_fits_and_stays_in_its_zone(app, game_id):
    app.start_game(game_id, 3)
    scene = app.top
    for size in ((1280, 800), (640, 400), (2560, 1080)):
        resize(app, size)
        hand = scene.layout["hand"]
        slots = scene.hand_slots(5)
        assert len({y for _, y in slots}) == 1, size
        assert all(hand.x - 0.01 <= x and x + scene.card_size[0] <= hand.x + hand.w + 0.01 for x, _ in slots)


def test_a_big_hand_wraps_into_rows_on_a_tall_window(app):
    """Lamarckian Poker's hand grows: on a portrait window its zone holds two rows, and the
    cards no longer overlap; at 1280x800 they fan in one row within the zone."""
    app.start_game("lamarckian_poker", 3)
    scene = app.top
    w, h = scene.card_size
    resize(app, (1280, 800))
    fanned = scene.hand_slots(9)
    assert len({y for _, y in fanned}) == 1
    resize(app, (1024, 1366))
    hand = scene.layout["hand"]
    slots = scene.hand_slots(9)
    rows = sorted({y for _, y in slots})
    assert len(rows) == 2 and rows[1] - rows[0] >= h  # whole rows, one under the other
    cards = [(x, y, w, h) for x, y in slots]
    assert not any(overlaps(a, b) for i, a in enumerate(cards) for b in cards[i + 1:])
    zone = pygame.Rect(hand.rect).inflate(2, 2)
    assert all(zone.contains(pygame.Rect(c)) for c in cards)


def test_a_grid_stays_in_its_box_and_keeps_reading_order():
    for count in range(1, 30):
        for box in ((0, 0, 300, 70), (10, 20, 300, 200), (0, 0, 120, 400)):
            spots = PassAndPlayScene.grid(box, (44, 62), count)
            assert len(spots) == count
            x, y, bw, bh = box
            assert all(x - 0.01 <= sx <= x + bw - 44 + 0.01 for sx, _ in spots), (count, box)
            assert all(y <= sy <= max(y, y + bh - 62) + 0.01 for _, sy in spots), (count, box)
            assert spots == sorted(spots, key=lambda s: (s[1], s[0]))


@pytest.mark.parametrize("size", [(1280, 800), (900, 900), (1024, 1366), (2560, 1080)])
def test_the_side_buttons_stay_one_column(app, size):
    """Act, Log and Menu keep the map's small gaps on a tall window instead of drifting apart."""
    app.start_game("abandon_ship", 3)
    scene = app.top
    resize(app, size)
    act, log, menu = scene.buttons.buttons
    assert log.rect.top - act.rect.bottom == 6 and menu.rect.top - log.rect.bottom == 6
    assert menu.rect.topleft == tuple(int(v) for v in scene.layout["menu"].rect[:2])


def test_the_log_opens_over_the_middle_of_a_wide_table(app):
    app.start_game("abandon_ship", 3)
    scene = app.top
    resize(app, (2560, 1080))
    area = scene.log_rect()
    assert abs(area.centerx - scene.layout.width / 2) <= 2
    assert area.bottom <= scene.layout["hand"].y


def test_a_caption_in_the_smallest_window_is_tall_enough_for_its_lines(app):
    """At 640x400 text is held up by the floor: a caption's lines are spaced as drawn."""
    app.start_game("abandon_ship", 3)
    scene = app.top
    resize(app, (640, 400))
    scene.captions = {1: [["Computer 1 attacks Computer 2 with the 9♥ and wins the fight."], 99.0]}
    box, lines = scene.place_captions()[1]
    vp = scene.viewport
    line = font(vp.text(14)).get_linesize() / vp.scale
    assert len(lines) >= 2 and box.h >= len(lines) * line + 12


LONG = ("{} surrenders; Computer 1 takes the 5♥ from Anna onto the board. "
        "The fight's cards go to the lifeboats.")


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_captions_in_the_smallest_window_keep_off_buttons_and_each_other(app, seats):
    """At 640x400 a caption of five lines has little room: it may lie on a lifeboat for a
    while, but not on a button, and two captions at once hide next to nothing of each other."""
    from itertools import combinations

    from game.scenes.pass_and_play import default_seats
    app.start_game("abandon_ship", 3, None, seats=default_seats("abandon_ship", seats))
    scene = app.top
    resize(app, (640, 400))
    for pair in combinations(range(1, seats), 2):
        scene.captions = {seat: [[LONG.format(scene.seats[seat].name)], 99.0] for seat in pair}
        a, b = (box for box, _ in scene.place_captions().values())
        assert not any(box.colliderect(button.rect) for box in (a, b) for button in scene.buttons.buttons)
        shared = a.clip(b)
        assert shared.w * shared.h <= (0 if seats < 8 else 0.05 * a.w * a.h), pair
