"""Every screen readable at a glance: at 1280x800, 1920x1080 and the smallest window, in
several states of every playable game (reached by seeded legal moves, so a new game is covered
as soon as it is registered), every text stays in the window and in its panel, and no text
overlaps another text, a card or a button. Cards may overlap cards (stacks, fans). Every window
shape is toured (wide, standard, square, portrait, from 640x400 to 4K); no text a player reads
is under 12 px from 1280x800 up, nor under 9 px at all; and a table fills its window.

Drawing is recorded by `game.ui.widgets.recording`; a panel drawn opaque hides what it covers
(a caption, the log, a dialog), so only what a person can see is checked."""
from __future__ import annotations

import random

import pygame
import pytest

from game.scenes.registry import playable
from game.ui import widgets

SIZES = [(1280, 800), (1920, 1080), (640, 400),  # standard
         (900, 900), (1280, 1024),                 # square
         (2560, 1080),                             # wide (21:9)
         (1024, 1366),                             # portrait
         (3840, 2160)]                             # 4K
SHAPES = SIZES[3:]  # the shapes a table must fill (test_every_table_fills_its_window)
MOVES = 4000   # at most this many moves to a game's end


def resize(app, size) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.on_resize(size)


def record_frame(app) -> list:
    """Draw the visible scenes as the app does, noting every text, panel, button and card."""
    stack = app.stack
    first = len(stack) - 1
    while first > 0 and not stack[first].opaque:
        first -= 1
    widgets.recording = []
    widgets.text_sizes = []
    try:
        app.surface.fill((0, 0, 0))
        for scene in stack[first:]:
            scene.draw(app.surface)
        return widgets.recording
    finally:
        widgets.recording = None


