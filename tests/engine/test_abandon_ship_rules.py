"""Abandon Ship: one test per ruling (shared/RULINGS.md), on stacked decks and built positions."""
import pytest

from game.engine import IllegalAction, games, rng
from game.engine import abandon_ship as A
from game.engine.cards import FULL_DECK, SUITS


def stack(*top, seats=4):
    """A full deck order for `seats` players: `top` first, then every other card in order."""
    return list(top) + [c for c in A.deck_for(seats) if c not in top]


def position(seats=4, hands=(), boards=(), lifeboats=None, deck=None, keys=None, fight=None,
             phase="play", turn=0, dealer=0, scores=None, rng_seed=1):
    """A position built through from_json. Cards not named go to the set-aside pile first, then
    to the deck (play and fight) or else to their lifeboats."""
    hands = [list(h) for h in hands] + [[] for _ in range(seats - len(hands))]
    boards = [list(b) for b in boards] + [[] for _ in range(seats - len(boards))]
    keys = list(keys or [None] * seats)
    boats = {suit: list((lifeboats or {}).get(suit, ())) for suit in SUITS}
    placed = {c for pile in (*hands, *boards, *boats.values(), deck or (), keys,
                             fight["cards"] if fight else ()) for c in pile}
    rest = [c for c in A.deck_for(seats) if c not in placed]
    out, rest = rest[:A.out_count(seats)], rest[A.out_count(seats):]
    if deck is None and phase in ("play", "fight"):
        deck, rest = rest, []
    for c in rest:
        boats[A.SUIT_OF[c]].append(c)
    return A.from_json({
        "game": "abandon_ship", "version": 1, "seats": seats, "deck": list(deck or ()),
        "hands": hands, "boards": boards, "lifeboats": [boats[s] for s in SUITS], "out": out,
        "fight": fight, "keys": keys, "phase": phase, "turn": turn, "dealer": dealer,
        "round": 1, "scores": list(scores or [0] * seats), "last_round": None, "log": [],
        "options": {}, "seed": 0, "rng": rng.seed_state(rng_seed), "revealed": 0,
    })


def texts(state):
    return [str(a) for a in A.legal_actions(state)]


def run(state, *actions):
    for action in actions:
        state = A.apply(state, action)
    return state


def refused(state, action, *words):
    """The action raises IllegalAction mentioning `words`, and the state is left as it was."""
    before = A.to_json(state)
    with pytest.raises(IllegalAction) as exc:
        A.apply(state, action)
    assert A.to_json(state) == before
    for word in words:
        assert word in str(exc.value)


def boat(state, suit):
    return sum(A.POINTS[c] for c in state.lifeboats[SUITS.index(suit)])


def test_module_and_registry():
    assert games.get("abandon_ship") is A
    assert (A.GAME_ID, A.TITLE, A.SEATS, A.UNDO) == ("abandon_ship", "Abandon Ship", (2, 8), False)
    with pytest.raises(ValueError):
        A.new_game(1, 0)
    with pytest.raises(ValueError):
        A.new_game(9, 0)


def test_card_points_ace_low_king_high():
    assert [A.POINTS[r + "S"] for r in ("A", "2", "10", "J", "Q", "K")] == [1, 2, 10, 11, 12, 13]
    assert A.POINTS["QH*"] == 12 and A.SUIT_OF["10D*"] == "D"


def test_two_players_set_five_aside_and_the_dealer_plays_first():
    top = ["AS", "2S", "3S", "4S", "5S", "AH", "2H", "3H", "4H", "5H",
           "AD", "2D", "3D", "4D", "5D", "6C"]
    s = A.new_game(2, 0, None, deck=stack(*top, seats=2))
    assert s.hands == (tuple(top[:5]), tuple(top[5:10]))
    assert s.out == tuple(top[10:15]) and s.deck[0] == "6C" and len(s.deck) == 52 - 15
    assert s.dealer == 0 and s.to_act == 0 and s.phase == "play"
    v = A.view(s, 1)
    assert v.out_count == 5 and v.deck_count == 37 and v.hand_counts == (5, 5)
    assert not set(top[10:15]) & {c for f in (v.hand, *v.boards) for c in f}


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_three_to_five_players_deal_five_each_from_one_deck(seats):
    s = A.new_game(seats, 0, None, deck=stack(seats=seats))
    assert all(len(h) == 5 for h in s.hands) and s.out == ()
    assert len(s.deck) == 52 - 5 * seats and s.hands[1] == tuple(FULL_DECK[5:10])


