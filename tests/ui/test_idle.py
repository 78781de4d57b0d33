"""A window left alone draws nothing; a frame repaints only what changed, and what it repaints
is exactly what a whole redraw would show."""
import random
from datetime import timedelta
from types import SimpleNamespace

import pygame
import pytest

from game import app as app_module
from game.scenes import daily
from game.scenes.pass_and_play import Seat
from game.store import saves
from tests.scenes.driver import FRAME, click, drag, frames, key, settle

SECOND = round(1 / FRAME)


@pytest.fixture
def screen_updates(monkeypatch):
    """Counts what reaches the screen: every display.flip and display.update."""
    counted = []
    flip, update = pygame.display.flip, pygame.display.update
    monkeypatch.setattr(pygame.display, "flip", lambda: (counted.append(None), flip())[1])
    monkeypatch.setattr(pygame.display, "update",
                        lambda *rects: (counted.append(rects), update(*rects))[1])
    return counted


def human_to_move(app, game_id):
    seats = [Seat("Anna")] + [Seat(f"Bot {i}", "computer", "random") for i in (1, 2, 3)]
    app.settings.animation_speed = "fast"
    app.start_game(game_id, 5, None, seats=seats)
    scene = app.top
    for _ in range(60 * SECOND):
        frames(app)
        if app.top is scene and scene.accepts_moves() and not scene.table.busy:
            return scene
        if app.top is not scene:  # a round summary to read
            key(app, pygame.K_RETURN)
    raise AssertionError("the human never got the move")


def test_an_idle_menu_draws_nothing(app, screen_updates):
    frames(app, 10)
    screen_updates.clear()
    frames(app, 3 * SECOND)
    assert screen_updates == []
    assert app.idle_for() is not None  # the loop sleeps


def test_an_idle_menu_waking_reads_no_save_until_a_table_was_on_top(app, monkeypatch):
    frames(app, 10)
    reads = []
    load = saves.load
    monkeypatch.setattr(saves, "load", lambda game_id: (reads.append(game_id), load(game_id))[1])
    not_stopped = SimpleNamespace(reason=None)
    for _ in range(5):  # as App.run wakes: a nap, then a frame
        app.sleep(0.01, not_stopped)
        app.step(0.0)
    assert reads == []
    app.start_game("scoundrel", 11)
    frames(app, 5)
    app.main_menu()
    frames(app, 2)
    assert "scoundrel" in reads  # back at the menu, it looks for games to continue again


def test_an_idle_menu_sleeps_until_input_or_midnight(app, monkeypatch):
    """Nothing at the menu changes by itself but the day: no wake every second (on a VM each
    wake cost 3-15 ms of CPU, 1-2 % of a core), one at midnight for the new deals of the day."""
    frames(app, 10)
    assert app.idle_for() == app_module.POLL >= 5
    monkeypatch.setattr(daily, "seconds_to_tomorrow", lambda: 0.25)
    assert app.idle_for() == 0.25
    reads = []
    load = saves.load
    monkeypatch.setattr(saves, "load", lambda game_id: (reads.append(game_id), load(game_id))[1])
    app.sleep(0.01, SimpleNamespace(reason=None))
    assert reads == []
    tomorrow = daily.today() + timedelta(days=1)
    monkeypatch.setattr(daily, "today", lambda: tomorrow)
    app.sleep(0.01, SimpleNamespace(reason=None))
    assert reads and app.top.day == tomorrow  # the deals of the day looked at again


def test_a_change_foreseen_seconds_away_comes_after_one_sleep(app):
    """A warning that goes after a few seconds goes when the window wakes for it: the
    catch-up update after a sleep covers the whole sleep."""
    from game import shutdown
    app.settings.show_tips = False
    scene = human_to_move(app, "abandon_ship")
    frames(app, 7 * SECOND)  # captions and the status have had their time
    scene.say("Not yet: the deck is dealing", "warn")
    frames(app, 2)
    idle = app.idle_for()
    assert idle is not None and 2 < idle < app_module.POLL
    app.clock = SimpleNamespace(tick=lambda *fps: idle * 1000)  # as if it slept that long
    app.sleep(0.0, shutdown.StopRequests())
    app.step(0.0)
    assert scene.status[0] == ""


def test_a_focused_fields_caret_wakes_an_idle_window_to_blink(app):
    from game.scenes.host_table import HostTableScreen
    from game.scenes.join_table import JoinTableScreen
    from game.ui.controls import CARET_BLINK_MS
    app.push(HostTableScreen(app, "doubloons"))
    frames(app, 3)
    assert app.idle_for() == app_module.POLL  # the game's chooser has the focus: no caret
    key(app, pygame.K_TAB)  # to the name
    frames(app, 3)
    assert 0 < app.idle_for() <= CARET_BLINK_MS / 1000
    app.pop()
    app.push(JoinTableScreen(app))
    frames(app, 3)
    assert app.idle_for() == app_module.POLL
    name = app.top.name
    click(app, app.top.viewport.rect(*name.rect).center)
    frames(app, 2)
    assert name.focused and 0 < app.idle_for() <= CARET_BLINK_MS / 1000


