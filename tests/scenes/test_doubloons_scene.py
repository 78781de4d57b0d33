"""Doubloons with two humans and a computer, played through posted events: a Heave To! chain
between the humans, the computer answering by itself, whole turns and the hand-off screens."""
import pygame

from game.engine import doubloons as rules
from game.engine.doubloons_cards import kind_of
from game.engine.session import Session
from game.scenes.handoff import HandOffScreen
from game.scenes.heave_to_window import HeaveToWindow
from game.scenes.pass_and_play import Seat
from game.ui import theme

from .driver import FRAME, click, drag, frames, key, settle, to_window

SEATS = [Seat("Ann"), Seat("Bob"), Seat("Cpu", "computer", "normal")]


def stacked_deck(ann, bob, cpu, ann_draw):
    """A full action deck dealing these kinds: Ann 3, Bob 4, Cpu 5, then Ann's draw."""
    free = list(rules.ACTION_DECK)

    def take(kind):
        code = next(c for c in free if kind_of(c) == kind)
        free.remove(code)
        return code
    top = [take(k) for k in [*ann, *bob, *cpu, ann_draw]]
    return top + [c for c in free if kind_of(c) != rules.HEAVE] + \
        [c for c in free if kind_of(c) == rules.HEAVE]


def start(app, options=None):
    app.settings.animation_speed = "instant"
    app.start_game("doubloons", 5, options, seats=list(SEATS))
    scene = app.top if not isinstance(app.top, HandOffScreen) else app.stack[-2]
    deck = stacked_deck(["yo_ho_ho", "heave_to", "x_marks_the_spot"],
                        ["heave_to", "heave_to", "pillage", "barter"],
                        ["x_marks_the_spot"] * 5, "yo_ho_ho")
    scene.use_session(Session("doubloons", 3, 5, options, deck))
    return scene


def hand_to(app, scene, name):
    """Wait for the hand-off screen for `name` and take the table."""
    for _ in range(600):
        if isinstance(app.top, HandOffScreen):
            assert app.top.name == name, f"handed to {app.top.name}, expected {name}"
            key(app, pygame.K_RETURN)
            settle(app)
            return
        frames(app)
    raise AssertionError(f"the table was never handed to {name}")


def wait_for_human(app, scene, limit=3000):
    for _ in range(limit):
        if isinstance(app.top, HandOffScreen) or (app.top is scene and scene.accepts_moves()):
            return
        frames(app)
    raise AssertionError("no human decision came")


def centre(scene, code):
    sprite = scene.table.sprites[code]
    return (sprite.pos[0] + sprite.size[0] / 2, sprite.pos[1] + sprite.size[1] / 2)


def window_for(app, scene, names, limit=3000):
    """Wait for the public Heave To! window and check whom it asks."""
    for _ in range(limit):
        if isinstance(app.top, HeaveToWindow):
            assert [name for _, name in app.top.seats] == names
            return app.top
        assert not isinstance(app.top, HandOffScreen), f"a hand-off to {app.top.name} came first"
        frames(app)
    raise AssertionError(f"no Heave To! window for {names}")


