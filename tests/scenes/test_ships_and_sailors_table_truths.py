"""Ships and Sailors shows what happened, where it happened (issue 24): a trick won by a human
slides to its winner like any other, the penalty colour dialog leaves the hand in sight and
colours each choice, Confirm pile is on screen only while it can be used, and a hint lights
the pile cards it means."""
import pygame

from game.engine import ships_and_sailors as rules
from game.scenes.pass_and_play import Seat
from game.scenes.ships_and_sailors import TRICK_HOLD, ChoiceDialog
from game.ui import ships_and_sailors_art as art

from .driver import click, frames, key

ONE_HUMAN = [Seat("Anna"), Seat("Cora", "computer", "hard"), Seat("Dan", "computer", "easy"),
             Seat("Eve", "computer", "hard")]


def start(app, seed=5, speed="instant"):
    app.settings.animation_speed = speed
    app.start_game("ships_and_sailors", seed, None, seats=list(ONE_HUMAN))
    return app.top


def grab_point(scene, code):
    sprite = scene.table.sprites[code]
    return (sprite.pos[0] + 8, sprite.pos[1] + sprite.size[1] / 2)


def run_until(app, scene, wanted, limit=6000, play=None):
    """Frames until `wanted()`; the human's moves before that are made through the scene
    (`play(view, legal)` may choose a card, clicked for real)."""
    for _ in range(limit):
        if wanted():
            return
        frames(app)
        if app.top is not scene:
            if isinstance(app.top, ChoiceDialog) or hasattr(app.top, "row"):
                key(app, pygame.K_RETURN) if isinstance(app.top, ChoiceDialog) else click(
                    app, app.top.row.buttons[0].rect.center)
            continue
        if wanted():
            return
        if scene.accepts_moves() and not scene.table.busy:
            view, legal = scene.session.view(scene.viewer), scene.session.legal_actions()
            if view.phase == rules.PLAY and play is not None:
                click(app, grab_point(scene, play(view, legal).card))
            else:
                scene.act(legal[-1])
    raise AssertionError("never happened")


def test_a_trick_won_by_the_human_slides_to_their_won_pile_on_its_own(app):
    scene = start(app, speed="normal")
    highest = lambda view, legal: max(legal, key=lambda a: rules.VALUE[a.card])  # noqa: E731
    won = lambda: any(rules.trick_winner(t) == 0 for t in scene.session.view(0).tricks)  # noqa: E731
    run_until(app, scene, won, play=highest)
    trick = next(t for t in scene.session.view(0).tricks if rules.trick_winner(t) == 0)
    assert scene.session.state.to_act == 0  # the winner leads: nothing else will move the table
    spot = scene.won_spot(0)
    seen_between = False
    for _ in range(int((TRICK_HOLD + 3) * 60)):
        frames(app)  # no input at all
        positions = [scene.table.sprites[c].pos for _, c in trick if c in scene.table.sprites]
        if any(p != spot and p != scene.trick_spot(s) for p, (s, _) in zip(positions, trick)):
            seen_between = True
    assert all(scene.table.sprites[c].pos == spot for _, c in trick), "the trick stayed put"
    assert seen_between, "the trick jumped to its winner without sliding"
    assert scene.accepts_moves()
