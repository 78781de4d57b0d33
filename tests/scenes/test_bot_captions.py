"""Computer moves one at a time, each in words by its seat, at the pace chosen in Settings;
the hand-off screen recaps what happened since that player's last turn."""
import pygame
import pytest

from game.engine import abandon_ship as rules
from game.scenes import pass_and_play
from game.scenes.handoff import HandOffScreen
from game.scenes.pass_and_play import Seat

from .driver import FRAME, frames, key

PACES = {"slow": 3.2, "normal": 2.0, "fast": 1.0}


def start(app, seats, seed=21):
    app.settings.animation_speed = "fast"
    app.start_game("abandon_ship", seed, None, seats=seats)
    return app.top


def human_plays_first_legal(app, scene):
    scene.act(scene.session.legal_actions()[0])


@pytest.mark.parametrize("pace", ["fast", "normal"])
def test_each_computer_move_is_its_own_caption_at_the_chosen_pace(app, monkeypatch, pace):
    monkeypatch.setattr(pass_and_play, "BOT_PACES", PACES)
    app.settings.bot_pace = pace
    seats = [Seat("Anna")] + [Seat(f"Bot {i}", "computer", "random") for i in (1, 2, 3)]
    scene = start(app, seats)
    for _ in range(600):
        frames(app)
        if scene.accepts_moves():
            break
    gaps, seen, last, told = [], [], None, None
    count = len(scene.session.actions)
    for i in range(int(PACES[pace] * 60 * 30)):
        if scene.accepts_moves():
            human_plays_first_legal(app, scene)
            count, last, told = len(scene.session.actions), None, None
        frames(app)
        if len(scene.session.actions) > count:
            count = len(scene.session.actions)
            if last is not None:
                gaps.append((i - last) * FRAME)
            last = i
            told = scene.session.states[-2].to_act
        if told is not None and not scene.table.busy:  # told once its cards have landed
            actor, told = told, None
            name = scene.seats[actor].name
            assert actor in scene.captions and not scene.status[0].startswith(name)
            lines = scene.captions[actor][0]
            assert 1 <= len(lines) <= pass_and_play.CAPTION_LINES
            seen.append(lines[-1])
            assert not any(c in " ".join(lines) for c in ("{p", " seat ", "with 1")), lines
        if len(gaps) >= 3:
            break
    assert len(gaps) >= 3, "the computers never moved twice in a row"
    assert min(gaps) >= PACES[pace] - 2 * FRAME, gaps  # each move is on screen a full pace
    assert all(text and text[0].isupper() for text in seen)


def test_the_hand_off_recaps_everything_since_the_last_turn(app):
    seats = [Seat("Anna"), Seat("Ben"), Seat("Cora", "computer", "random")]
    scene = start(app, seats)
    hand_offs = []
    for _ in range(4000):
        frames(app)
        top = app.top
        if isinstance(top, HandOffScreen):
            hand_offs.append(list(top.recap))
            if len(hand_offs) >= 4:
                break
            key(app, pygame.K_RETURN)
        elif top is scene and scene.accepts_moves():
            human_plays_first_legal(app, scene)
        elif top is not scene:
            key(app, pygame.K_RETURN)
    assert len(hand_offs) >= 4
    later = hand_offs[2]
    viewer_to_be = scene.viewer
    # everything since that seat's last action, in words, names filled in
    assert later and all("{p" not in line for line in later)
    assert any(name in " ".join(later) for name in ("Anna", "Ben", "Cora"))
    recap = scene.recap(viewer_to_be)
    assert all("{p" not in line for line in recap)


def test_a_hand_off_deals_nothing_again(app):
    seats = [Seat("Anna"), Seat("Ben")]
    scene = start(app, seats)
    for _ in range(600):
        frames(app)
        if isinstance(app.top, HandOffScreen):
            key(app, pygame.K_RETURN)
        elif app.top is scene and scene.accepts_moves():
            break
    assert not scene.table.busy  # the table is shown as it lies, not dealt again
    assert scene.session.state.phase == rules.PLAY


def test_a_computers_secret_choice_is_captioned_without_the_card(app):
    from game.engine.cards import pretty
    app.settings.animation_speed = "instant"
    seats = [Seat("Anna")] + [Seat(f"Bot {i}", "computer", "random") for i in (1, 2)]
    app.start_game("lamarckian_poker", 4, None, seats=seats)
    scene = app.top
    checked = 0
    for _ in range(3000):
        count = len(scene.session.actions)
        if scene.accepts_moves():
            scene.act(scene.session.legal_actions()[0])
        frames(app)
        if len(scene.session.actions) > count and not scene.new_entries():  # a secret mark
            actor = scene.session.states[-2].to_act
            if actor in scene.captions and actor != 0:
                mark = scene.session.actions[-1].split()[-1]
                text = " ".join(scene.captions[actor][0])
                assert pretty(mark) not in text and "secret" in text, text
                checked += 1
        if checked >= 3 or scene.session.is_over():
            break
    assert checked >= 3


def test_pointing_at_a_seat_looks_under_its_caption(app):
    from .driver import post, to_window
    seats = [Seat("Anna")] + [Seat(f"Bot {i}", "computer", "random") for i in (1, 2, 3)]
    scene = start(app, seats)
    for _ in range(3000):
        frames(app)
        if scene.accepts_moves() and not scene.captions:
            human_plays_first_legal(app, scene)
        if scene.captions:
            break
    seat = next(iter(scene.captions))
    drawn = []
    scene.draw_caption = lambda surface, at, lines: drawn.append(at)

    def caption_drawn():
        drawn.clear()
        scene.draw(app.surface)
        return seat in drawn

    assert caption_drawn()
    post(pygame.MOUSEMOTION, pos=to_window(app, scene.caption_place(seat).center), rel=(0, 0),
         buttons=(0, 0, 0))
    frames(app)
    assert seat in scene.captions and not caption_drawn()
    post(pygame.MOUSEMOTION, pos=to_window(app, (640, 790)), rel=(0, 0), buttons=(0, 0, 0))
    frames(app)
    assert seat in scene.captions and caption_drawn()
