"""Ships and Sailors shows what happened, where it happened (issue 24): a trick won by a human
slides to its winner like any other, the penalty colour dialog leaves the hand in sight and
colours each choice, Confirm pile is on screen only while it can be used, and a hint lights
the pile cards it means."""
import pygame

from game.engine import ships_and_sailors as rules
from game.scenes.pass_and_play import Seat
from game.scenes.ships_and_sailors import TRICK_HOLD, ChoiceDialog
from game.ui import ships_and_sailors_art as art
from game.ui import widgets

from .driver import click, drag, frames, key

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
        if wanted():
            return
        if app.top is not scene:
            if isinstance(app.top, ChoiceDialog) or hasattr(app.top, "row"):
                key(app, pygame.K_RETURN) if isinstance(app.top, ChoiceDialog) else click(
                    app, app.top.row.buttons[0].rect.center)
            continue
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


def drawn(app, kind):
    """(rect, detail) of every `kind` drawn in the next frame."""
    widgets.recording = []
    try:
        frames(app)
        return [(r, d) for k, r, d in widgets.recording if k == kind]
    finally:
        widgets.recording = None


def test_the_penalty_dialog_leaves_the_hand_in_sight_and_colours_each_choice(app):
    scene = start(app)
    run_until(app, scene, lambda: isinstance(app.top, ChoiceDialog))
    dialog = app.top
    view = scene.session.view(0)
    assert view.phase == rules.PENALTY and view.dealer == 0
    frames(app)
    panel = pygame.Rect(dialog.panel)
    for code in view.hand:
        sprite = scene.table.sprites[code]
        assert not panel.colliderect(pygame.Rect(*sprite.pos, *sprite.size)), code
    vp, surface = app.viewport, app.surface
    for button, (_, action) in zip(dialog.row.buttons, dialog.choices):
        ink = art.colour_ink(action.target)
        assert rules.COLOUR_SYMBOLS[action.target] in button.text
        r = vp.rect(*button.rect)
        pixels = {tuple(surface.get_at((x, y)))[:3] for x in range(r.x, r.right, 2)
                  for y in range(r.y, r.bottom, 2)}
        assert ink in pixels, (action.target, ink)  # drawn in its own colour
    sprite = scene.table.sprites[view.hand[0]]
    middle = vp.point(sprite.pos[0] + sprite.size[0] / 2, sprite.pos[1] + 4)
    fresh = app.surface.copy()
    assert fresh.get_at(middle) == surface.get_at(middle)
    assert sum(surface.get_at(middle)[:3]) > 400  # the hand is not dimmed (a card's pale face)
    from tests.ui.test_readable import check
    assert check(app, "the penalty colour dialog") == []
    key(app, pygame.K_1)
    assert scene.session.view(0).penalty is not None


def confirm_drawn(app) -> bool:
    return any("Confirm pile" in d for _, d in drawn(app, "button"))


def test_confirm_pile_is_on_the_table_only_while_a_pile_is_being_made(app):
    scene = start(app)
    run_until(app, scene, lambda: scene.accepts_moves()
              and scene.session.view(0).phase == rules.PILES)
    assert confirm_drawn(app)
    view = scene.session.view(0)
    pile = rules.pile_choices(view.hand)[0]
    for code in pile:
        click(app, grab_point(scene, code))
    assert scene.act_button.enabled and confirm_drawn(app)
    key(app, pygame.K_RETURN)
    assert scene.session.view(0).pile_made[0]
    phases = set()
    for _ in range(3000):
        if scene.session.view(0).phase == rules.PLAY and len(scene.session.view(0).tricks) >= 2:
            break
        phases.add(scene.session.view(0).phase)
        assert not confirm_drawn(app), scene.session.view(0).phase
        if app.top is not scene:
            key(app, pygame.K_RETURN)
        elif scene.accepts_moves() and not scene.table.busy:
            scene.act(scene.session.legal_actions()[0])
    assert {rules.ASSIGN, rules.PENALTY, rules.PLAY} <= phases


def test_a_hint_about_a_pile_lights_all_three_cards(app):
    scene = start(app)
    run_until(app, scene, lambda: scene.accepts_moves()
              and scene.session.view(0).phase == rules.PILES)
    key(app, pygame.K_h)
    for _ in range(600):
        if scene.hint_thinking is None:
            break
        frames(app)
    assert scene.status[0].startswith("Hint:")
    action = next(a for a in scene.session.legal_actions()
                  if scene.action_words(str(a)) in scene.status[0])
    frames(app)
    for code in action.target:
        assert gold_above(app, scene.table.sprites[code]), code


