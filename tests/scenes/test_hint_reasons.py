"""H's words at the multiplayer tables: besides the move, what it does, in figures the seat can
see (checked against the engine on real positions)."""
import random

from game.engine import abandon_ship, doubloons, ships_and_sailors
from game.scenes.pass_and_play import Seat

HUMANS = [Seat("Ann"), Seat("Bob"), Seat("Cy")]


def table(app, game_id, seed=3):
    app.settings.animation_speed = "instant"
    app.start_game(game_id, seed, None, seats=list(HUMANS))
    return app.current_game()


def test_abandon_ship_says_what_a_discard_or_an_attack_means(app):
    scene = table(app, "abandon_ship")
    view = scene.session.view(scene.session.state.to_act)
    discard = next(str(a) for a in scene.session.legal_actions() if str(a).startswith("discard"))
    card = discard.split()[-1]
    suit = abandon_ship.SUIT_OF[card]
    points = view.lifeboat_points[suit] + abandon_ship.POINTS[card]
    assert scene.hint_reason(view, discard).endswith(f"lifeboat then holds {points} points")
    attack = next(str(a) for a in scene.session.legal_actions() if str(a).startswith("attack"))
    seat = int(attack.split()[2]) - 1
    assert scene.hint_reason(view, attack) == (
        f"{HUMANS[seat].name} holds {view.hand_counts[seat]} cards")


def test_ships_and_sailors_says_where_the_card_leaves_the_trick(app):
    scene = table(app, "ships_and_sailors", seed=4)
    session, rnd = scene.session, random.Random(4)
    checked = 0
    while checked < 30 and not session.is_over():
        state = session.state
        view = session.view(state.to_act)
        if state.phase == ships_and_sailors.PLAY:
            for action in map(str, session.legal_actions()):
                card = action.split()[1]
                said = scene.hint_reason(view, action)
                if not view.trick:
                    assert said == "you lead the trick"
                    continue
                trick = view.trick + ((view.seat, card),)
                winner = ships_and_sailors.trick_winner(trick)
                if winner == view.seat:
                    assert said == "it takes the trick so far"
                else:
                    best = dict(trick)[winner]
                    assert said == f"it stays under the {ships_and_sailors.name(best)}"
                checked += 1
        session.apply(rnd.choice(session.legal_actions()))
    assert checked >= 30


def test_doubloons_gives_the_cards_own_words(app):
    scene = table(app, "doubloons")
    view = scene.session.view(0)
    assert scene.hint_reason(view, "play x_marks_the_spot") == "take 1 doubloon from the bank"
    assert scene.hint_reason(view, "end turn") == ""
    pirate = next(iter(doubloons.PIRATES))
    said = scene.hint_reason(view, f"hire {pirate}")
    assert said and said.lower().rstrip(".") == doubloons.PIRATES[pirate].text.lower().rstrip(".")
