"""The Bogey played through real mouse and keyboard events, headless."""
import pygame
import pytest

from game.engine import bogey as rules
from game.engine.cards import FULL_DECK, RANKS
from game.engine.session import Session
from game.scenes.dialogs import ResultScreen

from .driver import click, double_click, drag, frames, key, right_click, settle, skip_celebration

# Every suit in falling order: a careful player finishes in four columns.
WIN_DECK = [r + s for s in "SHDC" for r in reversed(RANKS)]
# Low cards first, every one starting a column: the columns run out.
LOSS_DECK = [r + s for r in RANKS for s in "SHDC"]


def start(app, deck, options=None, seed=5):
    app.settings.animation_speed = "fast"
    app.start_game("bogey", seed, options)
    scene = app.top
    scene.table.speed = "fast"
    scene.use_session(Session("bogey", 1, seed, options, deck))
    settle(app)
    return scene


def card_centre(scene, code):
    x, y = scene.table.sprites[code].pos
    return (x + scene.card_size[0] / 2, y + scene.card_size[1] / 2)


def zone_centre(scene, zone):
    rect = scene.drop_zones()[zone]
    return (rect.centerx, rect.y + 60)


def best_zone(view, code):
    places = rules.legal_places(view.columns, code)
    existing = [p for p in places if p != rules.NEW]
    if existing:
        return f"column{existing[0] + 1}"
    return "new" if rules.NEW in places else None


@pytest.mark.slow
def test_whole_deal_to_a_win_by_drag_click_and_keys(app):
    scene = start(app, WIN_DECK)
    for moves in range(200):
        view = scene.view()
        if view.to_act is None:
            break
        if view.phase == rules.BOGEY:
            code = view.bogey_card
            if moves % 2:
                drag(app, card_centre(scene, code), zone_centre(scene, best_zone(view, code)))
            else:
                key(app, pygame.K_RETURN)
        elif view.hand:
            code = view.hand[0]
            zone = best_zone(view, code)
            if moves % 3 == 0:
                drag(app, card_centre(scene, code), zone_centre(scene, zone))
            elif moves % 3 == 1:
                click(app, card_centre(scene, code))
                assert scene.selected == code
                click(app, zone_centre(scene, zone))
            else:
                key(app, pygame.K_1)
                key(app, pygame.K_RETURN)
        else:
            click(app, scene.layout["end_turn"].center)
        settle(app)
    state = scene.session.state
    assert state.status == rules.FINISHED
    assert len(state.columns) == 4
    assert sorted(c for col in state.columns for c in col) == sorted(FULL_DECK)
    frames(app, 90)
    skip_celebration(app)
    assert isinstance(app.top, ResultScreen) and app.top.won
    assert "Level reached: epic  ·  target: novice" in app.top.lines


def test_whole_deal_to_a_loss_with_auto_placed_bogey_cards(app):
    scene = start(app, LOSS_DECK)
    for _ in range(40):
        view = scene.view()
        if view.to_act is None:
            break
        if view.phase == rules.BOGEY:
            frames(app, 60)  # a single legal place: the card goes by itself after a beat
            continue
        playable = [c for c in view.hand if rules.NEW in rules.legal_places(view.columns, c)]
        if playable:
            drag(app, card_centre(scene, playable[0]), zone_centre(scene, "new"))
        else:
            key(app, pygame.K_SPACE)
        settle(app)
    state = scene.session.state
    assert state.status == rules.LOST and len(state.columns) == 12
    assert "nowhere to go" in scene.status[0]
    frames(app, 90)
    assert isinstance(app.top, ResultScreen) and not app.top.won


def bogey_waits(app):
    """A deal where the bogey's first card waits for the player to place it."""
    scene = start(app, LOSS_DECK, {"auto_place": False})
    for code in scene.view().hand:
        drag(app, card_centre(scene, code), zone_centre(scene, "new"))
        settle(app)
    key(app, pygame.K_SPACE)
    settle(app)
    return scene


def test_always_ask_option_waits_for_the_player(app):
    scene = bogey_waits(app)
    frames(app, 120)
    view = scene.view()
    assert view.phase == rules.BOGEY and view.bogey_card == "2H"
    click(app, card_centre(scene, "2H"))
    click(app, zone_centre(scene, "new"))
    assert scene.view().phase == rules.PLAYER


