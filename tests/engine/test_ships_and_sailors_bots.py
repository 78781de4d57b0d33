"""Ships and Sailors computer players: levels, legal and deterministic choices from views only,
what the hard bot infers about hidden cards, and how well it plays against the random baseline
and a simple greedy player written here."""
import random

import pytest

from game.engine import bots
from game.engine import ships_and_sailors as S
from game.engine.bots import RandomBot
from game.engine.bots import ships_and_sailors as B


class GreedyBot:
    """A simple greedy player: the lowest card it may play; void, it throws its highest card,
    a Sailor first. Piles its three highest cards; first colour and first partner offered."""

    def think(self, view, legal, rng):
        legal = list(legal)
        if legal[0].kind == "pile":
            return max(legal, key=lambda a: sum(S.VALUE[c] for c in a.target))
        if legal[0].kind != "play":
            return legal[0]
        if view.trick and all(S.COLOUR_OF[a.card] != S.COLOUR_OF[view.trick[0][1]]
                              for a in legal):
            return max(legal, key=lambda a: (a.card in S.SAILORS, S.VALUE[a.card]))
        return min(legal, key=lambda a: S.VALUE[a.card])
        yield


def play(players, seed, options=None, hands=None):
    """A seeded game (or its first `hands` hands); returns the final state."""
    s = S.new_game(len(players), seed, options)
    rngs = [random.Random(seed * 31 + p) for p in range(len(players))]
    while not S.is_over(s) and (hands is None or s.hand_no <= hands):
        if hands is not None and s.phase == S.HAND_OVER and s.hand_no == hands:
            break
        p = s.to_act
        s = S.apply(s, bots.finish(players[p].think(S.view(s, p), S.legal_actions(s), rngs[p])))
    return s


def test_levels_weakest_first():
    assert bots.levels("ships_and_sailors") == ("easy", "normal", "hard")
    assert isinstance(bots.make("ships_and_sailors", "hard"), B.SamplingBot)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("seats,options", [(2, {"kitty": "on"}), (3, {}), (5, {}),
                                           (6, {"partners": "individuals"})])
def test_every_level_plays_legal_moves_deterministically(level, seats, options):
    s = S.new_game(seats, 4, options)
    for step in range(100):
        if S.is_over(s):
            break
        legal = S.legal_actions(s)
        bot = bots.make("ships_and_sailors", level)
        bot.samples = 6  # hard: fewer deals, the same code
        first = bots.finish(bot.think(S.view(s, s.to_act), legal, random.Random(step)))
        again = bots.finish(bot.think(S.view(s, s.to_act), legal, random.Random(step)))
        assert first in legal and first == again
        s = S.apply(s, first)


def test_hard_thinks_in_slices():
    s = S.new_game(4, 2)
    while s.phase != S.PLAY or len(S.legal_actions(s)) < 2:
        s = S.apply(s, S.legal_actions(s)[0])
    thinking = B.SamplingBot().think(S.view(s, s.to_act), S.legal_actions(s), random.Random(1))
    pauses = 0
    with pytest.raises(StopIteration):
        while True:
            next(thinking)
            pauses += 1
    assert pauses >= 20


def test_sampled_hands_honour_voids_known_piles_and_counts():
    s = S.new_game(4, 8)
    while s.phase != S.PLAY:
        s = S.apply(s, S.legal_actions(s)[0])
    while len(s.tricks) < 6:
        s = S.apply(s, S.legal_actions(s)[0])
    me = s.to_act
    view = S.view(s, me)
    know = B._Knowledge(view)
    voids = {p: {S.COLOUR_OF[c] for t in s.tricks for q, c in t
                 if q == p and S.COLOUR_OF[c] != S.COLOUR_OF[t[0][1]]} for p in range(4)}
    mine = set(view.piles[me])
    receiver = view.pile_to[me]
    for i in range(30):
        hands = know.deal(random.Random(i))
        assert sorted(hands) == sorted(p for p in range(4) if p != me)
        dealt = [c for h in hands.values() for c in h]
        assert len(dealt) == len(set(dealt))
        for p, h in hands.items():
            cards = [B.CARDS[c] for c in h]
            assert len(cards) == view.hand_counts[p]
            assert not set(cards) & set(view.hand)
            if receiver != me and p == receiver:
                assert (mine - {c for t in s.tricks for _, c in t}
                        - {c for _, c in s.trick}) <= set(cards)
            assert not any(S.COLOUR_OF[c] in voids[p] for c in cards)


def test_the_heuristic_ducks_points_takes_ships_and_dumps_sailors_on_opponents():
    i = B.INDEX
    sides = [(0,), (1,), (2,), (3,)]
    # a trick holding a Sailor: play the highest card below the winner
    hand = [i["4a"], i["9a"], i["13a"]]
    trick = [(1, i["sailor-a"]), (2, i["10a"])]
    assert B.heuristic_card(hand, trick, 3, sides, 1, 4) == i["9a"]
    # a Ship in the trick, last to play: win it
    trick = [(1, i["ship-a"]), (2, i["10a"]), (0, i["2a"])]
    assert B.heuristic_card(hand, trick, 3, sides, 1, 4) == i["13a"]
    # void: a Sailor goes to an opponent, the penalty colour's first
    hand = [i["sailor-k"], i["sailor-w"], i["15r"]]
    trick = [(1, i["5a"])]
    assert B.heuristic_card(hand, trick, 2, sides, 2, 4) == i["sailor-k"]
    # ...but not to a partner, who gets the Ship instead
    teams = [(0, 2), (1, 3), (0, 2), (1, 3)]
    hand = [i["sailor-k"], i["ship-w"], i["15r"]]
    assert B.heuristic_card(hand, [(0, i["5a"])], 2, teams, 2, 4) == i["ship-w"]


@pytest.mark.slow
def test_hard_wins_well_over_twice_its_share_against_random_players():
    wins = 0
    games = 8
    for g in range(games):
        seat = g % 4
        players = [RandomBot() for _ in range(4)]
        players[seat] = B.SamplingBot()
        wins += seat in S.result(play(players, 1000 + g)).winners
    assert wins >= 5, f"hard won {wins} of {games} against three random players"


@pytest.mark.slow
def test_hard_beats_the_greedy_player_hand_by_hand():
    mine = theirs = 0
    hands = 0
    for g in range(6):
        seat = g % 4
        players = [GreedyBot() for _ in range(4)]
        players[seat] = B.SamplingBot()
        s = play(players, 2000 + g, {"partners": "individuals"}, hands=3)
        mine += s.scores[seat]
        theirs += sum(s.scores) - s.scores[seat]
        hands += s.hand_no
    assert mine / hands < theirs / 3 / hands - 2, (mine, theirs / 3, hands)
