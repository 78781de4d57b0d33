"""Scoundrel played through real mouse and keyboard events, headless."""
import pygame
import pytest

from game.engine import scoundrel as rules
from game.engine.session import Session
from game.scenes.dialogs import DealNumberDialog, PauseMenu, ResultScreen
from game.scenes.new_game import NewGameDialog
from game.scenes.rules import RulesScreen
from game.scenes.scoundrel import ScoundrelScene

from .driver import click, double_click, drag, frames, key, right_click, settle, skip_celebration

WIN_DECK = ("10D AS AC 9H 8H KS KC 7H QS QC 6H JS JC 5H 10S 10C 4H 9S 9C 3H 8S 8C 2H 7S 7C "
            "6S 6C 5S 5C 4S 4C 3S 3C 2S 2C 9D 8D 7D 6D 5D 4D 3D 2D 10H").split()
DEATH_TOP = ["KS", "KC", "AS", "AC"]
DEATH_DECK = DEATH_TOP + [c for c in rules.DECK if c not in DEATH_TOP]


def greedy(state):
    """Keep as much health and as strong a weapon as possible, one card at a time."""
    def cost(action):
        after = rules.apply(state, action)
        weapon = rules.VALUE[after.weapon] if after.weapon else 0
        return (after.status == rules.DEAD, -after.health - 0.5 * weapon, str(action) == "avoid room")
    return min(rules.legal_actions(state), key=cost)


def start(app, deck, seed=1):
    app.settings.animation_speed = "fast"
    app.start_game("scoundrel", seed)
    scene = app.top
    scene.table.speed = "fast"
    scene.use_session(Session("scoundrel", 1, seed, None, deck))
    settle(app)
    return scene


def centre(scene, name):
    return scene.layout[name].center


def card_centre(scene, code):
    x, y = scene.table.sprites[code].pos
    return (x + scene.card_size[0] / 2, y + scene.card_size[1] / 2)


def perform(app, scene, action, use_click):
    """Carry out one engine action with the mouse, as a player would."""
    text = str(action)
    if text == "avoid room":
        click(app, centre(scene, "avoid"))
        return
    code = action.card
    if text.endswith("with weapon"):
        drag(app, card_centre(scene, code), centre(scene, "weapon"))
    elif text.endswith("barehanded"):
        if use_click and f"face {code} with weapon" not in scene.legal_texts():
            click(app, card_centre(scene, code))
        elif use_click:
            click(app, card_centre(scene, code))
            button = scene.choice_row.buttons[1]
            click(app, button.rect.center)
        else:
            drag(app, card_centre(scene, code), centre(scene, "health"))
    elif use_click:
        click(app, card_centre(scene, code))
    else:
        target = "weapon" if rules.KIND[code] == "weapon" else "health"
        drag(app, card_centre(scene, code), centre(scene, target))


def test_whole_deal_to_a_win_with_drags_and_clicks(app):
    scene = start(app, WIN_DECK)
    steps = 0
    while not scene.session.is_over():
        action = greedy(scene.session.state)
        before = len(scene.session.actions)
        perform(app, scene, action, use_click=steps % 2 == 1)
        settle(app)
        assert scene.session.actions[before:] == [str(action)], scene.status
        steps += 1
    assert scene.session.state.status == rules.WON
    frames(app, 90)
    skip_celebration(app)
    assert isinstance(app.top, ResultScreen)
    assert app.top.won
    assert "Score: 11" in app.top.lines
    click(app, app.top.row.buttons[1].rect.center)  # same deal again
    assert app.top is scene and scene.session.actions == []
    assert scene.session.deck == tuple(WIN_DECK)


def test_whole_deal_to_a_death_by_clicks(app):
    scene = start(app, DEATH_DECK)
    click(app, card_centre(scene, "KS"))
    settle(app)
    assert scene.session.state.health == 7
    click(app, card_centre(scene, "KC"))
    settle(app)
    state = scene.session.state
    assert state.status == rules.DEAD
    frames(app, 90)
    assert isinstance(app.top, ResultScreen) and not app.top.won
    monsters_left = sum(rules.VALUE[c] for c in state.dungeon if rules.KIND[c] == "monster")
    assert f"Score: \u2212{6 + monsters_left}" in app.top.lines
    key(app, pygame.K_RETURN)  # play again: a new deal
    assert app.top is scene and scene.session.actions == [] and not scene.session.is_over()


