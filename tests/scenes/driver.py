"""The scene tests drive the app with the same real events as `--smoke`."""
import time

import pygame

from game.driver import FRAME, click, drag, frames, key, post, settle, to_window  # noqa: F401


def double_click(app, logical) -> None:
    """Two clicks on one spot, two frames apart: well inside the double-click time."""
    click(app, logical)
    click(app, logical)


def right_click(app, logical) -> None:
    pos = to_window(app, logical)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=3)
    frames(app, 2)


def skip_celebration(app) -> None:
    """A human's win is celebrated before its result: a click skips to the result screen."""
    from game.scenes.celebration import Celebration
    assert isinstance(app.top, Celebration), f"no celebration: {type(app.top).__name__} on top"
    click(app, (640, 400))


def result_screen(app, tries: int = 20, seconds: float = 60.0, judged: bool = True):
    """Run frames until the result screen is up, and (`judged`) with every line worked out: a
    Scoundrel deal's verdict comes from a thread of its own."""
    from game.scenes.dialogs import ResultScreen
    for _ in range(tries):
        frames(app, 30)
        if isinstance(app.top, ResultScreen):
            break
    else:
        raise AssertionError(f"no result screen: {type(app.top).__name__} on top")
    screen = app.top
    deadline = time.monotonic() + seconds
    while judged and screen.pending is not None:
        assert time.monotonic() < deadline, "the result screen's verdict never came"
        time.sleep(0.005)
        frames(app)
    return screen
