"""The deal of the day from the menu: today's deal with the standard options, won, celebrated,
counted once in its own streak, and its line copied from the result screen."""
from datetime import date

import pygame
import pytest

from game.engine import scoundrel as rules
from game.engine import scoundrel_deals
from game.engine import scoundrel_solver as solver
from game.scenes import daily as today_deal
from game.scenes.dialogs import ResultScreen
from game.scenes.menu import MainMenu
from game.scenes.scoundrel import ScoundrelScene
from game.store import stats

from .driver import click, frames, key, settle, skip_celebration

DAY = date(2026, 11, 25)


@pytest.fixture
def on_the_day(monkeypatch):
    monkeypatch.setattr(today_deal, "today", lambda: DAY)


def test_scoundrel_picks_from_its_winnable_deals_through_its_own_chooser(monkeypatch):
    known = tuple(range(1000, 5000, 7))  # a fixed list: the shipped one grows as deals are decided
    monkeypatch.setattr(solver, "pick_winnable_deal", lambda options, pick: pick.choice(known))
    assert today_deal.todays_deal("scoundrel", DAY) == 3352


def play_out(app, scene):
    """Win the deal along the solver's line (it is a winnable deal)."""
    line = solver.solve(scene.session.state, 500_000).line
    assert line, "the deal of the day should be winnable"
    for action in line:
        scene.act(action)
    settle(app)
    frames(app, 60)


def test_the_deal_of_the_day_from_the_menu_is_won_counted_once_and_shared(app, on_the_day):
    app.settings.table_options["scoundrel"] = {"weapon_rule": "below", "deals": "any"}
    menu = app.top
    assert isinstance(menu, MainMenu)
    daily_button = next(b for b in menu.daily_buttons if b.text == "Scoundrel")
    click(app, daily_button.rect.center)
    scene = app.top
    assert isinstance(scene, ScoundrelScene)
    assert scene.session.seed == today_deal.todays_deal("scoundrel", DAY)
    assert scoundrel_deals.verdict(scene.session.seed) is True  # proved winnable
    assert scene.session.options == {"weapon_rule": "at_most", "deals": "any"}  # standard rules
    play_out(app, scene)
    assert scene.session.state.status == rules.WON
    skip_celebration(app)
    result = app.top
    assert isinstance(result, ResultScreen)
    moves = len(scene.session.actions)
    share = (f"Deckhand Scoundrel, 25 Nov 2026: won with {scene.session.state.health} health "
             f"in {moves} moves")
    assert result.share == share and share in " ".join(result.lines)  # wrapped at spaces
    assert any("streak 1 day" in line for line in result.lines)
    key(app, pygame.K_c)
    assert pygame.scrap.get_text() == share
    assert "Copied: paste it anywhere." in result.lines
    copy = next(b for b in result.row.buttons if b.text == "Copy result")
    assert not copy.enabled
    data, _ = stats.load()
    assert data["daily"]["scoundrel"]["played"] == 1
    key(app, pygame.K_r)  # the same deal again, won again: the day is counted once
    play_out(app, scene)
    skip_celebration(app)
    data, _ = stats.load()
    assert data["daily"]["scoundrel"]["played"] == 1 and data["daily"]["scoundrel"]["streak"] == 1
    app.main_menu()
    frames(app, 2)
    assert app.top.daily_status["scoundrel"] == (1, True)


def test_no_clipboard_is_said_plainly(app, on_the_day, monkeypatch):
    from game.ui import clipboard

    def broken(text):
        raise pygame.error("no clipboard")
    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    assert clipboard.copy("x") is False
    today_deal.start(app, "scoundrel")
    scene = app.top
    play_out(app, scene)
    skip_celebration(app)
    key(app, pygame.K_c)
    assert any(line.startswith("No clipboard here") for line in app.top.lines)


def test_other_deals_have_no_line_to_share(app, on_the_day):
    app.start_game("bogey", today_deal.todays_deal("bogey", DAY) + 1)
    scene = app.top
    while not scene.session.is_over():
        scene.act(scene.hint().action)
    settle(app)
    frames(app, 90)
    if not isinstance(app.top, ResultScreen):
        skip_celebration(app)
    assert app.top.share is None
    assert not any(b.text == "Copy result" for b in app.top.row.buttons)


def test_a_solitaire_readies_the_days_check_once_in_a_still_frame_with_time_left(app, monkeypatch):
    readied = []
    monkeypatch.setattr(today_deal, "ready", readied.append)
    left = {"seconds": 1.0}
    monkeypatch.setattr(app, "thinking_time", lambda most, least=0.0005: min(most, left["seconds"]))
    app.start_game("bogey", 7)
    scene = app.top
    frames(app, 2)
    assert scene.table.busy and readied == []  # not while the deal's cards fly
    left["seconds"] = 0.001  # a busy frame leaves too little
    settle(app)
    frames(app, 3)
    assert readied == []
    left["seconds"] = 1.0
    frames(app, 3)
    assert readied == ["bogey"]  # once
    app.start_game("abandon_ship", 7)
    settle(app)
    frames(app, 3)
    assert readied == ["bogey"]  # not a solitaire: no deal of the day

