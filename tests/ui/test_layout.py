"""Table layouts come from assets/layouts/<game>.tmx: moving an object there moves it in the game."""
from dataclasses import replace

import pytest

from game.scenes.registry import playable
from game.ui import layout as layouts


@pytest.mark.parametrize("game_id", playable())
def test_every_playable_game_has_a_layout_with_its_card_size(game_id):
    from game.scenes.registry import scene_for
    table = layouts.load(game_id)
    assert table.width == 1280 and table.height == 800
    assert scene_for(game_id).size_from in table
    for place in table.places.values():
        assert place.kind in ("pile", "zone", "button", "label")
        assert 0 <= place.x and place.x + place.w <= table.width
        assert 0 <= place.y and place.y + place.h <= table.height


def test_moving_a_pile_in_the_map_moves_it_in_the_game(app, monkeypatch):
    original = layouts.load("scoundrel")
    moved = replace(original, places={**original.places,
                                      "room2": replace(original["room2"], x=333.0, y=444.0)})
    monkeypatch.setattr(layouts, "load", lambda game_id: moved)
    app.settings.animation_speed = "instant"
    app.start_game("scoundrel", 3)
    scene = app.top
    code = scene.session.state.room[1]
    placed = layouts.fit(moved, app.viewport.logical)["room2"]
    unmoved = layouts.fit(original, app.viewport.logical)["room2"]
    assert scene.table.sprites[code].pos == (placed.x, placed.y) != (unmoved.x, unmoved.y)


def test_fitting_keeps_order_size_and_the_window():
    """Spread over any table, places stay inside it and keep their order both ways; piles and
    buttons keep their size, zones and labels grow."""
    for game_id in playable():
        base = layouts.load(game_id)
        for size in ((1280, 800), (1280, 1280), (1896, 800), (1280, 1707), (1422, 800)):
            table = layouts.fit(base, size)
            for name, p in base.places.items():
                q = table[name]
                assert -0.01 <= q.x and q.x + q.w <= size[0] + 0.01, (game_id, size, name)
                assert -0.01 <= q.y and q.y + q.h <= size[1] + 0.01, (game_id, size, name)
                if p.kind in ("pile", "button") and not dict(p.properties).get("stretch"):
                    assert (q.w, q.h) == (p.w, p.h)
                for other, o in base.places.items():
                    r = table[other]
                    if p.x + p.w <= o.x:
                        assert q.x + q.w <= r.x + 1e-6, (game_id, size, name, other)
                    if p.y + p.h <= o.y:
                        assert q.y + q.h <= r.y + 1e-6, (game_id, size, name, other)


def test_a_place_can_say_how_it_stretches():
    base = layouts.Layout(1280, 800, {
        "hand": layouts.Place("hand", "zone", 100, 500, 1000, 200, (("stretch", "x"),)),
        "deck": layouts.Place("deck", "pile", 100, 100, 140, 196),
        "log": layouts.Place("log", "zone", 1140, 100, 100, 300),
    })
    wide = layouts.fit(base, (2560, 1600))
    assert wide["hand"].h == 200 and wide["hand"].w > 1000
    assert wide["log"].h > 300 and wide["deck"].w == 140


STANDARD_DECK_GAMES = [("scoundrel", None), ("bogey", None), ("abandon_ship", None),
                       ("lamarckian_poker", None), ("pirate_rummy", {"deck": "standard"})]


def hidden_indices(app, card_set) -> list:
    """Face-up cards that show some of themselves but not their corner index in `card_set`
    (a card wholly under another, as in a squared pile, is not showing)."""
    import pygame

    from game.engine.cards import FULL_DECK
    from game.ui.cardart import _standard_alias, index_rect
    vp = app.viewport
    order = [s for s in app.current_game().table.in_draw_order() if not s.retiring]
    rects = [pygame.Rect(vp.point(*s.pos), (vp.length(s.size[0]), vp.length(s.size[1]))) for s in order]
    out = []
    for i, sprite in enumerate(order):
        if not sprite.face_up:
            continue
        card = rects[i]
        above = [r for r in rects[i + 1:] if r.colliderect(card)]
        if any(r.clip(card).w * r.clip(card).h > 0.8 * card.w * card.h for r in above):
            continue  # under another card, as in a pile
        code = sprite.code.rstrip("*")
        code = code if code in FULL_DECK else _standard_alias(code)  # Pirate Rummy's numbers
        if code is None:
            continue  # a card of a game's own deck
        index = index_rect(card_set, code, card.w, card.h).move(card.topleft)
        covering = [r for r in above if r.colliderect(index.inflate(-2, -2))]  # not its fringe
        if covering:
            out.append(f"{sprite.code} at {card}: index {index} under {covering[0]}")
    return out


@pytest.mark.parametrize("game_id, options", STANDARD_DECK_GAMES)
def test_a_fanned_card_shows_its_index_in_every_card_set(app, game_id, options):
    import pygame

    from game.ui.cardart import CARD_SETS
    app.settings.animation_speed = "instant"
    app.start_game(game_id, 3, options)
    scene = app.current_game()
    session = scene.session
    pick = __import__("random").Random(3)
    found, moves = [], 0
    while not session.is_over() and moves < 400:
        if moves % 25 == 0:
            for size in ((1280, 800), (1920, 1080), (640, 400)):
                pygame.display.set_mode(size, pygame.RESIZABLE)
                app.on_resize(size)
                scene.table.finish_all()
                for card_set in CARD_SETS:
                    found += [f"{card_set} {size}, move {moves}: {p}" for p in hidden_indices(app, card_set)]
        for name in ("thinking", "bot_choice"):
            if hasattr(scene, name):
                setattr(scene, name, None)
        scene.act(pick.choice(session.legal_actions()))
        scene.table.finish_all()
        session = scene.session
        moves += 1
    assert not found, "\n".join(found[:20]) + f"\n({len(found)} problems)"
