"""Pirate Rummy shows a meld's fault in red only while it is the human's own play to mend:
a computer's half-made turn is no error on the screen (issue 24)."""
import pygame

from game.scenes.pass_and_play import Seat
from game.ui import widgets

from .driver import click, frames, post, to_window

SEATS = [Seat("Anna"), Seat("Cora", "computer", "hard"), Seat("Dan", "computer", "easy")]


def test_no_red_fault_during_a_computers_turn(app):
    app.settings.animation_speed = "instant"
    app.start_game("pirate_rummy", 4, None, seats=list(SEATS))
    scene = app.top
    for _ in range(3000):
        frames(app)
        if app.top is not scene:
            click(app, app.top.row.buttons[0].rect.center)
            continue
        view = scene.session.view(0)
        faulty = [(s, j) for s in range(view.seats) for j, f in enumerate(view.faults[s]) if f]
        if view.to_act not in (0, None) and faulty:
            break
        if scene.accepts_moves() and not scene.table.busy:
            scene.act(scene.session.legal_actions()[-1])
    else:
        raise AssertionError("no computer's turn with a fault came")
    scene.thinking = scene.bot_choice = None
    scene.bot_wait = 1e9  # the computer holds its half-made turn while we look
    seat, j = faulty[0]
    code = next(c for c, w in scene.geometry()[2].items() if w == (seat, j))
    sprite = scene.table.sprites[code]
    post(pygame.MOUSEMOTION, pos=to_window(app, (sprite.pos[0] + 6, sprite.pos[1] + 10)),
         rel=(0, 0), buttons=(0, 0, 0))
    frames(app)
    assert scene.hover_code == code
    widgets.recording = []
    try:
        frames(app)
        texts = [d for k, _, d in widgets.recording if k == "text"]
    finally:
        widgets.recording = None
    assert not any("Outlined in red" in t for t in texts), texts
    vp = app.viewport
    zone = vp.rect(*scene.drop_zones()[f"meld:{seat}:{j}"])
    red = (232, 84, 72)
    assert not any(tuple(app.surface.get_at((x, zone.y)))[:3] == red
                   for x in range(zone.x, zone.right)), "a computer's meld is outlined in red"
