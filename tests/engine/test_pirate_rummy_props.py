"""Pirate Rummy under random play: every card accounted for, saves that round-trip, games end."""
import random

import pytest

from game.engine import cards
from game.engine import pirate_rummy as pr
from game.engine.session import Session


def every_card(s):
    table = tuple(c for area in s.areas for meld in area for c in meld)
    return s.deck + s.discards + sum(s.hands, ()) + table


def check(s):
    cards.check_deck(every_card(s), pr.deck_of(s.options))
    for area in s.areas:
        for meld in area:
            assert meld and meld == pr.sorted_meld(meld)
    if not pr.is_over(s):
        areas, hand = pr.base_of(s)
        base = tuple(c for area in areas for meld in area for c in meld)
        assert sorted(base + hand) == sorted(
            tuple(c for area in s.areas for meld in area for c in meld) + s.hands[s.turn])
        texts = [a.text for a in pr.legal_actions(s)]
        assert len(texts) == len(set(texts)) and "end turn" in texts


def random_game(seats, deck, seed, biased):
    s = pr.new_game(seats, seed, {"deck": deck})
    r = random.Random(seed)
    steps = 0
    while not pr.is_over(s):
        legal = pr.legal_actions(s)
        if biased:   # lean on building and plundering, and end turns now and then
            good = [a for a in legal if a.kind in ("add", "plunder", "move", "split")]
            action = pr.END if r.random() < 0.15 or not good else r.choice(good)
        else:
            action = r.choice(legal)
        s = pr.apply(s, action)
        check(s)
        steps += 1
        if steps % 97 == 0:
            assert pr.from_json(pr.to_json(s)) == s
    return s, steps


@pytest.mark.parametrize("seats", [3, 4, 5])
@pytest.mark.parametrize("deck", ["uno", "standard"])
def test_random_play_keeps_every_card_and_ends(seats, deck):
    for seed in range(1):
        for biased in (False, True):
            s, _ = random_game(seats, deck, seed * 10 + seats, biased)
            res = pr.result(s)
            assert res.winners and s.finish in ("emptied", "ships", "stalemate", "rounds")
            assert pr.from_json(pr.to_json(s)) == s


def test_illegal_actions_leave_the_state_unchanged():
    s = pr.new_game(4, 5)
    before = pr.to_json(s)
    for text in ("plunder r1 from seat 1", "add ship1 to [r1] of seat 1", "fly away", "reset turn",
                 "play ship3 to a new meld", "discard all pirate ships"):
        with pytest.raises(pr.IllegalAction):
            pr.apply(s, text)
    assert pr.to_json(s) == before


def test_a_session_replays_and_round_trips():
    session = Session("pirate_rummy", 3, 11, {"deck": "standard"})
    r = random.Random(3)
    for _ in range(300):
        if session.is_over():
            break
        session.apply(r.choice(session.legal_actions()))
    again = Session.from_json(session.to_json())
    assert again.state == session.state
