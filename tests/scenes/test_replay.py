"""Exporting a finished game's record and stepping through it in the viewer, through events."""
import json

import pygame

from game.engine import scoundrel as rules
from game.scenes.dialogs import ConfirmDialog, ResultScreen
from game.scenes.menu import MainMenu
from game.scenes.replay import RecordsList, ReplayViewer
from game.store import records, saves

from .driver import click, frames, key, settle
from .test_scoundrel_scene import DEATH_DECK, card_centre, start

DEATH_ACTIONS = ["face KS barehanded", "face KC barehanded"]


def finish_a_game(app):
    scene = start(app, DEATH_DECK)
    for code in ("KS", "KC"):
        click(app, card_centre(scene, code))
        settle(app)
    frames(app, 90)
    assert isinstance(app.top, ResultScreen)
    return scene


def export_by_click(app):
    result = app.top
    labels = [b.text for b in result.row.buttons]
    assert labels == ["Play again (new deal)", "Same deal again", "Main menu", "Export record"]
    click(app, result.row.buttons[3].rect.center)
    return result


def open_first_record(app):
    key(app, pygame.K_r)
    assert isinstance(app.top, RecordsList)
    key(app, pygame.K_RETURN)
    viewer = app.top
    assert isinstance(viewer, ReplayViewer)
    return viewer


def test_export_record_from_the_result_screen(app):
    scene = finish_a_game(app)
    result = export_by_click(app)
    [path] = records.listing()
    assert path.parent == records.folder() and path.name.endswith("-deal1.json")
    assert path.name.startswith("scoundrel-")
    assert result.lines[-3:-1] == ["Record saved:", path.name]
    assert not result.row.buttons[3].enabled
    key(app, pygame.K_e)  # once is enough
    assert records.listing() == [path]
    data = json.loads(path.read_text())
    assert data["session"]["actions"] == DEATH_ACTIONS and data["session"]["seed"] == 1
    assert data["session"]["options"] == scene.session.options and data["seats"] is None
    assert data["result"]["summary"] == rules.result(scene.session.state).summary


def test_replay_viewer_steps_through_the_game(app):
    finish_a_game(app)
    export_by_click(app)
    key(app, pygame.K_m)
    assert isinstance(app.top, MainMenu)
    viewer = open_first_record(app)
    table = viewer.game
    assert viewer.caption() == "Move 0 of 2: the deal"
    assert table.session.state == rules.new_game(1, 1, deck=DEATH_DECK)
    key(app, pygame.K_LEFT)
    assert viewer.step == 0
    key(app, pygame.K_RIGHT)
    assert viewer.caption() == "Move 1 of 2: Fight K\u2660 barehanded"
    assert table.session.state.health == 7 and not table.table.sprites["KS"].face_up
    key(app, pygame.K_END)
    assert viewer.caption() == "Move 2 of 2: Fight K\u2663 barehanded"
    assert table.session.state.status == rules.DEAD
    key(app, pygame.K_RIGHT)
    assert viewer.step == 2
    key(app, pygame.K_HOME)
    assert viewer.step == 0 and table.session.actions == []
    click(app, viewer.buttons.buttons[2].rect.center)  # ">"
    assert viewer.step == 1
    click(app, viewer.buttons.buttons[3].rect.center)  # ">|"
    assert viewer.step == 2
    click(app, viewer.buttons.buttons[1].rect.center)  # "<"
    assert viewer.step == 1
    frames(app, 120)  # the table only shows: no result screen, no actions of its own
    assert app.top is viewer and table.session.actions == DEATH_ACTIONS[:1]
    key(app, pygame.K_u)
    key(app, pygame.K_a)
    assert table.session.actions == DEATH_ACTIONS[:1]
    assert not saves.has_save("scoundrel")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, RecordsList)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)


def test_records_are_listed_newest_first_and_bad_ones_put_aside(app):
    scene = finish_a_game(app)
    export_by_click(app)
    newer = records.export(scene.session)
    older = [p for p in records.listing() if p != newer][0]
    key(app, pygame.K_m)
    key(app, pygame.K_r)
    listing = app.top
    assert listing.paths == [newer, older]
    newer.write_text("{ not json")
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ConfirmDialog) and app.top.title == "Record put aside"
    assert not newer.exists() and list(records.folder().glob(newer.name + ".bad-*"))
    key(app, pygame.K_ESCAPE)
    assert app.top is listing and listing.paths == [older]
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ReplayViewer)


def test_empty_records_list(app):
    key(app, pygame.K_r)
    listing = app.top
    assert isinstance(listing, RecordsList) and listing.paths == []
    key(app, pygame.K_RETURN)
    key(app, pygame.K_DOWN)
    assert app.top is listing
    click(app, listing.buttons.buttons[0].rect.center)
    assert isinstance(app.top, MainMenu)
