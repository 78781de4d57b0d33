"""The rules screens draw their Markdown, never show it (issue 24): *emphasis* in italics,
**strong** in bold, and no drawn line of any game's rules holds a raw mark."""
import re

import pygame
import pytest

from game.engine import games
from game.scenes.rules import RulesScreen
from game.ui import widgets
from tests.ui.test_readable import small_texts

from .driver import frames, key

RAW = re.compile(r"\*|`|\]\(|^\s*#|^\s*>|(^|\s)_|_(\s|$|[.,;:])")


def drawn_rules_lines(app, game_id) -> list:
    """Every text line the rules screen draws, scrolled from top to bottom."""
    app.open_rules(game_id)
    screen = app.top
    assert isinstance(screen, RulesScreen)
    seen = []
    for _ in range(200):
        widgets.recording, widgets.text_sizes = [], []
        try:
            frames(app)
            seen += [d for k, _, d in widgets.recording if k == "text"]
        finally:
            widgets.recording = None
        assert not small_texts(app.surface.get_size())
        before = screen.scroll
        key(app, pygame.K_PAGEDOWN)
        if screen.scroll == before:
            break
    key(app, pygame.K_ESCAPE)
    return seen


@pytest.mark.parametrize("game_id", sorted(games.GAME_IDS))
def test_no_drawn_rules_line_holds_raw_markup(app, game_id):
    laid_out = RulesScreen(app, game_id).lines()
    words = [line.text for line in laid_out] + ["".join(t for t, _ in c) for line in laid_out
                                               for c in line.captions]
    assert not [w for w in words if RAW.search(w)]
    lines = drawn_rules_lines(app, game_id)
    assert len(lines) > 10
    raw = [line for line in lines if RAW.search(line)]
    assert not raw, raw


def test_emphasis_is_drawn_in_another_face(app):
    app.open_rules("pirate_rummy")
    screen = app.top
    line = next(line for line in screen.lines() if "Reset turn" in line.text)
    assert "*" not in line.text
    faces = {face for text, face in line.runs if "Reset turn" in text}
    assert faces == {"italic"}, line.runs
    assert all(face == "sans" for text, face in line.runs if "Reset turn" not in text)
