"""The solver and the autoplayer at the Scoundrel table: winnable-only deals, the result
screen's verdict, a winning line shown on the table, the computer finishing a deal."""
import random
import threading
import time

import pygame
import pytest

from game import background
from game.engine import scoundrel as rules
from game.engine import scoundrel_deals as deals
from game.engine import scoundrel_solver as solver
from game.engine.scoundrel_solver import pick_winnable_deal
from game.engine.session import Session
from game.scenes import scoundrel as scoundrel_scene
from game.scenes.dialogs import PauseMenu, ResultScreen
from game.scenes.scoundrel import JUDGING, listed_verdict
from game.store import stats

from .driver import frames, key, result_screen, settle
from .test_scoundrel_scene import DEATH_DECK
from .test_scoundrel_scene import start as start_scoundrel

RULES = ("at_most", "below")


def no_solving(*args, **kwargs):
    raise AssertionError("the solver was asked on the spot")


def test_winnable_only_deals_come_from_the_shipped_lists_under_both_rules(monkeypatch):
    monkeypatch.setattr(solver, "solve", no_solving)
    monkeypatch.setattr(solver, "winnable", no_solving)
    for rule in RULES:
        options = {"weapon_rule": rule, "deals": "winnable"}
        picked = {pick_winnable_deal(options, random.Random(i)) for i in range(40)}
        assert len(picked) > 30
        assert all(deals.verdict(seed, rule) is True for seed in picked)
    monkeypatch.undo()
    for rule in RULES:  # and the solver agrees
        seed = pick_winnable_deal({"weapon_rule": rule}, random.Random(7))
        assert solver.winnable(seed, {"weapon_rule": rule}) is True


@pytest.mark.parametrize("rule", RULES)
def test_a_winnable_only_table_deals_a_listed_deal(app, rule):
    app.start_game("scoundrel", None, {"weapon_rule": rule, "deals": "winnable"})
    assert deals.verdict(app.top.session.seed, rule) is True


def test_a_stacked_deck_is_not_judged_by_its_deal_number():
    start = rules.new_game(seed=4)
    assert listed_verdict(start) is False  # deal 4 is listed as lost
    stacked = rules.new_game(seed=4, deck=DEATH_DECK)
    assert listed_verdict(stacked) is None
    assert listed_verdict(rules.new_game(seed=10**9)) is None  # beyond the lists


def start_deal(app, seed, rule):
    app.settings.animation_speed = "fast"
    app.start_game("scoundrel", seed, {"weapon_rule": rule})
    scene = app.top
    scene.table.speed = "fast"
    scene.use_session(Session("scoundrel", 1, seed, {"weapon_rule": rule}))
    settle(app)
    return scene


@pytest.mark.parametrize("rule", RULES)
def test_the_result_screen_says_a_listed_lost_deal_could_not_be_won_without_solving(
        app, monkeypatch, rule):
    lost = next(first for first, _ in deals.shipped()[rule].lost)
    scene = start_deal(app, lost, rule)
    monkeypatch.setattr(solver, "solve", no_solving)
    while not scene.session.is_over():
        scene.act(recklessly(scene.session.state))
    screen = result_screen(app)
    assert "No way of playing could have won this deal." in screen.lines
    assert "Show a winning line" not in [b.text for b in screen.row.buttons]


def lose_deal_zero(app):
    """Lose deal 0 fast; the result screen, as soon as it is up (its verdict may be under way)."""
    scene = start_deal(app, 0, "at_most")
    while not scene.session.is_over():
        scene.act(recklessly(scene.session.state))
    return result_screen(app, judged=False)


