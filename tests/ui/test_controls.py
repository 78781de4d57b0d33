"""The controls: each kind looks and behaves as what it is, buttons show hover, pressed and
disabled, labels never shrink below the body size, option labels read as sentences."""
import pygame
import pytest

from game.engine import games
from game.ui import theme
from game.ui.controls import Chooser, Segments, Switch, TextField, segments_fit
from game.ui.forms import option_control
from game.ui.viewport import Viewport
from game.ui.widgets import Button, label_lines


@pytest.fixture
def vp():
    pygame.font.init()
    viewport = Viewport((1280, 800))
    viewport.fit((1280, 800))
    return viewport


def event(kind, pos=(0, 0), **extra):
    if kind == "key":
        return pygame.event.Event(pygame.KEYDOWN, key=extra["key"], mod=extra.get("mod", 0),
                                  unicode=extra.get("unicode", ""))
    names = {"move": pygame.MOUSEMOTION, "down": pygame.MOUSEBUTTONDOWN, "up": pygame.MOUSEBUTTONUP}
    return pygame.event.Event(names[kind], pos=pos, button=1, rel=(0, 0), buttons=(0, 0, 0))


def click(control, vp, pos):
    for kind in ("move", "down", "up"):
        control.handle(event(kind, pos), vp)


def fill_at(button, vp):
    surface = pygame.Surface((1280, 800))
    surface.fill((0, 0, 0))
    button.draw(surface, vp)
    return tuple(surface.get_at((button.rect.x + 6, button.rect.centery))[:3])


def test_a_button_shows_hover_pressed_and_disabled(vp):
    pressed = []
    button = Button((100, 100, 200, 44), "Deal", lambda: pressed.append(1), "Enter")
    assert fill_at(button, vp) == theme.BUTTON
    button.handle(event("move", (150, 120)), vp)
    assert fill_at(button, vp) == theme.BUTTON_HOVER
    button.handle(event("down", (150, 120)), vp)
    assert fill_at(button, vp) == theme.BUTTON_PRESSED
    button.handle(event("up", (150, 120)), vp)
    assert pressed == [1] and fill_at(button, vp) == theme.BUTTON_HOVER
    button.enabled = False
    click(button, vp, (150, 120))
    assert pressed == [1] and fill_at(button, vp) == theme.BUTTON_DISABLED


def test_labels_never_shrink_below_the_body_size(vp):
    size, lines = label_lines("Only monsters weaker than the last one slain", 18, 200, 60, vp)
    assert size == theme.BODY and len(lines) == 3 and " ".join(lines).endswith("slain")
    size, lines = label_lines("Play again (new deal)  (Enter)", 18, 200, 40, vp,
                              short="Play again (new deal)")
    assert size >= theme.BODY and lines == ["Play again (new deal)"]  # the key hint gives way
    size, lines = label_lines("A label far too long for a small box of its own", 18, 120, 20, vp)
    assert size == theme.BODY and len(lines) == 1 and lines[0].endswith("…")


def test_a_switch_flips_by_click_and_key(vp):
    state = {"on": False}
    switch = Switch((100, 100, 120, 34), lambda: state["on"],
                    lambda: state.update(on=not state["on"]))
    assert switch.text == "Off"
    click(switch, vp, (120, 117))
    assert state["on"] and switch.text == "On"
    switch.step(1)
    assert not state["on"]


def test_segments_pick_the_one_clicked_and_step_with_keys(vp):
    state = {"v": "slow"}
    seg = Segments((100, 100, 400, 40), [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")],
                   lambda: state["v"], lambda v: state.update(v=v))
    click(seg, vp, seg.parts[2].center)
    assert state["v"] == "fast" and seg.text == "Fast"
    seg.step(1)
    assert state["v"] == "slow"
    seg.enabled = False
    click(seg, vp, seg.parts[1].center)
    assert state["v"] == "slow"


def test_a_chooser_steps_within_what_it_can(vp):
    state = {"n": 4}
    chooser = Chooser((100, 100, 300, 40), lambda: f"{state['n']} seats",
                      lambda step: state.update(n=state["n"] + step), ("−", "+"),
                      can=lambda step: 2 <= state["n"] + step <= 5)
    left, right = chooser.sides()
    click(chooser, vp, right.center)
    assert chooser.text == "5 seats"
    click(chooser, vp, right.center)  # at the top: the + arrow does nothing
    assert state["n"] == 5
    click(chooser, vp, left.center)
    assert state["n"] == 4


def test_a_text_field_edits_and_shows_its_placeholder(vp):
    field = TextField((100, 100, 300, 40), "", "Player 2", limit=5)
    surface = pygame.Surface((1280, 800))
    field.draw(surface, vp)
    with_placeholder = pygame.image.tobytes(surface, "RGB")
    field.placeholder = ""
    surface.fill((0, 0, 0))
    field.draw(surface, vp)
    assert pygame.image.tobytes(surface, "RGB") != with_placeholder
    field.start("")
    for ch in "Mia":
        field.type_key(event("key", key=pygame.K_a, unicode=ch))
    field.type_key(event("key", key=pygame.K_HOME))
    field.type_key(event("key", key=pygame.K_DELETE))
    assert field.text == "ia" and field.cursor == 0
    for ch in "abcdef":
        field.type_key(event("key", key=pygame.K_a, unicode=ch))
    assert field.text == "abcia"  # the limit holds
    assert surface.get_at((field.rect.x + 150, field.rect.y))[:3] != (0, 0, 0)  # a border


def test_option_labels_read_as_sentences():
    kitty = next(o for o in games.get("ships_and_sailors").OPTIONS if o.key == "kitty")
    assert kitty.sentence("off") == "Two players: no kitty, swap piles"
    heave = games.get("doubloons").OPTIONS[0]
    assert heave.sentence("every") == "Ask about Heave To!: every play"
    for game_id in games.GAME_IDS:
        for option in games.get(game_id).OPTIONS:
            for value, text in option.choices:
                assert ": " not in option.label and ": " not in text, (game_id, option.label, text)
                assert option.sentence(value).count(": ") == 1


def test_options_get_segments_when_they_fit_else_a_chooser(vp):
    target = next(o for o in games.get("bogey").OPTIONS if o.key == "target")
    assert isinstance(option_control(target, (0, 0, 560, 40), lambda: "novice", print), Chooser)
    deals = next(o for o in games.get("scoundrel").OPTIONS if o.key == "deals")
    assert isinstance(option_control(deals, (0, 0, 560, 40), lambda: "any", print), Segments)
    assert not segments_fit(["A very long choice of words", "Another very long choice"], 200, 40)
