"""Pirate Rummy: one test per ruling (shared/RULINGS.md), on stacked decks."""
import pytest

from game.engine import IllegalAction
from game.engine import pirate_rummy as pr

UNO = {"deck": "uno"}


def stacked(seats, hands, draws=(), options=UNO):
    """A full deck dealing `hands` (filled up with pirate ships, then spare numbers) and then
    `draws` from the top of the deck; the rest follows in deck order."""
    size = pr.HAND_SIZES[seats]
    named = [c for h in hands for c in h] + list(draws)
    assert len(set(named)) == len(named)
    spare = [c for c in pr.deck_of(pr.resolve_options(pr.OPTIONS, options)) if c not in named]
    spare.sort(key=lambda c: (c in pr.NUMBER, c))   # ships first
    deck = []
    for p in range(seats):
        hand = list(hands[p]) if p < len(hands) else []
        while len(hand) < size:
            hand.append(spare.pop(0))
        deck += hand
    return deck + list(draws) + spare


def game(seats, hands, draws=(), options=UNO):
    return pr.new_game(seats, 0, options, deck=stacked(seats, hands, draws, options))


def play(s, *texts):
    for text in texts:
        s = pr.apply(s, text)
    return s


def meld(*cards):
    return "[" + " ".join(pr.sorted_meld(cards)) + "]"


def build(cards):
    """The actions that build `cards` (from hand) into one new meld of seat 1's own area."""
    first, *rest = cards
    texts = [f"play {first} to a new meld"]
    so_far = [first]
    for c in rest:
        texts.append(f"add {c} to {meld(*so_far)} of seat __")
        so_far.append(c)
    return texts


def build_for(seat, cards):
    return [t.replace("__", str(seat + 1)) for t in build(cards)]


# --- the deck and the deal -----------------------------------------------------------------

def test_decks_have_108_and_112_cards_with_32_ships_and_no_standard_codes():
    from game.engine.cards import FULL_DECK
    for key, size in (("uno", 108), ("standard", 112)):
        deck = pr.DECKS[key]
        assert len(deck) == len(set(deck)) == size
        assert sum(pr.is_ship(c) for c in deck) == 32
        assert not set(deck) & set(FULL_DECK)
    uno = pr.DECKS["uno"]
    assert sum(pr.NUMBER.get(c) == 0 for c in uno) == 4
    assert sum(pr.NUMBER.get(c) == 7 for c in uno) == 8
    std = pr.DECKS["standard"]
    assert sorted({pr.NUMBER[c] for c in std if c in pr.NUMBER}) == list(range(1, 11))


@pytest.mark.parametrize("seats, size", [(3, 15), (4, 13), (5, 11)])
def test_deal_sizes_and_first_draw(seats, size):
    s = pr.new_game(seats, 3)
    assert [len(h) for h in s.hands] == [size + 1] + [size] * (seats - 1)
    assert len(s.deck) == 108 - seats * size - 1
    assert s.to_act == 0


def test_options_refuse_unknown_values():
    with pytest.raises(ValueError):
        pr.new_game(4, 0, {"deck": "tarot"})
    with pytest.raises(ValueError):
        pr.new_game(6, 0)


# --- melds ----------------------------------------------------------------------------------

@pytest.mark.parametrize("cards, legit", [
    (("r4", "r5", "r6"), True), (("r4", "r5"), False), (("r4", "r6", "r5*"), True),
    (("r4", "r6", "r7"), False),
    (("r8", "r9", "r0"), False),              # no wrap
    (("r4", "r5", "y6"), False),
    (("r7", "y7", "b7"), True), (("r7", "y7", "b7", "g7"), True), (("r7", "r7*", "b7"), False),
    (("r1", "r2", "r3", "r3*"), False),
    (("p9H", "p10H", "pAH"), False), (("pAH", "p2H", "p3H"), True),
    (("p7S", "p7S*", "p7H"), False), (("r4", "r5", "ship1"), False),
])
def test_runs_and_sets(cards, legit):
    assert pr.is_legit(pr.sorted_meld(cards)) is legit
    assert (pr.meld_fault(pr.sorted_meld(cards)) is None) is legit


# --- playing in and business ---------------------------------------------------------------

def test_play_a_run_from_hand_into_own_area():
    s = game(4, [["r4", "r5", "r6", "b7"]])
    s = play(s, *build_for(0, ["r4", "r5", "r6"]), "end turn")
    assert s.areas[0] == (("r4", "r5", "r6"),)
    assert len(s.hands[0]) == 14 - 3
    assert s.turn == 1


