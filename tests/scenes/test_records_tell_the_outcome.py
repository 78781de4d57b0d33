"""Records say how each game ended, and the replay speaks as a replay (issue 24): the list
shows won or lost with the score, or who won; the viewer's tip line gives its own keys, not
the live table's instructions, and shows no clock stuck at 0:00."""
import random

import pygame

from game.engine.session import Session
from game.scenes.replay import RecordsList, ReplayViewer
from game.store import records
from game.ui import widgets
from tests.ui.test_readable import small_texts

from .driver import frames, key
from .test_replay import export_by_click, finish_a_game


def drawn_texts(app) -> list:
    widgets.recording, widgets.text_sizes = [], []
    try:
        frames(app)
        texts = [d for k, _, d in widgets.recording if k == "text"]
    finally:
        widgets.recording = None
    assert not small_texts(app.surface.get_size())
    return texts


def test_the_list_shows_each_records_outcome_and_the_replay_its_keys(app):
    scene = finish_a_game(app)
    export_by_click(app)
    score = scene.session.rules.result(scene.session.state).scores[0]
    key(app, pygame.K_m)
    key(app, pygame.K_r)
    assert isinstance(app.top, RecordsList)
    texts = drawn_texts(app)
    assert f"Lost · score \u2212{-score}" in texts, texts
    from tests.ui.test_readable import check
    assert check(app, "the records list") == []
    key(app, pygame.K_RETURN)
    viewer = app.top
    assert isinstance(viewer, ReplayViewer)
    for _ in range(2):
        texts = drawn_texts(app)
        joined = " | ".join(texts)
        assert "0:00" not in joined, joined
        assert not any(word in joined for word in ("Drag", "double-click", "H for a hint",
                                                   "You can", "H suggests")), joined
        assert any(t.startswith("Replay: Left and Right") for t in texts), joined
        key(app, pygame.K_RIGHT)


def test_a_tables_record_names_who_won(app):
    from game.scenes.pass_and_play import Seat
    seats = [Seat("Anna"), Seat("Cora", "computer", "hard"), Seat("Dan", "computer", "easy")]
    session = Session("lamarckian_poker", 3, 9, None)
    pick = random.Random(9)
    while not session.is_over():
        session.apply(pick.choice(session.legal_actions()))
    info = [{"name": s.name, "kind": s.kind, "level": s.level} for s in seats]
    records.export(session, info)
    winners = session.rules.result(session.state).winners
    app.push(RecordsList(app))
    texts = drawn_texts(app)
    names = [seats[w].name for w in winners]
    assert any(t.endswith(" won") and all(n in t for n in names) for t in texts), texts