def test_the_verdict_is_judged_on_a_thread_while_the_window_goes_on_drawing(app, monkeypatch):
    """A hard deal takes the solver seconds: the result screen says it is judging, the window
    keeps its frames, and the verdict and the winning line's button come when it is done."""
    release, asked = threading.Event(), []
    real = solver.solve

    def slow(state, *args, **kwargs):
        asked.append(threading.current_thread().name)
        assert release.wait(30)
        return real(state, *args, **kwargs)
    monkeypatch.setattr(solver, "solve", slow)
    screen = lose_deal_zero(app)
    assert JUDGING in screen.lines
    for _ in range(1000):  # (the thread may not have reached the solver yet)
        if asked:
            break
        time.sleep(0.01)
    assert asked and asked[0] != threading.main_thread().name  # begun, not on the window's
    assert "Show a winning line" not in [b.text for b in screen.row.buttons]
    assert screen.next_change() is not None  # the window looks again by itself
    before = app.frames
    frames(app, 10)  # nothing waits for the solver
    assert app.frames == before + 10 and JUDGING in screen.lines
    release.set()
    assert result_screen(app) is screen
    assert JUDGING not in screen.lines and "could be won from the start" in " ".join(screen.lines)
    assert "Show a winning line" in [b.text for b in screen.row.buttons]
    assert screen.next_change() is None


def test_leaving_the_result_screen_stops_a_verdict_still_being_judged(app, monkeypatch):
    def endless(state, node_limit, pause):
        while True:
            pause()
    monkeypatch.setattr(solver, "solve", endless)
    job = lose_deal_zero(app).pending[0]
    key(app, pygame.K_m)  # Main menu
    assert not isinstance(app.top, ResultScreen)
    with pytest.raises(background.Stopped):
        job.result(10)


def test_a_game_undone_at_its_end_and_ended_again_is_judged_again(app, monkeypatch):
    judged = []

    def fake(states, actions, played, finished, pause):
        judged.append(states[-1])
        return (), [f"judged the end {len(judged)}"]
    monkeypatch.setattr(scoundrel_scene, "judge", fake)
    scene = start_deal(app, 0, "at_most")
    while not scene.session.is_over():
        last = recklessly(scene.session.state)
        scene.act(last)
    frames(app)  # the end is being judged
    key(app, pygame.K_u)
    assert not scene.session.is_over()
    scene.act(last)  # the same move again: another final state
    screen = result_screen(app)
    assert "judged the end 2" in screen.lines and len(judged) == 2
    assert judged[1] is scene.session.state and judged[0] is not judged[1]


def recklessly(state):
    """Fight the strongest monster barehanded, else face the first card: death comes fast."""
    legal = rules.legal_actions(state)
    bare = [a for a in legal if a.kind == "barehanded"]
    if bare:
        return max(bare, key=lambda a: rules.VALUE[a.card])
    return next(a for a in legal if a.text != "avoid room")


@pytest.mark.parametrize("rule", RULES)
def test_the_result_screen_says_when_a_winnable_deal_was_lost_and_shows_a_winning_line(app, rule):
    scene = start_deal(app, 0, rule)
    assert deals.verdict(0, rule) is True
    while not scene.session.is_over():
        scene.act(recklessly(scene.session.state))
    assert scene.session.state.status == rules.DEAD
    screen = result_screen(app)
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


def test_a_new_table_reads_the_deal_lists_on_a_thread_of_their_own(app, monkeypatch):
    """The end of the first game needs them (its verdict, the deal of the day): read while the
    table waits between frames, not in the frame the game ends in."""
    import threading
    readers, parse = [], deals.parse

    def parse_noting_the_thread(text):
        readers.append(threading.current_thread().name)
        return parse(text)
    monkeypatch.setattr(deals, "parse", parse_noting_the_thread)
    deals.shipped.cache_clear()
    app.start_game("scoundrel", 4242)
    for thread in threading.enumerate():
        if thread.name == "deal lists":
            thread.join(10)
    assert readers == ["deal lists"]
    assert deals.shipped.cache_info().currsize == 1
    app.start_game("scoundrel", 4243)  # read once a process
    assert readers == ["deal lists"]
