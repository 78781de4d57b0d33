"""The solitaires on tall and wide tables: rows held together by the map's anchors, the extra
room given to Scoundrel's weapon and health and to the Bogey's columns."""
import pygame
import pytest

from game.engine import bogey
from game.scenes.bogey import STEP_SHOWN
from game.ui import layout as layouts
from tests.scenes.driver import click, drag, settle
from tests.ui.test_readable import SIZES, resize

TALL = (1024, 1366)  # a portrait window: a 1280x1707 table


def test_anchors_hold_the_rows_and_give_the_height_to_one_band():
    base = layouts.load("scoundrel")
    tall = layouts.fit(base, (1280, 1707))
    for name in ("room1", "dungeon", "avoid", "undo"):  # the rows under the title stay close
        assert tall[name].y - tall["title"].y == base[name].y - base["title"].y
        assert tall[name].h == base[name].h
    gap = base["status"].y - base["weapon"].y - base["weapon"].h
    for name in ("weapon", "health"):  # ...and the panels take the height down to the status
        assert tall[name].y - tall["title"].y == base[name].y - base["title"].y
        assert tall["status"].y - tall[name].y - tall[name].h == pytest.approx(gap)
        assert tall[name].h > base[name].h + 800
    plain = layouts.load("doubloons")  # a map without anchors spreads as before
    assert layouts.hold(plain, layouts.fit(plain, (1280, 1707))) == layouts.fit(plain, (1280, 1707))


@pytest.mark.parametrize("game_id", ["scoundrel", "bogey"])
def test_anchored_maps_keep_piles_whole_apart_and_inside(game_id):
    base = layouts.load(game_id)
    for w, h in SIZES:
        scale = max(0.5, min(w / 1280, h / 800))
        size = (round(w / scale), round(h / scale))
        table = layouts.fit(base, size)
        rects = {}
        for name, place in table.places.items():
            assert 0 <= place.x and place.x + place.w <= size[0] + 0.5, (name, size)
            assert 0 <= place.y and place.y + place.h <= size[1] + 0.5, (name, size)
            if place.kind in ("pile", "button"):
                assert (place.w, place.h) == (base[name].w, base[name].h)
            rects[name] = pygame.Rect(place.rect)
        for a in rects:
            for b in rects:
                apart = not pygame.Rect(base[a].rect).colliderect(pygame.Rect(base[b].rect))
                if a < b and apart:
                    assert not rects[a].colliderect(rects[b]), (a, b, size)


def weapon_held(app):
    app.settings.animation_speed = "instant"
    app.start_game("scoundrel", 3)
    scene = app.top
    while not scene.view().weapon:
        scene.act(scene.hint().action)
        scene.table.finish_all()
    return scene


def test_scoundrel_stacks_its_panels_and_shows_a_larger_weapon_on_a_tall_table(app):
    scene = weapon_held(app)
    side = scene.panels()
    assert side["weapon"].y == side["health"].y  # side by side, as in the map
    resize(app, TALL)
    scene.table.finish_all()
    stacked = scene.panels()
    weapon, health = stacked["weapon"], stacked["health"]
    assert (weapon.x, weapon.w) == (health.x, health.w)
    assert weapon.y + weapon.h < health.y
    assert weapon.w > side["weapon"].w + side["health"].w  # as wide as the two were together
    sprite = scene.table.sprites[scene.view().weapon]
    assert sprite.size[0] > scene.card_size[0] * 1.3
    card = pygame.Rect(sprite.pos, sprite.size)
    assert pygame.Rect(weapon.rect).contains(card)
    assert scene.health_scale(health) > 1.3  # the health panel's words grow too


def test_the_weapon_or_barehanded_buttons_follow_their_card_on_resize(app):
    from tests.scenes.test_scoundrel_scene import WIN_DECK, card_centre, start
    scene = start(app, WIN_DECK)
    click(app, card_centre(scene, "10D"))  # the weapon
    settle(app)
    click(app, card_centre(scene, "AS"))  # a monster it can face: weapon or barehanded?
    assert scene.choice == "AS"
    resize(app, (2560, 1080))
    settle(app)
    x, y = scene.table.sprites["AS"].target
    barehanded = scene.choice_row.buttons[1]
    assert barehanded.rect.x == pytest.approx(x - 20, abs=1)
    assert barehanded.rect.y == pytest.approx(y + scene.card_size[1] + 56, abs=1)
    click(app, barehanded.rect.center)
    settle(app)
    assert scene.session.actions[-1] == "face AS barehanded"


