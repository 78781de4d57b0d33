"""One test per Scoundrel ruling (shared/RULINGS.md), played on stacked decks."""
import pytest

from game.engine import IllegalAction
from game.engine import scoundrel as sc
from game.engine.session import Session

AVOID = "avoid room"


def stacked(*top):
    """A full 44-card deck, top card first: `top`, then every other card in DECK order."""
    return [*top, *(c for c in sc.DECK if c not in top)]


def game(*top, **options):
    return sc.new_game(1, 0, options or None, deck=stacked(*top))


def play(state, *actions):
    for action in actions:
        state = sc.apply(state, action)
    return state


def texts(state):
    return [str(a) for a in sc.legal_actions(state)]


def saved_game(room, health=20, weapon=None, slain=(), dungeon=(), last_faced=None, **fields):
    """A saved game near the end: `dungeon` left (top first), every other card discarded."""
    room = list(room) + [None] * (sc.ROOM_SIZE - len(room))
    used = {*dungeon, *room, *slain, weapon}
    data = {
        "game": "scoundrel", "version": 1, "dungeon": list(dungeon), "room": room,
        "health": health, "weapon": weapon, "slain": list(slain),
        "discard": [c for c in sc.DECK if c not in used], "potion_used": False,
        "avoided_last": False, "faced": 0, "last_faced": last_faced, "status": "playing",
        "options": {"weapon_rule": "at_most"}, "seed": 0, "revealed": 44 - len(dungeon),
        "rooms": 14,
    }
    return sc.from_json({**data, **fields})


def careful_move(state):
    """Stronger weapon, then a healing potion, then the biggest monster the weapon takes."""
    choices = [t for t in texts(state) if t != AVOID]

    def value(text):
        return sc.VALUE[text.split()[1]]

    def kind(text):
        return sc.KIND[text.split()[1]]

    for text in choices:
        if kind(text) == "weapon" and value(text) > sc.VALUE.get(state.weapon, 0):
            return text
    potions = [t for t in choices if kind(t) == "potion"]
    if potions and not state.potion_used and state.health < sc.MAX_HEALTH:
        return max(potions, key=value)
    armed = [t for t in choices if t.endswith("with weapon")]
    return max(armed, key=value) if armed else choices[0]


def easy_deck():
    """The 10♦ first, monsters strongest first with potions between them, other weapons last."""
    monsters = sorted((c for c in sc.DECK if sc.KIND[c] == "monster"), key=lambda c: -sc.VALUE[c])
    potions = sorted((c for c in sc.DECK if sc.KIND[c] == "potion"), key=lambda c: -sc.VALUE[c])
    deck = ["10D"]
    for i, monster in enumerate(monsters):
        deck.append(monster)
        if i % 3 == 2 and potions:
            deck.append(potions.pop(0))
    deck += potions + [c for c in sc.DECK if sc.KIND[c] == "weapon" and c != "10D"]
    return deck


# --- the deck and the room --------------------------------------------------------------------

def test_deck_has_44_cards_without_red_faces_or_red_aces():
    assert len(sc.DECK) == len(set(sc.DECK)) == 44
    monsters = sorted(sc.VALUE[c] for c in sc.DECK if sc.KIND[c] == "monster")
    assert monsters == sorted(list(range(2, 15)) * 2)
    assert all(c[-1] in "SC" for c in sc.DECK if sc.KIND[c] == "monster")
    for kind, suit in (("weapon", "D"), ("potion", "H")):
        cards = {c for c in sc.DECK if sc.KIND[c] == kind}
        assert cards == {f"{v}{suit}" for v in range(2, 11)}
    assert sc.VALUE["AS"] == sc.VALUE["AC"] == 14 and sc.VALUE["KC"] == 13 and sc.VALUE["JS"] == 11
    state = sc.new_game(1, 7)
    assert sorted(state.room_cards + state.dungeon) == sorted(sc.DECK)
    assert state.health == sc.MAX_HEALTH == 20


def test_room_is_filled_to_four_from_the_top_of_the_dungeon():
    deck = stacked("5C", "6H", "7D", "8S")
    state = sc.new_game(1, 0, deck=deck)
    assert state.room == ("5C", "6H", "7D", "8S")
    assert state.dungeon == tuple(deck[4:])