@pytest.mark.parametrize("seats", [6, 7, 8])
def test_six_to_eight_players_use_two_decks_and_deal_eight_hands(seats):
    deck = A.deck_for(seats)
    assert len(deck) == 104 and len(set(deck)) == 104 and "7H*" in deck
    s = A.new_game(seats, 0, None, deck=list(deck))
    assert s.hands[0] == tuple(deck[:5]) and len(s.out) == 5 * (8 - seats)
    assert s.out == tuple(deck[5 * seats:40]) and len(s.deck) == 104 - 40
    shuffled = A.new_game(seats, 5)
    assert sorted(shuffled.deck + shuffled.out + sum(shuffled.hands, ())) == sorted(deck)


def test_a_deck_must_match_the_player_count():
    with pytest.raises(ValueError, match=r"missing cards: AS\*"):
        A.new_game(6, 0, None, deck=list(FULL_DECK))
    with pytest.raises(ValueError, match=r"7H\*"):
        A.new_game(4, 0, None, deck=list(FULL_DECK[:-1]) + ["7H*"])
    s = A.new_game(6, 0, None, deck=stack("7H*", "7H", seats=6))
    assert "discard 7H*" in texts(s) and "attack seat 2 with 7H*" in texts(s)


def test_a_turn_draws_back_up_to_five():
    s = A.new_game(2, 0, None, deck=stack(seats=2))
    top = s.deck[0]
    s = run(s, "discard AS")
    assert s.to_act == 1 and len(s.hands[1]) == 5 and s.deck[0] == top  # seat 2 had five
    s = run(s, f"discard {s.hands[1][0]}")
    assert s.to_act == 0 and s.hands[0][-1] == top and len(s.hands[0]) == 5
    assert "{p0} draws 1 card." in s.log


def test_drawing_the_last_card_sinks_the_ship_and_ends_the_turn():
    s = A.new_game(2, 0, None, deck=stack(seats=2))
    while s.phase == "play":
        s = run(s, f"discard {s.hands[s.to_act][0]}")
    assert s.phase == "showdown" and s.deck == () and s.turn == 0  # the 37th draw is seat 1's
    assert s.log[-1].startswith("{p0} draws the last card: the ship sinks")
    assert len(s.hands[0]) == 5  # no discard after the sinking draw
    assert s.to_act == 1 and texts(s) == [f"key card {c}" for c in s.hands[1]]


def test_the_last_card_sinks_even_when_the_hand_is_not_full():
    s = position(3, hands=[["2C", "3C", "4C", "5C", "6C"], ["7C", "8C"], ["9C"]],
                 deck=["10C", "JC"])
    s = run(s, "discard 2C")
    assert s.phase == "showdown" and s.hands[1] == ("7C", "8C", "10C", "JC") and s.turn == 1


def test_discard_goes_to_its_suits_lifeboat_and_ends_the_turn():
    s = A.new_game(3, 0, None, deck=stack("7H", seats=3))
    s = run(s, "discard 7H")
    assert s.lifeboats[SUITS.index("H")] == ("7H",) and s.to_act == 1
    assert A.view(s, 2).lifeboat_points["H"] == 7
    assert s.log[-1] == "{p0} discards the 7♥ into the hearts lifeboat."


FIGHTERS = [["7H", "2C", "3C", "4C", "5C"], ["9S", "6D", "2D", "8C", "AC"], ["QD"]]


def test_a_fight_alternates_strictly_higher_ranks_whatever_the_suit():
    s = run(position(3, hands=FIGHTERS), "attack seat 2 with 7H")
    assert s.phase == "fight" and s.to_act == 1
    assert s.fight == A.Fight(0, 1, ("7H",)) and A.view(s, 2).fight.to_answer == 1
    assert texts(s) == ["raise with 9S", "raise with 8C", "surrender"]
    refused(s, "raise with 6D", "higher")
    s = run(s, "raise with 8C")
    assert s.to_act == 0 and texts(s) == ["surrender"]  # nothing above an 8 in hand
    assert s.log[-2:] == ("{p0} attacks {p1} with the 7♥.", "{p1} raises with the 8♣.")


