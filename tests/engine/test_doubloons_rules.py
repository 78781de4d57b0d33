"""Doubloons: every rule of the turn and every clarification of the rules page, one test each."""
import pytest

from game.engine import IllegalAction
from game.engine import doubloons as D
from game.engine.doubloons_cards import kind_of

from .doubloons_tables import act, kinds, play, table, texts

# --- set-up and the turn ------------------------------------------------------------------

@pytest.mark.parametrize("seats", range(2, 7))
def test_deal_three_four_five_and_five_pirates_face_up(seats):
    s = D.new_game(seats, 3)
    assert [len(h) for h in s.hands] == [4] + [3 + p for p in range(1, seats)]  # seat 0 drew
    assert len([p for p in s.row if p]) == 5 and len(s.pirate_deck) == 13
    assert s.purses == [0] * seats and s.turn == 0 and s.phase == D.PLAY


def test_the_card_set_is_sixty_actions_of_thirteen_kinds_and_eighteen_pirates():
    assert len(D.ACTION_DECK) == 60 and len(D.ACTIONS) == 13 and len(D.PIRATES) == 18
    names = {c.name for c in D.PIRATES.values()}
    assert {"Anne Bonny", "Barbarossa", "Blackbeard", "Ching Shih", "Francis Fernando",
            "Grace O'Malley", "Hendrick Quintor", "Henry Morgan", "Kanhoji Angre", "Mary Read",
            "Samuel Bellamy", "William Kidd"} <= names
    assert all(0 <= c.cost <= 4 for c in D.PIRATES.values())
    effects = [c.effect for c in D.PIRATES.values()]
    assert len(set(effects)) == len(effects), "every pirate does something different"


def test_the_turn_starts_with_a_draw():
    s = table(hands={0: ["yo_ho_ho"], 1: []}, top=["pillage"])
    s = act(s, "end turn")
    assert s.turn == 1 and kinds(s.hands[1]) == ["pillage"]


def test_at_most_three_action_cards_a_turn():
    s = table(hands={0: ["x_marks_the_spot"] * 4})
    for _ in range(3):
        s = play(s, "play x_marks_the_spot")
    assert s.purses[0] == 3 and texts(s) == ["end turn"]
    with pytest.raises(IllegalAction, match="3 action cards"):
        D.apply(s, "play x_marks_the_spot")


def test_heave_to_is_never_played_on_its_own():
    s = table(hands={0: ["heave_to"]})
    assert texts(s) == ["end turn"]
    with pytest.raises(IllegalAction, match="cancel"):
        D.apply(s, "play heave_to")


def test_end_of_turn_moves_played_cards_to_the_discard():
    s = play(table(hands={0: ["yo_ho_ho"]}), "play yo_ho_ho")
    assert kinds(s.played) == ["yo_ho_ho"]
    s = act(s, "end turn")
    assert kinds(s.discard) == ["yo_ho_ho"] and s.played == []


def test_seven_doubloons_at_the_end_of_your_own_turn_wins():
    s = play(table(hands={0: ["yo_ho_ho"]}, purses=[5, 0, 0]), "play yo_ho_ho")
    assert s.purses[0] == 7 and not D.is_over(s)
    s = act(s, "end turn")
    assert D.is_over(s) and D.result(s).winners == (0,)


def test_seven_doubloons_on_someone_elses_turn_is_not_yet_a_win():
    s = table(hands={0: ["pillage"]}, purses=[0, 8, 0])
    s = play(s, "play pillage on seat 2")
    s = act(s, "end turn")
    assert not D.is_over(s) and s.purses[1] == 7 and s.turn == 1


# --- hiring -------------------------------------------------------------------------------

def test_hire_pays_the_bank_and_refills_the_row():
    s = table(purses=[3, 0, 0], row=["anne_bonny", "edward_low"], pirate_top=["mary_read"])
    s = act(s, "hire edward_low")
    assert s.purses[0] == 0 and s.crews[0] == ["edward_low"]
    assert s.row[:2] == ["anne_bonny", "mary_read"]


