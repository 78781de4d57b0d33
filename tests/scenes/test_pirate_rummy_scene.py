"""Pirate Rummy at the table, played with real mouse drags: a meld started and built, cards
moved inside an area, a plunder, a refused drop, the end of a turn, and the computers' turns."""
import pygame

from game.engine import pirate_rummy as rules
from game.engine.session import Session
from game.scenes.dialogs import ConfirmDialog
from game.scenes.handoff import HandOffScreen
from game.scenes.pass_and_play import Seat

from .driver import click, drag, frames, key, post, to_window

SEATS = [Seat("Anna"), Seat("Ben", "computer", "easy"), Seat("Cora", "computer", "easy")]
ANNA = ["r1", "r2", "r3", "r4", "b5", "g5", "y5", "ship1", "ship2"]
BEN = ["g1", "g2", "g3"]


def stacked_deck() -> list:
    rest = [c for c in rules.DECKS["uno"] if c not in ANNA + BEN]
    anna = ANNA + rest[:6]
    ben = BEN + rest[6:18]
    return anna + ben + rest[18:]


def start(app):
    """Anna's second turn: Ben has laid the run g1-g2-g3 in his area."""
    app.settings.animation_speed = "instant"
    app.start_game("pirate_rummy", 3, None, seats=list(SEATS))
    scene = app.top
    session = Session("pirate_rummy", 3, 3, None, stacked_deck())
    for action in ("end turn", "play g1 to a new meld", "add g2 to [g1] of seat 2",
                   "add g3 to [g1 g2] of seat 2", "end turn", "end turn"):
        session.apply(action)
    scene.use_session(session)
    frames(app, 2)
    return scene


def grip(scene, code):
    """A point on the part of the card that no other card covers (its left edge)."""
    sprite = scene.table.sprites[code]
    return (sprite.pos[0] + 5, sprite.pos[1] + sprite.size[1] / 2)


def free_space(scene, seat):
    panel = scene.panel_of(seat)
    return (panel.x + panel.w - 30, panel.y + panel.h - 20)


def drag_card(app, scene, code, end):
    before = len(scene.session.actions)
    drag(app, grip(scene, code), end)
    return scene.session.actions[before:]


def test_melds_business_plunder_and_the_end_of_a_turn(app):
    scene = start(app)
    assert scene.accepts_moves()
    me = free_space(scene, 0)
    assert drag_card(app, scene, "r1", me) == ["play r1 to a new meld"]
    assert drag_card(app, scene, "r2", grip(scene, "r1")) == ["add r2 to [r1] of seat 1"]
    assert drag_card(app, scene, "r3", grip(scene, "r2")) == ["add r3 to [r1 r2] of seat 1"]
    assert drag_card(app, scene, "r4", grip(scene, "r1")) == ["add r4 to [r1 r2 r3] of seat 1"]
    assert scene.session.view(0).areas[0] == (("r1", "r2", "r3", "r4"),)

    # business inside the area: a card out to a meld of its own, and back onto the run
    assert drag_card(app, scene, "r4", me) == ["move r4 to a new meld of seat 1"]
    assert scene.session.view(0).faults[0][1] is not None  # a lone card is outlined
    post(pygame.MOUSEMOTION, pos=to_window(app, grip(scene, "r4")), rel=(0, 0), buttons=(0, 0, 0))
    frames(app)
    assert scene.hovered_fault() == "only 1 card: a run or set needs 3 or more"
    assert drag_card(app, scene, "r4", grip(scene, "r1")) == ["move r4 to [r1 r2 r3] of seat 1"]

    # a plunder: a ship from the hand onto Ben's 3
    assert drag_card(app, scene, "ship1", grip(scene, "g3")) == ["plunder g3 from seat 2"]
    view = scene.session.view(0)
    assert ("g3",) in view.areas[0] and view.areas[1] == (("g1", "g2"),)

    # refused drops slide back with a reason: across areas, and a card that doesn't fit
    home = scene.table.sprites["g3"].target
    assert drag_card(app, scene, "g3", free_space(scene, 1)) == []
    assert "inside one area" in scene.status[0] and scene.status[1] == "error"
    frames(app, 30)
    assert scene.table.sprites["g3"].pos == home
    assert drag_card(app, scene, "b5", grip(scene, "r2")) == []
    assert "doesn't fit" in scene.status[0]

    # the lone 3 would be picked up: End turn asks first, and says so
    scene.hover_code = None
    key(app, pygame.K_e)
    assert isinstance(app.top, ConfirmDialog)
    assert any("pick up 1 loose card" in line for line in app.top.lines)
    key(app, pygame.K_y)
    assert scene.session.actions[-1] == "end turn"
    assert "g3" in scene.session.state.hands[0]

    # the computers take their turns at the table's pace, and hand it back
    for _ in range(6000):
        if scene.session.state.to_act == 0 or scene.session.is_over():
            break
        frames(app)
        assert not isinstance(app.top, HandOffScreen)
    assert scene.session.state.to_act == 0 or scene.session.is_over()
    assert scene.session.state.turns >= 5