def test_avoid_sends_the_room_to_the_bottom_in_room_order_and_deals_a_new_room():
    deck = stacked("KS", "KC", "QS", "QC")
    state = play(sc.new_game(1, 0, deck=deck), AVOID)
    assert state.dungeon[-4:] == ("KS", "KC", "QS", "QC")
    assert state.room == tuple(deck[4:8])
    assert len(state.dungeon) == 40 and state.health == 20 and state.faced == 0


def test_no_avoiding_two_rooms_in_a_row():
    state = play(game("KS", "KC", "QS", "QC"), AVOID)
    assert AVOID not in texts(state)
    with pytest.raises(IllegalAction, match="two rooms in a row"):
        sc.apply(state, AVOID)


def test_no_avoiding_once_a_card_of_the_room_is_faced():
    state = play(game("2S", "KC", "QS", "QC"), "face 2S barehanded")
    assert AVOID not in texts(state)
    with pytest.raises(IllegalAction, match="already faced"):
        sc.apply(state, AVOID)


def test_avoiding_is_allowed_again_after_a_faced_room():
    state = play(game("KS", "KC", "QS", "QC", "2S", "3S", "4S", "5S"), AVOID,
                 "face 2S barehanded", "face 3S barehanded", "face 4S barehanded")
    assert AVOID in texts(state)
    assert play(state, AVOID).avoided_last


def test_no_avoiding_when_the_dungeon_is_empty():
    state = saved_game(["2S", "3S", "4S", "5S"])  # a full room, but nothing left to deal
    assert not state.final
    assert AVOID not in texts(state)
    with pytest.raises(IllegalAction, match="dungeon is empty"):
        sc.apply(state, AVOID)


def test_facing_three_cards_leaves_one_that_stays_in_the_next_room():
    state = play(game("2S", "9D", "3H", "KC"), "face 9D", "face 2S with weapon", "face 3H")
    # KC keeps its slot; the next cards from the top fill the others in slot order.
    assert state.room == ("AS", "3S", "4S", "KC")
    assert state.rooms == 2 and state.faced == 0 and len(state.dungeon) == 37


# --- the end of the dungeon -------------------------------------------------------------------

def test_a_whole_game_ends_when_the_last_card_is_faced():
    state = sc.new_game(1, 0, deck=easy_deck())
    while not state.final:
        state = sc.apply(state, careful_move(state))
    assert state.status == sc.PLAYING and not state.dungeon
    assert state.room_cards == ("9D", "5H")  # the room could not be filled to four
    assert AVOID not in texts(state)
    state = play(state, "face 9D")
    assert state.room_cards == ("5H",) and state.to_act == 0  # no room is left behind
    state = play(state, "face 5H")
    assert state.status == sc.WON and state.to_act is None and sc.is_over(state)
    assert sc.result(state).winners == (0,)


def test_the_card_left_from_the_last_full_room_is_a_new_turn():
    state = play(saved_game(["3H", "2S", "5S", "4H"], health=10), "face 3H", "face 2S barehanded")
    assert not state.final  # a full room: three cards are faced, one stays
    state = play(state, "face 5S barehanded")
    assert state.room_cards == ("4H",) and state.final and state.health == 6
    assert play(state, "face 4H").health == 10  # the potion limit reset with the new turn


def test_a_final_room_must_be_faced_to_the_last_card():
    state = saved_game(["7D", "3C"], health=5, dungeon=())
    assert state.final
    state = play(state, "face 3C barehanded")
    assert state.status == sc.PLAYING and texts(state) == ["face 7D"]
    assert play(state, "face 7D").status == sc.WON


# --- weapons and monsters ---------------------------------------------------------------------

def test_equipping_a_weapon_discards_the_old_one_and_its_slain_monsters():
    state = play(game("5D", "3S", "9D", "2C"), "face 5D", "face 3S with weapon", "face 9D")
    assert state.weapon == "9D" and state.slain == ()
    assert state.discard == ("5D", "3S")


