"""Ships and Sailors with two humans and two computers, a whole hand played through posted
events: piles by clicks and a drag, the dealer's piles dragged and clicked to seats, the
penalty colour and partner dialogs, cards clicked and dragged, hand-offs and the summary."""
import pygame

from game.engine import ships_and_sailors as rules
from game.scenes.handoff import HandOffScreen
from game.scenes.pass_and_play import Seat
from game.scenes.ships_and_sailors import ChoiceDialog, HandSummaryDialog, PeekDialog, ShipsAndSailorsScene
from game.ui import cardart

from .driver import click, drag, frames, key

SEATS = [Seat("Anna"), Seat("Ben"), Seat("Cora", "computer", "hard"),
         Seat("Dan", "computer", "easy")]


def start(app, seed=5, seats=SEATS):
    app.settings.animation_speed = "instant"
    app.start_game("ships_and_sailors", seed, None, seats=list(seats))
    return app.top


def grab_point(scene, code):
    """A point on the part of a card that shows (hand cards overlap to the right)."""
    sprite = scene.table.sprites[code]
    return (sprite.pos[0] + 8, sprite.pos[1] + sprite.size[1] / 2)


def human_move(app, scene, turn, seen):
    view = scene.session.view(scene.viewer)
    legal = scene.session.legal_actions()
    if view.phase == rules.PILES:
        cards = legal[turn % len(legal)].target
        click(app, grab_point(scene, cards[0]))
        click(app, grab_point(scene, cards[1]))
        drag(app, grab_point(scene, cards[2]), scene.layout["pile"].center)
        assert sorted(scene.pile_pick) == sorted(cards), scene.status
        click(app, scene.layout["act"].center)
    elif view.phase == rules.ASSIGN:
        maker, receiver = legal[-1].target
        code = f"#pile{maker}:2"
        if turn % 2:
            drag(app, grab_point(scene, code), scene.panel_of(receiver).center)
        else:
            click(app, grab_point(scene, code))
            click(app, scene.panel_of(receiver).center)
    elif view.phase == rules.PLAY:
        playable = set(rules.playable(view.hand, view.trick))
        refused = [c for c in view.hand if c not in playable]
        if refused and "refused" not in seen:
            seen.add("refused")
            before = len(scene.session.actions)
            click(app, grab_point(scene, refused[0]))
            assert len(scene.session.actions) == before
            assert scene.status[0].startswith("You must follow "), scene.status
        card = sorted(playable, key=rules.VALUE.get)[0]
        if turn % 2:
            drag(app, grab_point(scene, card), scene.layout["trick"].center)
        else:
            click(app, grab_point(scene, card))
    elif view.phase == rules.HAND_OVER:
        click(app, scene.layout["act"].center)


def test_a_whole_hand_with_two_humans_and_two_bots(app):
    scene = start(app)
    assert isinstance(scene, ShipsAndSailorsScene)
    hand_offs, humans_seen, dialogs, summaries, turn, seen = 0, set(), 0, 0, 0, set()
    for _ in range(8000):
        frames(app)
        if scene.session.state.hand_no == 2:
            break
        top = app.top
        if isinstance(top, HandOffScreen):
            hand_offs += 1
            click(app, top.buttons.buttons[0].rect.center)
            continue
        if isinstance(top, ChoiceDialog):
            dialogs += 1
            click(app, top.row.buttons[0].rect.center)
            continue
        if isinstance(top, HandSummaryDialog):
            summaries += 1
            before = scene.session.view(scene.viewer).won
            if any(before):
                seat = next(s for s in range(4) if before[s])
                click(app, scene.won_rect(seat).center)  # after the hand: anyone's pile
            key(app, pygame.K_RETURN)
            continue
        if isinstance(top, PeekDialog):
            seen.add("peek")
            key(app, pygame.K_ESCAPE)
            continue
        if top is scene and scene.accepts_moves():
            humans_seen.add(scene.viewer)
            before = len(scene.session.actions)
            human_move(app, scene, turn, seen)
            turn += 1
            assert len(scene.session.actions) > before, scene.status
    state = scene.session.state
    assert state.hand_no == 2, "the hand never ended"
    assert summaries == 1 and hand_offs >= 2 and humans_seen == {0, 1}
    assert dialogs >= 1 and "refused" in seen
    assert sum(state.scores) != 0 or state.last_hand is not None


def test_peeking_is_for_your_own_pile_until_the_hand_is_over(app):
    scene = start(app, seats=[Seat("Anna"), Seat("Cora", "computer", "normal"),
                              Seat("Dan", "computer", "normal")])
    session = scene.session
    while len(session.state.tricks) < 3 or session.state.to_act != 0:
        session.apply(session.legal_actions()[0])
    scene.use_session(session)
    frames(app, 2)
    view = session.view(0)
    other = next(s for s in (1, 2) if view.won[s])
    click(app, scene.won_rect(other).center)
    assert not isinstance(app.top, PeekDialog) and "own won cards" in scene.status[0]
    if view.won[0]:
        click(app, scene.won_rect(0).center)
        assert isinstance(app.top, PeekDialog)


def test_the_deck_draws_its_own_faces_with_symbols_at_any_size(app):
    art = cardart.CardArt()
    for code in ("7a", "15k", "sailor-r", "ship-w"):
        for size in ((34, 48), (90, 126), (240, 336)):
            face = art.face(code, *size)
            assert face.get_size() == size
    assert art.face("7a", 90, 126).get_at((45, 63)) != art.face("7w", 90, 126).get_at((45, 63))


def test_right_click_shows_a_face_up_card_of_its_own_deck_large(app):
    from game.scenes.pile_viewer import CardViewer

    from .driver import right_click
    from .test_abandon_ship_scene import to_a_human_turn
    scene = start(app)
    to_a_human_turn(app, scene)
    state = scene.session.state
    sprite = next(s for s in scene.table.sprites.values() if s.face_up)
    right_click(app, (sprite.pos[0] + sprite.size[0] / 2, sprite.pos[1] + sprite.size[1] / 2))
    assert isinstance(app.top, CardViewer) and sprite.code in app.top.cards
    frames(app, 2)  # drawn with the deck's own art
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.session.state == state


def test_the_hand_spans_its_zone_and_wraps_into_rows_where_the_zone_is_tall(app):
    """Issue 26: a wide window fans the hand over its zone's whole width; a square one, where
    the zone is tall, lays it in two rows of cards side by side instead of one row overlapping."""
    from tests.ui.test_readable import resize
    scene = start(app)

    def hand_rects():
        view = scene.session.view(scene.viewer)
        return [pygame.FRect(scene.table.sprites[c].target, scene.card_size) for c in view.hand]
    resize(app, (1920, 1080))
    zone = pygame.FRect(scene.layout["hand"].rect)
    cards = hand_rects()
    assert len(cards) > 10 and all(abs(c.y - zone.y) < 0.01 for c in cards)
    assert abs(min(c.left for c in cards) - zone.left) < 0.01
    assert abs(max(c.right for c in cards) - zone.right) < 0.01
    resize(app, (900, 900))
    zone = pygame.FRect(scene.layout["hand"].rect).inflate(1, 1)
    cards = hand_rects()
    rows = sorted({c.y for c in cards})
    assert len(rows) == 2 and all(zone.contains(c) for c in cards)
    for row in rows:
        xs = sorted(c.x for c in cards if c.y == row)
        assert all(b - a >= scene.card_size[0] for a, b in zip(xs, xs[1:]))
    resize(app, (1280, 800))
