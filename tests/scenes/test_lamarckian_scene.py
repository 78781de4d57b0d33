"""Lamarckian Poker with humans and computers, played through posted events."""
import pygame

from game.engine import lamarckian_poker as rules
from game.scenes.handoff import HandOffScreen
from game.scenes.lamarckian_poker import LamarckianPokerScene, ShowdownScreen
from game.scenes.pass_and_play import Seat

from .driver import click, drag, frames, key

SEATS = [Seat("Anna"), Seat("Ben"), Seat("Cora", "computer", "hard"),
         Seat("Dan", "computer", "easy")]


def start(app, seed=5, speed="instant"):
    app.settings.animation_speed = speed
    app.start_game("lamarckian_poker", seed, None, seats=list(SEATS))
    return app.top


def centre(sprite):
    return (sprite.pos[0] + sprite.size[0] / 2, sprite.pos[1] + sprite.size[1] / 2)


def test_a_whole_game_with_two_humans_and_two_bots(app):
    scene = start(app)
    assert isinstance(scene, LamarckianPokerScene)
    hand_offs, marks_by_humans, skipped = 0, 0, 0
    for _ in range(20000):
        frames(app)
        top = app.top
        if isinstance(top, ShowdownScreen):
            break
        if isinstance(top, HandOffScreen):
            hand_offs += 1
            key(app, pygame.K_RETURN)
            continue
        if scene.playback and scene.playback.stage >= 0 and skipped < 2:
            skipped += 1
            click(app, scene.layout["act"].center)  # Skip: the rest of the round at once
            assert scene.playback is None
            continue
        if top is scene and scene.accepts_moves():
            view = scene.session.view(scene.viewer)
            index = min(len(view.hand), 9) - 1  # keys 1..9 reach the first nine cards
            code = view.hand[index]
            before = len(scene.session.actions)
            if marks_by_humans % 2:
                drag(app, centre(scene.table.sprites[code]), scene.layout["mark"].center)
            else:
                key(app, pygame.K_1 + index)
                key(app, pygame.K_RETURN)
            assert scene.session.actions[before:] == [f"mark {code}"], scene.status
            marks_by_humans += 1
    state = scene.session.state
    assert state.phase == rules.OVER
    assert isinstance(app.top, ShowdownScreen)
    assert hand_offs >= 2 and marks_by_humans >= 2 and skipped == 2
    survivors = [s for s, hand in enumerate(app.top.view.showdown) if hand]
    assert {s for s, _ in app.top.rows} == set(survivors)
    assert set(app.top.view.winners) <= set(survivors)


def test_the_resolution_plays_one_mark_at_a_time(app):
    scene = start(app, speed="normal")
    for _ in range(5000):
        frames(app)
        if isinstance(app.top, HandOffScreen):
            key(app, pygame.K_RETURN)
        elif scene.playback:
            break
        elif app.top is scene and scene.accepts_moves() and not scene.table.busy:
            scene.act(scene.session.legal_actions()[0])
    assert scene.playback is not None and scene.playback.stage == -1
    steps = len(scene.playback.steps)
    seen = set()
    for _ in range(3000):
        frames(app)
        if scene.playback is None:
            break
        seen.add(scene.playback.stage)
    assert seen >= set(range(-1, steps)), "every mark was shown in turn"
    assert not scene.accepts_moves() or scene.playback is None


def test_marks_stay_hidden_until_the_reveal(app):
    scene = start(app)
    for _ in range(3000):
        frames(app)
        if isinstance(app.top, HandOffScreen):
            key(app, pygame.K_RETURN)
            continue
        state = scene.session.state
        if state.phase == rules.MARKING and any(state.marks) and app.top is scene:
            chosen = {m for s, m in enumerate(state.marks) if m and s != scene.viewer}
            if chosen:
                assert not chosen & set(scene.table.sprites), "another seat's mark is on show"
                return
        if app.top is scene and scene.accepts_moves():
            scene.act(scene.session.legal_actions()[0])
    raise AssertionError("no moment with another seat's mark chosen came")


def drawn_texts(app):
    from game.ui import widgets
    widgets.recording = []
    try:
        app.top.draw(app.surface)
        return [(rect, text) for kind, rect, text in widgets.recording if kind == "text"]
    finally:
        widgets.recording = None


def at_a_human_mark(app):
    """A fast table of deal 7, taken by the first human asked for a mark."""
    scene = start(app, seed=7, speed="fast")
    for _ in range(600):
        frames(app)
        if isinstance(app.top, HandOffScreen):
            key(app, pygame.K_RETURN)
        if app.top is scene and scene.accepts_moves() and not scene.table.busy:
            return scene
    raise AssertionError("no human was asked for a mark")


def test_pointing_at_a_hand_card_previews_what_its_mark_would_take(app):
    from game.engine.lamarckian_preview import preview

    from .driver import post, to_window
    scene = at_a_human_mark(app)
    view = scene.session.view(scene.viewer)
    assert not drawn_texts(app) or all("If you mark" not in t for _, t in drawn_texts(app))
    for code in view.hand:
        post(pygame.MOUSEMOTION, pos=to_window(app, centre(scene.table.sprites[code])),
             rel=(0, 0), buttons=(0, 0, 0))
        frames(app)
        expected = preview(view, code)
        assert scene.mark_preview(view) == expected
        texts = [t for _, t in drawn_texts(app)]
        assert f"If you mark the {rules.pretty(code)}" in texts
        assert any(t and expected.words.startswith(t.rstrip("…")[:20]) for t in texts)
    # a card it would take is edged gold on the table
    code = next((c for c in view.hand if preview(view, c).takes), None)
    if code is not None:
        post(pygame.MOUSEMOTION, pos=to_window(app, centre(scene.table.sprites[code])),
             rel=(0, 0), buttons=(0, 0, 0))
        frames(app)
        app.top.draw(app.surface)
        taken = preview(view, code).takes[0]
        sprite = scene.table.sprites[taken]
        edge = app.viewport.point(sprite.pos[0] + sprite.size[0] / 2, sprite.pos[1] - 3)
        from game.ui import theme
        assert tuple(app.surface.get_at(edge))[:3] == theme.GOLD


