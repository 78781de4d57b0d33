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
    assert scene.table.sprites[code].pos == (333.0, 444.0)


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