def test_a_heave_to_chain_between_two_humans_and_a_computer(app, monkeypatch):
    """Each question is asked once, in public; only the seat that claims it is handed the table."""
    scene = start(app)
    hand_to(app, scene, "Ann")
    assert scene.viewer == 0 and len(scene.session.view(0).hand) == 4
    yoho = next(c for c in scene.session.view(0).hand if kind_of(c) == "yo_ho_ho")
    drag(app, centre(scene, yoho), scene.drop_zones()["played"].center)
    assert scene.session.state.phase == rules.REACT and scene.session.state.to_act == 1

    shown = []
    real_face = app.art.face
    monkeypatch.setattr(app.art, "face", lambda code, *a, **k: shown.append(code) or real_face(code, *a, **k))
    window = window_for(app, scene, ["Bob"])                    # in public, over Ann's table
    frames(app, 2)
    assert set(shown) == {scene.session.state.pending[0]["card"]}, "only the play is shown"
    key(app, pygame.K_1)                                        # Bob claims it by his seat
    assert app.top is not window
    hand_to(app, scene, "Bob")                                  # and answers in private
    assert not set(shown) & set(scene.session.state.hands[0]), "Ann's cards shown to Bob"
    frames(app, 3)
    assert [label for label, _ in scene.menu] == ["Let it pass", "Heave To!"]
    assert scene.what_now() == "Cancel the play with Heave To! (H), or let it pass (N)."
    key(app, pygame.K_h)
    window_for(app, scene, ["Ann"])                             # the computer passed by itself
    assert scene.session.actions[-1] == "let it pass" and scene.session.state.to_act == 0
    click(app, app.top.buttons.buttons[0].rect.center)          # Ann claims it by mouse
    hand_to(app, scene, "Ann")                                  # and answers on her own turn
    frames(app, 3)
    click(app, scene.menu_row.buttons[1].rect.center)           # Heave To! by mouse
    assert [p["seat"] for p in scene.session.state.pending] == [0, 1, 0]
    window_for(app, scene, ["Bob"])
    key(app, pygame.K_n)                                        # "nobody": Bob lets it pass
    wait_for_human(app, scene)
    state = scene.session.state
    assert state.phase == rules.PLAY and state.purses[0] == 2   # even chain: Yo-ho-ho stands
    assert sorted(kind_of(c) for c in state.discard) == ["heave_to", "heave_to"]
    assert state.plays == 1
    assert scene.session.actions[1:] == ["heave to", "let it pass", "heave to", "let it pass",
                                         "let it pass"]

    assert scene.viewer == 0 and scene.accepts_moves()          # Ann's table, her turn still
    key(app, pygame.K_e)                                        # Ann ends her turn
    hand_to(app, scene, "Bob")
    assert scene.session.state.turn == 1
    key(app, pygame.K_RETURN)                                   # Bob ends his turn
    windows, handed = 0, 0
    for _ in range(6000):          # the computer's whole turn: one window per play, no hand-off
        frames(app)
        if isinstance(app.top, HandOffScreen):
            handed += 1
            key(app, pygame.K_RETURN)
        elif isinstance(app.top, HeaveToWindow):
            windows += 1
            assert [name for _, name in app.top.seats] == ["Ann", "Bob"]
            key(app, pygame.K_n)
        if scene.session.state.turn == 0:
            break
    assert scene.session.state.turn == 0 and scene.session.state.turn_no == 4
    assert windows >= 2 and scene.session.state.purses[2] > 0
    assert handed == 0, "a hand-off during the computer's turn"
    hand_to(app, scene, "Ann")                                  # only for Ann's own turn
    assert any(line.startswith("{p2}") for line in scene.session.state.log)


def test_the_window_goes_on_by_itself_when_nobody_claims(app):
    scene = start(app)
    hand_to(app, scene, "Ann")
    yoho = next(c for c in scene.session.view(0).hand if kind_of(c) == "yo_ho_ho")
    drag(app, centre(scene, yoho), scene.drop_zones()["played"].center)
    window = window_for(app, scene, ["Bob"])
    for _ in range(int(window.seconds / FRAME) + 5):
        frames(app)
    assert app.top is scene
    wait_for_human(app, scene)
    assert scene.session.state.purses[0] == 2 and app.top is scene
    assert scene.session.actions[1:] == ["let it pass", "let it pass"]


def ann_plays_yo_ho_ho(app, scene, bob_holds):
    """Ann drags her Yo-ho-ho to the table; Bob holds a Heave To! only if `bob_holds` (else a
    stacked deal gives him none). Returns the Heave To! window that opens for Bob."""
    if not bob_holds:
        deck = stacked_deck(["yo_ho_ho", "heave_to", "x_marks_the_spot"],
                            ["barter", "pillage", "pillage", "barter"],
                            ["x_marks_the_spot"] * 5, "yo_ho_ho")
        scene.use_session(Session("doubloons", 3, 5, None, deck))
    hand_to(app, scene, "Ann")
    yoho = next(c for c in scene.session.view(0).hand if kind_of(c) == "yo_ho_ho")
    drag(app, centre(scene, yoho), scene.drop_zones()["played"].center)
    return window_for(app, scene, ["Bob"])