def test_click_to_move_and_the_sort_button(app):
    scene = start(app)
    hand = scene.session.view(0).hand
    ordered = lambda: sorted(hand, key=lambda c: scene.table.sprites[c].target[0])  # noqa: E731
    colours = [rules.COLOUR.get(c, "z") for c in ordered()]
    assert colours == sorted(colours, key="rygbz".index)  # by colour, the ships apart
    assert ordered()[:4] == ["r0", "r1", "r2", "r3"]
    key(app, pygame.K_s)
    numbers = [rules.NUMBER.get(c, 99) for c in ordered()]
    assert numbers == sorted(numbers) and numbers[-2:] == [99, 99]
    scene.click("r1")
    assert scene.selected == "r1"
    scene.put_selected("area:0")
    assert scene.session.actions[-1] == "play r1 to a new meld"


def test_a_crowded_area_shrinks_its_cards_and_stays_inside_its_place():
    from game.scenes.pirate_rummy import LARGEST, arrange
    few = [("r1", "r2", "r3")]
    many = [tuple(f"{c}{n}" for n in range(10)) for c in "rygb"] * 3
    (w_few, _), _ = arrange(few, 20, 40, 246, 254)
    (w_many, h_many), spots = arrange(many, 20, 40, 246, 254)
    assert w_few == LARGEST and w_many < w_few
    for meld in spots:
        for x, y in meld:
            assert 20 <= x and x + w_many <= 20 + 246 + 0.5 and 40 <= y and y + h_many <= 40 + 254


def test_clicks_on_another_hand_card_or_the_discards_change_nothing_on_the_table(app):
    scene = start(app)
    scene.click("r1")
    scene.click("r2")  # another hand card: it is picked up instead
    assert scene.selected == "r2" and scene.session.actions[-1] == "end turn"
    assert scene.drop_action("r2", "card:nonexistent") == (None, None)



def gap_before(scene, code):
    """The middle of the gap between `code` and the card before it in its meld."""
    sprite = scene.table.sprites[code]
    return (sprite.pos[0], sprite.pos[1] + sprite.size[1] / 2)

def test_split_by_drag_and_by_click_and_no_split_when_a_drag_ends_where_it_began(app):
    scene = start(app)
    assert drag_card(app, scene, "r0", free_space(scene, 0)) == ["play r0 to a new meld"]
    for code in ("r1", "r2", "r3", "r4"):
        meld = meld_of(scene, "r0")
        assert drag_card(app, scene, code, grip(scene, "r0")) == [f"add {code} to {meld} of seat 1"]
    assert scene.session.view(0).areas[0] == (("r0", "r1", "r2", "r3", "r4"),)
    # a drag that ends on its own card changes nothing, not even the gap beside it
    start_point = grip(scene, "r3")
    assert drag_card(app, scene, "r3", (start_point[0] + 8, start_point[1] + 4)) == []
    assert scene.status[1] != "error"
    # too near an end: refused with a reason
    assert drag_card(app, scene, "r0", gap_before(scene, "r1")) == []
    assert "splits only" in scene.status[0]
    # dragged to the gap between 2 and 3: two runs
    assert drag_card(app, scene, "r0", gap_before(scene, "r3")) == [
        "split [r0 r1 r2 r3 r4] before r3 of seat 1"]
    assert scene.session.view(0).areas[0] == (("r0", "r1", "r2"), ("r3", "r4"))
    # by click: rebuild, then pick a card up and click a gap
    assert drag_card(app, scene, "r3", grip(scene, "r0"))[0].startswith("move r3")
    assert drag_card(app, scene, "r4", grip(scene, "r0"))[0].startswith("move r4")
    click(app, grip(scene, "r4"))
    assert scene.selected == "r4"
    before = len(scene.session.actions)
    click(app, gap_before(scene, "r3"))
    assert scene.session.actions[before:] == ["split [r0 r1 r2 r3 r4] before r3 of seat 1"]


