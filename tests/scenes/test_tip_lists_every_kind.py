"""The *You can:* tip at the multiplayer tables names every kind of move the rules allow now,
not one move of the first kind found (issue 24): each kind's moves are listed, or counted."""
import re

from game.engine import ships_and_sailors as sas
from game.scenes.handoff import HandOffScreen
from game.scenes.pass_and_play import Seat

from .driver import click, frames

ONE_HUMAN = [Seat("Anna"), Seat("Cora", "computer", "hard"), Seat("Dan", "computer", "easy"),
             Seat("Eve", "computer", "hard")]


def tip_of(app, scene) -> str:
    scene.say("")
    frames(app)
    text, kind = scene.status_or_tip()
    assert kind == "tip" and text.startswith("You can: "), (text, kind)
    return text


def assert_every_kind_listed(scene, text) -> None:
    kinds: dict = {}
    for action in scene.session.legal_actions():
        words = scene.action_words(str(action))
        kinds.setdefault(words.split()[0], []).append(words)
    for first, group in kinds.items():
        assert first in text, (first, text)
        counted = re.search(rf"{first} … \((\d+) choices\)", text)
        if counted:
            assert int(counted.group(1)) == len(group), text
        elif len(group) > 1:
            for words in group:  # each move's own words (its card) appear in the tip
                assert all(w in text for w in words.split()), (words, text)


def play_to(app, scene, wanted, limit=4000):
    """Run the table (computers by their pace, the human by the first legal move through the
    scene) until `wanted(view, legal)` holds on the human's turn."""
    for _ in range(limit):
        frames(app)
        if isinstance(app.top, HandOffScreen) or app.top is not scene:
            buttons = getattr(app.top, "buttons", None) or getattr(app.top, "row", None)
            click(app, buttons.buttons[0].rect.center)
            continue
        if scene.accepts_moves() and not scene.table.busy:
            view, legal = scene.session.view(scene.viewer), scene.session.legal_actions()
            if wanted(view, legal):
                return view, legal
            scene.act(legal[-1])
    raise AssertionError("the wanted turn never came")


def test_ships_and_sailors_tip_names_every_playable_card(app):
    app.settings.animation_speed = "instant"
    app.start_game("ships_and_sailors", 5, None, seats=list(ONE_HUMAN))
    scene = app.top
    _, legal = play_to(app, scene, lambda v, legal: v.phase == sas.PLAY and 2 <= len(legal) <= 3)
    text = tip_of(app, scene)
    assert_every_kind_listed(scene, text)
    for action in legal:
        assert str(sas.VALUE[action.card]) in text and sas.COLOUR_SYMBOLS[
            sas.COLOUR_OF[action.card]] in text, text


def test_ships_and_sailors_tip_lists_or_counts_a_long_list(app):
    app.settings.animation_speed = "instant"
    app.start_game("ships_and_sailors", 5, None, seats=list(ONE_HUMAN))
    scene = app.top
    play_to(app, scene, lambda v, legal: v.phase == sas.PLAY and len(legal) > 3)
    text = tip_of(app, scene)
    assert_every_kind_listed(scene, text)
    legal = scene.session.legal_actions()
    assert f"({len(legal)} choices)" in text or all(
        str(sas.VALUE[a.card]) in text for a in legal), text


def test_abandon_ship_tip_names_every_kind_of_move(app):
    app.settings.animation_speed = "instant"
    app.start_game("abandon_ship", 21, None, seats=list(ONE_HUMAN))
    scene = app.top
    play_to(app, scene, lambda v, legal: len({str(a).split()[0] for a in legal}) >= 2)
    assert_every_kind_listed(scene, tip_of(app, scene))


def test_the_tip_is_worded_once_a_position_and_again_for_the_next(app, monkeypatch):
    """A table draws its tip every frame; a position can allow hundreds of moves."""
    app.settings.animation_speed = "instant"
    app.start_game("ships_and_sailors", 5, None, seats=list(ONE_HUMAN))
    scene = app.top
    worded: list = []
    words = scene.action_words
    monkeypatch.setattr(scene, "action_words", lambda text: (worded.append(text), words(text))[1])
    play_to(app, scene, lambda v, legal: v.phase == sas.PLAY and len(legal) >= 2)
    first = tip_of(app, scene)
    worded.clear()
    frames(app, 5)
    assert scene.status_or_tip()[0] == first
    assert worded == []  # not once a frame
    scene.act(scene.session.legal_actions()[0])
    play_to(app, scene, lambda v, legal: v.phase == sas.PLAY and len(legal) >= 2)
    worded.clear()
    assert_every_kind_listed(scene, tip_of(app, scene))
    assert worded  # a new position: worded afresh


def test_a_new_position_is_worded_after_the_frame_where_it_lands(app, monkeypatch):
    """The frame where a move lands is the busiest there is; its position's moves (2-6 ms at a
    Pirate Rummy table at 4K) are worded after the frame is drawn, in what frames leave. Until
    then the tip line is empty: a tip shown always names the moves of the position shown, the
    window keeps drawing frames while it waits, and each frame words a move at least."""
    app.settings.animation_speed = "instant"
    app.start_game("pirate_rummy", 5, None, seats=list(ONE_HUMAN))
    scene = app.top
    words = scene.action_words
    worded_while_drawn: list = []
    monkeypatch.setattr(scene, "action_words", lambda text: (
        worded_while_drawn.append(scene.drawing_status), words(text))[1])
    shown: list = []
    status_or_tip = scene.status_or_tip

    def watched():
        text, kind = status_or_tip()
        if scene.drawing_status:
            kinds: dict = {}
            for action in scene.session.legal_actions():
                kinds.setdefault(words(str(action)).split()[0], []).append(words(str(action)))
            shown.append((len(scene.session.actions), text, kind, kinds))
        return text, kind
    monkeypatch.setattr(scene, "status_or_tip", watched)
    moves = 0
    for _ in range(3000):
        frames(app)
        if scene.tip_waits:
            assert scene.next_change() == 0.0
        if isinstance(app.top, HandOffScreen) or app.top is not scene:
            buttons = getattr(app.top, "buttons", None) or getattr(app.top, "row", None)
            click(app, buttons.buttons[0].rect.center)
            continue
        if scene.accepts_moves() and not scene.table.busy and not scene.session.is_over():
            scene.say("")  # (what the last move said gives way to the tip at once)
            frames(app)
            waited = 1
            while not (shown[-1][0] == len(scene.session.actions) and shown[-1][2] == "tip"):
                assert scene.tip_waits and scene.next_change() == 0.0
                # (each frame words a move at least, however slow the machine: no timing here)
                assert waited <= len(scene.session.legal_actions()) + 1, "the tip never came"
                frames(app)
                waited += 1
            scene.act(scene.session.legal_actions()[-1])
            moves += 1
            if moves == 12:
                break
    assert moves == 12
    assert not any(worded_while_drawn)
    tips = [s for s in shown if s[1].startswith("You can: ")]
    assert len(tips) >= 12
    for _, text, _, kinds in tips:
        for first in kinds:  # the position's own moves, none of the last position's
            assert first in text, (first, text)
        assert text.count(";") + 1 == len(kinds), (text, kinds)