def test_business_adds_to_another_players_meld_and_cards_never_cross_areas():
    s = game(4, [["r4", "r5", "r6"], ["r7", "g1"]])
    s = play(s, *build_for(0, ["r4", "r5", "r6"]), "end turn")
    s = play(s, "add r7 to [r4 r5 r6] of seat 1")
    assert s.areas[0] == (("r4", "r5", "r6", "r7"),)
    texts = {a.text for a in pr.legal_actions(s)}
    assert not any(t.startswith("move") and "seat 2" in t and "r5" in t for t in texts)
    with pytest.raises(IllegalAction):
        pr.apply(s, "move r5 to a new meld of seat 2")
    s = play(s, "end turn")
    assert s.areas[0] == (("r4", "r5", "r6", "r7"),) and "r7" not in s.hands[1]


def test_rearranging_one_area_split_and_join():
    s = game(3, [["b1", "b2", "b3", "b4", "b5", "b6", "y4", "g4", "b7"]])
    s = play(s, *build_for(0, ["b1", "b2", "b3", "b4", "b5", "b6"]), "end turn",
             "end turn", "end turn")
    # split the run and make a set of 4s with the hand's yellow and green 4
    s = play(s, "split [b1 b2 b3 b4 b5 b6] before b4 of seat 1",
             "move b4 to a new meld of seat 1", "add y4 to [b4] of seat 1",
             f"add g4 to {meld('b4', 'y4')} of seat 1")
    out = pr.end_turn_outcome(s)
    assert out.rolled_back and out.faulty == ((0, ("b5", "b6")),)
    s = play(s, "add b7 to [b5 b6] of seat 1")
    assert not pr.end_turn_outcome(s).rolled_back
    s = play(s, "end turn")
    assert sorted(s.areas[0]) == sorted([("b1", "b2", "b3"), ("b5", "b6", "b7"),
                                         ("y4", "g4", "b4")])


def test_a_card_goes_onto_a_legit_meld_only_if_it_stays_legit():
    s = game(4, [["r4", "r5", "r6", "b9"]])
    s = play(s, *build_for(0, ["r4", "r5", "r6"]))
    with pytest.raises(IllegalAction, match="doesn't fit"):
        pr.apply(s, "add b9 to [r4 r5 r6] of seat 1")
    assert pr.apply(s, "play b9 to a new meld").areas[0][-1] == ("b9",)


# --- the end of a turn: roll-back and pickup ----------------------------------------------

def test_illegitimate_business_is_rolled_back_entirely_direct_plays_included():
    s = game(4, [["r4", "r5", "r6", "y1", "y2"]])
    s = play(s, *build_for(0, ["r4", "r5", "r6"]), "play y1 to a new meld",
             "add y2 to [y1] of seat 1")
    out = pr.end_turn_outcome(s)
    assert out.rolled_back and out.faulty == ((0, ("y1", "y2")),)
    assert out.picked_up == ()
    hand_after_draw = s.start_hand
    s = play(s, "end turn")
    assert s.areas[0] == () and sorted(s.hands[0]) == sorted(hand_after_draw)
    assert s.turn == 1


def test_roll_back_keeps_plunders_and_the_plundered_card_is_picked_up():
    s = game(4, [["r4", "r5", "r6"], ["ship1", "g1", "g2"]], draws=["b9", "y0"])
    s = play(s, *build_for(0, ["r4", "r5", "r6"]), "end turn")
    assert "ship1" in s.hands[1]
    s = play(s, "plunder r6 from seat 1", "play g1 to a new meld",
             "add g2 to [g1] of seat 2")           # a 2-card meld from hand: not legitimate
    ships_before = sum(pr.is_ship(c) for c in s.start_hand)
    s = play(s, "end turn")
    assert s.areas[1] == ()                              # everything back, card picked up
    assert "r6" in s.hands[1] and "g1" in s.hands[1] and "g2" in s.hands[1]
    assert sum(pr.is_ship(c) for c in s.hands[1]) == ships_before - 1
    assert s.discards[-1] in s.start_hand or pr.is_ship(s.discards[-1])
    assert s.areas[0] == (("r4", "r5"),)                 # the victim's meld stays broken


