"""Abandon Ship with two humans and two computers, played through posted events."""
import pygame

from game.engine import abandon_ship as rules
from game.scenes.abandon_ship import RoundSummaryDialog
from game.scenes.handoff import HandOffScreen
from game.scenes.pass_and_play import Seat

from .driver import click, drag, frames, key, settle

SEATS = [Seat("Anna"), Seat("Ben"), Seat("Cora", "computer", "hard"),
         Seat("Dan", "computer", "easy")]


def start(app, seed=21):
    app.settings.animation_speed = "instant"
    app.start_game("abandon_ship", seed, None, seats=list(SEATS))
    return app.top


def sprite_centre(scene, code):
    sprite = scene.table.sprites[code]
    return (sprite.pos[0] + sprite.size[0] / 2, sprite.pos[1] + sprite.size[1] / 2)


def zone_centre(scene, zone):
    return scene.drop_zones()[zone].center


def human_move(app, scene, turn):
    """One decision for the human at the screen, made with the mouse or keys."""
    view = scene.session.view(scene.viewer)
    legal = [str(a) for a in scene.session.legal_actions()]
    if view.phase == rules.SHOWDOWN:
        code = next(a.split()[-1] for a in legal if a.startswith("key card"))
        drag(app, sprite_centre(scene, code), zone_centre(scene, "key"))
    elif view.phase == rules.FIGHT:
        raises = [a for a in legal if a.startswith("raise")]
        if raises and turn % 2:
            drag(app, sprite_centre(scene, raises[0].split()[-1]), zone_centre(scene, "fight"))
        else:
            click(app, scene.layout["act"].center)  # surrender
    elif view.phase == rules.ROUND_OVER:
        key(app, pygame.K_RETURN)
    else:
        attacks = [a for a in legal if a.startswith("attack")]
        if attacks and turn % 3 == 0:
            words = attacks[0].split()
            drag(app, sprite_centre(scene, words[-1]), zone_centre(scene, f"seat{int(words[2]) - 1}"))
        else:
            code = next(a.split()[-1] for a in legal if a.startswith("discard"))
            click(app, sprite_centre(scene, code))
            click(app, zone_centre(scene, f"boat_{rules.SUIT_OF[code]}"))


def test_a_full_round_with_two_humans_and_two_bots(app):
    scene = start(app)
    hand_offs, humans_seen, summaries, turn = 0, set(), 0, 0
    for _ in range(6000):
        frames(app)
        if scene.session.state.round == 2:
            break
        top = app.top
        if isinstance(top, HandOffScreen):
            hand_offs += 1
            click(app, top.buttons.buttons[0].rect.center)
            continue
        if isinstance(top, RoundSummaryDialog):
            summaries += 1
            key(app, pygame.K_RETURN)
            continue
        if top is scene and scene.accepts_moves():
            humans_seen.add(scene.viewer)
            before = len(scene.session.actions)
            human_move(app, scene, turn)
            turn += 1
            assert len(scene.session.actions) == before + 1, scene.status
    assert summaries == 1, "the round never ended"
    assert hand_offs >= 2 and humans_seen == {0, 1}
    state = scene.session.state
    assert state.round == 2 and state.phase == rules.PLAY
    assert state.last_round.round == 1 and sum(state.last_round.gained) > 0
    acted = {s for s in range(4) if any(f"{{p{s}}}" in e for e in state.log)}
    assert {2, 3} <= acted  # the computers played too


def test_the_table_shows_only_the_viewers_cards(app):
    scene = start(app)
    settle(app)
    for _ in range(400):
        frames(app)
        if isinstance(app.top, HandOffScreen):
            break
    assert isinstance(app.top, HandOffScreen)
    seat = scene.session.state.to_act
    click(app, app.top.buttons.buttons[0].rect.center)
    view = rules.view(scene.session.state, scene.viewer)
    assert scene.viewer == seat
    others = {c for s, hand in enumerate(scene.session.state.hands) if s != seat for c in hand}
    assert not others & set(scene.table.sprites), "another seat's card is on the table"
    assert set(view.hand) <= set(scene.table.sprites)


def test_hand_off_screen_draws_no_card(app, monkeypatch):
    start(app)
    for _ in range(400):
        frames(app)
        if isinstance(app.top, HandOffScreen):
            break
    drawn = []
    monkeypatch.setattr(app.art, "face", lambda *a, **k: drawn.append(a) or pygame.Surface((1, 1)))
    frames(app, 3)
    assert drawn == []


