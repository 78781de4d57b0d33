"""The screens that are not tables (issue 26), at every window size: drawn at the design size
in the middle of the window, they keep every word of a control's label (a label is only ever
cut when nothing shorter is left to say), keep the words of a line apart, keep their texts in
their panels at the text floor, and the table's colour fills the window around them."""
from __future__ import annotations

import pygame
import pytest

from game.engine import games
from game.engine.contract import Result
from game.scenes.registry import playable
from game.store import stats
from game.ui import widgets
from game.ui.controls import Segments

from .test_readable import SHAPES, SIZES, check, record_frame, resize


def cut_labels() -> list:
    """The texts of the frame just recorded that end in an ellipsis (cut to fit)."""
    return [text for _, text in widgets.text_sizes if isinstance(text, str) and text.endswith("…")]


def settings(app):
    from game.scenes.settings_screen import SettingsScreen
    return SettingsScreen(app)


def host(app):
    from game.scenes.host_table import HostTableScreen
    return HostTableScreen(app, "doubloons")


def join(app):
    from game.scenes.join_table import JoinTableScreen
    return JoinTableScreen(app)


def handoff(app):
    from game.scenes.handoff import HandOffScreen
    recap = [f"Computer {i} played the {rank} of anchors and took the trick from the "
             f"Wilhelmina W{i}" for i, rank in enumerate(("seven", "queen", "ace") * 6)]
    return HandOffScreen(app, "Wilhelmina W1", lambda: None, recap)


def card_viewer(app):
    from game.scenes.pile_viewer import CardViewer
    codes = [f"{rank}{suit}" for suit in "SH" for rank in ("A", "2", "3", "4", "5", "6", "7")]
    return CardViewer(app, "The discard pile", codes)


def pile(app):
    from game.scenes.pile_viewer import PileDialog
    codes = [f"{rank}{suit}" for suit in "SHDC" for rank in ("A", "2", "3", "4", "5", "6", "7",
                                                               "8", "9", "10", "J")]
    return PileDialog(app, "The discard pile", codes)


def pause(app):
    from game.scenes.dialogs import PauseMenu
    app.start_game("scoundrel", 3)
    return PauseMenu(app, app.top)


def in_progress(app):
    from game.scenes.menu import InProgressDialog
    return InProgressDialog(app, app.stack[0], "lamarckian_poker")


SCREENS = {"settings": settings, "host a table": host, "join a table": join,
           "pass the screen": handoff, "a pile's cards": card_viewer, "a discard pile": pile,
           "the pause menu": pause, "a game in progress": in_progress}


@pytest.mark.parametrize("name", SCREENS)
def test_other_screens_are_readable(app, name):
    app.push(SCREENS[name](app))
    found = check(app, name)
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


def every_choice(screen):
    """Each Segments control of `screen` set to each of its choices in turn (then back)."""
    controls = [c for c in vars(screen).get("controls", ()) if isinstance(c, Segments)]
    controls += [row.control for row in getattr(screen, "rows", ())
                 if isinstance(row.control, Segments)]
    for control in controls:
        start = control.get()
        for value, label in control.choices:
            control.pick(value)
            yield f"{label!r} chosen"
        control.pick(start)


def test_no_label_is_cut_short(app):
    """Every choice of the settings and of each game's new-game screen, chosen (drawn bold)
    or not, shows in full at every window size; so does the host screen's help line."""
    screens = [("settings", settings), ("host a table", host)]
    screens += [(f"{game_id} new game", lambda app, g=game_id: app.stack[0].start_new(g))
                for game_id in playable()]
    found = []
    for name, make in screens:
        depth = len(app.stack)
        pushed = make(app)
        if pushed is not None:
            app.push(pushed)
        screen = app.top
        for chosen in ["as it opens", *every_choice(screen)]:
            for size in SIZES:
                resize(app, size)
                record_frame(app)
                found += [f"{name}, {chosen}, at {size[0]}x{size[1]}: {text!r} is cut"
                          for text in cut_labels()]
        resize(app, (1280, 800))
        while len(app.stack) > depth:
            app.pop()
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