def test_an_empty_pirate_deck_leaves_the_slot_empty():
    s = table(purses=[3, 0, 0], row=["anne_bonny"])
    s.pirate_deck = []
    s = act(s, "hire anne_bonny")
    assert s.row[0] is None and "hire anne_bonny" not in texts(s)


def test_never_more_than_two_pirates_a_third_dismisses_one():
    s = table(purses=[5, 0, 0], crews={0: ["anne_bonny", "calico_jack"]}, row=["barbarossa"])
    assert "hire barbarossa" not in texts(s)
    s = act(s, "hire barbarossa dismissing calico_jack")
    assert s.crews[0] == ["anne_bonny", "barbarossa"] and s.pirate_discard == ["calico_jack"]


def test_hire_as_many_as_you_like_and_use_them_at_once():
    cost = {p: D.PIRATES[p].cost for p in ("anne_bonny", "calico_jack", "barbarossa")}
    s = table(purses=[sum(cost.values()) - 1, 0, 0], row=["anne_bonny", "calico_jack", "barbarossa"])
    s = act(s, "hire anne_bonny")
    s = play(s, "use anne_bonny")
    s = act(s, "hire calico_jack", "hire barbarossa dismissing anne_bonny")
    assert s.purses[0] == 0 and s.crews[0] == ["calico_jack", "barbarossa"]


def test_a_pirate_is_used_once_a_turn():
    s = table(crews={0: ["anne_bonny"]})
    s = play(s, "use anne_bonny")
    assert "use anne_bonny" not in texts(s)
    with pytest.raises(IllegalAction, match="already been used"):
        D.apply(s, "use anne_bonny")


def test_using_a_pirate_is_not_an_action_play():
    s = table(hands={0: ["x_marks_the_spot"] * 3}, crews={0: ["anne_bonny"]})
    s = play(s, "use anne_bonny")
    assert s.plays == 0


# --- the example: Hendrick Quintor and Commandeer on the same pirate ----------------------

def test_copying_a_pirate_uses_it_up_for_the_turn():
    # Sindu uses Hendrick Quintor to copy Anne Bonny from Shiva, then can't Commandeer her.
    s = table(hands={0: ["commandeer"]}, crews={0: ["hendrick_quintor"], 1: ["anne_bonny"]})
    s = play(s, "use hendrick_quintor on anne_bonny")
    assert s.purses[0] == 1
    assert "play commandeer on anne_bonny" not in texts(s)


def test_two_commandeers_on_one_pirate_in_a_turn():
    s = table(hands={0: ["commandeer", "commandeer"]}, crews={1: ["anne_bonny"]})
    s = play(s, "play commandeer on anne_bonny")
    assert s.purses[0] == 1 and not any("commandeer" in t for t in texts(s))


# --- disabled pirates ---------------------------------------------------------------------

def test_blackbeard_disables_until_the_disablers_next_turn():
    # Bharat uses Blackbeard on Yogi's Kanhoji Angre: disabled for all until Bharat's next turn.
    s = table(crews={0: ["blackbeard"], 2: ["kanhoji_angre"]}, hands={1: ["commandeer"]},
              purses=[0, 0, 0])
    s = play(s, "use blackbeard on kanhoji_angre")
    assert s.disabled == {"kanhoji_angre": 0}
    s = act(s, "end turn")
    assert "play commandeer on kanhoji_angre" not in texts(s)        # nobody can use it
    s = act(s, "end turn")
    assert "use kanhoji_angre" not in texts(s) and s.disabled
    s = act(s, "end turn")
    assert s.turn == 0 and s.disabled == {}


def test_a_disabled_pirate_can_be_dismissed_on_hiring():
    s = table(purses=[4, 0, 0], crews={0: ["anne_bonny", "calico_jack"]}, row=["barbarossa"])
    s.disabled = {"anne_bonny": 1}
    s = act(s, "hire barbarossa dismissing anne_bonny")
    assert s.disabled == {}


def test_marooned_disables_the_whole_crew_until_the_players_next_turn():
    s = table(hands={0: ["marooned"]}, crews={1: ["anne_bonny", "calico_jack"]})
    s = play(s, "play marooned on seat 2")
    assert s.disabled == {"anne_bonny": 0, "calico_jack": 0}
    s = act(s, "end turn")
    assert not any(t.startswith("use") for t in texts(s))
    s = act(s, "end turn", "end turn")
    assert s.disabled == {}


