"""A monkey at the table: thousands of seeded random mouse and key events on every scene.

Nothing may raise, every card of every game on screen must be where the rules say exactly once,
and every autosave left behind must load. When the monkey quits the app, a new one is opened
and the monkey carries on (the saves it left are then offered to continue).
"""
import random
import re

import pygame
import pytest

from game.app import App
from game.engine import cards
from game.scenes.dialogs import PauseMenu, ResultScreen
from game.scenes.game_scene import GameScene
from game.scenes.registry import playable
from game.store import records, saves

FRAME = 1 / 60
SEED = 1234
ACTIONS_PER_START = 180   # each action posts 1 to 9 events: about 5,000 events in all
CARD_CODE = re.compile(r"(10|[2-9AJQK])[SHDC]\*?")  # "*": a second deck's card
NOT_HOLDING = {"last_faced", "last_round", "secret", "last_resolution", "log"}  # name cards held elsewhere
KEYS = ([pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_TAB,
         pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_HOME, pygame.K_END,
         pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_F1, pygame.K_KP_ENTER]
        + list(range(pygame.K_0, pygame.K_9 + 1)) + list(range(pygame.K_a, pygame.K_z + 1)))


# -- every card exactly once ---------------------------------------------------------
def card_codes(value):
    """Every card code held anywhere in a state's JSON."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in NOT_HOLDING:
                yield from card_codes(item)
    elif isinstance(value, list):
        for item in value:
            yield from card_codes(item)
    elif isinstance(value, str) and CARD_CODE.fullmatch(value):
        yield value


def full_deck(session) -> list:
    """The game's DECK, or else every card of its deal (a deck may depend on the seats)."""
    deck = getattr(session.rules, "DECK", None)
    if deck is None:
        deck = list(card_codes(session.rules.to_json(session.states[0])))
        assert set(deck) <= set(cards.FULL_DECK) | {c + "*" for c in cards.FULL_DECK}
    assert len(set(deck)) == len(deck), f"{session.game_id}: the deal holds a card twice"
    return sorted(deck)


def assert_all_cards_once(session):
    own = getattr(session.rules, "all_cards", None)
    if own is not None:  # a deck of its own: its rules say where every card is
        deck_of = getattr(session.rules, "deck_of", lambda options: session.rules.ALL_CARDS)
        assert sorted(own(session.state)) == sorted(deck_of(session.options)), session.game_id
        return
    own = getattr(session.rules, "cards_held", None)  # a deck of its own says where its cards are
    held = sorted(own(session.state) if own else card_codes(session.rules.to_json(session.state)))
    assert held == full_deck(session), f"{session.game_id}: cards lost or doubled"


def tables(app):
    """Every game on screen: game scenes in the stack and the tables of replay viewers."""
    for scene in app.stack:
        if isinstance(scene, GameScene):
            yield scene
        elif isinstance(getattr(scene, "game", None), GameScene):
            yield scene.game


def check(app):
    for scene in tables(app):
        if getattr(scene, "online", False):  # its cards are at the host: check them there
            host = scene.link.host
            if host is not None:
                assert_all_cards_once(host.table.session)
            continue
        assert_all_cards_once(scene.session)