def test_the_plunder_example_a_two_card_set_is_picked_up_when_not_fixed():
    # Player 1 (seat 0) has a set of 6s; seat 1 plunders the blue 6 into a run of blue 4-5-6
    s = game(4, [["r6", "y6", "b6"], ["ship1", "b4", "b5"]])
    s = play(s, *build_for(0, ["r6", "y6", "b6"]), "end turn")
    s = play(s, "plunder b6 from seat 1", "add b4 to [b6] of seat 2", "add b5 to [b4 b6] of seat 2")
    out = pr.end_turn_outcome(s)
    assert not out.rolled_back and out.picked_up == ()
    s = play(s, "end turn", "end turn", "end turn")      # seats 2 and 3 pass
    assert s.turn == 0 and s.areas[0] == (("r6", "y6"),)
    out = pr.end_turn_outcome(s)
    assert not out.rolled_back and sorted(out.picked_up) == ["r6", "y6"]
    size = len(s.hands[0])
    s = play(s, "end turn")
    assert s.areas[0] == () and len(s.hands[0]) == size + 2


def test_the_plunder_example_fixed_by_plundering_back():
    s = game(4, [["r6", "y6", "b6", "ship2"], ["ship1", "b4", "b5"]])
    s = play(s, *build_for(0, ["r6", "y6", "b6"]), "end turn")
    s = play(s, "plunder b6 from seat 1", "add b4 to [b6] of seat 2",
             "add b5 to [b4 b6] of seat 2", "end turn", "end turn", "end turn")
    s = play(s, "plunder b6 from seat 2", "move b6 to [r6 y6] of seat 1")
    assert s.areas[1] == (("b4", "b5"),)
    out = pr.end_turn_outcome(s)
    assert not out.rolled_back and out.picked_up == ()
    s = play(s, "end turn")
    assert s.areas[0] == (("r6", "y6", "b6"),)


def test_the_plunder_example_fixed_by_other_homes():
    s = game(4, [["r6", "y6", "b6", "r7", "r8", "y7", "y8"], ["ship1", "b4", "b5"]])
    s = play(s, *build_for(0, ["r6", "y6", "b6"]), "end turn")
    s = play(s, "plunder b6 from seat 1", "add b4 to [b6] of seat 2",
             "add b5 to [b4 b6] of seat 2", "end turn", "end turn", "end turn")
    s = play(s, "move y6 to a new meld of seat 1", "add r7 to [r6] of seat 1",
             "add r8 to [r6 r7] of seat 1", "add y7 to [y6] of seat 1",
             "add y8 to [y6 y7] of seat 1")
    out = pr.end_turn_outcome(s)
    assert not out.rolled_back and out.picked_up == ()


def test_partial_fix_is_fine_but_making_a_broken_meld_worse_is_not():
    s = game(4, [["r6", "y6", "b6", "r7", "r8", "g1"], ["ship1", "b4", "b5"]])
    s = play(s, *build_for(0, ["r6", "y6", "b6"]), "end turn")
    s = play(s, "plunder b6 from seat 1", "add b4 to [b6] of seat 2",
             "add b5 to [b4 b6] of seat 2", "end turn", "end turn", "end turn")
    # partial: the red 6 finds a home in a run, the yellow 6 stays loose (picked up)
    part = play(s, "move r6 to a new meld of seat 1", "add r7 to [r6] of seat 1",
                "add r8 to [r6 r7] of seat 1")
    out = pr.end_turn_outcome(part)
    assert not out.rolled_back and out.picked_up == ("y6",)
    # worse: a hand card onto the broken set, still not legitimate
    worse = play(s, "add g1 to [r6 y6] of seat 1")
    assert pr.end_turn_outcome(worse).rolled_back


def test_plundering_the_middle_of_a_run_splits_it_at_the_gap():
    s = game(4, [["r1", "r2", "r3", "r4", "r5", "r6", "r7"], ["ship1"]])
    s = play(s, *build_for(0, ["r1", "r2", "r3", "r4", "r5", "r6", "r7"]), "end turn")
    s = play(s, "plunder r4 from seat 1")
    assert s.areas[0] == (("r1", "r2", "r3"), ("r5", "r6", "r7"))
    assert s.areas[1] == (("r4",),)


def test_only_cards_in_play_at_the_turns_start_can_be_plundered():
    s = game(4, [["r4", "r5", "r6"], ["ship1", "r7"]])
    s = play(s, *build_for(0, ["r4", "r5", "r6"]), "end turn")
    s = play(s, "add r7 to [r4 r5 r6] of seat 1")
    with pytest.raises(IllegalAction, match="when your turn began"):
        pr.apply(s, "plunder r7 from seat 1")
    s = play(s, "plunder r4 from seat 1")
    assert s.areas[0] == (("r5", "r6", "r7"),)


