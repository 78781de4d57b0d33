"""Abandon Ship: a hint lights where its card goes, the seat to attack or the lifeboat, as
well as the card (issue 24)."""
import pygame

from game.scenes.pass_and_play import Seat

from .driver import click, frames, key

ONE_HUMAN = [Seat("Anna"), Seat("Cora", "computer", "hard"), Seat("Dan", "computer", "easy"),
             Seat("Eve", "computer", "hard")]


def glow_on_top_edge(app, rect) -> bool:
    x, y = app.viewport.point(rect.centerx, rect.y - 5)
    pixels = [tuple(app.surface.get_at((x, y + dy)))[:3] for dy in range(-3, 3)]
    return any(r > 140 and g > 100 and b < 90 and r > b + 80 for r, g, b in pixels)


def test_a_hint_to_attack_lights_the_seat_attacked(app):
    app.settings.animation_speed = "instant"
    app.start_game("abandon_ship", 21, None, seats=list(ONE_HUMAN))
    scene = app.top
    for _ in range(8000):
        frames(app)
        if app.top is not scene:
            click(app, app.top.row.buttons[0].rect.center)
            continue
        if not scene.accepts_moves() or scene.table.busy:
            continue
        key(app, pygame.K_h)
        while scene.hint_thinking is not None:
            frames(app)
        text = next(str(a) for a in scene.session.legal_actions()
                    if scene.action_words(str(a)) in scene.status[0])
        if text.startswith("attack"):
            target = int(text.split()[2]) - 1
            frames(app)
            assert glow_on_top_edge(app, pygame.Rect(scene.panel_of(target).rect))
            others = [s for s in range(1, 4) if s != target]
            assert not any(glow_on_top_edge(app, pygame.Rect(scene.panel_of(s).rect))
                           for s in others)
            return
        scene.act(text)
    raise AssertionError("no hint to attack came")


def test_a_hint_to_put_a_card_in_a_lifeboat_lights_the_lifeboat(app):
    from game.engine import abandon_ship as rules
    app.settings.animation_speed = "instant"
    app.start_game("abandon_ship", 21, None, seats=list(ONE_HUMAN))
    scene = app.top
    for _ in range(8000):
        frames(app)
        if app.top is not scene:
            click(app, app.top.row.buttons[0].rect.center)
            continue
        if not scene.accepts_moves() or scene.table.busy:
            continue
        key(app, pygame.K_h)
        while scene.hint_thinking is not None:
            frames(app)
        text = next(str(a) for a in scene.session.legal_actions()
                    if scene.action_words(str(a)) in scene.status[0])
        if text.startswith("discard"):
            suit = rules.SUIT_OF[text.split()[1]]
            frames(app)
            assert glow_on_top_edge(app, pygame.Rect(scene.layout[f"boat_{suit}"].rect))
            return
        scene.act(text)
    raise AssertionError("no hint to put a card in a lifeboat came")