def test_illegal_drop_slides_back_and_says_why(app):
    scene = start(app, WIN_DECK)
    home = scene.table.sprites["9H"].pos
    drag(app, card_centre(scene, "9H"), centre(scene, "weapon"))
    assert scene.session.actions == []
    assert "Potions are for drinking" in scene.status[0] and scene.status[1] == "error"
    settle(app)
    assert scene.table.sprites["9H"].pos == home
    # A monster dropped on the weapon with no weapon equipped: the engine explains.
    drag(app, card_centre(scene, "AS"), centre(scene, "weapon"))
    assert scene.session.actions == []
    assert "no weapon" in scene.status[0].lower()


def test_a_card_let_go_away_from_the_room_previews_nothing(app):
    """After a drop the pointer is over the weapon slot, not the card: no preview of facing it
    stays in the health panel (it stayed until the pointer moved again)."""
    scene = start(app, WIN_DECK)
    view = scene.session.view()
    drag(app, card_centre(scene, "AS"), centre(scene, "weapon"))  # refused: no weapon
    assert scene.session.actions == []
    assert scene.hover_code is None and scene.preview_lines(view) == []


def test_weapon_rule_refusal_on_drop(app):
    deck = ["10D", "2C", "KS", "9H"] + [c for c in rules.DECK if c not in ("10D", "2C", "KS", "9H")]
    scene = start(app, deck)
    drag(app, card_centre(scene, "10D"), centre(scene, "weapon"))
    drag(app, card_centre(scene, "2C"), centre(scene, "weapon"))
    settle(app)
    assert scene.session.actions == ["face 10D", "face 2C with weapon"]
    drag(app, card_centre(scene, "KS"), centre(scene, "weapon"))
    assert scene.session.actions == ["face 10D", "face 2C with weapon"]
    assert "last slew" in scene.status[0]


def test_dragging_highlights_only_legal_targets(app):
    scene = start(app, WIN_DECK)
    assert scene.legal_zones("AS") == ["health", "discard"]
    assert scene.legal_zones("10D") == ["weapon"]
    assert scene.legal_zones("9H") == ["health", "discard"]


def test_undo_keys_and_barrier(app):
    scene = start(app, WIN_DECK)
    key(app, pygame.K_1)  # 10D: equip
    key(app, pygame.K_4)  # 9H: drink
    assert scene.session.actions == ["face 10D", "face 9H"]
    key(app, pygame.K_u)
    assert scene.session.actions == ["face 10D"]
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert scene.session.actions == []
    key(app, pygame.K_u)
    assert "Nothing to undo" in scene.status[0]
    for k in (pygame.K_1, pygame.K_4):
        key(app, k)
    key(app, pygame.K_2)   # AS: weapon or barehanded?
    assert scene.choice == "AS"
    key(app, pygame.K_w)
    assert scene.session.actions[-1] == "face AS with weapon"
    assert scene.session.state.rooms == 2  # a new room was turned up
    key(app, pygame.K_u)
    assert "can't be undone" in scene.status[0]
    assert len(scene.session.actions) == 3


def test_hint_key_suggests_a_legal_action(app):
    scene = start(app, WIN_DECK)
    key(app, pygame.K_h)
    assert scene.status[1] == "hint" and scene.status[0].startswith("Hint:")
    assert scene.hinted in scene.session.state.room


def test_avoid_key_and_button_state(app):
    scene = start(app, WIN_DECK)
    key(app, pygame.K_a)
    assert scene.session.actions == ["avoid room"]
    settle(app)
    key(app, pygame.K_a)
    assert scene.session.actions == ["avoid room"]
    assert "two rooms in a row" in scene.status[0]
    frames(app)
    assert not scene.buttons.buttons[0].enabled


