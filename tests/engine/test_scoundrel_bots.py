"""Scoundrel autoplayers: legal, reproducible, blind to the dungeon's hidden order."""
import random

from game.engine import bots
from game.engine import scoundrel as sc
from game.engine.bots import finish
from game.engine.bots.scoundrel import LEVELS, SolverBot


def some_states(seed, count, rule="at_most"):
    """Positions along a game played by a simple rule, avoiding now and then."""
    pick = random.Random(seed)
    state, out = sc.new_game(seed=seed, options={"weapon_rule": rule}), []
    while not sc.is_over(state) and len(out) < count:
        out.append(state)
        state = sc.apply(state, pick.choice(sc.legal_actions(state)[:3]))
    return out


def shuffle_unseen(state, rnd):
    """The same position with the never-seen dungeon cards in another order."""
    unseen = len(state.dungeon) - state.known_bottom
    top = list(state.dungeon[:unseen])
    rnd.shuffle(top)
    other = state.copy()
    other.dungeon = tuple(top) + state.dungeon[unseen:]
    return other


def test_levels_weakest_first():
    assert bots.levels("scoundrel") == ("easy", "normal", "hard")


def test_every_level_chooses_legal_actions_and_repeats_itself():
    for state in some_states(4, 12) + some_states(9, 12, "below"):
        for level, _ in LEVELS:
            action = bots.choose("scoundrel", state, 0, level, 7)
            assert action in sc.legal_actions(state)
            assert action == bots.choose("scoundrel", state, 0, level, 7)


def test_the_autoplayer_never_reads_hidden_cards():
    rnd = random.Random(3)
    checked = 0
    for seed in (1, 2, 5):
        for state in some_states(seed, 30):
            if len(state.dungeon) - state.known_bottom < 2:
                continue
            other = shuffle_unseen(state, rnd)
            assert other.dungeon != state.dungeon or len(set(state.dungeon)) < 2
            for level, _ in LEVELS:
                assert (bots.choose("scoundrel", state, 0, level, 11)
                        == bots.choose("scoundrel", other, 0, level, 11))
            checked += 1
    assert checked >= 10


def test_the_autoplayer_thinks_in_slices():
    state = sc.new_game(seed=100000)
    thinking = SolverBot(samples=3, node_limit=50).think(sc.view(state), sc.legal_actions(state),
                                                        random.Random(0))
    assert next(thinking) is None
    assert finish(thinking) in sc.legal_actions(state)

