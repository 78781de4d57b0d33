"""A card the next move may lay at another size (Scoundrel's weapon, and a monster slain with
it) is rendered at that size by the card worker while the table waits: the move's frames show
the real card and its shadow, not stand-ins scaled in the frame (at 4K they took 3 ms of the
frame that lays the first weapon)."""
import pytest

from game.engine import scoundrel as rules
from game.scenes.game_scene import GameScene

from .driver import drag, frames, settle
from .test_scoundrel_scene import card_centre, centre, start

DECK = ["10D", "2C", "KS", "9H"] + [c for c in rules.DECK if c not in ("10D", "2C", "KS", "9H")]


def stand_ins_while(app, move) -> int:
    """How many frames drew a stand-in while `move` ran and its cards came to rest."""
    step, frames_standing_in = app.step, []

    def watched(dt):
        step(dt)
        frames_standing_in.append(app.art.stood_in_this_frame)
    app.step = watched
    try:
        move()
        settle(app)
    finally:
        del app.step
    return sum(frames_standing_in)


def waited(app) -> None:
    """Frames with the table still, then the card worker done with all it was asked."""
    frames(app, 3)
    app.art.wait()
    frames(app)


@pytest.mark.parametrize("ahead", [True, False])
def test_the_weapon_and_a_monster_for_it_show_at_once_at_the_weapons_size(app, monkeypatch, ahead):
    if not ahead:  # the same moves without it stand in: the check can fail
        monkeypatch.setattr(GameScene, "render_ahead", lambda self: None)
    scene = start(app, DECK)
    waited(app)
    took_up = stand_ins_while(app, lambda: drag(app, card_centre(scene, "10D"), centre(scene, "weapon")))
    waited(app)
    slew = stand_ins_while(app, lambda: drag(app, card_centre(scene, "2C"), centre(scene, "weapon")))
    assert scene.session.actions == ["face 10D", "face 2C with weapon"]
    if ahead:
        assert (took_up, slew) == (0, 0)
    else:
        assert took_up > 0


def test_sizes_ahead_are_the_weapons_for_a_room_and_its_monsters_once_one_is_held(app):
    scene = start(app, DECK)
    size = scene.weapon_size()
    assert scene.sizes_ahead() == {"10D": size}
    drag(app, card_centre(scene, "10D"), centre(scene, "weapon"))
    settle(app)
    assert scene.sizes_ahead() == {"2C": size, "KS": size}