def to_a_human_turn(app, scene):
    for _ in range(400):
        frames(app)
        if isinstance(app.top, HandOffScreen):
            click(app, app.top.buttons.buttons[0].rect.center)
        if app.top is scene and scene.accepts_moves():
            return
    raise AssertionError("no human turn came")


def test_illegal_drop_is_explained(app):
    scene = start(app)
    to_a_human_turn(app, scene)
    view = scene.session.view(scene.viewer)
    code = view.hand[0]
    wrong = next(s for s in "CDHS" if s != rules.SUIT_OF[code])
    before = list(scene.session.actions)
    drag(app, sprite_centre(scene, code), zone_centre(scene, f"boat_{wrong}"))
    assert scene.status[1] == "error" and "lifeboat" in scene.status[0]
    assert scene.session.actions == before


def test_log_panel_toggles(app):
    scene = start(app)
    to_a_human_turn(app, scene)
    key(app, pygame.K_l)
    assert scene.show_log
    key(app, pygame.K_l)
    assert not scene.show_log


def test_no_card_face_is_drawn_before_the_first_hand_off(app, monkeypatch):
    drawn = []
    real_face = app.art.face
    monkeypatch.setattr(app.art, "face", lambda *a, **k: drawn.append(a) or real_face(*a, **k))
    app.settings.animation_speed = "normal"  # the deal is still flying on the first frames
    app.start_game("abandon_ship", 21, None, seats=list(SEATS))
    frames(app)
    assert isinstance(app.top, HandOffScreen)
    assert drawn == []


def test_seats_saved_with_the_old_level_names_load_with_todays(app):
    scene = start(app)
    scene.use_seat_info([{"name": "Anna", "kind": "human", "level": "strong"},
                         {"name": "Cora", "kind": "computer", "level": "strong"},
                         {"name": "Dan", "kind": "computer", "level": "random"},
                         {"name": "Eve", "kind": "computer", "level": "cunning"}])
    assert [s.level for s in scene.seats] == ["hard", "hard", "easy", "hard"]
    assert [s.describe() for s in scene.seats[1:3]] == ["Computer (hard)", "Computer (easy)"]


def test_h_suggests_the_strongest_bots_move_for_the_seat_at_the_screen(app):
    import random

    from game.engine import bots
    from game.scenes.pass_and_play import PassAndPlayScene
    scene = start(app)
    to_a_human_turn(app, scene)
    assert isinstance(scene, PassAndPlayScene) and scene.accepts_moves()
    state, seat = scene.session.state, scene.viewer
    key(app, pygame.K_h)
    for _ in range(600):
        frames(app)
        if scene.hint_thinking is None:
            break
    strongest = bots.make("abandon_ship", bots.levels("abandon_ship")[-1])
    rng = random.Random(scene.session.seed * 7919 + len(scene.session.actions))
    expected = bots.finish(strongest.think(rules.view(state, seat), rules.legal_actions(state), rng))
    why = scene.hint_reason(rules.view(state, seat), str(expected))
    assert scene.status[0] == ("Hint: the strongest computer player would choose: "
                               f"{scene.action_words(str(expected))}"
                               + (f": {why}" if why else "") + ".")
    assert scene.session.state == state  # a hint moves nothing


def test_the_tip_line_lists_moves_the_rules_allow_now_in_words(app):
    scene = start(app)
    to_a_human_turn(app, scene)
    scene.say("")
    text, kind = scene.status_or_tip()
    assert kind == "tip" and text.startswith("You can: ")
    legal_words = [scene.action_words(str(a)) for a in scene.session.legal_actions()]
    listed = text[len("You can: "):-len(". H suggests a move.")].replace("; or ", "; ").split("; ")
    kinds = {w.split()[0] for w in legal_words}
    assert listed and {item.split()[0] for item in listed} == kinds  # every kind, in words


def test_the_bottom_row_stays_level_at_every_shape(app):
    """Your panel, your hand and the key card's place keep one row on any window (the hand of
    five never needs a second row), however tall the table."""
    scene = start(app)
    for size in ((1280, 800), (640, 400), (900, 900), (2560, 1080), (1024, 1366)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.on_resize(size)
        me, hand, key_place = (scene.layout[n] for n in ("me", "hand", "key"))
        assert abs(me.y - hand.y) < 1 and abs(key_place.y - hand.y) < 1, size
        assert hand.h == key_place.h == scene.card_size[1]