def test_a_surrender_gives_the_winner_a_random_card_and_the_fight_to_the_lifeboats():
    s = run(position(3, hands=FIGHTERS), "attack seat 2 with 7H", "raise with 8C", "surrender")
    taken = s.boards[1]
    assert len(taken) == 1 and taken[0] in FIGHTERS[0][1:]
    assert s.hands[0] == tuple(c for c in FIGHTERS[0][1:] if c not in taken)
    assert "7H" in s.lifeboats[1] and "8C" in s.lifeboats[3]
    assert s.fight is None and s.phase == "play" and s.to_act == 1  # the attacker's turn is over
    assert len(s.hands[1]) == 5  # seat 2's turn began with a draw back to five
    assert f"{{p1}} takes the {A.name(taken[0])} from {{p0}} onto the board" in s.log[-2]


def test_the_attackers_turn_ends_after_a_fight_it_wins():
    s = run(position(3, hands=FIGHTERS), "attack seat 3 with 7H")
    refused(s, "raise with QD", "last card")
    s = run(s, "surrender")
    assert s.boards[0] == ("QD",) and s.hands[2] == () and s.to_act == 1


def test_the_card_taken_is_uniformly_random_from_the_state_generator():
    taken = []
    for seed in range(60):
        s = position(3, hands=FIGHTERS, rng_seed=seed)
        s = run(s, "attack seat 2 with 7H", "surrender")
        taken.append(s.boards[0][0])
        assert s == run(position(3, hands=FIGHTERS, rng_seed=seed), "attack seat 2 with 7H",
                        "surrender")
    assert set(taken) == set(FIGHTERS[1])


def test_nobody_plays_the_last_card_in_hand_unless_it_is_a_king():
    s = run(position(3, hands=[FIGHTERS[0], ["9S"], ["KS"]]), "attack seat 2 with 7H")
    assert texts(s) == ["surrender"]
    refused(s, "raise with 9S", "last card", "King")
    s = run(position(3, hands=[FIGHTERS[0], ["9S"], ["KS"]]), "attack seat 3 with 7H")
    assert texts(s) == ["raise with KS", "surrender"]
    s = run(s, "raise with KS")
    assert s.hands[2] == () and s.to_act == 0 and texts(s) == ["surrender"]
    s = run(s, "surrender")
    assert len(s.boards[2]) == 1


def test_you_cannot_attack_a_player_with_no_cards_or_yourself():
    s = position(3, hands=[FIGHTERS[0], FIGHTERS[1], []])
    assert not [t for t in texts(s) if t.startswith("attack seat 3")]
    assert [t for t in texts(s) if t.startswith("attack seat 2")]
    refused(s, "attack seat 3 with 7H", "holds no cards")
    refused(s, "attack seat 1 with 7H", "yourself")
    refused(s, "attack seat 5 with 7H", "no seat 5")


def test_actions_out_of_turn_or_phase_are_refused():
    s = position(3, hands=FIGHTERS)
    refused(s, "discard 9S", "not in your hand")
    refused(s, "surrender", "discard a card or attack")
    refused(s, "key card 7H", "discard a card or attack")
    refused(s, "deal next round")
    refused(s, "shout", "not an Abandon Ship action")
    refused(s, "discard 7H*", "second-deck")


def test_key_cards_are_chosen_in_secret_in_seat_order_after_the_sinker():
    s = position(3, hands=[["2C", "3C"], ["4D"], ["5S", "6S"]], phase="showdown", turn=1)
    assert s.to_act == 2
    s = run(s, "key card 6S")
    v0 = A.view(s, 0)
    assert v0.chosen == (False, False, True) and v0.key_cards == (None, None, None)
    assert v0.hands == (("2C", "3C"), None, None) and v0.hand_counts == (2, 1, 1)
    assert A.view(s, 2).key_cards == (None, None, "6S")
    assert s.to_act == 0 and s.log[-1] == "{p2} chooses a key card."
    s = run(s, "key card 2C")
    assert s.to_act == 1 and texts(s) == ["key card 4D"]  # the last card may be the key card
    s = run(s, "key card 4D")
    v = A.view(s, 0)
    assert v.phase == "round_over" and v.key_cards == ("2C", "4D", "6S")
    assert v.hands == (("3C",), (), ("5S",))