def test_the_marks_tray_names_whose_mark_is_whose(app):
    scene = start(app, seed=5, speed="normal")
    for _ in range(20000):
        frames(app)
        if isinstance(app.top, HandOffScreen):
            key(app, pygame.K_RETURN)
            continue
        if scene.playback is not None and len(scene.playback.marks_waiting()) >= 2:
            break
        if app.top is scene and scene.accepts_moves():
            key(app, pygame.K_1)
            key(app, pygame.K_RETURN)
    assert scene.playback is not None
    texts = drawn_texts(app)
    for (x, _y), step, _ in scene.tray_spots():
        label = next(t for rect, t in texts
                     if abs(rect.x - app.viewport.point(x, 0)[0]) <= 1 and t)
        assert scene.seats[step.seat].name.startswith(label.rstrip("…"))


def test_h_names_the_strongest_mark_and_what_it_takes(app):
    from game.engine import bots
    from game.engine.bots import finish
    from game.engine.lamarckian_preview import preview
    scene = at_a_human_mark(app)
    view = scene.session.view(scene.viewer)
    key(app, pygame.K_h)
    frames(app, 120)
    bot = bots.make("lamarckian_poker", bots.levels("lamarckian_poker")[-1])
    chosen = str(finish(bot.think(view, scene.session.legal_actions(), scene.bot_rng())))
    card = chosen.split()[-1]
    takes = preview(view, card).takes
    text, kind, _ = scene.status
    assert kind == "hint" and rules.pretty(card) in text
    assert all(rules.pretty(c) in text for c in takes)


SHAPES = [(1280, 800), (640, 400), (900, 900), (2560, 1080), (1024, 1366)]


def test_the_mark_lies_level_with_the_hand_at_every_shape(app):
    """The mark's place grows with a tall table as the hand's zone does: its card and its slot
    stay level with the hand's first row instead of drifting below it."""
    scene = start(app)
    for size in SHAPES:
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.on_resize(size)
        hand, mark = scene.layout["hand"], scene.layout["mark"]
        assert abs(mark.y - hand.y) < 1, size
        assert scene.card_size == (100, 140)
        assert scene.drop_zones()["mark"].size == scene.card_size  # the slot glows, not the place


def test_the_marks_tray_wraps_into_rows_on_a_tall_window(app):
    from game.scenes.pass_and_play import default_seats
    app.settings.animation_speed = "instant"
    app.start_game("lamarckian_poker", 5, None, seats=default_seats("lamarckian_poker", 6))
    scene = app.top
    pygame.display.set_mode((1024, 1366), pygame.RESIZABLE)
    app.on_resize((1024, 1366))
    resolution = None
    while resolution is None or len(resolution.steps) < 5:
        scene.thinking = scene.bot_choice = None
        scene.session.apply(scene.session.legal_actions()[0])
        resolution = scene.session.view(scene.viewer).last_resolution
        if scene.session.is_over():
            raise AssertionError("no round with five marks came")
    from game.scenes.lamarckian_poker import Playback
    scene.playback = Playback(resolution)
    spots = scene.tray_spots()
    tray = pygame.Rect(scene.layout["marks"].rect)
    assert len({y for (_, y), _, _ in spots}) >= 2  # rows, each mark with room for its name
    for (x, y), _, width in spots:
        assert tray.contains(pygame.Rect(x, y, max(width, 44), 62)), (x, y, width)
        assert width >= 80


def test_a_long_name_stays_whole_beside_a_chosen_mark(app):
    """In a narrow seat panel (a square window) 'mark chosen' gives way to 'chosen' before the
    seat's name is cut short."""
    from game.scenes.pass_and_play import default_seats
    seats = default_seats("lamarckian_poker", 6)
    for i, seat in enumerate(seats):
        seat.name = f"Wilhelmina W{i + 1}"
    app.settings.animation_speed = "instant"
    app.start_game("lamarckian_poker", 5, None, seats=seats)
    scene = app.top
    pygame.display.set_mode((900, 900), pygame.RESIZABLE)
    app.on_resize((900, 900))
    view = scene.session.view(scene.viewer)
    while not any(view.chosen[s] for s in range(view.seats) if s != scene.viewer):
        scene.thinking = scene.bot_choice = None
        scene.act(scene.session.legal_actions()[0])
        scene.table.finish_all()
        view = scene.session.view(scene.viewer)
    chosen = [seats[s].name for s in range(view.seats) if s != scene.viewer and view.chosen[s]]
    texts = [t for _, t in drawn_texts(app)]
    assert all(name in texts for name in chosen) and "chosen" in texts


def test_your_best_hand_wraps_in_a_tall_panel_and_is_cut_short_in_a_low_one(app):
    from game.ui import widgets
    scene = start(app)
    text = "Best now: " + ", ".join(["two pair, queens and tens"] * 4)  # too long for 3 lines
    for size, whole in (((1024, 1366), True), ((1280, 800), False)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        app.on_resize(size)
        widgets.recording = []
        try:
            scene.draw_best_hand(app.surface, scene.layout["me"], text)
            lines = [t for kind, _, t in widgets.recording if kind == "text"]
        finally:
            widgets.recording = None
        assert (" ".join(lines) == text) is whole, (size, lines)
        assert len(lines) >= 2 if whole else lines[-1].endswith("…")
