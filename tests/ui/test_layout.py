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