def rendered_window(app, bob_holds):
    """The window for Ann's Yo-ho-ho, drawn, when Bob holds a Heave To! or not."""
    scene = start(app)
    window = ann_plays_yo_ho_ho(app, scene, bob_holds)
    window.left = window.seconds            # the same moment of the countdown
    app.draw()
    return pygame.image.tobytes(app.surface, "RGB")


def test_the_window_is_the_same_whether_or_not_a_seat_holds_heave_to(app):
    assert rendered_window(app, True) == rendered_window(app, False)


def test_a_seat_without_heave_to_may_claim_and_answer_the_same_prompt(app):
    scene = start(app)
    ann_plays_yo_ho_ho(app, scene, bob_holds=False)
    key(app, pygame.K_1)
    hand_to(app, scene, "Bob")
    frames(app, 3)
    assert [label for label, _ in scene.menu] == ["Let it pass", "Heave To!"]
    key(app, pygame.K_h)                                        # he holds none: told in private
    assert scene.status[0] == "You hold no Heave To!" and len(scene.session.actions) == 1
    frames(app, 3)
    key(app, pygame.K_n)
    assert scene.session.actions[1:2] == ["let it pass"]


def test_the_window_is_readable(app):
    from tests.ui.test_readable import check
    scene = start(app)
    hand_to(app, scene, "Ann")
    yoho = next(c for c in scene.session.view(0).hand if kind_of(c) == "yo_ho_ho")
    drag(app, centre(scene, yoho), scene.drop_zones()["played"].center)
    window_for(app, scene, ["Bob"])
    found = check(app, "the Heave To! window")
    assert not found, "\n".join(found)


def test_humans_not_asked_let_it_pass_without_a_hand_off(app):
    scene = start(app, {"ask_humans": "never"})
    hand_to(app, scene, "Ann")
    yoho = next(c for c in scene.session.view(0).hand if kind_of(c) == "yo_ho_ho")
    drag(app, centre(scene, yoho), scene.drop_zones()["played"].center)
    for _ in range(600):
        frames(app)
        if scene.session.state.phase == rules.PLAY:
            break
    assert scene.session.state.purses[0] == 2 and not isinstance(app.top, HandOffScreen)
    assert scene.session.actions[1:] == ["let it pass", "let it pass"]


def dealt_to_ann(app, ann_first, bob_last):
    """A table where Ann holds `ann_first`, Heave To! and X Marks the Spot, taken by Ann."""
    scene = start(app)
    hand_to(app, scene, "Ann")
    deck = stacked_deck([ann_first, "heave_to", "x_marks_the_spot"],
                        ["heave_to", "heave_to", "pillage", bob_last],
                        ["x_marks_the_spot"] * 5, "yo_ho_ho")
    scene.use_session(Session("doubloons", 3, 5, None, deck))
    hand_to(app, scene, "Ann")
    return scene


def test_a_card_with_targets_asks_whom_in_words(app):
    scene = dealt_to_ann(app, "pillage", "barter")
    pillage = next(c for c in scene.session.view(0).hand if kind_of(c) == "pillage")
    drag(app, centre(scene, pillage), scene.drop_zones()["played"].center)
    assert [label for label, _ in scene.menu] == ["Play Pillage on Bob (0 doubloons, 4 cards)",
                                                  "Play Pillage on Cpu (0 doubloons, 5 cards)"]
    assert scene.session.state.phase == rules.PLAY        # nothing happens before the choice
    key(app, pygame.K_2)
    assert scene.session.actions[-1] == "play pillage on seat 3"