def test_resize_keeps_cards_under_the_pointer(app):
    scene = start(app, WIN_DECK)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    frames(app, 2)
    assert app.viewport.scale == pytest.approx(1.35)
    click(app, card_centre(scene, "10D"))
    settle(app)
    assert scene.session.actions == ["face 10D"]


def test_pause_menu_rules_and_deal_number(app):
    scene = start(app, WIN_DECK)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScreen)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    key(app, pygame.K_d)
    assert isinstance(app.top, DealNumberDialog)
    for ch in "4242":
        key(app, getattr(pygame, f"K_{ch}"), unicode=ch)
    key(app, pygame.K_RETURN)
    assert app.top is scene and scene.session.seed == 4242
    assert scene.session.state == rules.new_game(1, 4242)


def test_animation_speed_setting_cycles_and_instant_has_no_tweens(app):
    scene = start(app, WIN_DECK)
    key(app, pygame.K_ESCAPE)
    while app.settings.animation_speed != "instant":
        key(app, pygame.K_a)
    key(app, pygame.K_ESCAPE)
    click(app, card_centre(scene, "10D"))
    assert not scene.table.busy
    assert scene.session.actions == ["face 10D"]


def test_new_input_finishes_running_animations(app):
    app.settings.animation_speed = "slow"
    app.start_game("scoundrel", 3)
    scene = app.top
    frames(app, 1)
    assert scene.table.busy  # the deal is still flying
    key(app, pygame.K_h)
    assert not scene.table.busy


def test_menu_starts_scoundrel_by_click(app):
    from game.scenes.menu import MainMenu
    assert isinstance(app.top, MainMenu)
    game_id, rect = app.top.rows[0]
    click(app, (rect.x + 40, rect.centery))
    dialog = app.top
    assert isinstance(dialog, NewGameDialog)
    weapon = dialog.fields[0].control
    click(app, weapon.parts[1].center)  # weapon rule: the strict option
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ScoundrelScene)
    assert app.top.session.options == {"weapon_rule": "below", "deals": "any"}
    assert app.settings.table_options["scoundrel"] == {"weapon_rule": "below", "deals": "any"}


def test_the_discard_pile_can_be_looked_through(app):
    from game.scenes.pile_viewer import PileDialog
    scene = start(app, WIN_DECK)
    for k in (pygame.K_1, pygame.K_4, pygame.K_2, pygame.K_w):
        key(app, k)
    settle(app)
    discarded = scene.view().discard
    assert discarded
    pile = scene.layout["discard"]
    click(app, (pile.x + pile.w / 2, pile.y + pile.h / 2))
    shown = app.top
    assert isinstance(shown, PileDialog) and shown.cards == discarded
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    key(app, pygame.K_v)
    assert isinstance(app.top, PileDialog)


def test_redo_keys_after_undo_until_a_new_move(app):
    scene = start(app, WIN_DECK)
    key(app, pygame.K_1)  # 10D: equip
    key(app, pygame.K_4)  # 9H: drink
    played = scene.session.state
    key(app, pygame.K_u)
    key(app, pygame.K_u)
    assert scene.session.actions == []
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert scene.session.actions == ["face 10D"]
    key(app, pygame.K_u, mod=pygame.KMOD_SHIFT)
    assert scene.session.state == played and scene.status[0].startswith("Redone:")
    key(app, pygame.K_u)
    key(app, pygame.K_3)  # a new move: fight the A♣...
    key(app, pygame.K_w)  # ...with the 10♦
    assert scene.session.actions == ["face 10D", "face AC with weapon"]
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert "Nothing to redo" in scene.status[0]


def test_double_click_faces_the_hinted_card_as_the_hint_says(app):
    from game.engine.scoundrel_hint import hint, move_for
    scene = start(app, WIN_DECK)
    for _ in range(10):
        view = scene.view()
        if view.status != rules.PLAYING:
            break
        suggested = hint(view).action
        if suggested == "avoid room":
            click(app, centre(scene, "avoid"))
            settle(app)
            continue
        code = suggested.split()[1]
        assert move_for(view, code) == suggested
        double_click(app, card_centre(scene, code))
        settle(app)
        assert scene.session.actions[-1] == suggested and scene.choice is None
    assert any(a.endswith("with weapon") for a in scene.session.actions)


