"""Finished games reach the statistics once; the statistics screen; the game's sounds."""
import pygame

from game.engine.contract import Result
from game.scenes.dialogs import ConfirmDialog, ResultScreen
from game.scenes.stats_screen import StatsScreen
from game.store import stats

from .driver import click, drag, frames, key, settle, skip_celebration
from .test_bogey_scene import WIN_DECK as BOGEY_WIN
from .test_bogey_scene import start as start_bogey
from .test_scoundrel_scene import DEATH_DECK, WIN_DECK, card_centre, centre
from .test_scoundrel_scene import start as start_scoundrel


def heard(app, monkeypatch) -> list:
    names = []
    monkeypatch.setattr(app.sound, "play", names.append)
    return names


def die(app, scene):
    click(app, card_centre(scene, "KS"))
    settle(app)
    click(app, card_centre(scene, "KC"))
    settle(app)
    frames(app, 90)
    assert isinstance(app.top, ResultScreen)


def scoundrel_table():
    data, _ = stats.load()
    options = {"deals": "any", "weapon_rule": "at_most"}
    return data["games"]["scoundrel"][stats.option_key(options)]


def test_a_finished_game_is_recorded_exactly_once(app):
    scene = start_scoundrel(app, DEATH_DECK, seed=11)
    die(app, scene)
    frames(app, 60)
    scene.record_result()  # a second call changes nothing
    table = scoundrel_table()
    assert (table["played"], table["won"], table["scored"]) == (1, 0, 1)
    assert table["recent"][0]["seed"] == 11 and table["best_score"] < 0
    key(app, pygame.K_r)  # same deal again: a new game, counted again
    settle(app)
    die(app, scene)
    assert scoundrel_table()["played"] == 2


def test_bogey_levels_are_counted(app):
    scene = start_bogey(app, BOGEY_WIN)
    while not scene.session.is_over():
        scene.act(scene.hint().action)
    settle(app)
    frames(app, 90)
    skip_celebration(app)
    assert isinstance(app.top, ResultScreen)
    data, _ = stats.load()
    (table,) = data["games"]["bogey"].values()
    assert table["played"] == 1 and sum(table["levels"].values()) == 1


def test_statistics_screen_opens_draws_and_switches(app):
    for score, won in ((12, True), (-20, False), (7, True)):
        stats.record("scoundrel", {"weapon_rule": "at_most"},
                     Result((score,), (0,) if won else (), ""), seed=5)
    stats.record("scoundrel", {"weapon_rule": "below"}, Result((3,), (0,), ""))
    menu = app.top
    click(app, next(b for b in menu.buttons.buttons if b.text == "Statistics").rect.center)
    screen = app.top
    assert isinstance(screen, StatsScreen) and screen.game_id == "scoundrel"
    first = screen.tables()[screen.table]
    assert first["played"] == 3 and stats.figures(first)["average"] == 1 / 3 * (12 - 20 + 7)
    frames(app)
    chart = app.viewport.rect(*screen_chart())
    assert any(app.surface.get_at((x, y))[:3] == (120, 220, 130)  # a green bar for a win
               for x in range(chart.left, chart.right, 2) for y in range(chart.top, chart.bottom, 4))
    key(app, pygame.K_DOWN)
    assert screen.tables()[screen.table]["options"] == {"weapon_rule": "below"}
    key(app, pygame.K_RIGHT)
    assert screen.game_id == "bogey" and screen.tables() == []
    frames(app)  # draws "no games yet"
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    key(app, pygame.K_t)
    assert isinstance(app.top, StatsScreen)


def screen_chart():
    from game.scenes.stats_screen import CHART
    return CHART


def test_a_damaged_statistics_file_is_reported(app):
    stats.path().write_text("{ nope")
    key(app, pygame.K_t)
    assert isinstance(app.top, ConfirmDialog) and "stats.json.bad-" in " ".join(app.top.lines)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, StatsScreen)


def test_sounds_follow_the_game(app, monkeypatch):
    names = heard(app, monkeypatch)
    scene = start_scoundrel(app, WIN_DECK)
    assert set(names) == {"deal"}
    drag(app, card_centre(scene, "9H"), centre(scene, "weapon"))  # potions can't be weapons
    assert names[-1] == "illegal"
    names.clear()
    drag(app, card_centre(scene, "10D"), centre(scene, "weapon"))
    assert names == ["drop"]
    settle(app)
    names.clear()
    scene.act(next(a for a in scene.session.legal_actions() if str(a) != "avoid room"))
    assert names == ["slide"]
    names.clear()
    while scene.session.state.rooms == 1:  # clear the room: the next one is dealt face up
        scene.act(next(a for a in scene.session.legal_actions() if str(a) != "avoid room"))
    assert "deal" in names and "flip" in names


def test_win_and_loss_jingles(app, monkeypatch):
    names = heard(app, monkeypatch)
    die(app, start_scoundrel(app, DEATH_DECK))
    assert names[-1] == "loss"
    scene = start_bogey(app, BOGEY_WIN)
    while not scene.session.is_over():
        scene.act(scene.hint().action)
    settle(app)
    frames(app, 90)
    assert names[-1] == "win"
