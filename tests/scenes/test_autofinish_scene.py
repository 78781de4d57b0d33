"""Auto-finish on the solitaire tables, through real events: the Finish button and F appear only
when the end can be played out, play it move by move at a pace, record the result as a game
played by hand, and any key or click stops it."""
import pygame

from game.engine import autofinish, bogey, scoundrel
from game.engine.bogey_hint import hint as bogey_hint
from game.scenes.dialogs import ResultScreen
from game.store import stats

from .driver import click, frames, key, settle, skip_celebration
from .test_bogey_scene import start as start_bogey
from .test_scoundrel_scene import WIN_DECK, greedy
from .test_scoundrel_scene import start as start_scoundrel


def play_scoundrel_until_the_dungeon_is_empty(app):
    scene = start_scoundrel(app, WIN_DECK)
    while scene.session.state.dungeon:
        assert scene.finisher.offer is None
        scene.act(greedy(scene.session.state))
    settle(app)
    return scene


def run_until_over(app, scene, limit=2000):
    for _ in range(limit):
        frames(app)
        if scene.session.is_over():
            settle(app)
            return
    raise AssertionError("the finish never ended the game")


def test_scoundrel_finish_button_plays_the_last_room_and_counts_the_win(app):
    scene = play_scoundrel_until_the_dungeon_is_empty(app)
    offer = scene.finisher.offer
    assert offer == autofinish.scoundrel_finish(scene.session.state)
    assert scene.what_now().startswith(offer.words) and "F" in scene.what_now()
    before = len(scene.session.actions)
    click(app, scene.layout["finish"].center)
    assert scene.finisher.playing
    frames(app, 3)
    assert len(scene.session.actions) <= before + 1  # a pace a person can follow, not at once
    run_until_over(app, scene)
    assert tuple(scene.session.actions[before:]) == offer.actions
    assert scene.session.state.status == scoundrel.WON
    frames(app, 120)
    skip_celebration(app)
    assert isinstance(app.top, ResultScreen)
    table = next(iter(stats.load()[0]["games"]["scoundrel"].values()))
    assert table["fewest_moves"] == len(scene.session.actions)


def test_a_key_stops_the_finish_and_the_player_goes_on_by_hand(app):
    scene = play_scoundrel_until_the_dungeon_is_empty(app)
    key(app, pygame.K_f)
    assert scene.finisher.playing
    key(app, pygame.K_SPACE)
    assert not scene.finisher.playing and not scene.session.is_over()
    assert "by hand" in scene.status[0]
    done = len(scene.session.actions)
    frames(app, 200)
    assert len(scene.session.actions) == done  # nothing more is played
    assert scene.finisher.offer is not None  # and the offer is back for what is left


def test_no_finish_while_the_computer_plays_the_deal(app):
    scene = play_scoundrel_until_the_dungeon_is_empty(app)
    scene.watch_computer()
    frames(app)
    assert scene.finisher.offer is None
    key(app, pygame.K_f)  # takes over from the computer; it doesn't start a finish
    assert not scene.finisher.playing


def test_bogey_finish_with_f_places_the_hand_and_records_the_columns(app):
    scene = start_bogey(app, None, seed=3)  # ends with 5 cards in hand, deck and discards empty
    while True:
        state = scene.session.state
        if autofinish.bogey_finish(state) is not None:
            break
        assert not bogey.is_over(state)
        scene.act(bogey_hint(bogey.view(state)).action)
    settle(app)
    offer = scene.finisher.offer
    assert offer is not None and scene.what_now().startswith(offer.words)
    before = len(scene.session.actions)
    key(app, pygame.K_f)
    run_until_over(app, scene)
    assert tuple(scene.session.actions[before:]) == offer.actions
    assert scene.session.state.status == bogey.FINISHED
    assert stats.load()[0]["games"]["bogey"]


def test_f_while_choosing_weapon_or_barehanded_puts_the_choice_away(app):
    scene = play_scoundrel_until_the_dungeon_is_empty(app)
    monster = next(c for c in scene.session.state.room_cards if scoundrel.KIND[c] == "monster")
    assert scene.session.state.weapon  # so facing the monster asks: weapon or barehanded
    scene.click(monster)
    assert scene.choice == monster
    key(app, pygame.K_f)
    assert scene.finisher.playing and scene.choice is None