def gold_above(app, sprite) -> bool:
    """Whether a gold edge runs along the top of the part of `sprite` that shows."""
    x, y = app.viewport.point(sprite.pos[0] + 6, sprite.pos[1])
    pixels = [tuple(app.surface.get_at((x, y + dy)))[:3] for dy in range(-4, 1)]
    return any(r > 140 and g > 100 and b < 90 and r > b + 80 for r, g, b in pixels)


def test_a_refused_card_slides_home_above_the_dimmed_hand(app):
    scene = start(app, speed="normal")
    run_until(app, scene, lambda: scene.accepts_moves() and not scene.table.busy
              and scene.session.view(0).phase == rules.PLAY
              and len(rules.playable(scene.session.view(0).hand,
                                     scene.session.view(0).trick)) < len(scene.session.view(0).hand))
    view = scene.session.view(0)
    playable = set(rules.playable(view.hand, view.trick))
    hand = sorted(view.hand, key=lambda c: (rules.COLOURS.index(rules.COLOUR_OF[c]),
                                            rules.VALUE[c]))
    pairs = [(hand[i], hand[i + 1]) for i in range(len(hand) - 1)
             if hand[i] not in playable and hand[i + 1] not in playable]
    refused, neighbour = pairs[0]
    drag(app, grab_point(scene, refused), scene.layout["trick"].center)
    assert scene.status[1] == "error"
    sprite, right = scene.table.sprites[refused], scene.table.sprites[neighbour]
    vp, checked = app.viewport, 0
    for _ in range(60):
        frames(app)
        if not sprite.busy:
            break
        mine = pygame.Rect(*sprite.pos, *sprite.size)
        theirs = pygame.Rect(*right.pos, *right.size)
        both = mine.clip(theirs)
        if both.w < 6 or both.h < 6:
            continue
        face = app.art.face(refused, vp.length(sprite.size[0]), vp.length(sprite.size[1]))
        x, y = vp.point(both.centerx, both.centery)
        sx, sy = vp.point(*sprite.pos)
        assert tuple(app.surface.get_at((x, y))) == tuple(face.get_at((x - sx, y - sy))), \
            "the returning card is dimmed by the hand's overlay"
        checked += 1
    assert checked


def test_a_computers_move_just_before_the_humans_turn_opens_no_stale_dialog(app):
    """A computer picking partners, then the human to lead: the table must not open a partner
    dialog from the view it read before the computer moved (it crashed on the play moves).
    With three seats, the third hand is dealt by a computer, which picks partners, and the
    human leads."""
    app.settings.animation_speed = "instant"
    app.start_game("ships_and_sailors", 4, None, seats=list(ONE_HUMAN[:3]))
    scene = app.top
    hands = set()
    for i in range(20000):
        frames(app)
        if app.top is not scene:
            if isinstance(app.top, ChoiceDialog):
                assert scene.session.view(0).phase in (rules.PENALTY, rules.PARTNERS)
            buttons = getattr(app.top, "row", None)
            click(app, buttons.buttons[0].rect.center)
            continue
        if scene.accepts_moves() and not scene.table.busy:
            legal = scene.session.legal_actions()
            scene.act(legal[i % len(legal)])
        hands.add(scene.session.state.hand_no)
        if len(hands) > 3 or scene.session.is_over():
            break
    assert len(hands) > 3 or scene.session.is_over()


def test_the_penalty_dialog_leaves_the_hand_bright_and_in_sight_at_every_window_shape(app,
                                                                                     monkeypatch):
    """Issue 26: the dialog is drawn at the design size, centred, while the table reflows;
    lifted above the hand and shading only what lies above it, measured in the window, also
    after a resize with the dialog open."""
    from game.scenes import ships_and_sailors
    from tests.ui.test_readable import resize
    scene = start(app)
    run_until(app, scene, lambda: isinstance(app.top, ChoiceDialog))
    dialog = app.top
    shaded = []
    real_shade = ships_and_sailors.shade
    monkeypatch.setattr(ships_and_sailors, "shade",
                        lambda surface, area=None: shaded.append(area) or real_shade(surface,
                                                                                     area=area))
    for size in ((900, 900), (1024, 1366), (640, 400), (2560, 1080), (1280, 800)):
        resize(app, size)
        scene.table.finish_all()
        shaded.clear()
        frames(app)
        panel = dialog.viewport.rect(*dialog.panel)
        cards = [scene.viewport.rect(*scene.table.sprites[c].pos, *scene.card_size)
                 for c in scene.session.view(0).hand]
        hand_top = min(r.top for r in cards)
        assert all(not panel.colliderect(r) for r in cards), size
        assert shaded and hand_top - 12 <= shaded[-1].bottom <= hand_top, (size, shaded, hand_top)