def test_a_card_aimed_at_a_pirate_can_be_dropped_on_that_pirate(app):
    scene = dealt_to_ann(app, "barter", "yo_ho_ho")
    barter = next(c for c in scene.session.view(0).hand if kind_of(c) == "barter")
    aimed = [a.text.split()[-1] for a in scene.session.legal_actions()
             if a.kind == "play" and a.card == "barter"]
    assert len(aimed) >= 2  # several pirates to choose from
    pid = aimed[-1]
    drag(app, centre(scene, barter), centre(scene, pid))
    assert scene.session.actions[-1:] == [f"play barter on {pid}"], (scene.menu, scene.status)
    assert not scene.menu  # no list to choose from: the drop said which


# --- pirates of your crew: click or drag to use -----------------------------------------------

SOLO = [Seat("Ann"), Seat("Cpu 1", "computer", "normal"), Seat("Cpu 2", "computer", "normal")]


def at_table(app, state, seats=SOLO):
    """The scene showing `state` (a position from tests/engine/doubloons_tables) to seat 0."""
    app.settings.animation_speed = "instant"
    app.start_game("doubloons", 5, None, seats=list(seats))
    scene = app.top
    scene.session.states, scene.session.actions = [state], []
    scene.show_table_as_it_is()
    settle(app)
    return scene


def crew_table(**extra):
    from tests.engine.doubloons_tables import table
    return table(hands={0: ["pillage", "yo_ho_ho"]}, purses=[2, 2, 1],
                 crews={0: ["jean_lafitte", "blackbeard"], 1: ["anne_bonny"]},
                 row=["calico_jack", "henry_morgan"], **extra)


def test_a_crew_pirate_is_used_by_a_click_and_its_list(app):
    scene = at_table(app, crew_table())
    click(app, centre(scene, "jean_lafitte"))
    assert [label for label, _ in scene.menu] == ["Use Jean Lafitte discarding Pillage",
                                                  "Use Jean Lafitte discarding Yo-ho-ho"]
    key(app, pygame.K_2)
    assert scene.session.actions == ["use jean_lafitte discarding yo_ho_ho"]
    click(app, centre(scene, "jean_lafitte"))          # used: the click says why, no list
    assert not scene.menu


def test_a_crew_pirate_is_used_by_a_drag_onto_its_target_which_glows(app):
    scene = at_table(app, crew_table())
    start = to_window(app, centre(scene, "blackbeard"))
    end = to_window(app, centre(scene, "anne_bonny"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app)
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(0, 0), buttons=(1, 0, 0)))
    frames(app, 2)
    assert scene.drag is not None and scene.drag.moving, "the crew pirate can't be picked up"
    assert "pirate:anne_bonny" in scene.legal_zones("blackbeard")
    glow = scene.drop_zones()["pirate:anne_bonny"]
    assert tuple(app.surface.get_at(to_window(app, (glow.x - 4, glow.centery))))[:3] == theme.GOLD
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)
    assert scene.session.actions == ["use blackbeard on anne_bonny"]


def test_a_crew_pirate_aimed_at_a_player_is_dropped_on_that_player(app):
    from tests.engine.doubloons_tables import table
    scene = at_table(app, table(hands={1: ["pillage"], 2: ["yo_ho_ho"]},
                                crews={0: ["henry_morgan", "calico_jack"]}))
    assert set(scene.legal_zones("henry_morgan")) >= {"seat1", "seat2", "played"}
    drag(app, centre(scene, "henry_morgan"), scene.drop_zones()["seat2"].center)
    assert scene.session.actions == ["use henry_morgan on seat 3"]
    wait_for_human(app, scene)
    drag(app, centre(scene, "calico_jack"), scene.drop_zones()["played"].center)
    assert scene.session.actions[-1] == "use calico_jack"


def drawn_texts(app) -> list:
    from game.ui import widgets
    widgets.recording = []
    try:
        app.draw()
        return [detail for kind, _, detail in widgets.recording if kind == "text"]
    finally:
        widgets.recording = None