def test_reset_turn_puts_back_everything_but_plunders():
    s = game(4, [["r4", "r5", "r6"], ["ship1", "y1", "y2", "y3"]])
    s = play(s, *build_for(0, ["r4", "r5", "r6"]), "end turn")
    s = play(s, *build_for(1, ["y1", "y2", "y3"]), "plunder r6 from seat 1",
             "reset turn")
    assert s.areas[1] == (("r6",),) and s.areas[0] == (("r4", "r5"),)
    assert {"y1", "y2", "y3"} <= set(s.hands[1]) and "ship1" not in s.hands[1]


# --- winning -------------------------------------------------------------------------------

def test_a_hand_emptied_at_the_end_of_the_turn_wins():
    run = [f"r{n}" for n in range(1, 10)]
    yellow = [f"y{n}" for n in range(1, 8)]
    s = game(3, [run + yellow[:6]], draws=[yellow[6]])
    s = play(s, *build_for(0, run), *build_for(0, yellow))
    assert s.hands[0] == () and not pr.is_over(s)        # mid-turn: not yet
    s = play(s, "end turn")
    assert pr.is_over(s) and s.winners == (0,) and s.to_act is None
    assert pr.result(s).winners == (0,) and pr.result(s).scores == (1, 0, 0)
    assert pr.legal_actions(s) == []


def test_a_hand_of_pirate_ships_only_is_discarded_to_win():
    run = [f"r{n}" for n in range(1, 10)]
    yellow = [f"y{n}" for n in range(1, 6)]
    s = game(3, [run + yellow + ["ship1"]], draws=["ship2"])
    s = play(s, *build_for(0, run), *build_for(0, yellow))
    assert pr.DISCARD_SHIPS in pr.legal_actions(s)
    s = play(s, "discard all pirate ships")
    assert s.winners == (0,) and s.finish == "ships" and {"ship1", "ship2"} <= set(s.discards)


def test_the_ships_discard_is_cancelled_when_the_pickup_brings_numbers_back():
    run = [f"r{n}" for n in range(1, 10)]
    s = game(3, [run + ["y1", "y2", "ship1", "ship2", "ship3", "ship4"]], draws=["ship5"])
    s = play(s, *build_for(0, run), "play y1 to a new meld", "add y2 to [y1] of seat 1")
    assert pr.DISCARD_SHIPS in pr.legal_actions(s)
    # the y1-y2 pair is illegitimate business: rolled back, numbers come back to hand
    s = play(s, "discard all pirate ships")
    assert not pr.is_over(s) and s.turn == 1
    assert sum(pr.is_ship(c) for c in s.hands[0]) == 5 and "r1" in s.hands[0]
    assert any("can't discard" in line for line in s.log)


def test_ships_discard_is_offered_only_for_a_hand_of_ships():
    s = game(3, [["r1", "ship1"]])
    assert pr.DISCARD_SHIPS not in pr.legal_actions(s)


# --- drawing and the stalemate rule -------------------------------------------------------

def test_the_discards_are_shuffled_into_an_empty_deck():
    s = game(3, [["r4", "r5", "r6"], ["ship1"]])
    s = play(s, *build_for(0, ["r4", "r5", "r6"]), "end turn", "plunder r4 from seat 1")
    s = s.copy()
    s.deck = ()
    s._legal = None
    s = play(s, "end turn")                              # seat 2 draws the reshuffled ship
    assert s.discards == () and s.deck == () and s.turn == 2
    assert "The discards are shuffled into a new deck." in s.log


def _empty_pile_state(seats=3):
    s = pr.new_game(seats, 1).copy()
    s.discards += s.deck
    s.deck = ()
    s.hands = tuple(h + s.discards[i::seats] for i, h in enumerate(s.hands))
    s.discards = ()
    s.stale = True
    s.round_hands = tuple(map(len, s.hands))
    return s


def test_nobody_draws_and_a_whole_stuck_round_ends_in_stalemate_fewest_cards_win():
    s = _empty_pile_state(3)
    sizes = [len(h) for h in s.hands]
    s = play(s, "end turn", "end turn")
    assert [len(h) for h in s.hands] == sizes            # nobody could draw
    s = play(s, "end turn")
    assert pr.is_over(s) and s.finish == "stalemate"
    low = min(sizes)
    assert s.winners == tuple(p for p, n in enumerate(sizes) if n == low)


