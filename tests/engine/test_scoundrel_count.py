"""The card counter counts exactly what the engine still holds in the dungeon."""
import random
from collections import Counter

from game.engine import scoundrel as sc
from game.engine.scoundrel_count import dungeon_tally


def engine_tally(state):
    counts = Counter((sc.KIND[c], sc.VALUE[c]) for c in state.dungeon)
    return {kind: {v: n for (k, v), n in counts.items() if k == kind}
            for kind in ("monster", "weapon", "potion")}


def test_the_counter_matches_the_engine_all_through_random_games():
    checked = 0
    for seed in range(40):
        state = sc.new_game(1, seed)
        pick = random.Random(seed)
        while True:
            tally = dungeon_tally(sc.view(state))
            assert tally == engine_tally(state)
            assert sum(sum(v.values()) for v in tally.values()) == len(state.dungeon)
            checked += 1
            if sc.is_over(state):
                break
            state = sc.apply(state, pick.choice(sc.legal_actions(state)))
    assert checked > 200


def test_a_fresh_dungeon_holds_the_whole_deck_but_the_room():
    state = sc.new_game(1, 3)
    tally = dungeon_tally(sc.view(state))
    whole = engine_tally(state)
    for card in state.room:
        whole[sc.KIND[card]][sc.VALUE[card]] = whole[sc.KIND[card]].get(sc.VALUE[card], 0) + 1
    assert whole["monster"] == {v: 2 for v in range(2, 15)}
    assert whole["weapon"] == whole["potion"] == {v: 1 for v in range(2, 11)}
    assert sum(sum(v.values()) for v in tally.values()) == 40
