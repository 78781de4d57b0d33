"""Captions are placed once for what they depend on (placing them every frame took 2 ms at
eight seats) and again as soon as a caption, a card or a button they must not hide changes."""
from game.scenes.pass_and_play import Seat

from .driver import frames, settle


def fresh(scene) -> dict:
    scene._captions_placed = None
    return scene.place_captions()


def test_captions_are_placed_again_only_when_what_they_avoid_changes(app, monkeypatch):
    app.settings.animation_speed = "instant"
    seats = [Seat("Anna")] + [Seat(f"Bot {i}", "computer", "random") for i in (1, 2, 3)]
    app.start_game("abandon_ship", 21, None, seats=seats)
    scene = app.top
    settle(app)
    scene.captions = {1: [["Bot 1 takes the 9♥"], 5.0], 2: [["Bot 2 passes"], 5.0]}
    placed = []
    place = scene._place_captions
    monkeypatch.setattr(scene, "_place_captions", lambda taken: placed.append(1) or place(taken))
    first = scene.place_captions()
    assert set(first) == {1, 2} and len(placed) == 1
    frames(app, 3)
    assert scene.place_captions() == first and len(placed) == 1  # nothing changed
    scene.captions[2] = [["Bot 2 passes", "Bot 2 takes the lifeboat of 7 treasure"], 5.0]
    assert scene.place_captions() == fresh(scene) and len(placed) == 3  # a caption grew
    sprite = next(iter(scene.table.sprites.values()))
    sprite.target = (sprite.target[0] + 200, sprite.target[1])  # a card it avoids moved
    again = scene.place_captions()
    assert len(placed) == 4 and again == fresh(scene)