def test_an_empty_hand_chooses_nothing_and_boards_nothing():
    s = position(3, hands=[["2C"], [], ["5S"]], phase="showdown", turn=0)
    assert s.to_act == 2
    s = run(s, "key card 5S", "key card 2C")
    assert s.keys == ("2C", None, "5S") and s.last_round.gained[1] == 0
    assert "{p1} has no cards and goes down with the ship." in s.log


def test_the_rules_scoring_example():
    # Player 1 runs for spades; player 2 has the 6♥ on the board, the Q♥ as key and no other
    # hearts; player 3 plays the 2♥ as key holding the 3♥ and 7♥; player 4's hand is empty.
    s = position(4, hands=[["9S", "4C"], ["QH", "5C"], ["2H", "3H", "7H"], []],
                 boards=[[], ["6H"]], phase="showdown", turn=2)
    spades, hearts = boat(s, "S"), boat(s, "H")
    s = run(s, "key card 9S", "key card QH", "key card 2H")
    spade_boat, heart_boat = s.last_round.boardings
    assert spade_boat == A.Boarding("S", spades, (0,), (9,), 0)
    assert heart_boat == A.Boarding("H", hearts, (1, 2), (18, 12), 1)
    assert s.scores == (spades, hearts, 0, 0) and s.last_round.gained == s.scores
    assert f"{{p1}} boards the hearts lifeboat for {hearts} points ({{p1}} 18, {{p2}} 12 hearts)." \
        in s.log


def test_hand_key_and_board_never_score_themselves():
    s = position(2, hands=[["KS", "QS", "JS"], ["AH"]], boards=[["10S", "9S"]],
                 lifeboats={"S": ["2S"], "H": ["3H"]}, deck=[], phase="showdown", turn=1)
    s = run(s, "key card KS", "key card AH")
    assert s.scores == (boat(s, "S"), boat(s, "H"))


def test_a_contest_goes_to_the_most_points_of_the_suit_board_included():
    s = position(4, hands=[["2H", "3H"], ["KH"]], boards=[["JH"]], phase="showdown", turn=3)
    s = run(s, "key card 2H", "key card KH")
    assert s.last_round.boardings[0].holdings == (16, 13) and s.scores[0] == boat(s, "H")


def test_a_tie_on_points_goes_to_the_single_highest_card():
    s = position(4, hands=[["4H", "9H"], ["8H", "5H"]], phase="showdown", turn=3)
    s = run(s, "key card 4H", "key card 5H")
    b = s.last_round.boardings[0]
    assert b.holdings == (13, 13) and b.winner == 0


def test_a_three_way_contest():
    s = position(4, hands=[["4H", "9H"], ["8H", "5H"], ["AH", "KH"]], phase="showdown", turn=3)
    s = run(s, "key card 4H", "key card 5H", "key card AH")
    assert s.last_round.boardings[0].holdings == (13, 13, 14)
    assert s.last_round.boardings[0].winner == 2 and s.scores == (0, 0, boat(s, "H"), 0)


def test_two_decks_tie_on_the_highest_card_goes_to_the_next_highest():
    s = position(6, hands=[["KH", "5H", "2H"], ["KH*", "4H", "3H"]], phase="showdown", turn=5)
    s = run(s, "key card 2H", "key card KH*")
    b = s.last_round.boardings[0]
    assert b.holdings == (20, 20) and b.winner == 0 and s.scores[0] == boat(s, "H")


def test_two_decks_identical_holdings_board_nobody():
    s = position(6, hands=[["KH", "5H"], ["5H*"], ["AC"]], boards=[[], ["KH*"]],
                 phase="showdown", turn=5)
    s = run(s, "key card 5H", "key card 5H*", "key card AC")
    hearts, clubs = s.last_round.boardings
    assert hearts.winner is None and hearts.holdings == (18, 18)
    assert clubs.winner == 2 and s.scores == (0, 0, boat(s, "C"), 0, 0, 0)
    assert "Nobody boards the hearts lifeboat: {p0} and {p1} hold the very same hearts." in s.log