def test_illegal_drop_and_discard(app):
    scene = start(app, WIN_DECK)
    drag(app, card_centre(scene, "KS"), zone_centre(scene, "new"))
    settle(app)
    home = scene.table.sprites["QS"].pos
    drag(app, card_centre(scene, "JS"), scene.layout["deck"].center)  # nowhere: slides back
    settle(app)
    assert scene.session.actions == ["play KS to a new column"]
    key(app, pygame.K_3)  # JS, now third in hand? select by key then discard
    selected = scene.selected
    key(app, pygame.K_d)
    assert scene.session.actions[-1] == f"discard {selected}"
    assert scene.table.sprites["QS"].pos == home or "QS" == selected


def test_undo_within_the_turn_not_past_the_bogey(app):
    scene = start(app, WIN_DECK)
    drag(app, card_centre(scene, "KS"), zone_centre(scene, "new"))
    settle(app)
    key(app, pygame.K_u)
    assert scene.session.actions == []
    drag(app, card_centre(scene, "KS"), zone_centre(scene, "new"))
    settle(app)
    key(app, pygame.K_SPACE)
    settle(app)
    key(app, pygame.K_u)
    assert "can't be undone" in scene.status[0]


def test_hint_points_at_a_hand_card(app):
    scene = start(app, WIN_DECK)
    key(app, pygame.K_h)
    assert scene.status[1] == "hint"
    assert scene.hinted in scene.view().hand


def test_a_glowing_place_takes_the_bogeys_card_at_one_click(app):
    scene = bogey_waits(app)
    view = scene.view()
    assert view.phase == rules.BOGEY and scene.selected is None
    place = next(z for z in scene.legal_zones(view.bogey_card))
    click(app, zone_centre(scene, place))  # no click on the card first: its places glow already
    assert scene.session.actions[-1].startswith("place 2H")


def test_double_click_plays_each_card_where_the_hint_would(app):
    from game.engine.bogey_hint import hint, hint_for
    scene = start(app, LOSS_DECK[::-1], options={"auto_place": False})
    for _ in range(12):
        view = scene.view()
        if view.status != rules.PLAYING or view.to_act is None:
            break
        if view.phase == rules.PLAYER and not view.hand:
            key(app, pygame.K_SPACE)
            settle(app)
            continue
        code = view.bogey_card if view.phase == rules.BOGEY else view.hand[-1]
        expected = hint_for(view, code).action
        if view.phase == rules.BOGEY or code in hint(view).action.split():
            assert expected == hint(view).action  # the hint about this card, word for word
        double_click(app, card_centre(scene, code))
        settle(app)
        assert scene.session.actions[-1] == expected
    assert len(scene.session.actions) >= 8


def test_two_slow_clicks_are_two_clicks(app):
    scene = start(app, WIN_DECK)
    code = scene.view().hand[0]
    click(app, card_centre(scene, code))
    assert scene.selected == code
    frames(app, 40)
    click(app, card_centre(scene, code))
    assert scene.selected is None and scene.session.actions == []


def test_right_click_on_a_column_shows_the_whole_column(app):
    from game.scenes.pile_viewer import CardViewer
    scene = start(app, WIN_DECK)
    view = scene.view()
    for code in view.hand[:2]:
        drag(app, card_centre(scene, code), zone_centre(scene, best_zone(scene.view(), code)))
        settle(app)
    column = scene.view().columns[0]
    assert len(column) == 2
    state = scene.session.state
    right_click(app, card_centre(scene, column[0]))
    assert isinstance(app.top, CardViewer) and app.top.cards == column
    key(app, pygame.K_ESCAPE)
    right_click(app, card_centre(scene, scene.view().hand[0]))
    assert app.top.cards == (scene.view().hand[0],)
    key(app, pygame.K_ESCAPE)
    assert scene.session.state == state and not scene.session.actions[2:]


def test_the_tip_line_follows_the_phase(app):
    scene = bogey_waits(app)
    scene.say("")
    assert scene.status_or_tip() == ("Place the bogey's card: drag it, or click a glowing column.", "tip")
    click(app, card_centre(scene, "2H"))
    click(app, zone_centre(scene, "new"))
    scene.say("")
    assert "End turn (Space)" in scene.status_or_tip()[0]