def test_stalemate_ties_share_the_win():
    s = _empty_pile_state(3)
    s.hands = tuple(h[:10] for h in s.hands)
    s.round_hands = (10, 10, 10)
    s = play(s, "end turn", "end turn", "end turn")
    assert s.winners == (0, 1, 2) and pr.result(s).scores == (1, 1, 1)


def test_a_round_where_a_hand_shrank_is_not_a_stalemate():
    s = _empty_pile_state(3)
    hand = s.hands[0]
    s.hands = _with_hand(s, 0, ("r1", "r2", "r3") + tuple(c for c in hand if c not in ("r1", "r2", "r3")))
    s = play(s, *build_for(0, ["r1", "r2", "r3"]), "end turn", "end turn", "end turn")
    assert not pr.is_over(s) and s.round == 2


def _with_hand(s, seat, cards):
    """Swap cards into `seat`'s hand from the other hands (keeps every card accounted for)."""
    hands = [list(h) for h in s.hands]
    for c in cards:
        for h in hands:
            if c in h:
                h.remove(c)
    size = len(s.hands[seat])
    taken = list(cards)
    for c in s.hands[seat]:
        if c not in taken and len(taken) < size:
            taken.append(c)
    rest = [c for c in s.hands[seat] if c not in taken and c not in cards]
    hands[seat] = taken
    hands[(seat + 1) % s.seats] += rest
    return tuple(tuple(h) for h in hands)


def test_the_game_ends_after_100_rounds_with_the_fewest_cards_winning():
    s = pr.new_game(3, 2).copy()
    s.round = pr.MAX_ROUNDS
    s = play(s, "end turn", "end turn", "end turn")
    assert pr.is_over(s) and s.finish == "rounds"
    sizes = [len(h) for h in s.hands]
    assert s.winners == tuple(p for p, n in enumerate(sizes) if n == min(sizes))


# --- words, views and saving ---------------------------------------------------------------

def test_action_words_name_cards_with_colour_symbols_and_players_as_placeholders():
    assert pr.action_words("add b7 to [b4 b5 b6] of seat 2") == \
        "Add 7\u25c6 blue to the run 4-5-6 \u25c6 blue of {p1}"
    assert pr.action_words("plunder r3 from seat 1") == "Plunder 3\u25cf red from {p0}"
    assert pr.action_words("play p10H* to a new meld") == "Play 10\u2665 to a new meld"
    assert pr.action_words("end turn") == "End turn"
    s = game(4, [["r4", "r5", "r6"]])
    for a in pr.legal_actions(play(s, *build_for(0, ["r4", "r5", "r6"]))):
        words = pr.action_words(a.text)
        assert "seat" not in words and "[" not in words


def test_views_hide_other_hands_and_the_start_hand():
    s = game(4, [["r4", "r5", "r6"], ["ship1"]])
    v = pr.view(s, 1)
    assert v.hand == s.hands[1] and v.start_hand is None and v.plunders is None
    assert v.hand_counts == tuple(map(len, s.hands))
    assert "r4" not in repr(v).split("hand_counts")[1].split("areas")[0]
    mine = pr.view(s, 0)
    assert mine.start_hand == s.start_hand
    assert pr.outcome_for_view(mine) == pr.end_turn_outcome(s)
    for seat in range(4):
        text = repr(pr.view(s, seat))
        for p in range(4):
            if p != seat:
                assert not any(f"'{c}'" in text for c in s.hands[p] if c not in s.hands[seat])


def test_json_round_trip_mid_turn_and_rejects_bad_data():
    s = game(4, [["r4", "r5", "r6"], ["ship1", "g1"]])
    s = play(s, *build_for(0, ["r4", "r5", "r6"]), "end turn", "plunder r5 from seat 1",
             "play g1 to a new meld")
    data = pr.to_json(s)
    assert pr.from_json(data) == s
    import json
    assert pr.from_json(json.loads(json.dumps(data))) == s
    for key, value in (("hands", []), ("areas", [[["r5", "r4"]], [], [], []]), ("turn", 9),
                       ("plunders", [["ship1", 0, "ship1"]]), ("finish", "emptied"),
                       ("deck", data["deck"][1:])):
        bad = dict(data, **{key: value})
        with pytest.raises(ValueError):
            pr.from_json(bad)