def test_a_pinned_card_is_not_shown_to_the_next_player(app):
    """Ann plays and at once pins a face-up pirate's text; Bob claims the play and is handed
    the table: the pinned text is Ann's, not his."""
    from .driver import post
    scene = start(app)
    hand_to(app, scene, "Ann")
    yoho = next(c for c in scene.session.view(0).hand if kind_of(c) == "yo_ho_ho")
    pirate = next(p for p in scene.session.view(0).row if p)
    a, b = to_window(app, centre(scene, yoho)), to_window(app, scene.drop_zones()["played"].center)
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    frames(app)
    post(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0))
    frames(app)
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)                 # the play is dropped
    spot = to_window(app, centre(scene, pirate))
    post(pygame.MOUSEBUTTONDOWN, pos=spot, button=3)            # and a pirate pinned at once
    post(pygame.MOUSEBUTTONUP, pos=spot, button=3)
    frames(app)
    assert scene.session.actions == ["play yo_ho_ho"] and scene.pinned == pirate
    window_for(app, scene, ["Bob"])
    key(app, pygame.K_1)                                        # Bob claims it
    assert isinstance(app.top, HandOffScreen) and app.top.name == "Bob"
    key(app, pygame.K_RETURN)
    settle(app)
    assert scene.viewer == 1 and scene.pinned is None
    assert rules.name_of(pirate) not in drawn_texts(app), "Ann's pinned card on Bob's table"


def test_the_tip_names_every_kind_of_move_open(app):
    from tests.engine.doubloons_tables import table
    scene = at_table(app, table(hands={0: ["pillage", "yo_ho_ho", "barter", "spyglass"]},
                                purses=[1, 1, 1], crews={0: ["calico_jack"]},
                                row=["anne_bonny", "mary_read"]))
    assert scene.what_now() == ("You can: play a card, use a pirate, hire a pirate or end your "
                                "turn. H suggests a move.")
    scene = at_table(app, table(purses=[0, 1, 1], row=["mary_read"]))
    assert scene.what_now() == "You can: end your turn. H suggests a move."


# --- captions at the seat that acted ------------------------------------------------------------

def test_a_play_resolved_by_a_computers_pass_is_told_as_its_players(app):
    from tests.engine.doubloons_tables import table
    scene = at_table(app, table(hands={0: ["x_marks_the_spot", "barter"]}, row=["jean_lafitte"]))
    mark = next(c for c in scene.session.view(0).hand if kind_of(c) == "x_marks_the_spot")
    drag(app, centre(scene, mark), scene.drop_zones()["played"].center)
    wait_for_human(app, scene)
    assert scene.session.actions[1:] == ["let it pass", "let it pass"]
    assert not any("Ann" in line for lines, _ in scene.captions.values() for line in lines)
    assert "Ann takes 1 doubloon from the bank." in scene.status[0]
    barter = next(c for c in scene.session.view(0).hand if kind_of(c) == "barter")
    drag(app, centre(scene, barter), centre(scene, "jean_lafitte"))
    wait_for_human(app, scene)
    assert not any("Ann" in line for lines, _ in scene.captions.values() for line in lines)
    assert "Ann can hire Jean Lafitte for 0 this turn." in scene.status[0]