def test_a_disabled_pirate_swapped_stays_disabled_until_its_time():
    s = table(hands={0: ["mutiny"], 1: ["mutiny"]}, purses=[0, 5, 0],
              crews={0: ["anne_bonny"], 1: ["calico_jack"]})
    s.disabled = {"anne_bonny": 2}
    s = act(s, "end turn")
    s = play(s, "play mutiny swapping calico_jack for anne_bonny")
    assert s.crews[1] == ["anne_bonny"] and s.purses[1] == 4
    assert "use anne_bonny" not in texts(s) and s.disabled == {"anne_bonny": 2}
    s = act(s, "end turn")
    assert s.disabled == {}


def test_no_player_can_use_a_disabled_pirate_even_by_copying():
    s = table(hands={0: ["commandeer"]}, crews={0: ["hendrick_quintor"], 1: ["anne_bonny"]})
    s.disabled = {"anne_bonny": 2}
    assert not any("anne_bonny" in t for t in texts(s))


# --- Barter -------------------------------------------------------------------------------

def test_barter_lowers_a_cost_stacks_and_hires_for_free_at_zero():
    s = table(hands={0: ["barter", "barter", "barter"]}, row=["charles_vane", "anne_bonny"])
    s = play(s, "play barter on anne_bonny")
    assert D.price(s, "anne_bonny") == 0 and "hire anne_bonny" in texts(s)
    s = play(s, "play barter on anne_bonny")
    assert D.price(s, "anne_bonny") == 0        # never below zero
    s = play(s, "play barter on charles_vane")
    assert D.price(s, "charles_vane") == 3
    s = act(s, "hire anne_bonny")
    assert s.purses[0] == 0 and s.crews[0] == ["anne_bonny"]


def test_barter_resets_after_the_turn():
    s = play(table(hands={0: ["barter"]}, row=["edward_low"]), "play barter on edward_low")
    assert D.price(s, "edward_low") == 2
    s = act(s, "end turn")
    assert D.price(s, "edward_low") == 3


def test_barter_on_another_players_pirate_makes_mutiny_cheaper():
    s = table(hands={0: ["barter", "mutiny"]}, purses=[2, 0, 0],
              crews={0: ["anne_bonny"], 1: ["edward_low"]})
    assert "play mutiny swapping anne_bonny for edward_low" not in texts(s)
    s = play(s, "play barter on edward_low")
    s = play(s, "play mutiny swapping anne_bonny for edward_low")
    assert s.purses[0] == 0 and s.crews == [["edward_low"], ["anne_bonny"], []]


# --- Commandeer ---------------------------------------------------------------------------

def test_commandeer_uses_another_players_pirate():
    s = table(hands={0: ["commandeer"]}, crews={1: ["henry_morgan"]}, purses=[0, 0, 0])
    s.hands[2] = ["yo_ho_ho#1"]
    s.deck.remove("yo_ho_ho#1")
    s = play(s, "play commandeer on henry_morgan")
    assert s.phase == D.CHOOSE and texts(s) == ["then on seat 2", "then on seat 3"]
    s = act(s, "then on seat 3")
    assert kinds(s.hands[0]) == ["yo_ho_ho"]


def test_commandeer_cancelled_leaves_the_pirate_free_to_copy_again():
    s = table(hands={0: ["commandeer", "commandeer"], 1: ["heave_to"]}, crews={2: ["anne_bonny"]})
    s = act(s, "play commandeer on anne_bonny", "heave to", "let it pass", "let it pass")
    assert s.purses[0] == 0 and "play commandeer on anne_bonny" in texts(s)
    s = play(s, "play commandeer on anne_bonny")
    assert s.purses[0] == 1


# --- Fire in the Hole ---------------------------------------------------------------------

def test_fire_in_the_hole_first_replays_the_previous_players_last_card():
    s = table(hands={0: ["x_marks_the_spot", "yo_ho_ho"], 1: ["fire_in_the_hole"]})
    s = play(s, "play yo_ho_ho")
    s = play(s, "play x_marks_the_spot")
    s = act(s, "end turn")
    s = play(s, "play fire_in_the_hole")
    assert s.purses[1] == 1 and s.plays == 1


