"""A session keeps the current state's views: the same view while the state stands, the
view of the new state after a move, an undo or a redo, and a bad seat refused every time."""
import random

import pytest

from game.engine.session import Session


def play(session, rnd, moves):
    for _ in range(moves):
        if session.is_over():
            return
        session.apply(rnd.choice(session.legal_actions()))


@pytest.mark.parametrize("game_id,seats", [("pirate_rummy", 3), ("bogey", 1), ("doubloons", 4)])
def test_views_follow_the_state(game_id, seats):
    session, rnd = Session(game_id, seats, seed=7), random.Random(3)
    for _ in range(12):
        for seat in range(seats):
            view = session.view(seat)
            assert view == session.rules.view(session.state, seat)
            assert session.view(seat) is view  # asked again: kept
        before, state = session.view(0), session.state
        play(session, rnd, 2)
        assert session.view(0) == session.rules.view(session.state, 0)
        if session.state is not state:
            assert session.view(0) is not before  # worked out again for the new state
        if session.can_undo():
            session.undo()
            assert session.view(0) == session.rules.view(session.state, 0)
            session.redo()
            assert session.view(0) == session.rules.view(session.state, 0)


@pytest.mark.parametrize("seat", [5, -9, True, "0"])
def test_a_bad_seat_is_refused_each_time(seat):
    session = Session("pirate_rummy", 3, seed=1)
    for _ in range(2):
        with pytest.raises((ValueError, TypeError)):
            session.view(seat)