@pytest.mark.parametrize("monster, health", [("AS", 6), ("7C", 13), ("2S", 18)])
def test_barehanded_damage_is_the_monster_value(monster, health):
    state = play(game(monster, "4D", "2H", "3H"), f"face {monster} barehanded")
    assert state.health == health and state.discard == (monster,)


def test_weapon_damage_is_value_minus_weapon_and_never_negative():
    state = play(game("7D", "JS", "4C", "2H"), "face 7D", "face JS with weapon")
    assert state.health == 16
    state = play(state, "face 4C with weapon")
    assert state.health == 16 and state.slain == ("JS", "4C")


def test_weapon_rule_default_allows_monsters_up_to_the_last_slain():
    state = play(game("7D", "9S", "9C", "10C"), "face 7D", "face 9S with weapon")
    assert "face 9C with weapon" in texts(state)
    assert "face 10C with weapon" not in texts(state)
    assert "face 10C barehanded" in texts(state)
    with pytest.raises(IllegalAction, match="no stronger than 9"):
        sc.apply(state, "face 10C with weapon")


def test_weapon_rule_below_only_allows_strictly_weaker_monsters():
    state = play(game("7D", "9S", "9C", "8C", weapon_rule="below"),
                 "face 7D", "face 9S with weapon")
    assert "face 9C with weapon" not in texts(state)
    assert "face 8C with weapon" in texts(state)
    with pytest.raises(IllegalAction, match="weaker than 9"):
        sc.apply(state, "face 9C with weapon")


def test_always_free_to_fight_barehanded():
    state = play(game("7D", "5S", "2H", "3H"), "face 7D")
    assert {"face 5S with weapon", "face 5S barehanded"} <= set(texts(state))
    state = play(state, "face 5S barehanded")
    assert state.health == 15 and state.weapon == "7D" and state.slain == ()
    assert state.discard == ("5S",)


def test_text_example_weapon_5_against_a_3_costs_nothing():
    assert play(game("5D", "3C", "2H", "3H"), "face 5D", "face 3C with weapon").health == 20


def test_text_example_weapon_5_against_a_jack_costs_6():
    # The text says "11 - 5 = 5 dmg"; the ruling corrects it to 6.
    assert play(game("5D", "JC", "2H", "3H"), "face 5D", "face JC with weapon").health == 14


def test_text_example_weapon_that_slew_a_queen_may_face_a_6():
    state = play(game("5D", "QS", "6C", "2H"), "face 5D", "face QS with weapon")
    assert "face 6C with weapon" in texts(state)
    assert play(state, "face 6C with weapon").health == 20 - 7 - 1


def test_text_example_weapon_that_slew_a_6_cannot_face_a_queen_and_is_kept():
    state = play(game("5D", "6S", "QC", "4C"), "face 5D", "face 6S with weapon")
    assert "face QC with weapon" not in texts(state)
    state = play(state, "face QC barehanded")
    assert state.weapon == "5D" and state.slain == ("6S",) and "5D" not in state.discard
    assert "face 4C with weapon" in texts(state)  # still good against weaker monsters


# --- potions ----------------------------------------------------------------------------------

def test_the_first_potion_heals_up_to_20():
    state = play(game("5C", "8H", "2D", "3D"), "face 5C barehanded", "face 8H")
    assert state.health == 20 and state.discard == ("5C", "8H")


def test_a_second_potion_in_the_same_room_is_discarded_without_effect():
    state = play(game("9S", "4H", "5H", "2D"), "face 9S barehanded", "face 4H", "face 5H")
    assert state.health == 15 and state.discard[-1] == "5H"


def test_a_potion_at_full_health_still_counts_as_the_rooms_potion():
    state = play(game("3H", "6H", "9C", "2D"), "face 3H")
    assert state.health == 20 and state.potion_used
    state = play(state, "face 9C barehanded", "face 6H")
    assert state.health == 11


def test_the_potion_limit_resets_with_a_new_room():
    state = play(game("3H", "AS", "2D", "7H"), "face 3H", "face AS barehanded", "face 2D")
    assert state.health == 6 and not state.potion_used and "7H" in state.room
    assert play(state, "face 7H").health == 13