def meld_of(scene, code):
    meld = next(m for m in scene.session.view(0).areas[0] if code in m)
    return "[" + " ".join(meld) + "]"


def ctrl_click(app, scene, code):
    pygame.key.set_mods(pygame.KMOD_CTRL)
    try:
        click(app, grip(scene, code))
    finally:
        pygame.key.set_mods(0)


def test_several_hand_cards_go_together_all_or_none(app):
    scene = start(app)
    for code in ("r1", "r2", "r3"):
        ctrl_click(app, scene, code)
    ctrl_click(app, scene, "r2")  # a second Ctrl+click puts one back
    ctrl_click(app, scene, "r2")
    assert scene.group == ("r1", "r3", "r2")
    lifted = scene.table.sprites["r1"].target[1]
    assert lifted < scene.table.sprites["r4"].target[1]
    # dragged together onto the free space: a new meld of all three
    assert drag_card(app, scene, "r3", free_space(scene, 0)) == [
        "play r1 to a new meld", "add r2 to [r1] of seat 1", "add r3 to [r1 r2] of seat 1"]
    assert scene.group == ()
    assert scene.status[0].startswith("3 cards played together: ") and "making the run" in scene.status[0]
    # a group that doesn't fit as a whole: nothing is played, and the player is told why
    for code in ("r6", "r8"):
        ctrl_click(app, scene, code)
    before = len(scene.session.actions)
    click(app, grip(scene, "r1"))
    assert scene.session.actions[before:] == []
    assert "don't fit there together" in scene.status[0] and scene.status[1] == "error"
    assert scene.session.view(0).areas[0] == (("r1", "r2", "r3"),)
    # fitting ones clicked onto the run: added in an order that keeps it a run
    for code in ("r6", "r8", "r5", "r4", "r0"):  # the first two put back
        ctrl_click(app, scene, code)
    click(app, grip(scene, "r2"))
    assert scene.session.view(0).areas[0] == (("r0", "r1", "r2", "r3", "r4", "r5"),)
    assert scene.session.actions[-3:] == ["add r0 to [r1 r2 r3] of seat 1",
                                          "add r4 to [r0 r1 r2 r3] of seat 1",
                                          "add r5 to [r0 r1 r2 r3 r4] of seat 1"]


def test_cards_picked_up_together_follow_the_dragged_one_and_go_home_if_refused(app):
    scene = start(app)
    for code in ("r1", "r6"):
        ctrl_click(app, scene, code)
    homes = {c: scene.table.sprites[c].target for c in ("r1", "r6")}
    a, b = to_window(app, grip(scene, "r6")), to_window(app, (640, 300))
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    frames(app)
    post(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))
    frames(app)
    lead, follower = scene.table.sprites["r6"], scene.table.sprites["r1"]
    assert follower.lift and follower.pos[1] == lead.pos[1]
    assert 0 < lead.pos[0] - follower.pos[0] < lead.size[0]  # fanned in hand order: r1 left
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)  # the middle of the table takes nothing
    frames(app, 60)
    assert not follower.lift and not lead.lift
    assert {c: scene.table.sprites[c].pos for c in homes} == homes