def test_fire_in_the_hole_after_fire_in_the_hole_replays_the_card_before():
    s = table(hands={0: ["yo_ho_ho", "fire_in_the_hole"], 1: ["fire_in_the_hole"]})
    s = play(s, "play yo_ho_ho")
    s = play(s, "play fire_in_the_hole")
    assert s.purses[0] == 4
    s = act(s, "end turn")
    s = play(s, "play fire_in_the_hole")
    assert s.purses[1] == 2


def test_fire_in_the_hole_replays_a_cancelled_card_and_the_card_a_heave_to_cancelled():
    s = table(hands={0: ["yo_ho_ho"], 1: ["heave_to", "fire_in_the_hole"]})
    s = act(s, "play yo_ho_ho", "heave to", "let it pass", "let it pass")
    assert s.purses[0] == 0 and s.last_card == "yo_ho_ho"  # the last card played was Heave To!
    s = act(s, "end turn")
    s = play(s, "play fire_in_the_hole")
    assert s.purses[1] == 2


def test_fire_in_the_hole_with_nothing_to_replay_cannot_be_played():
    s = table(hands={0: ["fire_in_the_hole"]})
    assert texts(s) == ["end turn"]


def test_blocking_a_win():
    # Tom has 5, plays X Marks the Spot (6), then Fire in the Hole; Kwee cancels it.
    s = table(hands={0: ["x_marks_the_spot", "fire_in_the_hole"], 1: ["heave_to"]},
              purses=[5, 0, 0])
    s = play(s, "play x_marks_the_spot")
    s = act(s, "play fire_in_the_hole", "heave to", "let it pass", "let it pass")
    assert s.purses[0] == 6
    s = act(s, "end turn")
    assert not D.is_over(s)


# --- Heave To! ----------------------------------------------------------------------------

def test_each_other_seat_is_asked_in_seat_order():
    s = D.apply(table(seats=4, hands={1: ["yo_ho_ho"]}, turn=1), "play yo_ho_ho")
    order = []
    while s.phase == D.REACT:
        order.append(s.to_act)
        s = D.apply(s, "let it pass")
    assert order == [2, 3, 0] and s.purses[1] == 2


def test_steve_example_heave_to_cancels_and_the_card_still_counts():
    s = table(hands={0: ["yo_ho_ho", "x_marks_the_spot"], 2: ["heave_to"]})
    s = act(s, "play yo_ho_ho", "let it pass")      # Meri lets it pass
    assert s.to_act == 2 and texts(s) == ["let it pass", "heave to"]
    s = act(s, "heave to", "let it pass", "let it pass")  # Steve and Meri let it stand
    assert s.purses[0] == 0 and s.plays == 1 and kinds(s.played) == ["yo_ho_ho"]
    assert kinds(s.discard) == ["heave_to"] and s.phase == D.PLAY


def test_a_seat_without_heave_to_can_only_let_it_pass():
    s = D.apply(table(hands={0: ["yo_ho_ho"]}), "play yo_ho_ho")
    assert texts(s) == ["let it pass"]
    with pytest.raises(IllegalAction, match="no Heave To"):
        D.apply(s, "heave to")


def test_the_player_answers_a_heave_to_on_their_own_turn_and_so_on():
    s = table(hands={0: ["yo_ho_ho", "heave_to"], 1: ["heave_to", "heave_to"]})
    s = act(s, "play yo_ho_ho", "heave to")              # seat 2 cancels
    assert s.to_act == 2
    s = act(s, "let it pass")
    assert s.to_act == 0 and "heave to" in texts(s)      # the player may answer
    s = act(s, "heave to")                               # counts for no play
    assert s.plays == 1 and s.queue == [1, 2]
    s = act(s, "heave to", "let it pass", "let it pass")  # seat 2 cancels again
    assert s.purses[0] == 0 and kinds(s.discard) == ["heave_to"] * 3


