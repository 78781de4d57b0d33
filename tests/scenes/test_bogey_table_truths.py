"""The Bogey says each thing once, in one name (issue 24): a card picked by a click goes back
when another is dragged; the bogey's card is announced once, not twice in two styles; the
button and the tips both say End turn; a loss on the statistics chart is no 0."""
import pygame

from game.engine.cards import pretty
from game.scenes.stats_screen import CHART, StatsScreen
from game.ui import widgets

from . import test_bogey_scene as bogey_tests
from .driver import click, drag, frames, key, settle
from .test_bogey_scene import WIN_DECK, bogey_waits, card_centre, start, zone_centre


def drawn_texts(app) -> list:
    widgets.recording = []
    try:
        frames(app)
        return [d for k, _, d in widgets.recording if k in ("text", "button")]
    finally:
        widgets.recording = None


def test_a_card_picked_by_a_click_goes_back_when_another_is_dragged(app):
    scene = start(app, WIN_DECK)
    first, second = scene.view().hand[:2]
    resting = scene.table.sprites[first].target
    click(app, card_centre(scene, first))
    settle(app)
    assert scene.selected == first and scene.table.sprites[first].target != resting
    drag(app, card_centre(scene, second), zone_centre(scene, "discard"))
    settle(app)
    assert scene.session.actions == [f"discard {second}"]
    assert scene.selected is None
    assert scene.table.sprites[first].target[1] == resting[1], "still lifted"


def test_the_bogeys_card_is_announced_once(app):
    scene = bogey_waits(app)
    card = pretty(scene.view().bogey_card)
    texts = drawn_texts(app)
    assert sum(card in t for t in texts) == 1, texts
    scene.status_age = 100  # the status has had its time: the tip takes the line
    scene.say("")
    texts = drawn_texts(app)
    assert sum("bogey" in t.lower() for t in texts if t != "The Bogey") == 1, texts


def test_the_button_and_the_tips_name_the_move_alike(app):
    scene = start(app, WIN_DECK)
    scene.say("")
    texts = drawn_texts(app)
    assert "End turn  (Space)" in texts and not any("Pass" in t for t in texts), texts
    assert any("End turn (Space)" in t for t in texts)
    code = scene.view().hand[0]
    drag(app, card_centre(scene, code), zone_centre(scene, "new"))
    settle(app)
    assert "End turn  (Space)" in drawn_texts(app)


def test_a_lost_bogey_is_no_zero_on_the_chart(app):
    bogey_tests.test_whole_deal_to_a_loss_with_auto_placed_bogey_cards(app)
    key(app, pygame.K_ESCAPE)
    app.main_menu()
    frames(app)
    app.push(StatsScreen(app, "bogey"))
    frames(app)
    vp, surface = app.viewport, app.surface
    red = (232, 84, 72)

    def reds(top, bottom):
        r = vp.rect(CHART.x, top, CHART.w, bottom - top)
        return sum(tuple(surface.get_at((x, y)))[:3] == red
                   for x in range(r.left, r.right) for y in range(r.top, r.bottom))
    assert reds(CHART.bottom - 12, CHART.bottom + 4) == 0, "the loss sits on the zero line"
    assert reds(CHART.y, CHART.y + 22) > 20, "the loss is not shown in its own row"
    assert "lost" in drawn_texts(app)
    from tests.ui.test_readable import check
    assert check(app, "the Bogey's statistics with a loss") == []