def test_a_long_games_moves_are_still_told_once_the_log_is_full(app):
    """The state keeps only the log's last LOG_KEPT lines: what a move added, and the recap since
    a seat last played, are counted from the whole log, not from what is kept."""
    import random
    app.settings.animation_speed = "instant"
    app.start_game("pirate_rummy", 3, None, seats=[Seat("Anna"), Seat("Ben"), Seat("Cora")])
    scene = app.top
    session, pick = Session("pirate_rummy", 3, 5), random.Random(5)
    while session.state.log_start < 50 or session.state.to_act != 1:
        session.apply(pick.choice(session.legal_actions()))
    assert len(session.state.log) == rules.LOG_KEPT
    scene.use_session(session)
    frames(app, 2)
    seen = session.state.log_start + len(session.state.log)
    scene.act("end turn")  # Ben's: his business is undone if need be, then he draws or wins
    state = scene.session.state
    added = state.log[seen - state.log_start:]
    assert added and scene.new_entries(0) == [scene.words(line) for line in added]
    recap = scene.recap(2)  # since Cora's last move: Anna's turn, then Ben's
    assert len(recap) > len(added) and recap[-len(added):] == scene.new_entries(2)


def test_the_areas_and_the_hand_follow_the_window(app):
    """Issue 26: after a resize the hand lies in its zone (nothing kept from the old size), the
    other players share the top band evenly with no dead gap, and your area reaches the hand."""
    from tests.ui.test_readable import resize
    scene = start(app)
    for size in ((1024, 1366), (2560, 1080), (900, 900)):
        resize(app, size)
        zone = pygame.FRect(scene.layout["hand"].rect).inflate(1, 1)
        hand = scene.session.view(scene.viewer).hand
        assert all(zone.contains(pygame.FRect(scene.table.sprites[c].target, scene.card_size))
                   for c in hand), size
        others = sorted((scene.panel_of(s) for s in range(3) if s != scene.viewer),
                        key=lambda p: p.x)
        band = [scene.layout[f"opp{i}"] for i in range(1, 8)]
        assert others[0].x == min(p.x for p in band)
        assert abs(others[-1].x + others[-1].w - max(p.x + p.w for p in band)) < 1e-6
        assert others[0].w == others[1].w and others[1].x - (others[0].x + others[0].w) < 20
        mine = scene.panel_of(scene.viewer)
        top_of_hand = min(scene.table.sprites[c].target[1] for c in hand)
        assert 0 < top_of_hand - (mine.y + mine.h) < 20, size
        assert mine.y > others[0].y + others[0].h
    resize(app, (1280, 800))


def test_a_card_held_over_the_players_area_lights_its_rim_not_its_whole_middle(app):
    """The area is a third of the window: washed whole, every frame the chosen zone changes
    repainted it all (2.8 million pixels at 4K). Lit at its rim, only the rim and the card."""
    scene = start(app)
    window = app.surface.get_width() * app.surface.get_height()
    start_at, over = grip(scene, "b5"), free_space(scene, 0)
    post(pygame.MOUSEMOTION, pos=to_window(app, start_at), rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=to_window(app, start_at), button=1)
    frames(app)
    for i in range(1, 9):
        point = [a + (b - a) * i / 8 for a, b in zip(start_at, over)]
        post(pygame.MOUSEMOTION, pos=to_window(app, point), rel=(1, 1), buttons=(1, 0, 0))
        frames(app)
        lit = scene.zone_at(scene.pointer) == "area:0"
        if lit:
            break
    assert lit
    repainted = sum(r.w * r.h for r in app.painter.repainted)
    area = scene.viewport.rect(*scene.panel_of(0).rect)
    assert area.w * area.h > 0.25 * window and repainted < 0.15 * window
    middle = area.center
    tinted = app.surface.get_at((area.x + scene.viewport.length(20), middle[1]))
    assert app.surface.get_at(middle)[:3] != tinted[:3]  # the rim is lit, the middle is not
    post(pygame.MOUSEBUTTONUP, pos=to_window(app, over), button=1)
    frames(app, 3)
