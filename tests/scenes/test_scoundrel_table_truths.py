"""Scoundrel shows what matters where it can be seen (issue 24): the preview of a held card is
never under it, the place a drop would choose stands out, the card counter leaves the room in
sight, and health reads "7 / 20" and "−6 / 20"."""
import pygame

from game.engine import scoundrel as rules
from game.engine.session import Session
from game.ui import widgets

from .driver import click, frames, key, post, settle, to_window

DEATH_TOP = ["KS", "KC", "AS", "AC"]
DEATH_DECK = DEATH_TOP + [c for c in rules.DECK if c not in DEATH_TOP]


def start(app, deck=DEATH_DECK):
    app.settings.animation_speed = "instant"
    app.start_game("scoundrel", 1)
    scene = app.top
    scene.use_session(Session("scoundrel", 1, 1, None, deck))
    settle(app)
    return scene


def card_centre(scene, code):
    x, y = scene.table.sprites[code].pos
    return (x + scene.card_size[0] / 2, y + scene.card_size[1] / 2)


def hold(app, start, end, steps=6):
    """Press on `start` and move to `end` without letting go."""
    a, b = to_window(app, start), to_window(app, end)
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    frames(app)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        frames(app)
    return b


def let_go_off_every_place(app):
    off = to_window(app, (640, 340))  # between the room and the weapon: no place
    post(pygame.MOUSEMOTION, pos=off, rel=(0, 0), buttons=(1, 0, 0))
    frames(app)
    post(pygame.MOUSEBUTTONUP, pos=off, button=1)
    frames(app, 30)


def recorded(app) -> list:
    widgets.recording = []
    try:
        frames(app)
        return list(widgets.recording)
    finally:
        widgets.recording = None


def test_the_preview_of_a_held_monster_is_never_under_it(app):
    scene = start(app)
    health = scene.layout["health"]
    for point in (health.center, (health.x + 40, health.y + 200), (health.x + 60, health.y + 20)):
        end = hold(app, card_centre(scene, "KS"), point)
        notes = recorded(app)
        card_rect = next(r for k, r, d in notes if k == "card" and d == "KS")
        lines = [r for k, r, d in notes if k == "text" and str(d).startswith("Barehanded")]
        assert lines, "no preview while holding the card"
        for rect in lines:
            assert not rect.colliderect(card_rect), ("the preview lies under the held card", point)
        let_go_off_every_place(app)
        assert scene.session.actions == []
        del end


def glow_width(app, rect) -> int:
    """How many pixels of bright border run inward from the left edge of a glowing place."""
    vp = app.viewport
    r = vp.rect(*rect).inflate(vp.length(10), vp.length(10))
    y = r.centery
    count = 0
    for x in range(r.x, r.x + vp.length(20)):
        red, green, _, _ = app.surface.get_at((x, y))
        if red > 200 and green > 170:
            count += 1
    return count


def test_the_place_under_the_pointer_stands_out_among_the_glowing_ones(app):
    scene = start(app)
    hold(app, card_centre(scene, "KS"), scene.layout["health"].center)
    frames(app)
    assert set(scene.legal_zones("KS")) == {"health", "discard"}
    under = glow_width(app, scene.drop_zones()["health"])
    other = glow_width(app, scene.drop_zones()["discard"])
    assert under > other > 0, (under, other)
    let_go_off_every_place(app)


def test_the_card_counter_covers_no_room_card(app):
    start(app)
    key(app, pygame.K_c)
    notes = recorded(app)
    counter = next(r for k, r, d in notes if k == "panel" and d)  # the one opaque panel
    room = [r for k, r, d in notes if k == "card" and d in DEATH_TOP]
    assert len(room) == 4
    assert not any(counter.colliderect(r) for r in room)


def health_texts(app, scene):
    zone = app.viewport.rect(*scene.layout["health"].rect)
    return [(r, d) for k, r, d in recorded(app) if k == "text" and zone.contains(r)]


def test_health_reads_as_a_number_over_twenty_with_a_real_minus(app):
    scene = start(app)
    click(app, card_centre(scene, "KS"))
    settle(app)
    texts = health_texts(app, scene)
    value = next(r for r, d in texts if d == "7")
    out_of = next(r for r, d in texts if d == "/ 20")
    assert 0 < out_of.x - value.right <= app.viewport.length(14)
    click(app, card_centre(scene, "KC"))
    settle(app)
    texts = health_texts(app, scene)
    assert any(d == "\u22126" for r, d in texts), texts
    assert not any("-" in str(d) for r, d in texts)


def test_the_counter_is_readable_at_every_size(app):
    from tests.ui.test_readable import check
    start(app)
    key(app, pygame.K_c)
    assert check(app, "scoundrel counting") == []