def test_the_potion_limit_resets_after_avoiding():
    state = play(game("KS", "KC", "QS", "QC", "AS", "5H", "2H"), AVOID, "face AS barehanded")
    assert play(state, "face 5H").health == 11
    assert play(state, "face 5H", "face 2H").health == 11


# --- death and score --------------------------------------------------------------------------

def test_death_is_immediate_when_health_reaches_zero():
    state = play(game("AS", "6C", "9H", "2D"), "face AS barehanded", "face 6C barehanded")
    assert state.health == 0 and state.status == sc.DEAD
    assert state.to_act is None and sc.legal_actions(state) == [] and sc.is_over(state)
    with pytest.raises(IllegalAction, match="over"):
        sc.apply(state, "face 9H")


def test_score_when_dead_subtracts_the_monsters_left_in_the_dungeon_but_not_the_room():
    state = play(game("AS", "KC", "QS", "9H"), "face AS barehanded", "face KC barehanded")
    assert state.health == -7
    in_dungeon = sum(sc.VALUE[c] for c in state.dungeon if sc.KIND[c] == "monster")
    assert in_dungeon == 2 * 104 - 14 - 13 - 12
    assert sc.result(state).scores == (-7 - in_dungeon,)
    assert sc.result(state).winners == ()


def test_score_when_alive_is_the_health():
    state = play(saved_game(["9D", "3C"], health=12), "face 9D", "face 3C with weapon")
    assert sc.result(state).scores == (12,) and sc.result(state).winners == (0,)


def test_score_at_full_health_adds_a_last_potion_even_if_it_healed_nothing():
    state = play(saved_game(["4S", "7H"], weapon="10D"), "face 4S with weapon", "face 7H")
    assert state.health == 20 and sc.result(state).scores == (27,)


def test_score_adds_a_last_potion_that_healed_to_full_health():
    state = play(saved_game(["3S", "8H"], health=15, weapon="10D"),
                 "face 3S with weapon", "face 8H")
    assert sc.result(state).scores == (28,)


def test_score_adds_no_potion_below_full_health_or_after_a_monster():
    assert sc.score(play(saved_game(["3S", "2H"], health=17, weapon="10D"),
                         "face 3S with weapon", "face 2H")) == 19
    assert sc.score(play(saved_game(["2H", "3S"], weapon="10D"),
                         "face 2H", "face 3S with weapon")) == 20


def test_the_whole_easy_game_scores_its_last_potion():
    state = sc.new_game(1, 0, deck=easy_deck())
    while not sc.is_over(state):
        state = sc.apply(state, careful_move(state))
    assert state.last_faced == "5H" and sc.result(state).scores == (25,)


# --- refusals ---------------------------------------------------------------------------------

ILLEGAL = [
    (lambda: game("KS", "KC", "QS", "QC"), [AVOID], AVOID, "two rooms in a row"),
    (lambda: game("2S", "KC", "QS", "QC"), ["face 2S barehanded"], AVOID, "already faced"),
    (lambda: game("2S", "KC", "QS", "QC"), [], "face 9H", "not in the room"),
    (lambda: game("2S", "KC", "QS", "QC"), [], "face 2S with weapon", "no weapon"),
    (lambda: game("5D", "6S", "QC", "4C"), ["face 5D", "face 6S with weapon"],
     "face QC with weapon", "barehanded"),
    (lambda: game("2S", "KC", "QS", "QC"), [], "dance", "not a Scoundrel action"),
    (lambda: game("2S", "KC", "QS", "QC"), [], "face 5D with weapon", "not a Scoundrel action"),
    (lambda: game("AS", "6C", "9H", "2D"), ["face AS barehanded", "face 6C barehanded"],
     "face 2D", "over"),
]


@pytest.mark.parametrize("start, before, action, message", ILLEGAL)
def test_illegal_actions_are_refused_and_change_nothing(start, before, action, message):
    state = play(start(), *before)
    saved = sc.to_json(state)
    with pytest.raises(IllegalAction, match=message):
        sc.apply(state, action)
    assert sc.to_json(state) == saved


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


