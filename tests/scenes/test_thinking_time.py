"""A computer thinks in what the frame leaves: a frame busy drawing (cards in flight) thinks
little, so it keeps its pace; a still table thinks its most."""
import pytest

from game import app as app_module


@pytest.mark.parametrize("spent,drawing,expected", [
    (0.0010, 0.0005, 0.0030),   # a still table: the most
    (0.0010, 0.0030, 0.0015),   # cards moving: what is left
    (0.0030, 0.0040, 0.0005),   # over already: the least, so the computer still gets on
])
def test_thinking_time_is_what_the_frame_leaves(app, monkeypatch, spent, drawing, expected):
    now = app.frame_started + spent
    monkeypatch.setattr(app_module.time, "perf_counter", lambda: now)
    app.draw_seconds = drawing
    assert app.thinking_time(0.003) == pytest.approx(expected)


def test_a_step_notes_when_it_started_and_how_long_it_drew(app):
    before = app.frame_started
    app.step(1 / 60)
    assert app.frame_started > before and app.draw_seconds > 0


def test_the_drawing_to_come_is_guessed_from_recent_frames_not_the_last_alone(app, monkeypatch):
    clock = [0.0]
    monkeypatch.setattr(app_module.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(app, "draw", lambda: clock.__setitem__(0, clock[0] + drawing[0]))
    drawing = [0.004]
    app.step(1 / 60)  # a frame that drew 4 ms
    drawing = [0.0005]
    app.step(1 / 60)  # then a still one
    assert app.draw_seconds == pytest.approx(0.004 * app_module.DRAW_MEMORY)
    for _ in range(30):
        app.step(1 / 60)
    assert app.draw_seconds == pytest.approx(0.0005)