def test_an_even_chain_lets_the_play_stand_and_the_player_is_not_asked():
    s = table(hands={0: ["yo_ho_ho"], 1: ["heave_to"], 2: ["heave_to"]})
    s = act(s, "play yo_ho_ho", "heave to", "heave to")  # seat 3 cancels seat 2's Heave To!
    assert s.queue == [1]                                # seat 1 only: not the turn player
    s = act(s, "let it pass")
    assert s.purses[0] == 2


def test_a_cancelled_pirate_is_used():
    s = table(crews={0: ["anne_bonny"]}, hands={1: ["heave_to"]})
    s = act(s, "use anne_bonny", "heave to", "let it pass", "let it pass")
    assert s.purses[0] == 0 and "use anne_bonny" not in texts(s)


# --- Marooned, Me Hearties, Mutiny, Scallywag, Spyglass, Walk the Plank -------------------

def test_me_hearties_gives_one_of_the_two_drawn_cards_secretly():
    s = table(hands={0: ["me_hearties", "pillage"]}, top=["yo_ho_ho", "barter"])
    s = play(s, "play me_hearties")
    assert s.phase == D.CHOOSE
    assert {t.split(" ")[1] for t in texts(s)} == {"yo_ho_ho", "barter"}   # not the pillage
    assert D.view(s, 0).choice.cards and D.view(s, 1).choice is None
    s = act(s, "give barter to seat 3")
    assert kinds(s.hands[2]) == ["barter"] and kinds(s.hands[0]) == ["pillage", "yo_ho_ho"]
    assert s.log[-1] == "{p0} gives {p2} a card."
    assert "Barter" in D.view(s, 2).notes[-1] and not any("Barter" in n for n in D.view(s, 1).notes)


def test_mutiny_with_a_face_up_pirate_which_can_be_used_at_once():
    s = table(hands={0: ["mutiny"]}, purses=[2, 0, 0], crews={0: ["calico_jack"]},
              row=["anne_bonny"])
    s = play(s, "play mutiny swapping calico_jack for anne_bonny")
    assert s.crews[0] == ["anne_bonny"] and s.row[0] == "calico_jack" and s.purses[0] == 1
    s = play(s, "use anne_bonny")
    assert s.purses[0] == 2


def test_mutiny_never_reaches_the_pirate_discard_pile():
    s = table(hands={0: ["mutiny"]}, purses=[4, 0, 0], crews={0: ["calico_jack"]})
    s.pirate_discard = [s.pirate_deck.pop()]
    assert not any(s.pirate_discard[0] in t for t in texts(s))


def test_scallywag_takes_the_top_pirate_which_must_be_kept():
    s = table(hands={0: ["scallywag"]}, crews={0: ["anne_bonny", "calico_jack"]},
              pirate_top=["mary_read"])
    s = play(s, "play scallywag")
    assert texts(s) == ["take mary_read dismissing anne_bonny", "take mary_read dismissing calico_jack"]
    s = act(s, "take mary_read dismissing calico_jack")
    assert s.crews[0] == ["anne_bonny", "mary_read"]


def test_scallywag_with_an_empty_pirate_deck_cannot_be_played():
    s = table(hands={0: ["scallywag"]})
    s.pirate_deck = []
    assert texts(s) == ["end turn"]


def test_spyglass_takes_one_of_three_and_puts_two_back_in_any_order():
    s = table(hands={0: ["spyglass"]}, top=["pillage", "barter", "mutiny"])
    s = play(s, "play spyglass")
    assert len(texts(s)) == 6
    s = act(s, "keep barter, put back mutiny over pillage")
    assert kinds(s.hands[0]) == ["barter"] and [kind_of(c) for c in s.deck[:2]] == ["mutiny", "pillage"]
    assert D.view(s, 1).choice is None


def test_walk_the_plank_on_own_other_and_disabled_pirates():
    s = table(hands={0: ["walk_the_plank", "walk_the_plank"]}, crews={0: ["calico_jack"],
                                                                     1: ["anne_bonny"]})
    s.disabled = {"anne_bonny": 2}
    assert {"play walk_the_plank on calico_jack", "play walk_the_plank on anne_bonny"} <= set(texts(s))
    s = play(s, "play walk_the_plank on anne_bonny")
    s = play(s, "play walk_the_plank on calico_jack")
    assert s.crews == [[], [], []] and s.pirate_discard == ["anne_bonny", "calico_jack"]
    assert s.disabled == {}