@pytest.mark.parametrize("deck, message", [
    (stacked()[:-1] + ["QH"], "not in this game's deck: QH"),
    (stacked()[:-1] + ["ZZ"], "not in this game's deck: ZZ"),
    (stacked()[:-1], "missing cards: KC"),
    (stacked()[:-1] + ["AS"], "duplicate cards: AS"),
    (stacked() + ["AS"], "duplicate cards: AS"),
    ("AS 2S", "list of card codes"),
])
def test_bad_decks_are_refused_naming_the_problem(deck, message):
    with pytest.raises(ValueError, match=message):
        sc.new_game(1, 0, deck=deck)


# --- undo -------------------------------------------------------------------------------------

def test_undo_goes_back_to_when_the_room_was_dealt_but_not_across_a_new_room():
    session = Session("scoundrel", 1, 0, None, stacked("2S", "3S", "4S", "KC", "2C", "3C", "4C"))
    assert not session.can_undo()
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        session.undo()
    for card in ("2S", "3S", "4S"):
        session.apply(f"face {card} barehanded")
    assert session.state.room == ("2C", "3C", "4C", "KC")
    dealt = session.state
    assert not session.can_undo()  # the last action turned up the new room
    session.apply("face 2C barehanded")
    session.apply("face 3C barehanded")
    assert session.undo() == "face 3C barehanded"
    assert session.undo() == "face 2C barehanded"
    assert session.state == dealt and not session.can_undo()
    with pytest.raises(IllegalAction, match="New cards"):
        session.undo()
    assert session.state == dealt


def test_undo_is_refused_after_avoiding():
    session = Session("scoundrel", 1, 0, None, stacked("KS", "KC", "QS", "QC"))
    session.apply(AVOID)
    assert not session.can_undo()
    with pytest.raises(IllegalAction):
        session.undo()


def test_the_cards_avoided_to_the_bottom_stay_in_view_until_dealt_again():
    state = sc.new_game(seed=11)
    room = state.room_cards
    state = sc.apply(state, "avoid room")
    assert sc.view(state).bottom == room == state.dungeon[-4:]
    while state.status == sc.PLAYING and len(state.dungeon) > 2:
        state = sc.apply(state, next(a for a in sc.legal_actions(state) if a.text != "avoid room"))
        bottom = sc.view(state).bottom
        assert bottom == state.dungeon[len(state.dungeon) - len(bottom):]
        assert set(bottom) <= set(room)
    assert sc.from_json(sc.to_json(state)) == state


# --- redo -------------------------------------------------------------------------------------

def test_redo_restores_the_exact_state_until_a_new_move_is_made():
    session = Session("scoundrel", 1, 0, None, stacked("2S", "3S", "4S", "KC", "2C", "3C", "4C"))
    with pytest.raises(IllegalAction, match="Nothing to redo"):
        session.redo()
    session.apply("face 2S barehanded")
    session.apply("face 3S barehanded")
    after_two = session.state
    assert session.undo() == "face 3S barehanded"
    assert session.undo() == "face 2S barehanded"
    assert session.can_redo()
    assert session.redo() == "face 2S barehanded"
    assert session.redo() == "face 3S barehanded"
    assert session.state == after_two and session.actions == ["face 2S barehanded", "face 3S barehanded"]
    assert not session.can_redo()
    session.undo()
    session.apply("face 4S barehanded")  # a new move forgets what was undone
    assert not session.can_redo()
    with pytest.raises(IllegalAction, match="Nothing to redo"):
        session.redo()


def test_redo_never_crosses_what_undo_may_not():
    session = Session("scoundrel", 1, 0, None, stacked("2S", "3S", "4S", "KC", "2C", "3C", "4C"))
    for card in ("2S", "3S", "4S"):
        session.apply(f"face {card} barehanded")  # the last turns up a new room
    session.apply("face 2C barehanded")
    session.undo()
    dealt = session.state
    with pytest.raises(IllegalAction):
        session.undo()
    assert session.redo() == "face 2C barehanded"
    session.undo()
    assert session.state == dealt and session.redo() == "face 2C barehanded"
    assert not session.can_redo()
    assert Session.from_json(session.to_json()).state == session.state