def test_an_open_audio_device_wakes_an_idle_window_to_close_it(app, monkeypatch):
    from game.ui import sound
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(sound, "QUIET_SECONDS", 3.0)  # (a minute, under the longest sleep)
    app.settings.sound_on, app.settings.volume = True, 50
    frames(app, 10)
    assert app.idle_for() == app_module.POLL
    app.sound.play("deal")
    if not app.sound.sounds:
        pytest.skip("no audio device, not even SDL's dummy one")
    assert 2 <= app.idle_for() <= 3


@pytest.mark.parametrize("game_id", ["abandon_ship", "lamarckian_poker", "ships_and_sailors",
                                     "pirate_rummy", "doubloons"])
def test_a_table_waiting_for_a_person_draws_nothing(app, screen_updates, game_id):
    app.settings.show_tips = False  # the status line would give way to a tip once
    human_to_move(app, game_id)
    frames(app, 7 * SECOND)  # captions and the status have had their time
    screen_updates.clear()
    frames(app, 2 * SECOND)
    assert screen_updates == []
    assert app.idle_for() is not None


@pytest.mark.parametrize("game_id", ["scoundrel", "bogey"])
def test_a_solitaire_repaints_only_its_clock_once_a_second(app, screen_updates, game_id):
    app.start_game(game_id, 11)
    settle(app)
    frames(app, 8 * SECOND)  # the greeting gives way to the tip
    app.art.wait()  # every card rendered (a loaded machine's worker may still be at it)
    frames(app, 2)
    screen_updates.clear()
    frames(app, 3 * SECOND)
    assert 2 <= len(screen_updates) <= 4
    window = app.surface.get_width() * app.surface.get_height()
    for rects in screen_updates:
        assert rects and rects[0], "a whole-window flip for a clock tick"
        assert sum(r.w * r.h for r in rects[0]) < 0.03 * window  # the clock's line
    idle = app.idle_for()
    assert idle is not None and idle <= 1.0  # it wakes for the next second


def test_a_moving_card_keeps_the_frames_coming(app):
    app.start_game("scoundrel", 11)
    frames(app, 2)
    assert app.top.table.busy and app.idle_for() is None


def drive_and_compare(app, steps: int, seed: int) -> int:
    """Random clicks, drags and keys; after every frame the window must equal a whole redraw
    of that frame. Returns how many frames were repainted only in part."""
    partial = []
    step = app.step

    def checked(dt):
        step(dt)
        whole = pygame.Surface(app.surface.get_size())
        app.painter.last.replay(whole, whole.get_rect())
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(app.surface, "RGB")
        rects = app.painter.repainted
        if rects and rects != [app.surface.get_rect()]:
            partial.append(rects)
    app.step = checked
    rnd = random.Random(seed)
    w, h = app.viewport.logical
    for _ in range(steps):
        point = (rnd.randrange(w), rnd.randrange(h))
        roll = rnd.random()
        if roll < 0.4:
            click(app, point)
        elif roll < 0.75:
            drag(app, point, (rnd.randrange(w), rnd.randrange(h)))
        elif roll < 0.85:
            key(app, rnd.choice([pygame.K_h, pygame.K_u, pygame.K_RETURN, pygame.K_SPACE,
                                 pygame.K_ESCAPE, pygame.K_l, pygame.K_c]))
        frames(app, rnd.randrange(1, 25))
    app.step = step
    return len(partial)


@pytest.mark.parametrize("game_id", ["scoundrel", "bogey"])
def test_repainting_in_part_shows_what_a_whole_redraw_would(app, game_id):
    app.start_game(game_id, 3)
    assert drive_and_compare(app, 40, seed=len(game_id)) >= 5


@pytest.mark.parametrize("game_id", ["abandon_ship", "ships_and_sailors", "doubloons"])
def test_repainting_in_part_at_the_multiplayer_tables(app, game_id):
    human_to_move(app, game_id)
    assert drive_and_compare(app, 30, seed=len(game_id)) >= 5


def test_the_real_loop_sleeps_while_nothing_changes(app, monkeypatch):
    """App.run itself, for a second and a half at the menu: a few looks, not 90 frames."""
    monkeypatch.setattr(pygame, "quit", lambda: None)  # fonts cached elsewhere stay alive
    app.step(1 / 60)
    app.art.wait()  # the menu's cards rendered: on a loaded machine that can take a while
    app.step(1 / 60)
    steps = []
    step = app.step
    app.step = lambda dt: (steps.append(dt), step(dt))[1]
    pygame.time.set_timer(pygame.event.Event(pygame.QUIT), 1500, loops=1)
    assert app.run() == 0
    assert 2 <= len(steps) <= 12