def crowded(records, window) -> list:
    """Texts side by side on a line with less than a narrow space between them."""
    texts = [(rect, text) for kind, rect, text in records if kind == "text" and window.contains(rect)]
    out = []
    for i, (a, ta) in enumerate(texts):
        for b, tb in texts[i + 1:]:
            if abs(a.centery - b.centery) > min(a.h, b.h) / 3:
                continue
            left, right = (a, b) if a.x <= b.x else (b, a)
            if 0 <= right.x - left.right < max(3, left.h // 5):
                out.append(f"{ta!r} {a} and {tb!r} {b} touch")
    return out


def test_the_words_of_a_line_keep_apart(app):
    """The statistics' tables (dates, deals, names and figures) and the menu keep a space
    between the texts of a line at every size: at the smallest window the text floor makes
    words wider than the design, so columns make room."""
    from game.scenes.stats_screen import StatsScreen
    for game_id in playable():
        for i in range(6):
            stats.record(game_id, {}, Result((-7 * i, 3), (0,) if i % 2 else (), ""),
                         [("Anna", "human"), ("Computer 1", "computer")], seed=100 + i)
    found = []
    screen = StatsScreen(app)
    app.push(screen)
    for index in range(len(screen.ids)):
        screen.show_game(index)
        for size in SIZES:
            resize(app, size)
            window = pygame.Rect((0, 0), size)
            found += [f"statistics of {screen.game_id} at {size[0]}x{size[1]}: {problem}"
                      for problem in crowded(record_frame(app), window)]
    app.pop()
    for size in SIZES:
        resize(app, size)
        found += [f"menu at {size[0]}x{size[1]}: {problem}"
                  for problem in crowded(record_frame(app), pygame.Rect((0, 0), size))]
    resize(app, (1280, 800))
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


def edge_points(size) -> list:
    w, h = size
    xs, ys = (0, w // 4, w // 2, 3 * w // 4, w - 1), (0, h // 4, h // 2, 3 * h // 4, h - 1)
    return [(x, y) for x in xs for y in (0, h - 1)] + [(x, y) for y in ys for x in (0, w - 1)]


def test_the_backdrop_fills_every_window_shape(app):
    """A screen drawn at the design size sits in the middle of a window of any shape: the
    table's colour (dimmed under a dialog) reaches every edge, with no black band."""
    from game.scenes.rules import RulesScreen
    from game.scenes.stats_screen import StatsScreen
    makers = [("menu", None), ("statistics", StatsScreen), ("rules", lambda a: RulesScreen(a, "bogey")),
              *SCREENS.items()]
    found = []
    for name, make in makers:
        depth = len(app.stack)
        if make is not None:
            app.push(make(app))
        for size in SHAPES + [(640, 400)]:
            resize(app, size)
            app.draw()
            surface = pygame.display.get_surface()
            dark = [p for p in edge_points(size) if max(surface.get_at(p)[:3]) < 4]
            if dark:
                found.append(f"{name} at {size[0]}x{size[1]}: black at {dark[:4]}")
        resize(app, (1280, 800))
        while len(app.stack) > depth:
            app.pop()
    assert not found, "\n".join(found)


def test_every_game_is_named_in_full_on_the_menu(app):
    """The seven games' titles and blurbs are never cut on the menu, at any size."""
    titles = {games.title(g) for g in playable()}
    for size in SIZES:
        resize(app, size)
        record_frame(app)
        drawn = {text for _, text in widgets.text_sizes}
        assert all(any(t.endswith(title) for t in drawn) for title in titles), (size, drawn)
        assert not cut_labels(), (size, cut_labels())
    resize(app, (1280, 800))


def test_rules_text_stays_in_its_column(app):
    """A rules screen wraps its text and its examples' captions at the size it draws them
    (the text floor included), so no line runs past the column's right edge."""
    from game.scenes.rules import RulesScreen

    from .test_readable import worked_example_top
    found = []
    for game_id in playable():
        screen = RulesScreen(app, game_id)
        app.push(screen)
        for size in SIZES:
            resize(app, size)
            vp = screen.viewport
            column = vp.rect(screen.panel.x + 40, screen.panel.y + 80, screen.panel.w - 80,
                             screen.panel.h - 170)
            for top in (0, worked_example_top(screen)):
                screen.scroll = top
                records = record_frame(app)
                panel = vp.rect(*screen.panel)
                records = records[records.index(("panel", panel, True)):]  # the rules' own
                found += [f"{game_id} at {size[0]}x{size[1]}: {text!r} {rect} runs past {column}"
                          for kind, rect, text in records
                          if kind == "text" and column.colliderect(rect)
                          and rect.right > column.right + 1]
            screen.scroll = 0
        resize(app, (1280, 800))
        app.pop()
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


def test_a_rules_screen_uses_a_tall_windows_height(app):
    """In a square or portrait window the rules panel runs from top to bottom (more of the
    text at once); its Close button follows, and the scroll stays within the text."""
    from game.scenes.rules import RulesScreen
    screen = RulesScreen(app, "abandon_ship")
    app.push(screen)
    design_rows = screen.view_height()
    screen.scroll = screen.content_height() - screen.view_height()  # at the end
    for size in ((900, 900), (1024, 1366)):
        resize(app, size)
        vp = screen.viewport
        panel = vp.rect(*screen.panel)
        assert panel.top >= 0 and panel.bottom <= size[1] and panel.h >= 0.9 * size[1], panel
        assert screen.panel.contains(screen.close_button.rect)
        assert 0 <= screen.scroll <= max(0, screen.content_height() - screen.view_height())
        assert screen.view_height() / vp.scale > design_rows + 100
        found = check(app, "abandon ship rules", [size])
        assert not found, found
    resize(app, (1280, 800))
    assert screen.view_height() == design_rows and screen.panel == pygame.Rect(140, 40, 1000, 720)
    assert screen.close_button.rect.y == 700


def test_the_records_list_uses_a_tall_windows_height(app):
    """A portrait window lists more records at once; the list stays readable at every size
    and Close stays at the panel's foot."""
    from game.engine.session import Session
    from game.scenes.replay import VISIBLE_ROWS, RecordsList
    from game.store import records
    session = Session("scoundrel", 1, 7)
    while not session.is_over():
        session.apply(session.legal_actions()[0])
    for _ in range(30):
        records.export(session)
    screen = RecordsList(app)
    app.push(screen)
    assert len(screen.visible()) == VISIBLE_ROWS
    screen.select(29)  # the last one: the list scrolls to it
    resize(app, (1024, 1366))
    shown = screen.visible()
    assert len(shown) > VISIBLE_ROWS + 10 and 29 in shown and shown[-1] == 29
    assert screen.row_rect(shown[-1]).bottom < screen.close_button.rect.top
    assert screen.panel.contains(screen.close_button.rect)
    resize(app, (1280, 800))
    assert len(screen.visible()) == VISIBLE_ROWS and 29 in screen.visible()
    found = check(app, "a long records list")
    assert not found, "\n".join(found[:40])


def test_a_blurb_is_whole_or_says_it_is_cut(app, monkeypatch):
    """With every game in progress (a Continue button beside each blurb), a blurb shows in full
    from 1280x800 up; in the smallest window it may end in an ellipsis, never stop silently."""
    from types import SimpleNamespace

    from game.scenes import menu
    monkeypatch.setattr(menu, "playable", lambda: games.GAME_IDS)
    fake = SimpleNamespace(session=SimpleNamespace(seed=987654, actions=["x"] * 123))
    monkeypatch.setattr(menu.saves, "load", lambda game_id: fake)
    app.stack[0] = menu.MainMenu(app)
    app.stack[0].refresh_saves()
    monkeypatch.setattr(app.stack[0], "update", lambda dt: None)
    found = []
    for size in SIZES:
        resize(app, size)
        records = record_frame(app)
        texts = [text for kind, _, text in records if kind == "text"]
        for game_id, rect in app.stack[0].rows:
            window_rect = app.stack[0].viewport.rect(*rect)
            lines = [text for kind, r, text in records if kind == "text"
                     and window_rect.contains(r) and r.y > window_rect.y + window_rect.h * 0.4
                     and r.x < window_rect.centerx]
            shown, blurb = " ".join(lines), games.blurb(game_id)
            if shown != blurb and not (shown.endswith("…") and size == (640, 400)):
                found.append(f"{game_id} at {size[0]}x{size[1]}: {shown!r} for {blurb!r}")
        if min(size) >= 800:
            found += [f"at {size[0]}x{size[1]}: {t!r} is cut" for t in texts if t.endswith("…")]
    resize(app, (1280, 800))
    assert not found, "\n".join(found)


def test_wrapped_help_says_when_it_is_cut(app):
    from game.ui.fonts import font
    from game.ui.forms import wrap_lines
    text = "A weapon that has slain a monster may then face monsters of equal value or less. " * 3
    lines = wrap_lines(text, 12, 200, 2)
    assert len(lines) == 2 and lines[-1].endswith("…") and not lines[0].endswith("…")
    assert all(font(12).size(line)[0] <= 200 for line in lines)
    assert wrap_lines("Short.", 12, 200, 2) == ["Short."]
