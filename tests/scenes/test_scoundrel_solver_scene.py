"""The solver and the autoplayer at the Scoundrel table: winnable-only deals, the result
screen's verdict, a winning line shown on the table, the computer finishing a deal."""
import random

import pygame

from game.engine import scoundrel as rules
from game.engine import scoundrel_solver as solver
from game.scenes.dialogs import PauseMenu, ResultScreen
from game.scenes.scoundrel import pick_winnable_deal, winnable_deals
from game.store import stats

from .driver import frames, key
from .test_scoundrel_scene import DEATH_DECK
from .test_scoundrel_scene import start as start_scoundrel


def test_the_shipped_winnable_deals_load_and_are_winnable():
    deals = winnable_deals()
    assert len(deals) > 500 and list(deals) == sorted(set(deals))
    for seed in random.Random(2).sample(deals, 5):
        assert solver.winnable(seed) is True


def test_winnable_only_deals_only_deals_the_solver_proves_winnable():
    for rule in ("at_most", "below"):
        options = {"weapon_rule": rule, "deals": "winnable"}
        for i in range(3):
            seed = pick_winnable_deal(options, random.Random(i))
            assert solver.winnable(seed, options) is True


def test_a_winnable_only_table_deals_a_listed_deal(app):
    app.start_game("scoundrel", None, {"weapon_rule": "at_most", "deals": "winnable"})
    assert app.top.session.seed in winnable_deals()


def recklessly(state):
    """Fight the strongest monster barehanded, else face the first card: death comes fast."""
    legal = rules.legal_actions(state)
    bare = [a for a in legal if a.kind == "barehanded"]
    if bare:
        return max(bare, key=lambda a: rules.VALUE[a.card])
    return next(a for a in legal if a.text != "avoid room")


def test_the_result_screen_says_when_a_winnable_deal_was_lost_and_shows_a_winning_line(app):
    scene = start_scoundrel(app, None, seed=0)
    assert solver.solve(scene.session.states[0]).winnable
    while not scene.session.is_over():
        scene.act(recklessly(scene.session.state))
    assert scene.session.state.status == rules.DEAD
    for _ in range(20):
        frames(app, 30)
        if isinstance(app.top, ResultScreen):
            break
    screen = app.top
    text = " ".join(screen.lines)
    assert "could be won from the start" in text
    move = int(text.split("lost at move ")[1].split(":")[0])
    states = scene.session.states
    assert solver.solve(states[move - 1]).winnable and solver.solve(states[move]).winnable is False
    assert "Show a winning line" in [b.text for b in screen.row.buttons]
    key(app, pygame.K_w)
    assert app.top is scene and scene.autoplay
    for _ in range(400):
        frames(app, 30)
        if scene.session.is_over():
            break
    assert scene.session.state.status == rules.WON


def test_watch_the_computer_play_stops_at_a_key_and_does_not_count(app, monkeypatch):
    recorded = []
    monkeypatch.setattr(stats, "record", lambda *args, **kw: recorded.append(args))
    scene = start_scoundrel(app, DEATH_DECK, seed=11)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    assert "Watch the computer play" in [b.text for b in app.top.row.buttons]
    key(app, pygame.K_w)
    assert app.top is scene and scene.autoplay is not None
    for _ in range(100):
        frames(app, 10)
        if len(scene.session.actions) >= 2:
            break
    moved = len(scene.session.actions)
    assert moved >= 2
    key(app, pygame.K_SPACE)
    assert scene.autoplay is None
    frames(app, 120)
    assert len(scene.session.actions) == moved  # the game is the player's again
    while not scene.session.is_over():
        scene.act(rules.legal_actions(scene.session.state)[-1])
    frames(app, 120)
    assert recorded == []
