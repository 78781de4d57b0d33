"""A spectator's view shows only what every seat sees: played through whole games, every card
code in the public view is in each seat's own view too."""
import random

import pytest

from game.engine import bots
from game.engine.public import PUBLIC, public_view
from game.engine.session import Session
from game.net import codec
from tests.net.harness import OPTIONS, card_codes, tokens


@pytest.mark.parametrize("game_id", sorted(PUBLIC))
def test_a_public_view_shows_no_card_some_seat_cannot_see(game_id):
    rng = random.Random(3)
    session = Session(game_id, 4, 11, OPTIONS.get(game_id))
    universe = card_codes(game_id)
    checked = 0
    while True:
        state = session.state
        public = tokens(codec.encode(public_view(game_id, state))) & universe
        for seat in range(4):
            own = tokens(codec.encode(session.view(seat))) & universe
            assert public <= own, (seat, sorted(public - own))
        checked += 1
        if session.is_over():
            break
        seat = state.to_act
        session.apply(bots.finish(bots.make(game_id, "easy").think(
            session.view(seat), session.legal_actions(), rng)))
    assert checked > 10


def test_the_public_view_hides_what_seat_0_holds():
    session = Session("abandon_ship", 3, 5)
    assert session.view(0).hand
    view = public_view("abandon_ship", session.state)
    assert view.hand == () and view.hands[0] is None and view.hand_counts == session.view(0).hand_counts
