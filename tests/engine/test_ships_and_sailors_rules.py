"""Ships and Sailors: one test per ruling (shared/RULINGS.md), on stacked decks and built
positions."""
import pytest

from game.engine import IllegalAction, games, rng
from game.engine import ships_and_sailors as S


def deal_deck(seats, *hands, dealer=0):
    """A full 60-card order that deals `hands` (per seat, in-play cards; the rest filled in
    deck order) one card at a time from the left of the dealer."""
    used = S.in_play(seats)
    size = len(used) // seats
    named = {c for h in hands for c in h}
    spare = [c for c in used if c not in named]
    full = []
    for p in range(seats):
        h = list(hands[p]) if p < len(hands) else []
        while len(h) < size:
            h.append(spare.pop(0))
        full.append(h)
    order = [full[(dealer + 1 + i) % seats][i // seats] for i in range(len(used))]
    return order + [c for c in S.FULL_DECK if c not in used]


def run(state, *actions):
    for action in actions:
        state = S.apply(state, action)
    return state


def texts(state):
    return [str(a) for a in S.legal_actions(state)]


def refused(state, action, *words):
    before = S.to_json(state)
    with pytest.raises(IllegalAction) as exc:
        S.apply(state, action)
    assert S.to_json(state) == before
    for word in words:
        assert word in str(exc.value)


def first_piles(state):
    """Every seat piles its first three legal cards (deck order)."""
    while state.phase == S.PILES:
        state = S.apply(state, S.legal_actions(state)[0])
    return state


def position(seats, hands, won=None, penalty="a", teams=None, scores=None, leader=None,
             dealer=0, options=None, tie_break=False, trick=()):
    """A play-phase position built through from_json; cards not named are out of play."""
    won = [list(w) for w in (won or [[]] * seats)]
    placed = {c for pile in (*hands, *won) for c in pile} | {c for _, c in trick}
    teams = teams or [[p] for p in range(seats)]
    return S.from_json({
        "game": S.GAME_ID, "version": 1, "seats": seats, "options": dict(options or {}),
        "seed": 0, "rng": rng.seed_state(1), "dealer": dealer, "hand_no": 1,
        "scores": list(scores or [0] * seats), "phase": "play",
        "hands": [list(h) for h in hands], "piles": [["1a", "2a", "4a"]] * seats,
        "pile_to": list(range(seats)), "kitty": [],
        "out": [c for c in S.FULL_DECK if c not in placed], "penalty": penalty,
        "picks": [], "teams": [list(t) for t in teams],
        "leader": (dealer + 1) % seats if leader is None else leader,
        "trick": [[p, c] for p, c in trick], "tricks": [[[p, c] for c in w] for p, w in
                                                        enumerate(won) if w],
        "won": won, "tie_break": tie_break, "last_hand": None, "log": [], "revealed": 0})


def test_module_and_registry():
    assert games.get("ships_and_sailors") is S
    assert (S.GAME_ID, S.TITLE, S.SEATS, S.UNDO) == ("ships_and_sailors", "Ships and Sailors",
                                                     (2, 6), False)
    for bad in (1, 7, True):
        with pytest.raises(ValueError):
            S.new_game(bad, 0)
    with pytest.raises(ValueError, match="unknown table option"):
        S.new_game(4, 0, {"trumps": "on"})
    with pytest.raises(ValueError, match="bad deck"):
        S.new_game(4, 0, deck=list(S.FULL_DECK[:-1]))


def test_sixty_cards_four_colours_sailor_plays_3_ship_plays_8():
    assert len(S.FULL_DECK) == 60 == len(set(S.FULL_DECK))
    for colour in S.COLOURS:
        values = sorted(S.VALUE[c] for c in S.FULL_DECK if S.COLOUR_OF[c] == colour)
        assert values == list(range(1, 16))
    assert S.VALUE["sailor-k"] == 3 and S.VALUE["ship-k"] == 8
    assert len(set(S.COLOUR_NAMES.values())) == 4 == len(set(S.COLOUR_SYMBOLS.values()))


@pytest.mark.parametrize("seats,in_play,size", [(2, 32, 16), (3, 48, 16), (4, 60, 15),
                                                (5, 60, 12), (6, 60, 10)])
def test_removals_by_player_count_and_even_deal(seats, in_play, size):
    s = S.new_game(seats, 3)
    assert len(S.in_play(seats)) == in_play
    assert [len(h) for h in s.hands] == [size] * seats
    top = max(S.VALUE[c] for h in s.hands for c in h)
    assert top == {2: 8, 3: 12}.get(seats, 15)
    assert len(s.out) == 60 - in_play and s.kitty == ()


def test_dealt_one_at_a_time_starting_left_of_the_dealer():
    order = list(S.FULL_DECK)
    s = S.new_game(4, 0, deck=order)
    assert s.hands[1][:2] == (order[0], order[4]) and s.hands[0][0] == order[3]


def test_piles_of_three_never_a_ship_or_sailor():
    s = S.new_game(4, 0, deck=deal_deck(4, ["sailor-a", "ship-w", "1a", "2a", "4a"]))
    assert s.to_act == 1  # left of the dealer makes the first pile
    s = run(s, S.legal_actions(s)[0])
    assert s.to_act == 2
    s = run(s, *(S.legal_actions(x)[0] for x in [s]))
    s = run(s, S.legal_actions(s)[0])
    assert s.to_act == 0
    refused(s, "pile sailor-a 1a 2a", "can't go into a pile")
    refused(s, "pile 1a 2a", "not a Ships and Sailors action")
    assert all("sailor" not in t and "ship" not in t for t in texts(s))
    s = run(s, "pile 1a 2a 4a")
    assert s.phase == S.ASSIGN and "1a" not in s.hands[0]


def test_six_players_a_hand_short_of_other_cards_tops_its_pile_up_with_pictures():
    pictures = sorted(S.PICTURES)[:8]
    s = S.new_game(6, 0, deck=deal_deck(6, [], [*pictures, "1a", "2a"]))
    assert s.to_act == 1
    choices = texts(s)
    assert len(choices) == 8 and all("1a" in t and "2a" in t for t in choices)
    refused(s, f"pile {pictures[0]} {pictures[1]} 1a", "every card you have other than")
    s = run(s, S.pile_action(["1a", "2a", pictures[3]]))
    assert s.piles[1] == S.pile_action(["1a", "2a", pictures[3]]).target
    two_others = deal_deck(6, [], [*pictures[:7], "1a", "2a", "4a"])
    assert len(texts(S.new_game(6, 0, deck=two_others))) == 1


def test_two_players_swap_piles():
    s = first_piles(S.new_game(2, 5))
    p0, p1 = s.piles
    assert s.phase == S.PENALTY and s.pile_to == (1, 0)
    assert set(p0) <= set(s.hands[1]) and set(p1) <= set(s.hands[0])
    assert S.view(s, 0).piles == (p0, p1) == S.view(s, 1).piles
    assert [len(h) for h in s.hands] == [16, 16]


def test_two_players_with_the_kitty_draw_three_each_left_of_the_dealer_first():
    order = list(S.FULL_DECK)
    s = S.new_game(2, 0, {"kitty": "on"}, deck=order)
    kitty = [c for c in order if S.VALUE[c] >= 9]
    assert s.kitty == tuple(kitty) and s.out == ()
    v = S.view(s, 0)
    assert v.kitty_count == 28 and not any(set(h or ()) & set(kitty) for h in [v.hand])
    s = first_piles(s)
    assert set(kitty[:3]) <= set(s.hands[1]) and set(kitty[3:6]) <= set(s.hands[0])
    assert set(s.out) == set(s.piles[0]) | set(s.piles[1]) and s.kitty == tuple(kitty[6:])
    assert s.pile_to == (None, None)
    v1 = S.view(s, 1)
    assert v1.piles[0] is None and v1.piles[1] == s.piles[1] and v1.kitty_count == 22
    assert [len(h) for h in s.hands] == [16, 16]


def test_the_dealer_assigns_the_piles_any_way_and_only_maker_and_receiver_see_them():
    s = first_piles(S.new_game(4, 2))
    assert s.phase == S.ASSIGN and s.to_act == 0 and len(texts(s)) == 16
    s = run(s, "give pile of seat 2 to seat 2")  # a player may get their own back
    refused(s, "give pile of seat 2 to seat 3", "already been given")
    refused(s, "give pile of seat 3 to seat 2", "already has a pile")
    s = run(s, "give pile of seat 1 to seat 3", "give pile of seat 3 to seat 4")
    assert s.pile_to == (2, 1, 3, 0) and s.phase == S.PENALTY  # the last one goes by itself
    for maker, receiver in enumerate(s.pile_to):
        assert set(s.piles[maker]) <= set(s.hands[receiver])
        for seat in range(4):
            seen = S.view(s, seat).piles[maker]
            assert (seen is not None) == (seat in (maker, receiver))
    assert all(len(h) == 15 for h in s.hands)


def test_the_dealer_declares_the_penalty_colour():
    s = first_piles(S.new_game(3, 1, {"partners": "individuals"}))
    s = run(s, *[S.legal_actions(s)[0]] * 0)
    while s.phase == S.ASSIGN:
        s = run(s, S.legal_actions(s)[0])
    assert s.phase == S.PENALTY and s.to_act == s.dealer
    assert texts(s) == ["penalty anchors", "penalty swords", "penalty skulls", "penalty stars"]
    s = run(s, "penalty skulls")
    assert s.penalty == "k" and s.phase == S.PLAY and s.to_act == 1
    assert "declares ☠ Skulls the penalty colour" in s.log[-2]


def to_partners(seats, seed=0, dealer_moves=0):
    s = S.new_game(seats, seed)
    for _ in range(dealer_moves):
        s = S.from_json({**S.to_json(s)})
    s = first_piles(s)
    while s.phase == S.ASSIGN:
        s = run(s, S.legal_actions(s)[0])
    return run(s, "penalty anchors")


def test_teams_are_on_by_default_and_individuals_is_an_option():
    assert S.new_game(4, 0).options["partners"] == "teams"
    s = to_partners(4)
    assert s.phase == S.PARTNERS and s.to_act == 0
    s = run(s, "partner seat 3")
    assert s.teams == ((0, 2), (1, 3)) and s.phase == S.PLAY
    s = first_piles(S.new_game(2, 0))
    assert run(s, "penalty stars").teams == ((0,), (1,))


def test_three_players_the_third_plays_alone():
    s = run(to_partners(3), "partner seat 3")
    assert s.teams == ((0, 2), (1,))


def test_five_players_the_nearest_seat_to_the_dealers_right_without_a_partner_picks_next():
    s = to_partners(5)
    s = run(s, "partner seat 5")  # the dealer's right-hand neighbour is taken
    assert s.to_act == 3
    assert texts(s) == ["partner seat 2", "partner seat 3"]
    refused(s, "partner seat 1", "can't pick")
    s = run(s, "partner seat 2")
    assert s.teams == ((0, 4), (1, 3), (2,))


def test_six_players_one_partner_then_right_pick_or_two_partners():
    s = to_partners(6)
    assert "partners seats 2 and 4" in texts(s) and len(texts(s)) == 5 + 10
    two = run(s, "partners seats 2 and 4")
    assert two.teams == ((0, 1, 3), (2, 4, 5)) and two.phase == S.PLAY
    one = run(s, "partner seat 2")
    assert one.to_act == 5
    one = run(one, "partner seat 3")
    assert one.teams == ((0, 1), (2, 5), (3, 4))


def test_left_of_the_dealer_leads_follow_colour_highest_of_the_led_colour_wins():
    s = position(4, [["15w", "1a"], ["2a", "9a"], ["ship-a", "4w"], ["14w", "sailor-a"]],
                 penalty="k")
    assert s.to_act == 1
    s = run(s, "play 2a")
    assert texts(s) == ["play ship-a"]
    refused(s, "play 4w", "You must follow ⚓ Anchors")
    s = run(s, "play ship-a", "play sailor-a")
    refused(s, "play 15w", "You must follow ⚓ Anchors")
    s = run(s, "play 1a")
    # the Ship plays as 8, above the Sailor (3), the 2 and the 1
    assert s.won[2] == ("2a", "ship-a", "sailor-a", "1a") and s.to_act == 2 and s.leader == 2
    s = run(s, "play 4w", "play 14w", "play 15w")
    assert texts(s) == ["play 9a"]  # void in swords: any card, but it cannot win
    s = run(s, "play 9a")
    assert s.phase == S.HAND_OVER and s.won[0] == ("4w", "14w", "15w", "9a")


def test_scoring_penalty_numbers_sailors_and_ships():
    s = position(2, [["1w"], ["2w"]],
                 won=[["4a", "5a", "sailor-a", "sailor-w", "ship-a", "ship-k", "9w"], []],
                 penalty="a")
    s = run(s, "play 2w", "play 1w")
    assert s.last_hand.gained == (1 + 1 + 15 + 10 - 3 - 3, 0)
    assert s.last_hand.taken[0] == ("4a", "5a", "sailor-a", "sailor-w", "ship-a", "ship-k")


def test_all_four_sailors_score_minus_50_ships_and_penalty_cards_still_count():
    won = [["sailor-a", "sailor-w", "sailor-k", "ship-w", "4r"], []]
    s = position(2, [["sailor-r"], ["2w"]], won=won, penalty="r", leader=0)
    s = run(s, "play sailor-r", "play 2w")
    assert s.last_hand.gained == (-50 - 3 + 1, 0) and s.last_hand.all_sailors == 0
    assert "won all four Sailors" in " ".join(s.log)


def test_teams_pool_their_cards_and_each_member_scores_the_total():
    won = [["sailor-a"], ["5k"], ["sailor-k", "ship-a"], ["sailor-w", "sailor-r"]]
    s = position(4, [["1w"], ["2w"], ["4w"], ["5w"]], won=won, penalty="k",
                 teams=[[0, 2], [1, 3]], scores=[10, 20, 30, 40])
    s = run(s, "play 2w", "play 4w", "play 5w", "play 1w")
    assert s.last_hand.team_points == (10 + 15 - 3, 1 + 20)
    assert s.last_hand.gained == (22, 21, 22, 21)
    assert s.scores == (32, 41, 52, 61)


def test_all_four_sailors_across_a_team():
    won = [["sailor-a", "sailor-w"], [], ["sailor-k", "sailor-r"], []]
    s = position(4, [["1w"], ["2w"], ["4w"], ["5w"]], won=won, penalty="w",
                 teams=[[0, 2], [1, 3]])
    s = run(s, "play 2w", "play 4w", "play 5w", "play 1w")
    assert s.last_hand.gained == (-50, 4, -50, 4)


def test_the_dealer_moves_left_each_hand():
    s = position(3, [["1w"], ["2w"], ["4w"]], dealer=2, teams=[[0, 2], [1]])
    s = run(s, "play 1w", "play 2w", "play 4w")
    assert s.phase == S.HAND_OVER and s.to_act == 0 and texts(s) == ["deal next hand"]
    s = run(s, "deal next hand")
    assert s.dealer == 0 and s.hand_no == 2 and s.phase == S.PILES and s.to_act == 1
    assert sum(map(len, s.hands)) == 48


def test_the_game_ends_at_200_with_a_single_lowest_score():
    s = position(2, [["1w"], ["2w"]], won=[["sailor-a"], []], scores=[190, 50])
    s = run(s, "play 2w", "play 1w")
    assert S.is_over(s) and S.result(s).winners == (1,) and s.scores == (205, 50)
    s = position(2, [["1w"], ["2w"]], won=[[], ["ship-a"]], scores=[30, -98])
    s = run(s, "play 2w", "play 1w")
    assert S.is_over(s) and S.result(s).winners == (1,)


def test_the_shorter_game_ends_at_100_or_minus_50():
    s = position(2, [["1w"], ["2w"]], won=[["sailor-a"], []], scores=[90, 50],
                 options={"target": "100"})
    assert S.is_over(run(s, "play 2w", "play 1w"))
    s = position(2, [["1w"], ["2w"]], won=[["sailor-a"], []], scores=[90, 50])
    assert not S.is_over(run(s, "play 2w", "play 1w"))


def test_a_tie_for_lowest_plays_one_more_hand_and_it_decides_even_inside_the_limits():
    s = position(4, [["1w"], ["2w"], ["4w"], ["5w"]], won=[["sailor-w"], [], [], []],
                 scores=[190, 20, 20, 30], teams=[[0, 3], [1, 2]], penalty="a")
    s = run(s, "play 2w", "play 4w", "play 5w", "play 1w")
    assert s.scores == (200, 20, 20, 40) and s.phase == S.HAND_OVER and s.tie_break
    s = run(s, "deal next hand")  # seat 2 deals; seats 2 and 3 are tied for lowest
    s = first_piles(s)
    while s.phase == S.ASSIGN:
        s = run(s, S.legal_actions(s)[0])
    s = run(s, "penalty stars")
    assert texts(s) == ["partner seat 1", "partner seat 4"]
    refused(s, "partner seat 3", "kept apart")
    s = run(s, "partner seat 1")
    assert s.teams == ((0, 1), (2, 3))
    while s.phase == S.PLAY:
        s = run(s, S.legal_actions(s)[0])
    # the deciding hand ends the game at once unless it leaves another tie for lowest
    assert s.phase == S.OVER or len(S.tied_lowest(s.scores)) > 1
    assert max(s.scores) < 400 and min(s.scores) > -100


def test_a_tie_hand_with_a_single_lowest_ends_the_game_inside_the_limits():
    s = position(2, [["1w"], ["2w"]], won=[[], ["ship-a"]], scores=[20, 20], tie_break=True)
    s = run(s, "play 2w", "play 1w")
    assert S.is_over(s) and S.result(s).winners == (1,) and s.scores == (20, 17)


def test_tie_hand_with_six_keeps_three_tied_players_apart():
    s = to_partners(6)
    s = S.from_json({**S.to_json(s), "scores": [5, 5, 5, 9, 9, 9], "tie_break": True})
    assert all(t.startswith("partner seat") for t in texts(s))
    assert texts(s) == ["partner seat 4", "partner seat 5", "partner seat 6"]
    s = run(s, "partner seat 4")
    assert s.to_act == 5 and texts(s) == ["partner seat 2", "partner seat 3"]


def test_penalty_ship_scores_only_minus_3():
    s = position(2, [["1w"], ["2w"]], won=[["ship-r"], []], penalty="r")
    assert run(s, "play 2w", "play 1w").last_hand.gained == (-3, 0)


def test_views_show_no_other_hand_kitty_or_foreign_pile():
    s = S.new_game(4, 9)
    v = S.view(s, 2)
    assert v.hand == s.hands[2] and v.hand_counts == (15,) * 4
    s = first_piles(s)
    for seat in range(4):
        v = S.view(s, seat)
        assert [p is not None for p in v.piles] == [m == seat for m in range(4)]
    with pytest.raises(ValueError):
        S.view(s, 4)


def test_json_round_trip_and_bad_fields_refused():
    s = to_partners(5, 4)
    data = S.to_json(s)
    assert S.from_json(data) == s
    for key, bad in [("seats", 7), ("phase", "dancing"), ("penalty", "x"), ("hands", [[]] * 5),
                     ("teams", [[0]]), ("scores", [1, 2]), ("options", {"kitty": "maybe"}),
                     ("tie_break", 1), ("log", [3])]:
        with pytest.raises(ValueError):
            S.from_json({**data, key: bad})
    dup = [list(h) for h in data["hands"]]
    dup[0][0] = dup[1][0]
    with pytest.raises(ValueError, match="set of cards"):
        S.from_json({**data, "hands": dup})
    with pytest.raises(ValueError):
        S.from_json({**data, "game": "abandon_ship"})
    with pytest.raises(ValueError):
        S.from_json("nope")


def test_action_words_name_colours_with_symbols():
    assert S.action_words("play 7a") == "Play 7 ⚓ Anchors"
    assert S.action_words("play sailor-k") == "Play the ☠ Skulls Sailor (3)"
    assert S.action_words("penalty stars") == "Make ★ Stars the penalty colour"
    assert S.action_words("partners seats 2 and 4") == "Pick seat 2 and seat 4 as partners"
    assert S.action_words("give pile of seat 1 to seat 3") == "Give seat 1's pile to seat 3"
    assert S.action_words("pile 1a 2a 4w").startswith("Make a pile of 1 ⚓ Anchors")
    assert S.action_words("deal next hand") == "Deal the next hand"


def test_log_names_cards_with_symbols_and_players_as_placeholders():
    s = position(2, [["1w"], ["ship-w"]], penalty="w")
    s = run(s, "play ship-w", "play 1w")
    assert "{p1} plays the ⚔ Ship." in s.log
    assert "{p1} wins the trick with the ⚔ Ship, taking ⚔ Ship, 1 ⚔." in s.log


def test_the_log_names_the_card_that_won_the_trick_not_a_scoring_card_of_another_seat():
    s = position(3, [["5k"], ["ship-k"], ["15k"]], penalty="w", leader=0)
    s = run(s, "play 5k", "play ship-k", "play 15k")
    assert "{p2} wins the trick with the 15 ☠, taking ☠ Ship." in s.log