# -- the monkey -------------------------------------------------------------------------
class Monkey:
    def __init__(self, rnd):
        self.rnd = rnd
        self.events = 0
        self.apps = 0
        self.app = self.new_app()

    def new_app(self):
        pygame.display.quit()
        self.apps += 1
        app = App((1280, 800))
        app.settings.animation_speed = self.rnd.choice(["fast", "instant"])
        return app

    def post(self, event_type, **attrs):
        pygame.event.post(pygame.event.Event(event_type, **attrs))
        self.events += 1

    def frames(self, n=1):
        for _ in range(n):
            if not self.app.running:
                self.app = self.new_app()
            self.app.step(FRAME)
        if not self.app.running:
            self.app = self.new_app()

    def targets(self):
        """Logical points worth hitting: the top scene's buttons and cards."""
        top = self.app.top
        points = []
        for name in ("buttons", "row", "continue_buttons", "choice_row"):
            row = getattr(top, name, None)
            points += [b.rect.center for b in getattr(row, "buttons", ())]
        game = top if isinstance(top, GameScene) else getattr(top, "game", None)
        if isinstance(game, GameScene):
            for sprite in game.table.sprites.values():
                w, h = getattr(sprite, "size", game.card_size)
                points.append((sprite.pos[0] + w / 2, sprite.pos[1] + h / 2))
            points += [rect.center for rect in game.drop_zones().values()]
        return points

    def point(self):
        """A window position: mostly on something, sometimes anywhere, now and then outside."""
        r = self.rnd
        targets = self.targets()
        if targets and r.random() < 0.7:
            x, y = r.choice(targets)
            return self.app.viewport.point(x + r.uniform(-8, 8), y + r.uniform(-8, 8))
        w, h = self.app.surface.get_size()
        return (r.randint(-20, w + 20), r.randint(-20, h + 20))

    def act(self):
        r = self.rnd
        kind = r.choices(["move", "click", "drag", "wheel", "key", "resize", "quit", "wait"],
                         [10, 25, 12, 4, 35, 2, 2, 5])[0]
        if kind == "move":
            self.post(pygame.MOUSEMOTION, pos=self.point(), rel=(0, 0), buttons=(0, 0, 0))
        elif kind == "click":
            pos, button = self.point(), r.choice([1, 1, 1, 3])
            self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        elif kind == "drag":
            start, end = self.point(), self.point()
            self.post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
            self.frames()
            steps = r.randint(1, 6)
            for i in range(1, steps + 1):
                pos = (start[0] + (end[0] - start[0]) * i // steps,
                       start[1] + (end[1] - start[1]) * i // steps)
                self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
            self.post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        elif kind == "wheel":
            y = r.choice([-3, -1, 1, 3])
            self.post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                      precise_y=float(y), which=0, touch=False)
        elif kind == "key":
            key = r.choice(KEYS)
            mod = r.choice([0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT])
            name = pygame.key.name(key)
            text = name if len(name) == 1 and not mod & pygame.KMOD_CTRL else ""
            self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
            self.post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)
        elif kind == "resize":
            size = (r.randint(640, 1920), r.randint(400, 1200))
            pygame.display.set_mode(size, pygame.RESIZABLE)
            self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        elif kind == "quit":
            self.quit_refused()
            return
        self.frames(r.choice([1, 1, 2, 20]) if kind == "wait" else 1)

    def quit_refused(self):
        """The window's close button, then Esc on the question: a game in progress goes on."""
        game = self.app.current_game()
        asked = game is not None and game.in_progress()
        self.post(pygame.QUIT)
        self.frames()
        if asked:
            assert self.app.top is self.app.quit_dialog
            self.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
            self.frames()
            assert self.app.running and self.app.current_game() is game

    def run(self, actions):
        for i in range(actions):
            self.act()
            if i % 20 == 0:
                check(self.app)
        check(self.app)


# -- where the monkey starts -------------------------------------------------------
def play_to_the_end(app, game_id, rnd):
    """A game played at random; the moves go straight to the session (a scene saves the whole
    game at every move, which makes a long random game slow) except the last, made by the
    scene as a player's would be, so the result is recorded as usual."""
    app.start_game(game_id, rnd.randrange(1000))
    scene = app.top
    session = scene.session
    while True:
        action = rnd.choice(session.legal_actions())
        if session.rules.is_over(session.rules.apply(session.state, action)):
            assert scene.act(action)
            return scene
        session.apply(action)


def at_menu(app, game_id, rnd):
    pass


def at_game(app, game_id, rnd):
    app.start_game(game_id, rnd.randrange(1000))


def at_pause_menu(app, game_id, rnd):
    at_game(app, game_id, rnd)
    app.push(PauseMenu(app, app.top))


def at_rules(app, game_id, rnd):
    app.open_rules(game_id)


def at_new_game(app, game_id, rnd):
    app.top.play(game_id)


def at_result(app, game_id, rnd):
    scene = play_to_the_end(app, game_id, rnd)
    for _ in range(600):
        app.step(FRAME)
        if isinstance(app.top, ResultScreen):
            return
    scene.show_result()


def at_replay(app, game_id, rnd):
    records.export(play_to_the_end(app, game_id, rnd).session)
    app.main_menu()
    app.top.open_records()
    app.top.open(0)


STARTS = [at_menu, at_game, at_pause_menu, at_rules, at_new_game, at_result, at_replay]


@pytest.mark.slow
def test_monkey(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    rnd = random.Random(SEED)
    monkey = Monkey(rnd)
    starts = [(start, game_id) for start in STARTS for game_id in playable()]
    try:
        for start, game_id in starts:
            if not monkey.app.running:
                monkey.app = monkey.new_app()
            monkey.app.main_menu()
            start(monkey.app, game_id, rnd)
            monkey.frames()
            monkey.run(ACTIONS_PER_START)
        for game_id in playable():
            saved = saves.load(game_id)  # a damaged autosave would raise BadFile
            if saved is not None:
                assert_all_cards_once(saved.session)
    finally:
        pygame.display.quit()
    assert monkey.events >= 3000, monkey.events