def test_scenes_draw_shapes_through_the_canvas():
    """`pygame.draw` needs a real surface: on the window's canvas a scene draws its shapes with
    `canvas.rect` and the like (art modules drawing on their own images may use pygame.draw)."""
    import re
    from pathlib import Path
    root = Path(__file__).resolve().parents[2] / "game"
    found = [f"{path.relative_to(root)}:{n}" for path in sorted(root.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"pygame\.draw\.\w+\(surface\b", line)
             and not path.name.endswith("_art.py") and path.name != "cardart.py"]
    assert not found, found


def test_a_whole_window_change_goes_up_in_bands_and_catches_up(app, monkeypatch):
    """A window larger than BAND_PIXELS (here a third of the test window) shows a game's menu
    and the main menu in bands a frame each, from the bottom (a player's hand) up: no frame
    repaints more than a band besides its own changes, the window matches the frame outside
    what is owed, keeps drawing while anything is owed, and then equals a whole redraw."""
    from game.ui import painter
    w, h = app.surface.get_size()
    monkeypatch.setattr(painter, "BAND_PIXELS", w * h // 3)
    human_to_move(app, "abandon_ship")
    frames(app, 2)
    banded, bands = [], []
    step = app.step

    def checked(dt):
        step(dt)
        whole = pygame.Surface(app.surface.get_size())
        app.painter.last.replay(whole, whole.get_rect())
        shown = app.surface.copy()
        for rect in app.painter.owed:  # stale there for a frame or two, and only there
            shown.blit(whole, rect, rect)
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(shown, "RGB")
        if app.painter.owed:
            banded.append(sum(r.w * r.h for r in app.painter.repainted))
            bands.append(app.painter.repainted[-1])
            assert app.idle_for() is None
    app.step = checked
    key(app, pygame.K_ESCAPE)  # the game's menu over the table
    frames(app, 6)
    key(app, pygame.K_ESCAPE)
    frames(app, 6)
    app.main_menu()  # the whole window changes
    frames(app, 6)
    app.step = step
    assert len(banded) >= 4
    assert max(banded) <= w * h // 3 + w * (h // 3 + 1) // 2  # a band and little of its own
    assert app.painter.owed == []
    assert bands[0].bottom == h and bands[1].bottom == bands[0].top  # from the hand up
    whole = pygame.Surface(app.surface.get_size())
    app.painter.last.replay(whole, whole.get_rect())
    assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(app.surface, "RGB")


def test_a_window_drag_shows_what_a_whole_redraw_would(app, monkeypatch):
    """A drag's cards are stand-ins scaled into pixels reused from frame to frame, with what
    of them is opaque noted for the painter: every frame of the drag, and the settled window
    after it, equals a whole redraw of that frame."""
    from game.ui import cardart, painter
    from tests.scenes.driver import post
    app.start_game("bogey", 3)
    settle(app)
    frames(app, 5)
    monkeypatch.setattr(cardart, "RESIZE_SETTLE", 60.0)  # (however slow the machine's frames)
    w, h = app.surface.get_size()
    covered = 0
    for i in list(range(1, 6)) + list(range(4, 0, -1)):
        size = (w - 24 * i, h - 15 * i)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        frames(app)
        assert app.surface.get_size() == size and app.art.resizing and app.art.waiting
        whole = pygame.Surface(size)
        app.painter.last.replay(whole, whole.get_rect())
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(app.surface, "RGB")
        covered += sum(1 for image in app.art._drag_standins.values() if painter.opaque_parts(image))
    assert covered > 20  # the stand-ins hid what lies under them
    monkeypatch.setattr(cardart, "RESIZE_SETTLE", 0.0)
    app.art.wait()
    frames(app, 3)
    whole = pygame.Surface(app.surface.get_size())
    app.painter.last.replay(whole, whole.get_rect())
    assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(app.surface, "RGB")


def test_an_idle_window_closes_the_audio_device_a_quiet_while_after_the_last_sound(
        app, monkeypatch):
    """An open audio device keeps SDL's audio thread awake mixing silence; the loop's sleep
    closes it once the sounds have been quiet a while (a minute; here none), not before."""
    from game import shutdown
    from game.ui import sound
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    app.settings.sound_on, app.settings.volume = True, 50
    pygame.mixer.quit()
    app.sound.sounds = None
    app.sound.play("deal")
    assert pygame.mixer.get_init()
    pygame.mixer.stop()
    stop = shutdown.StopRequests()
    app.sleep(0.01, stop)
    assert pygame.mixer.get_init()  # a minute has not passed
    monkeypatch.setattr(sound, "QUIET_SECONDS", 0.0)
    app.sleep(0.01, stop)
    assert not pygame.mixer.get_init()
    app.sound.play("drop")
    assert pygame.mixer.get_init()
    pygame.mixer.quit()