def test_every_caption_is_whole_and_at_the_seat_that_acted(app):
    """A whole game of one human and three computers: every caption line that names a player
    first is at that player's seat, no human's move is in a computer's bubble, and a caption
    fits its bubble whole."""
    from game.scenes.pass_and_play import CAPTION_LINES
    from game.ui.widgets import wrap
    seats = [Seat("Ann")] + [Seat(f"Cpu {i}", "computer", "easy") for i in (1, 2, 3)]
    app.settings.animation_speed = "instant"
    app.start_game("doubloons", 8, {"ask_humans": "never"}, seats=seats)
    scene = app.top
    names = [seat.name for seat in seats]
    checked, count = 0, 0
    for _ in range(40_000):
        if scene.session.is_over() or checked >= 150:
            break
        if scene.accepts_moves():
            legal = scene.session.legal_actions()
            scene.act(next((a for a in legal if a.kind != "end"), legal[-1]) if count % 3 else legal[-1])
        frames(app)
        if len(scene.session.actions) == count:
            continue
        count = len(scene.session.actions)
        for seat, (lines, _) in scene.captions.items():
            assert not scene.seats[seat].is_human
            for line in lines:
                first = next((n for n in names if line.startswith((n + " ", n + "'s "))), None)
                assert first in (None, names[seat]), f"{line!r} in {names[seat]}'s bubble"
            place = scene.caption_place(seat)
            room = max(1, min(CAPTION_LINES + 1, (place.h - 12) // 20))
            wrapped = sum(len(wrap(line, app.viewport.length(14),
                                   app.viewport.length(place.w - 20))) for line in lines)
            assert wrapped <= room or len(lines) == 1, f"{lines} is cut in its bubble"
            checked += 1
    assert checked >= 100


def test_a_crew_pirate_dropped_where_it_cant_go_says_so_and_goes_home(app):
    scene = at_table(app, crew_table())
    home = centre(scene, "blackbeard")
    drag(app, home, scene.drop_zones()["seat2"].center)       # Cpu 2 has no pirate
    assert not scene.session.actions and "glow" in scene.status[0]
    settle(app)
    assert centre(scene, "blackbeard") == home
    scene.say("")
    drag(app, home, (home[0] - 40, home[1]))                  # back in the crew: nothing said
    assert not scene.session.actions and scene.status[0] == ""


def test_a_lone_human_answers_at_the_table_without_a_window(app):
    from tests.engine.doubloons_tables import table
    scene = at_table(app, table(hands={0: ["heave_to"], 1: ["yo_ho_ho", "x_marks_the_spot"]},
                                turn=1))
    for _ in range(3000):
        frames(app)
        assert not isinstance(app.top, (HeaveToWindow, HandOffScreen))
        if scene.menu:
            break
    assert scene.session.state.phase == rules.REACT and scene.viewer == 0
    assert [label for label, _ in scene.menu] == ["Let it pass", "Heave To!"]
    key(app, pygame.K_h)
    assert scene.session.actions[-1] == "heave to"


def test_the_table_tells_nothing_before_its_cards_and_coins_get_there(app):
    """At every frame of real play at the normal animation speed: while cards or coins are
    still moving, no counter, status or caption tells what they have not yet shown; once they
    rest, the counters are the game's; and each caption is at the seat that acted."""
    app.start_game("doubloons", 8, {"ask_humans": "never"}, seats=list(SOLO))
    app.settings.animation_speed = "normal"
    scene = app.top
    scene.table.speed = "normal"
    names = [seat.name for seat in SOLO]
    moving_frames = rest_frames = 0
    for _ in range(4000):
        state = scene.session.state
        if scene.session.is_over() or state.turn_no > 5:
            break
        if scene.accepts_moves() and scene.settled() and scene.menu:
            key(app, pygame.K_1)                                 # a card's choice: the first
        elif scene.accepts_moves() and scene.settled():
            hand = scene.session.view(0).hand
            playable = [i for i, code in enumerate(hand) if scene.plays_of(code)]
            if state.plays < 2 and playable and playable[0] < 9:
                key(app, pygame.K_1 + playable[0])               # a card's list...
                key(app, pygame.K_1)                             # ...and its first play
            else:
                key(app, pygame.K_e)
        frames(app)
        if len(scene.session.states) < 2:
            continue
        now, before = scene.session.state, scene.session.states[-2]
        texts = drawn_texts(app)
        def counters(s):
            return {f"{s.purses[0]} of 7", f"Actions: {len(s.deck)}", f"Discard: {len(s.discard)}"}
        newest = scene.new_entries()
        if not scene.settled():
            moving_frames += 1
            for text in counters(now) - counters(before):
                assert text not in texts, f"{text!r} drawn before the table shows it"
            assert not any(line and line in scene.status[0] for line in newest), scene.status
        else:
            rest_frames += 1
            assert counters(now) <= set(texts), (counters(now), texts)
        for seat, (lines, _) in scene.captions.items():
            for line in lines:
                first = next((n for n in names if line.startswith((n + " ", n + "'s "))), None)
                assert first in (None, names[seat]), f"{line!r} in {names[seat]}'s bubble"
    assert moving_frames > 50 and rest_frames > 50 and scene.session.state.turn_no > 5