def shrink(rect: pygame.Rect) -> pygame.Rect:
    """A text's ink, roughly: a rendered line's box includes the font's leading."""
    return rect.inflate(-2, -max(2, rect.h // 4))


def problems(records, window) -> list:
    seen, panels, out = [], [], []
    for kind, rect, detail in records:
        if kind == "panel":
            if detail:  # opaque: hides what was drawn under it
                seen = [item for item in seen if not rect.contains(item[1])
                        and not (item[0] != "panel" and rect.colliderect(shrink(item[1])))]
            panels.append(rect)
            continue
        seen.append((kind, rect, detail))
        if kind == "text":
            if not window.contains(rect):
                out.append(f"text {detail!r} {rect} leaves the window {window.size}")
            home = [p for p in panels if p.collidepoint(rect.center) and p != window]
            if home:
                panel = home[-1]  # the panel drawn last under it is the one it is on
                if not panel.inflate(2, 2).contains(rect):
                    out.append(f"text {detail!r} {rect} spills out of its panel {panel}")
    texts = [(r, d) for k, r, d in seen if k == "text"]
    drawn = [(i, r, d) for i, (k, r, d) in enumerate(records) if k == "panel" and r != window]
    for rect, detail in texts:  # a visible panel's edge must not run through a text
        ink = shrink(rect)
        for i, panel, _ in drawn:
            hidden = any(j > i and opaque and cover.contains(ink) for j, cover, opaque in drawn)
            if not hidden and panel.colliderect(ink) and not panel.inflate(2, 2).contains(ink):
                out.append(f"text {detail!r} {rect} crosses the edge of the panel {panel}")
    solid = [(k, r, d) for k, r, d in seen if k in ("card", "button")]
    for i, (a, da) in enumerate(texts):
        ink = shrink(a)
        spaced = ink.inflate(4, 0)  # two texts on a line keep a little space between them
        for b, db in texts[i + 1:]:
            if spaced.colliderect(shrink(b)) and (a, da) != (b, db):
                out.append(f"texts overlap: {da!r} {a} and {db!r} {b}")
        for kind, r, d in solid:
            if ink.colliderect(r.inflate(-2, -2)):
                out.append(f"text {da!r} {a} overlaps the {kind} {d!r} {r}")
    return out


def required_floor(size) -> int:
    """The smallest text a player may have to read in a window of `size` (issue 26): 12 px
    from 1280x800 up, 9 px below (down to the smallest window, 640x400)."""
    return 12 if size[0] >= 1280 and size[1] >= 800 else 9


def small_texts(size) -> list:
    """Texts of the frame just recorded drawn under the floor, or with no size noted."""
    floor = required_floor(size)
    out = []
    for px, text in widgets.text_sizes:
        if px is None:
            out.append(f"text {text!r} was drawn without noting its size")
        elif px < floor:
            out.append(f"text {text!r} is {px} px high, under the floor of {floor} px")
    return out


def settle_all(app) -> None:
    for scene in app.stack:
        table = getattr(scene, "table", None)
        if hasattr(table, "finish_all"):
            table.finish_all()


def check(app, where: str, sizes=SIZES) -> list:
    found = []
    for size in sizes:
        resize(app, size)
        window = pygame.Rect((0, 0), app.surface.get_size())
        settle_all(app)
        records = record_frame(app)
        found += [f"{where} at {size[0]}x{size[1]}: {p}"
                  for p in problems(records, window) + small_texts(size)]
    resize(app, (1280, 800))
    return found


def content_box(records, window) -> pygame.Rect | None:
    """The box around everything drawn on the table (cards, panels, buttons, texts), less any
    panel as large as the window (a backdrop)."""
    rects = [r for kind, r, _ in records if kind in ("card", "panel", "button", "text")
             and not (kind == "panel" and r.w >= window.w and r.h >= window.h)]
    return rects[0].unionall(rects[1:]) if rects else None


def quiet(scene) -> None:
    """Drop a computer's half-made decision: the test moves for every seat."""
    for name in ("thinking", "bot_choice"):
        if hasattr(scene, name):
            setattr(scene, name, None)


def playthrough(app, game_id, seats=None, seed=3):
    """Start `game_id` (with `seats` players, else its default) and play seeded legal moves for
    every seat, yielding the states to check: the start, early, the middle, the busiest table
    (most cards) and the result."""
    app.settings.animation_speed = "instant"
    if seats is None:
        app.start_game(game_id, seed)
    else:
        from game.scenes.pass_and_play import default_seats
        chosen = default_seats(game_id, seats)
        for i, seat in enumerate(chosen):  # the longest names the seat screen allows
            seat.name = f"Wilhelmina W{i + 1}"[:14]
        app.start_game(game_id, seed, None, seats=chosen)
    scene = app.top
    pick = random.Random(seed)
    actions = []
    probe = scene.session
    # a first run through the rules alone finds the game's length and its busiest moment
    from game.engine.session import Session
    s = Session(game_id, probe.seats, probe.seed, probe.options, probe.deck)
    counts = []
    while not s.is_over() and len(actions) < MOVES:
        action = pick.choice(s.legal_actions())
        actions.append(str(action))
        s.apply(action)
        counts.append(len(scene.placements(s.view(scene.viewer))))
    busiest = max(range(len(counts) - 1), key=counts.__getitem__) + 1 if len(counts) > 1 else 0
    marks = {0: "start", min(3, len(actions) - 1): "early", len(actions) // 2: "the middle",
             busiest: "the busiest table", len(actions) - 1: "just before the end"}
    yield scene, "start"
    for done, action in enumerate(actions, 1):
        quiet(scene)
        scene.act(action)
        scene.table.finish_all()
        if done in marks and done < len(actions):
            yield scene, marks[done]
            for name, setup in getattr(scene, "layout_states", lambda: [])():
                setup()
                yield scene, f"{marks[done]}, {name}"
                setup()  # the same call puts it back
    quiet(scene)
    if scene.session.is_over():
        scene.show_result()
        yield scene, "the result"


def tables():
    """Every playable game at its default seats, and a game for several at its most seats."""
    from game.engine import games
    out = []
    for game_id in playable():
        out.append((game_id, None))
        low, high = games.get(game_id).SEATS
        if high > 1:
            out += [(game_id, low), (game_id, high)]
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game_id, seats", tables())
def test_every_table_is_readable(app, game_id, seats):
    found = []
    for scene, state in playthrough(app, game_id, seats):
        found += check(app, f"{game_id}, {state}")
        if hasattr(scene, "toggle_log") and state == "the busiest table":
            scene.toggle_log()
            found += check(app, f"{game_id}, {state}, log open")
            scene.toggle_log()
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", playable())
def test_every_table_fills_its_window(app, game_id):
    """At every window shape, a table's cards, panels, buttons and texts span at least 90% of
    the window's width and 85% of its height: no letterbox, no dead band."""
    found = []
    for _scene, state in playthrough(app, game_id):
        if state not in ("start", "the middle"):
            continue
        for size in SHAPES:
            resize(app, size)
            settle_all(app)
            window = pygame.Rect((0, 0), size)
            box = content_box(record_frame(app), window)
            if box is None or box.w < 0.9 * window.w or box.h < 0.85 * window.h:
                found.append(f"{game_id}, {state} at {size[0]}x{size[1]}: the table spans "
                             f"{box} of the window {window.size}")
        resize(app, (1280, 800))
    assert not found, "\n".join(found)


def worked_example_top(screen) -> int:
    """The scroll (real pixels at 1280x800) that puts a rules screen's first example on top."""
    y = 0
    for line in screen.lines():
        if line.cards:
            return y
        y += line.height
    raise AssertionError(f"{screen.game_id} rules have no worked example")


def test_menus_and_dialogs_are_readable(app):
    from game.engine.contract import Result
    from game.scenes.dialogs import ConfirmDialog
    from game.scenes.rules import RulesScreen
    from game.scenes.settings_screen import SettingsScreen
    from game.scenes.stats_screen import StatsScreen
    from game.store import stats
    for game_id in playable():  # a few games each, so the statistics have figures and charts
        for i in range(6):
            stats.record(game_id, {}, Result((-7 * i, 3), (0,) if i % 2 else (), ""),
                         [("Anna", "human"), ("Computer 1", "computer")], seed=100 + i)
    found = check(app, "main menu")
    screens = [("settings", lambda: SettingsScreen(app)), ("statistics", lambda: StatsScreen(app)),
               ("a notice", lambda: ConfirmDialog(app, "Statistics", "x " * 120, lambda: None))]
    screens += [(f"{g} rules", lambda g=g: RulesScreen(app, g)) for g in playable()]
    for name, make in screens:
        app.push(make())
        found += check(app, name)
        if isinstance(app.top, RulesScreen):  # and again with the worked example in sight
            app.top.scroll = worked_example_top(app.top)
            found += check(app, f"{name}, the worked example")
        if isinstance(app.top, StatsScreen):
            for index in range(1, len(app.top.ids)):
                app.top.show_game(index)
                found += check(app, f"{name} of {app.top.game_id}")
        app.pop()
    for game_id in playable():
        app.menu_play = app.stack[0].play(game_id)
        found += check(app, f"{game_id} new game screen")
        app.pop()
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


def test_the_menu_holds_all_seven_games(app, monkeypatch):
    from game.engine import games
    from game.scenes import menu
    monkeypatch.setattr(menu, "playable", lambda: games.GAME_IDS)
    app.stack[0] = menu.MainMenu(app)
    app.stack[0].saved = {}
    rows = [rect for _, rect in app.stack[0].rows]
    assert len(rows) == 7 and all(pygame.Rect(0, 0, 1280, 800).contains(r) for r in rows)
    assert not any(a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1:])
    found = check(app, "main menu with seven games")
    from types import SimpleNamespace
    fake = SimpleNamespace(session=SimpleNamespace(seed=987654, actions=["x"] * 123))
    monkeypatch.setattr(menu.saves, "load", lambda game_id: fake)
    app.stack[0].refresh_saves()  # every game in progress: seven Continue buttons
    assert len(app.stack[0].continue_buttons.buttons) == 7
    found += check(app, "main menu with seven games in progress")
    assert not found, "\n".join(found[:40])


def test_the_finish_offer_is_readable(app):
    """The solitaires near their end: the Finish button and its offer in the tip line."""
    from game.engine import autofinish, bogey
    from game.engine.bogey_hint import hint
    from tests.scenes.test_autofinish_scene import play_scoundrel_until_the_dungeon_is_empty
    scene = play_scoundrel_until_the_dungeon_is_empty(app)
    scene.status_age = 99  # the status has had its time: the tip line shows the offer
    assert scene.finisher.offer is not None
    found = check(app, "scoundrel with the finish offer")
    app.start_game("bogey", 3)
    scene = app.top
    while autofinish.bogey_finish(scene.session.state) is None:
        scene.act(hint(bogey.view(scene.session.state)).action)
    scene.status_age = 99
    assert scene.finisher.offer is not None
    found += check(app, "bogey with the finish offer")
    assert not found, "\n".join(found[:40])
