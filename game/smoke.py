"""`deckhand --smoke`: open the window, play every game a little through real events, exit.

It proves a build works end to end: the window opens, the assets load, the menu starts each
playable game, cards move under posted mouse events, Esc and M lead back to the menu.
User data goes to a temporary folder unless DECKHAND_HOME is set. Exit code 0 means all
went well; any failure prints its traceback and gives 1.
"""
from __future__ import annotations

import os
import tempfile
import traceback

import pygame

from .driver import click, drag, frames, key, settle

MOVES = 3


def run(size=(1280, 800)) -> int:
    saved = os.environ.get("DECKHAND_HOME")
    try:
        with tempfile.TemporaryDirectory(prefix="deckhand-smoke-") as home:
            os.environ["DECKHAND_HOME"] = saved or home
            smoke(size)
    except Exception:  # noqa: BLE001 - any failure is the smoke test's answer
        traceback.print_exc()
        return 1
    finally:
        pygame.quit()
        if saved is None:
            os.environ.pop("DECKHAND_HOME", None)
    print("smoke: ok", flush=True)
    return 0


def smoke(size) -> None:
    from .app import App
    from .scenes.dialogs import PauseMenu
    from .scenes.game_scene import GameScene
    from .scenes.menu import MainMenu

    app = App(size)
    frames(app)
    print("smoke: first menu frame", flush=True)
    menu = app.top
    check(isinstance(menu, MainMenu), f"the first scene is {menu!r}, not the main menu")
    check(menu.ids, "the menu offers no playable game")
    for game_id, rect in menu.rows:
        click(app, rect.center)
        for _ in range(3):  # a new-game screen before the deal: take its defaults
            if isinstance(app.top, GameScene):
                break
            key(app, pygame.K_RETURN)
        scene = app.top
        check(isinstance(scene, GameScene) and scene.game_id == game_id,
              f"clicking {game_id} in the menu opened {scene!r}")
        settle(app)
        played = [play_one(app, scene) for _ in range(MOVES) if not scene.session.is_over()]
        print(f"smoke: {game_id}: " + "; ".join(played), flush=True)
        if app.top is scene:
            key(app, pygame.K_ESCAPE)
            check(isinstance(app.top, PauseMenu), f"{game_id}: Esc did not open the pause menu")
        key(app, pygame.K_m)
        check(app.stack == [menu], f"{game_id}: M did not return to the main menu")
    key(app, pygame.K_q)
    check(not app.running, "Q in the main menu did not quit")


def play_one(app, scene) -> str:
    """Carry out the first legal action that moves a card on screen: drag it, else click it."""
    session = scene.session
    wait_for_turn(app, scene)
    settle(app)
    before = len(session.actions)
    for action in session.legal_actions():
        code = getattr(action, "card", None)
        sprite = scene.table.sprites.get(code) if code else None
        if sprite is None:
            continue
        w, h = sprite.size
        centre = (sprite.pos[0] + w / 2, sprite.pos[1] + h / 2)
        zones = [rect for zone, rect in scene.drop_zones().items()
                 if scene.drop_action(code, zone)[0] == str(action)]
        if zones and scene.can_drag(code):
            drag(app, centre, zones[0].center)
        else:
            click(app, centre)
        settle(app)
        check(len(session.actions) > before,
              f"{scene.game_id}: playing {action} changed nothing ({scene.status[0]!r})")
        return session.actions[before]
    for shortcut in CARDLESS_KEYS:  # surrender, end turn, deal next round...
        key(app, shortcut)
        settle(app)
        if len(session.actions) > before:
            return session.actions[before]
    raise AssertionError(f"{scene.game_id}: no legal action moves a card on screen: "
                         + ", ".join(map(str, session.legal_actions())))


CARDLESS_KEYS = (pygame.K_s, pygame.K_SPACE, pygame.K_RETURN)


def wait_for_turn(app, scene, limit: int = 3600) -> None:
    """Let computer seats play until the player at the screen may move; Enter passes any
    screen in between (a hand-off, a round summary)."""
    for _ in range(limit):
        if app.top is scene and scene.accepts_moves():
            return
        if app.top is not scene:
            key(app, pygame.K_RETURN)
        frames(app)
    raise AssertionError(f"{scene.game_id}: the player's turn never came")


def check(condition, message: str) -> None:
    if not condition:
        raise AssertionError(message)
