"""A computer thinks in what the frame leaves once it is drawn: a frame busy drawing (cards in
flight) thinks little, so it keeps its pace; a still table thinks its most."""
import pytest

from game import app as app_module


@pytest.mark.parametrize("spent,expected", [
    (0.0010, 0.0030),   # a still table: the most
    (0.0040, 0.0015),   # cards moving: what is left
    (0.0060, 0.0005),   # over already: the least, so the computer still gets on
])
def test_thinking_time_is_what_the_frame_leaves(app, monkeypatch, spent, expected):
    now = app.frame_started + spent
    monkeypatch.setattr(app_module.time, "perf_counter", lambda: now)
    assert app.thinking_time(0.003) == pytest.approx(expected)


@pytest.mark.parametrize("drawing,expected", [(0.0005, 0.003), (0.004, 0.0015), (0.009, 0.0005)])
def test_the_top_scene_thinks_after_the_frame_is_drawn_in_what_it_leaves(
        app, monkeypatch, drawing, expected):
    clock = [0.0]
    monkeypatch.setattr(app_module.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(app, "draw", lambda: clock.__setitem__(0, clock[0] + drawing))
    given, order = [], []
    monkeypatch.setattr(app.top, "update", lambda dt: order.append("update"))
    monkeypatch.setattr(app.top, "think", lambda: (order.append("think"),
                                                   given.append(app.thinking_time(0.003))))
    app.step(1 / 60)
    assert order == ["update", "think"]
    assert given == [pytest.approx(expected)]


@pytest.mark.parametrize("drawing,expected", [(0.0005, 0.005), (0.004, 0.0015)])
def test_cards_stood_in_for_render_after_the_drawing_and_before_the_thinking(
        app, monkeypatch, drawing, expected):
    """Before a computer thinks, the frame's own late renders (CardArt.render_later) get what
    the drawing left, within CARD_RENDER_BUDGET."""
    clock = [0.0]
    monkeypatch.setattr(app_module.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(app, "draw", lambda: clock.__setitem__(0, clock[0] + drawing))
    order, given = [], []
    monkeypatch.setattr(app.art, "render_later", lambda seconds: (order.append("render"),
                                                                   given.append(seconds)))
    monkeypatch.setattr(app.top, "think", lambda: order.append("think"))
    app.step(1 / 60)
    assert order == ["render", "think"]
    assert given == [pytest.approx(expected)]


def test_a_step_notes_when_it_started(app):
    before = app.frame_started
    app.step(1 / 60)
    assert app.frame_started > before


def test_a_computer_thinks_only_in_a_frame_its_turn_was_played(app):
    """Thinking after the drawing goes on only where `update` found the computer to act: not
    under a dialog, not once the turn has passed."""
    from game.scenes.pass_and_play import Seat
    app.settings.animation_speed = "instant"
    app.start_game("lamarckian_poker", 5, None,
                   seats=[Seat("Bot", "computer", "random"), Seat("Ann", "human", "random")])
    scene = app.top
    steps = []

    class Counting:
        def __iter__(self):
            return self

        def __next__(self):
            steps.append(1)
            return None
    scene.thinking = Counting()
    scene.bot_to_think = False  # update did not find the computer to act
    scene.think()
    assert steps == []
    scene.bot_to_think = True
    scene.think()
    assert steps