def test_bogey_columns_go_to_two_rows_of_larger_cards_on_a_portrait_table(app):
    app.settings.animation_speed = "instant"
    app.start_game("bogey", 3)
    scene = app.top
    assert scene.grid() == (1, 1.0)
    resize(app, TALL)
    rows, scale = scene.grid()
    assert rows == 2 and scale > 1.3
    w, h = scene.column_size()
    zone = pygame.Rect(scene.layout["columns"].rect)
    rects = [scene.column_rect(i) for i in range(bogey.MAX_COLUMNS)]
    for i, rect in enumerate(rects):
        assert zone.contains(rect)
        assert not any(rect.colliderect(other) for other in rects[i + 1:])
        assert rect.top <= scene.column_pos(i)[1] and rect.w >= w
    margin = scene.layout["column1"].y - scene.layout["columns"].y
    for _top, height in scene.bands():  # a full column (king to ace) fits in its row
        assert height - 2 * margin - h >= 12 * STEP_SHOWN * h - 1e-6


def test_a_card_dragged_into_the_second_row_starts_a_column_there(app):
    app.settings.animation_speed = "instant"
    app.start_game("bogey", 5)
    scene = app.top
    resize(app, TALL)
    view = scene.view()
    while not (len(view.columns) == 6 and view.phase == bogey.PLAYER and view.hand):
        legal = [str(a) for a in scene.session.legal_actions()]
        new = [a for a in legal if a.endswith("new")]
        scene.act(new[0] if new and len(view.columns) < 6 else
                  "end turn" if "end turn" in legal else legal[0])
        scene.table.finish_all()
        view = scene.view()
        assert len(view.columns) <= 6 and not scene.session.is_over()
    app.settings.animation_speed = scene.table.speed = "fast"
    code = view.hand[0]
    x, y = scene.table.sprites[code].pos
    target = scene.drop_zones()["new"]
    assert target.y > scene.column_rect(0).bottom  # the seventh column is in the second row
    drag(app, (x + 20, y + 20), (target.centerx, target.y + 60))
    settle(app)
    assert scene.view().columns[6][0] == code
    assert scene.table.sprites[code].size == pytest.approx(scene.column_size())


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["scoundrel", "bogey"])
def test_a_hinted_game_is_readable_at_every_size(app, game_id):
    """Random moves end a Scoundrel game within a few rooms: the hint's play reaches the long
    weapon chains and full columns, checked at every window shape."""
    from tests.ui.test_readable import check
    app.settings.animation_speed = "instant"
    app.start_game(game_id, 3)
    scene = app.top
    found, moves = [], 0
    while not scene.session.is_over() and moves < 400:
        if moves % 12 == 0:
            found += check(app, f"{game_id} after {moves} hinted moves")
        scene.act(scene.hint().action)
        scene.table.finish_all()
        moves += 1
    assert moves > 24
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


def test_on_a_tall_table_cards_are_dropped_on_the_stacked_panels(app):
    from tests.scenes.test_scoundrel_scene import WIN_DECK, card_centre, start
    scene = start(app, WIN_DECK)
    resize(app, TALL)
    settle(app)
    panels = scene.panels()
    assert panels["health"].y > panels["weapon"].y + panels["weapon"].h
    drag(app, card_centre(scene, "10D"), panels["weapon"].center)
    settle(app)
    drag(app, card_centre(scene, "9H"), panels["health"].center)
    settle(app)
    assert scene.session.actions == ["face 10D", "face 9H"]
    weapon = scene.table.sprites["10D"]
    assert pygame.Rect(panels["weapon"].rect).contains(pygame.Rect(weapon.pos, weapon.size))