# --- pirates ------------------------------------------------------------------------------

def test_anne_bonny_takes_one():
    assert play(table(crews={0: ["anne_bonny"]}), "use anne_bonny").purses[0] == 1


def test_barbarossa_discards_then_draws_two_and_the_discard_is_no_play():
    s = table(hands={0: ["pillage", "barter"]}, crews={0: ["barbarossa"]}, top=["mutiny", "yo_ho_ho"])
    s = play(s, "use barbarossa discarding pillage")
    assert kinds(s.hands[0]) == ["barter", "mutiny", "yo_ho_ho"] and kinds(s.discard) == ["pillage"]
    assert s.plays == 0


def test_barbarossa_cancelled_discards_nothing():
    s = table(hands={0: ["pillage"], 1: ["heave_to"]}, crews={0: ["barbarossa"]})
    s = act(s, "use barbarossa discarding pillage", "heave to", "let it pass", "let it pass")
    assert kinds(s.hands[0]) == ["pillage"] and kinds(s.discard) == ["heave_to"]


def test_ching_shih_discards_then_steals_and_cancelled_discards_nothing():
    s = table(hands={0: ["pillage", "barter"], 2: ["heave_to"]}, crews={0: ["ching_shih"]},
              purses=[0, 2, 0])
    s = play(s, "use ching_shih on seat 2 discarding barter")
    assert s.purses == [1, 1, 0] and kinds(s.hands[0]) == ["pillage"]
    s = act(s, "end turn", "end turn", "end turn")
    s = act(s, "use ching_shih on seat 2 discarding pillage", "let it pass", "heave to",
            "let it pass", "let it pass")
    assert s.purses[0] == 1 and "pillage" in kinds(s.hands[0]) and len(s.hands[0]) == 2


def test_blackbeard_disables_another_players_pirate():
    s = play(table(crews={0: ["blackbeard"], 1: ["anne_bonny", "mary_read"]}),
             "use blackbeard on mary_read")
    assert s.disabled == {"mary_read": 0}


def test_francis_fernando_looks_at_the_whole_hand_and_takes_any_card():
    s = table(hands={1: ["pillage", "barter", "mutiny"]}, crews={0: ["francis_fernando"]})
    s = play(s, "use francis_fernando on seat 2")
    v0, v2 = D.view(s, 0), D.view(s, 2)
    assert kinds(v0.choice.cards) == ["barter", "mutiny", "pillage"] and v2.choice is None
    assert "Pillage" not in " ".join(v2.log)
    s = act(s, "take mutiny")
    assert kinds(s.hands[0]) == ["mutiny"] and s.log[-1] == "{p0} takes a card from {p1}."


def test_francis_fernando_on_an_empty_hand_finds_nothing():
    s = play(table(crews={0: ["francis_fernando"]}), "use francis_fernando on seat 2")
    assert s.phase == D.PLAY and "empty" in s.log[-1]


def test_henry_morgan_takes_a_random_card_and_an_empty_hand_is_handled():
    s = table(hands={2: ["pillage", "barter"]}, crews={0: ["henry_morgan"]})
    s = play(s, "use henry_morgan on seat 3")
    assert len(s.hands[0]) == 1 and len(s.hands[2]) == 1
    assert D.view(s, 0).notes[-1].startswith("You took")
    s = play(table(crews={0: ["henry_morgan"]}), "use henry_morgan on seat 2")
    assert "no cards" in s.log[-1] and s.hands[0] == []


def test_grace_omalley_protects_cards_unless_disabled():
    s = table(hands={1: ["pillage"]}, crews={0: ["henry_morgan"], 1: ["grace_omalley"]})
    assert "use henry_morgan on seat 2" not in texts(s)
    s.disabled = {"grace_omalley": 2}
    assert "use henry_morgan on seat 2" in texts(s)