def test_the_round_pauses_for_the_next_dealer_with_a_summary():
    s = position(3, hands=[["2C"], ["4D"], ["5S"]], phase="showdown", turn=1)
    s = run(s, "key card 5S", "key card 2C", "key card 4D")
    assert s.phase == "round_over" and s.to_act == 1 and texts(s) == ["deal next round"]
    v = A.view(s, 2)
    assert v.last_round.round == 1 and v.last_round.key_cards == ("2C", "4D", "5S")
    assert v.last_round.scores == v.scores and v.last_round.sinker == 1
    refused(s, "discard 2C", "deal the next round")
    s = run(s, "deal next round")
    assert (s.round, s.dealer, s.to_act, s.phase) == (2, 1, 1, "play")
    assert sorted(s.deck + sum(s.hands, ())) == sorted(FULL_DECK)
    assert s.keys == (None,) * 3 and s.boards == ((),) * 3 and s.lifeboats == ((),) * 4
    assert s.log[-1] == "Round 2: {p1} deals." and A.view(s, 0).last_round.round == 1


def test_the_deal_moves_left_every_round():
    s = A.new_game(3, 4)
    dealers = [(s.dealer, s.to_act)]
    while not A.is_over(s):
        if s.phase == "round_over":
            assert s.to_act == (s.dealer + 1) % 3
            s = run(s, "deal next round")
            dealers.append((s.dealer, s.to_act))
        else:
            s = run(s, A.legal_actions(s)[-1])
    assert dealers == [(r % 3, r % 3) for r in range(len(dealers))] and len(dealers) >= 3


def showdown_with_scores(scores):
    """Seat 1 runs for spades and seat 2 for hearts, starting from `scores` minus those boats."""
    s = position(3, hands=[[], ["2S"], ["2H"]], phase="showdown", turn=0)
    gains = (0, boat(s, "S"), boat(s, "H"))
    s = position(3, hands=[[], ["2S"], ["2H"]], phase="showdown", turn=0,
                 scores=[x - g for x, g in zip(scores, gains)])
    return run(s, "key card 2S", "key card 2H")


def test_reaching_200_ends_the_game_and_the_highest_score_wins():
    s = showdown_with_scores((150, 204, 215))
    assert A.is_over(s) and s.to_act is None and A.legal_actions(s) == []
    assert A.result(s).winners == (2,) and A.result(s).scores == (150, 204, 215)
    assert A.view(s, 0).winners == (2,) and A.view(s, 0).phase == "over"
    refused(s, "deal next round", "over")


def test_below_200_another_round():
    s = showdown_with_scores((150, 199, 198))
    assert s.phase == "round_over" and not A.is_over(s)


def test_a_tie_for_the_highest_score_plays_another_round():
    s = showdown_with_scores((150, 210, 210))
    assert s.phase == "round_over" and s.to_act == 1
    assert s.log[-1] == "{p1} and {p2} are tied at 210: another round."


def test_saved_states_are_checked():
    s = run(position(3, hands=FIGHTERS), "attack seat 2 with 7H")
    good = A.to_json(s)
    assert A.from_json(good) == s
    deck = [c for c in good["deck"] if c != "AH"]
    for bad in ({**good, "seats": 9}, {**good, "phase": "nap"}, {**good, "fight": None},
                {**good, "phase": "play"}, {**good, "phase": "showdown"},
                {**good, "lifeboats": [["AH"], [], [], []], "deck": deck},
                {**good, "hands": good["hands"][:2]},
                {**good, "deck": good["deck"] + ["7H"]}, {**good, "keys": ["2C", None, None]},
                {**good, "fight": {**good["fight"], "cards": ["7H", "6D"]}},
                {**good, "scores": [0, -1, 0]}, {**good, "log": [3]}, {**good, "rng": -1}):
        with pytest.raises(ValueError):
            A.from_json(bad)