def test_double_click_on_a_monster_never_asks_weapon_or_barehanded(app):
    from game.engine.scoundrel_hint import move_for
    scene = start(app, WIN_DECK)
    key(app, pygame.K_1)  # 10D: equip
    view = scene.view()
    expected = move_for(view, "AC")
    assert expected in ("face AC with weapon", "face AC barehanded")
    double_click(app, card_centre(scene, "AC"))
    settle(app)
    assert scene.session.actions == ["face 10D", expected] and scene.choice is None


def test_right_click_shows_a_card_or_the_weapon_pile_large_and_moves_nothing(app):
    from game.scenes.pile_viewer import CardViewer, PileDialog
    scene = start(app, WIN_DECK)
    key(app, pygame.K_1)  # 10D: equip
    key(app, pygame.K_3)
    key(app, pygame.K_w)  # AC with the weapon
    settle(app)
    state, places = scene.session.state, scene.table_state()
    right_click(app, card_centre(scene, "9H"))
    assert isinstance(app.top, CardViewer) and app.top.cards == ("9H",)
    assert app.top.card[0] > scene.card_size[0]  # larger than on the table
    right_click(app, (0, 0))  # a second right-click puts it down
    assert app.top is scene
    right_click(app, centre(scene, "weapon"))
    assert app.top.cards == ("10D", "AC")
    key(app, pygame.K_ESCAPE)
    right_click(app, centre(scene, "discard"))
    assert isinstance(app.top, PileDialog)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.session.state == state and scene.table_state() == places


def test_a_long_still_press_shows_the_card_large_like_a_right_click(app):
    from game.scenes.pile_viewer import CardViewer

    from .driver import post, to_window
    scene = start(app, WIN_DECK)
    state, places = scene.session.state, scene.table_state()
    pos = to_window(app, card_centre(scene, "9H"))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    frames(app, 20)  # a third of a second: still an ordinary press
    assert app.top is scene
    frames(app, 40)
    assert isinstance(app.top, CardViewer) and app.top.cards == ("9H",)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)  # the release goes to the viewer
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    post(pygame.MOUSEMOTION, pos=(pos[0] + 200, pos[1] + 150), rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 30)
    assert app.top is scene and scene.drag is None
    assert scene.session.state == state and scene.table_state() == places
    # a press that moves is a drag, never a long press
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEMOTION, pos=(pos[0] + 30, pos[1] + 30), rel=(0, 0), buttons=(1, 0, 0))
    frames(app, 80)
    assert app.top is scene and scene.drag is not None and scene.drag.moving
    post(pygame.MOUSEBUTTONUP, pos=(pos[0] + 30, pos[1] + 30), button=1)
    settle(app)


def test_card_counter_toggles_with_c_and_shows_while_tab_is_held(app):
    from .driver import post
    scene = start(app, WIN_DECK)
    drawn = []
    scene.draw_counter = lambda surface, view: drawn.append(view.dungeon_count)
    key(app, pygame.K_c)
    assert scene.counting
    frames(app, 2)
    assert drawn and drawn[-1] == 40
    key(app, pygame.K_c)
    drawn.clear()
    frames(app, 2)
    assert not scene.counting and not drawn
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)
    frames(app, 2)
    assert drawn
    post(pygame.KEYUP, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)
    frames(app, 2)
    drawn.clear()
    frames(app, 2)
    assert not drawn and scene.session.actions == []


def test_the_tip_line_says_what_can_be_done_once_the_status_has_had_its_time(app):
    scene = start(app, WIN_DECK)
    assert scene.status_or_tip()[1] == "info"  # the greeting first
    frames(app, 400)
    text, kind = scene.status_or_tip()
    assert kind == "tip" and "avoid the room (A)" in text
    key(app, pygame.K_1)
    assert scene.status_or_tip()[1] == "info"  # what just happened comes first
    frames(app, 400)
    assert "avoid" not in scene.status_or_tip()[0]  # a room begun can't be avoided
    app.settings.show_tips = False
    assert scene.status_or_tip()[1] == "info"