def test_commandeered_grace_omalley_protects_until_the_next_turn():
    s = table(hands={0: ["commandeer"], 1: ["pillage"]}, crews={1: ["grace_omalley"], 2: ["henry_morgan"]})
    s = play(s, "play commandeer on grace_omalley")
    assert D.protected(s, 0, "cards")
    s = act(s, "end turn", "end turn")
    assert "use henry_morgan on seat 1" not in texts(s)
    s = act(s, "end turn")
    assert not D.protected(s, 0, "cards")


def test_mary_read_protects_doubloons_unless_disabled():
    s = table(hands={0: ["pillage"]}, crews={1: ["mary_read"]}, purses=[0, 3, 3])
    assert "play pillage on seat 2" not in texts(s) and "play pillage on seat 3" in texts(s)
    s.disabled = {"mary_read": 2}
    s = play(s, "play pillage on seat 2")
    assert s.purses == [1, 2, 3]


def test_hendrick_quintor_copying_mary_read_then_disabled_loses_protection():
    # Tyler (0) copies Aditya's (1) Mary Read; Aditya maroons Tyler and pillages him.
    s = table(hands={1: ["marooned", "pillage"]}, crews={0: ["hendrick_quintor"], 1: ["mary_read"]},
              purses=[3, 0, 0])
    s = play(s, "use hendrick_quintor on mary_read")
    assert D.protected(s, 0, "doubloons")
    s = act(s, "end turn")
    assert "play pillage on seat 1" not in texts(s)
    s = play(s, "play marooned on seat 1")
    s = play(s, "play pillage on seat 1")
    assert s.purses == [2, 1, 0]


def test_hendrick_quintor_protection_survives_mary_read_disabled():
    s = table(hands={2: ["marooned", "pillage"]}, crews={0: ["hendrick_quintor"], 1: ["mary_read"]},
              purses=[3, 0, 0])
    s = play(s, "use hendrick_quintor on mary_read")
    s = act(s, "end turn", "end turn")
    s = play(s, "play marooned on seat 2")
    assert "play pillage on seat 1" not in texts(s)


def test_hendrick_quintor_cannot_reuse_a_pirate_used_this_turn():
    s = table(hands={0: ["commandeer"]}, crews={0: ["hendrick_quintor"], 1: ["anne_bonny"]})
    s = play(s, "play commandeer on anne_bonny")
    assert s.used == ["anne_bonny"] and not any("hendrick_quintor" in t for t in texts(s))


def test_kanhoji_angre_takes_a_toll_from_every_richer_player():
    s = table(seats=4, crews={0: ["kanhoji_angre"], 3: ["mary_read"]}, purses=[1, 3, 1, 5])
    s = play(s, "use kanhoji_angre")
    assert s.purses == [2, 2, 1, 5]


def test_samuel_bellamy_picks_one_of_two_pirates_to_keep():
    s = table(crews={0: ["samuel_bellamy", "anne_bonny"]}, pirate_top=["mary_read", "blackbeard"])
    s = play(s, "use samuel_bellamy")
    assert "take blackbeard dismissing samuel_bellamy" in texts(s)
    assert D.view(s, 1).choice is None and D.view(s, 0).choice.pirates == ("mary_read", "blackbeard")
    s = act(s, "take blackbeard dismissing anne_bonny")
    assert s.crews[0] == ["samuel_bellamy", "blackbeard"] and s.pirate_deck[-1] == "mary_read"


def test_william_kidd_replays_a_card_without_counting_it():
    s = table(hands={0: ["pillage", "x_marks_the_spot", "x_marks_the_spot"]},
              crews={0: ["william_kidd"]}, purses=[0, 2, 0])
    s = play(s, "play pillage on seat 2")
    s = play(s, "play x_marks_the_spot")
    s = play(s, "play x_marks_the_spot")
    s = play(s, "use william_kidd repeating pillage")
    assert s.phase == D.CHOOSE
    s = act(s, "then on seat 2")
    assert s.purses == [4, 0, 0] and s.plays == 3


