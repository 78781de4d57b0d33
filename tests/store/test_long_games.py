"""A long game's save stays small: Pirate Rummy keeps only the end of its log (LOG_KEPT lines),
and saves from before, which held the whole log, still load."""
import random

import pytest

from game.engine import pirate_rummy as rules
from game.engine.session import Session
from game.store import saves

MOST_BYTES = 150_000  # a whole log made a 2,700-action game's save 300 KB; its actions take ~90


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))


def long_game(seed: int) -> Session:
    """Five seats playing at random: over 2,000 actions before a stalemate ends it."""
    session = Session("pirate_rummy", 5, seed)
    pick = random.Random(seed)
    while not session.is_over() and len(session.actions) < 3000:
        session.apply(pick.choice(session.legal_actions()))
    return session


def whole_log(session: Session) -> list:
    """Every line the game logged, as a save from before LOG_KEPT held it."""
    lines: list = []
    for state in session.states:
        for at, line in enumerate(state.log, state.log_start):
            if at == len(lines):
                lines.append(line)
    return lines


@pytest.mark.parametrize("seed", [1, 2])
def test_a_long_pirate_rummy_game_saves_small(seed):
    session = long_game(seed)
    assert len(session.actions) > 2000 and session.state.log_start > 0, "not a long game"
    saves.save(session)
    assert saves.path("pirate_rummy").stat().st_size < MOST_BYTES
    assert len(session.state.log) == rules.LOG_KEPT
    again = saves.load_finished("pirate_rummy").session
    assert again.state == session.state and again.actions == session.actions


def test_a_save_holding_the_whole_log_still_loads():
    session = long_game(1)
    old = session.to_json()
    state = dict(old["state"], version=1, log=whole_log(session))
    del state["log_start"]
    assert len(state["log"]) == session.state.log_start + rules.LOG_KEPT
    loaded = Session.from_json(dict(old, state=state))
    assert loaded.state == session.state
    assert rules.from_json(state) == session.state  # the end of the log, counted from its start


def test_a_log_longer_than_kept_is_refused():
    state = rules.to_json(long_game(2).state)
    state["log"] = ["{p0} ends the turn with 3 cards in hand."] * (rules.LOG_KEPT + 1)
    with pytest.raises(ValueError, match="log"):
        rules.from_json(state)