def test_calico_jack_stede_bonnet_jean_lafitte_bartholomew_roberts_edward_low_charles_vane():
    s = table(hands={0: ["pillage"], 1: ["barter"]}, purses=[1, 2, 0], top=["yo_ho_ho"] * 4,
              crews={0: ["calico_jack", "stede_bonnet"], 1: ["jean_lafitte"]})
    s = play(s, "use calico_jack")
    s = play(s, "use stede_bonnet")
    assert s.purses[0] == 0 and len(s.hands[0]) == 4
    s = table(hands={0: ["pillage"]}, crews={0: ["jean_lafitte", "edward_low"], 1: ["anne_bonny"]},
              purses=[0, 2, 0], top=["yo_ho_ho"] * 4)
    s = play(s, "use jean_lafitte discarding pillage")
    s = play(s, "use edward_low on seat 2")
    assert s.purses == [2, 1, 0] and s.crews[1] == ["anne_bonny"] and kinds(s.hands[0]) == ["yo_ho_ho"]
    s = table(hands={1: ["pillage"]}, crews={0: ["charles_vane"]}, purses=[0, 2, 0])
    s = play(s, "use charles_vane on seat 2")
    assert s.purses == [1, 1, 0] and kinds(s.hands[0]) == ["pillage"]


def test_stede_bonnet_needs_a_doubloon():
    assert "use stede_bonnet" not in texts(table(crews={0: ["stede_bonnet"]}))


# --- empty decks, hands and purses ----------------------------------------------------------

def test_pillage_on_an_empty_purse_takes_nothing():
    s = play(table(hands={0: ["pillage"]}), "play pillage on seat 2")
    assert s.purses == [0, 0, 0] and "no doubloons" in s.log[-1]


def test_an_empty_action_deck_is_refilled_from_the_discards():
    s = table(hands={0: ["yo_ho_ho"]})
    s.discard, s.deck = s.deck, []
    s = act(s, "end turn")
    assert len(s.hands[1]) == 1 and len(s.deck) == 59 - 1 and s.discard == []


def test_nothing_left_to_draw():
    s = table(hands={0: ["yo_ho_ho"]})
    s.hands[1], s.deck = s.deck, []
    s = act(s, "end turn")
    assert "no card left" in s.log[-1]


# --- the table option: which humans are asked ---------------------------------------------

def test_asked_about_plays_at_them_or_that_could_win_and_never_by_their_hand():
    s = D.apply(table(seats=4, hands={0: ["pillage", "x_marks_the_spot"], 2: ["heave_to"]},
                      purses=[0, 1, 0, 0]), "play pillage on seat 2")
    views = [D.view(s, p) for p in range(4)]
    assert [D.asks(v, v.seat, "targeted") for v in views] == [True, True, False, False]
    assert all(D.asks(v, v.seat, "every") for v in views)
    assert not any(D.asks(v, v.seat, "never") for v in views)
    s = D.apply(table(seats=4, hands={0: ["x_marks_the_spot"]}, purses=[6, 0, 0, 0]),
                "play x_marks_the_spot")
    assert all(D.asks(D.view(s, p), p, "targeted") for p in range(1, 4))


def test_action_words():
    assert D.action_words("play pillage on seat 2") == "Play Pillage on {p1}"
    assert D.action_words("heave to") == "Heave To!"
    assert D.action_words("use william_kidd repeating pillage") == \
        "Use William Kidd, playing again: Pillage"
    assert D.action_words("keep pillage, put back yo_ho_ho over barter") == \
        "Keep Pillage, put back Yo-ho-ho over Barter"


def test_a_swap_reads_the_same_after_crossing_the_network():
    """The codec turns a swap's [mine, theirs] into a tuple: an online client must still name it
    and still ask the seat whose pirate it takes."""
    from types import SimpleNamespace

    from game.engine import doubloons as d
    swap = "mutiny"  # "Swap your pirate for another, paying its cost."
    mine, theirs = sorted(d.PIRATES)[:2]
    assert d.describe_play(swap, (mine, theirs)) == d.describe_play(swap, [mine, theirs])
    assert "swapping" in d.describe_play(swap, (mine, theirs))
    for target in ([mine, theirs], (mine, theirs)):
        base = SimpleNamespace(seat=0, target=target, source=swap)
        view = SimpleNamespace(pending=[base], crews=[[mine], [theirs], []], purses=[0, 0, 0])
        assert d.asks(view, 1, "targeted") and not d.asks(view, 2, "targeted")
