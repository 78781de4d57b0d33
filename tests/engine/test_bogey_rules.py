"""The Bogey: one test per ruling (shared/RULINGS.md), on stacked decks and built positions."""
import pytest

from game.engine import IllegalAction, bogey, games, rng
from game.engine.cards import FULL_DECK, RANK_VALUE, SUITS, suit
from game.engine.session import Session


def stack(*top):
    """A full deck order: `top` first, then every other card in the usual order."""
    return list(top) + [c for c in FULL_DECK if c not in top]


def split_columns(cards, count):
    """`cards` as `count` legal columns: one per suit, highest first, split until enough."""
    columns = [sorted((c for c in cards if suit(c) == s), key=RANK_VALUE.get, reverse=True)
               for s in SUITS]
    columns = [col for col in columns if col]
    while len(columns) < count:
        longest = max(range(len(columns)), key=lambda i: len(columns[i]))
        col = columns[longest]
        columns[longest:longest + 1] = [col[:len(col) // 2], col[len(col) // 2:]]
    return columns


def make_state(columns=None, hand=(), deck=(), discards=(), bogey_card=None, phase="player",
               acted=False, status="playing", options=None, column_count=4):
    """A position built through from_json. Cards not named fill `column_count` columns, or, when
    `columns` is given, go to the bottom of the deck."""
    held = list(hand) + list(deck) + list(discards) + ([bogey_card] if bogey_card else [])
    rest = [c for c in FULL_DECK if c not in held]
    if columns is None:
        columns = split_columns(rest, column_count)
    else:
        in_columns = {c for col in columns for c in col}
        deck = list(deck) + [c for c in rest if c not in in_columns]
    return bogey.from_json({
        "game": "bogey", "version": 1, "deck": list(deck), "hand": list(hand),
        "columns": [list(col) for col in columns], "discards": list(discards),
        "bogey_card": bogey_card, "phase": phase, "acted": acted, "status": status,
        "options": bogey.new_game(1, 0, options).options, "seed": 3, "rng": rng.seed_state(99),
        "revealed": 10,
    })


def texts(state):
    return [str(a) for a in bogey.legal_actions(state)]


def run(state, *actions):
    for action in actions:
        state = bogey.apply(state, action)
    return state


def refused(state, action, *words):
    """The action raises IllegalAction mentioning `words`, and the state is left as it was."""
    before = bogey.to_json(state)
    with pytest.raises(IllegalAction) as exc:
        bogey.apply(state, action)
    assert bogey.to_json(state) == before
    message = str(exc.value)
    for word in words:
        assert word in message, message
    return message


# --- the registry ---------------------------------------------------------------------------

def test_registry_finds_bogey():
    assert games.get("bogey") is bogey
    assert "bogey" in games.available()


# --- drawing --------------------------------------------------------------------------------

def test_opening_hand_is_five_cards_from_the_top():
    s = bogey.new_game(1, 0, deck=stack("KS", "QS", "2H", "3H", "4H"))
    assert s.hand == ("KS", "QS", "2H", "3H", "4H")
    assert len(s.deck) == 47 and s.phase == "player" and s.to_act == 0
    assert bogey.revealed(s) == 5


def test_hand_size_option_deals_four():
    s = bogey.new_game(1, 0, {"hand_size": 4}, deck=stack("KS", "QS", "2H", "3H", "4H"))
    assert s.hand == ("KS", "QS", "2H", "3H")
    assert s.deck[0] == "4H"


def test_turn_starts_by_drawing_up_to_hand_size():
    s = bogey.new_game(1, 0, deck=stack("KS", "QS", "2H", "3H", "4H", "JS", "5H", "6H", "7H"))
    s = run(s, "play KS to a new column", "play QS on column 1", "end turn")
    assert s.phase == "bogey" and s.bogey_card == "JS"
    s = run(s, "place JS on column 1")
    assert s.phase == "player"
    assert s.hand == ("2H", "3H", "4H", "5H", "6H")
    assert bogey.revealed(s) == 5 + 1 + 2


def test_draw_reshuffles_the_discards_when_the_deck_runs_out():
    s = make_state(hand=("2H", "3H"), deck=("4H",), discards=("9D", "8D", "7D"),
                   bogey_card="QS", phase="bogey", column_count=5)
    shuffled, _ = rng.shuffled(("9D", "8D", "7D"), s.rng)
    after = bogey.apply(s, "place QS in a new column")
    assert after.hand == ("2H", "3H", "4H") + shuffled[:2]
    assert after.deck == shuffled[2:] and after.discards == ()
    assert bogey.revealed(after) == bogey.revealed(s) + 3


def test_draw_takes_what_there_is_when_deck_and_discards_run_out():
    s = make_state(hand=("2H",), deck=("3H",), bogey_card="4H", phase="bogey")
    s = bogey.apply(s, "place 4H in a new column")
    assert s.hand == ("2H", "3H") and s.deck == () and s.phase == "player"


# --- playing to columns ---------------------------------------------------------------------

def test_play_only_under_a_higher_card_of_the_same_suit():
    s = bogey.new_game(1, 0, deck=stack("9S", "JS", "5H", "8S", "KD"))
    s = run(s, "play 9S to a new column")
    assert "play 8S on column 1" in texts(s)
    assert "play JS on column 1" not in texts(s)
    assert "play 5H on column 1" not in texts(s)
    refused(s, "play JS on column 1", "ends with the 9♠", "lower")
    refused(s, "play 5H on column 1", "spades", "hearts")
    s = run(s, "play 8S on column 1")
    assert s.columns == (("9S", "8S"),)


def test_gaps_are_allowed():
    s = bogey.new_game(1, 0, deck=stack("KS", "2S", "5H", "8H", "KD"))
    s = run(s, "play KS to a new column", "play 2S on column 1")
    assert s.columns == (("KS", "2S"),)


def test_columns_keep_creation_order_and_are_numbered_from_one():
    s = bogey.new_game(1, 0, deck=stack("KS", "KH", "QH", "5H", "8D"))
    s = run(s, "play KS to a new column", "play KH to a new column", "play QH on column 2")
    assert s.columns == (("KS",), ("KH", "QH"))
    assert bogey.legal_places(s.columns, "5H") == [1, bogey.NEW]
    assert bogey.legal_places(bogey.view(s).columns, "JS") == [0, bogey.NEW]


def test_no_new_column_beyond_twelve():
    s = make_state(hand=("AS", "KH"), deck=("2D",), column_count=12)
    assert len(s.columns) == 12
    assert "play KH to a new column" not in texts(s)
    assert bogey.legal_places(s.columns, "KH") == []
    refused(s, "play KH to a new column", "12 columns")
    assert "play AS to a new column" not in texts(s)
    assert any(t.startswith("play AS on column") for t in texts(s))


def test_eleven_columns_still_allow_a_new_one():
    s = make_state(hand=("KH",), deck=("2D",), column_count=11)
    s = run(s, "play KH to a new column")
    assert len(s.columns) == 12 and s.columns[-1] == ("KH",)


# --- discarding, holding, passing -----------------------------------------------------------

def test_discard_puts_the_card_face_up_on_the_discards():
    s = bogey.new_game(1, 0, deck=stack("KS", "QS", "2H", "3H", "4H"))
    s = run(s, "discard 3H", "discard 2H")
    assert s.hand == ("KS", "QS", "4H") and s.discards == ("3H", "2H")
    v = bogey.view(s)
    assert v.discard_count == 2 and v.top_discard == "2H"


def test_held_cards_stay_and_only_the_gap_is_drawn():
    s = bogey.new_game(1, 0, deck=stack("KS", "QS", "2H", "3H", "4H", "KD", "5D"))
    s = run(s, "play KS to a new column", "end turn", "place KD in a new column")
    assert s.hand == ("QS", "2H", "3H", "4H", "5D")


def test_pass_lets_the_bogey_play_and_keeps_the_hand():
    s = bogey.new_game(1, 0, deck=stack("KS", "QS", "2H", "3H", "4H", "KD", "QD"))
    s = run(s, "end turn")
    assert s.phase == "bogey" and s.bogey_card == "KD" and s.hand == ("KS", "QS", "2H", "3H", "4H")
    s = run(s, "place KD in a new column", "end turn")
    assert s.bogey_card == "QD" and s.hand == ("KS", "QS", "2H", "3H", "4H")


# --- the bogey's turn -----------------------------------------------------------------------

def test_bogey_card_goes_where_the_player_chooses():
    s = make_state(columns=[["KS"], ["9S"]], hand=("2H",), deck=("5S",))
    s = run(s, "end turn")
    assert s.phase == "bogey" and s.bogey_card == "5S" and s.to_act == 0
    assert texts(s) == ["place 5S on column 1", "place 5S on column 2", "place 5S in a new column"]
    assert run(s, "place 5S on column 1").columns[:2] == (("KS", "5S"), ("9S",))
    assert run(s, "place 5S on column 2").columns[:2] == (("KS",), ("9S", "5S"))
    assert run(s, "place 5S in a new column").columns[2] == ("5S",)


def test_bogey_flip_reshuffles_the_discards_when_the_deck_is_empty():
    s = make_state(hand=("2H",), discards=("3H", "4H", "5H"), column_count=5)
    shuffled, _ = rng.shuffled(("3H", "4H", "5H"), s.rng)
    s2 = bogey.apply(s, "end turn")
    assert s2.bogey_card == shuffled[0] and s2.deck == shuffled[1:] and s2.discards == ()
    assert bogey.revealed(s2) == bogey.revealed(s) + 1


def test_bogey_card_with_no_place_loses_at_once():
    s = make_state(deck=("KH",), column_count=12)
    s = run(s, "end turn")
    assert s.status == "lost" and bogey.is_over(s) and s.to_act is None
    assert s.bogey_card == "KH" and bogey.legal_actions(s) == []
    r = bogey.result(s)
    assert r.winners == () and r.scores == (12,)
    assert r.details["status"] == "lost" and r.details["level"] is None
    assert "K♥" in r.summary
    refused(s, "end turn", "over")


def test_bogey_turn_is_skipped_when_deck_and_discards_are_empty():
    s = make_state(hand=("AS", "AH"), column_count=4)
    assert s.deck == () and s.discards == ()
    assert "end turn" not in texts(s)  # a pass would change nothing at all
    refused(s, "end turn", "empty", "play or discard")
    play = next(t for t in texts(s) if t.startswith("play AS on column"))
    s = run(s, play, "end turn")
    assert s.phase == "player" and s.bogey_card is None and s.hand == ("AH",)
    assert not s.acted and bogey.revealed(s) == 10


# --- winning and the result -----------------------------------------------------------------

def _finish(column_count, options=None):
    """A game one card from the end, with the last card fitting under the spades' last column."""
    s = make_state(hand=("AS",), column_count=column_count, options=options)
    column = next(i for i, col in enumerate(s.columns) if col[-1] == "2S")
    return bogey.apply(s, f"play AS on column {column + 1}")


def test_all_52_cards_in_columns_wins():
    s = _finish(4)
    assert s.status == "finished" and bogey.is_over(s) and s.to_act is None
    assert sum(len(col) for col in s.columns) == 52


def test_placing_the_bogeys_last_card_wins():
    s = make_state(bogey_card="AS", phase="bogey", column_count=4)
    s = run(s, "place AS on column 1")
    assert s.status == "finished" and s.bogey_card is None


@pytest.mark.parametrize("columns, level", [(12, "novice"), (11, "normal"), (10, "advanced"),
                                            (9, "legendary"), (8, "epic"), (5, "epic")])
def test_levels_by_columns_used(columns, level):
    r = bogey.result(_finish(columns))
    assert r.scores == (columns,) and r.details["level"] == level
    assert r.winners == (0,)  # the default target, novice, takes any finish
    assert bogey.level_of(columns) == level


def test_finish_above_the_target_counts_as_a_loss():
    r = bogey.result(_finish(10, {"target": "legendary"}))
    assert r.winners == () and r.details["met_target"] is False
    assert r.details["level"] == "advanced" and r.details["target"] == "legendary"
    assert "short of" in r.summary


def test_finish_within_the_target_wins():
    r = bogey.result(_finish(9, {"target": "legendary"}))
    assert r.winners == (0,) and r.details["met_target"] is True


def test_result_refused_before_the_end():
    with pytest.raises(ValueError):
        bogey.result(bogey.new_game(1, 0))


# --- refusals -------------------------------------------------------------------------------

def test_illegal_actions_are_explained_and_change_nothing():
    s = bogey.new_game(1, 0, deck=stack("KS", "QS", "2H", "3H", "4H", "KD"))
    refused(s, "dance a jig", "not a Bogey action")
    refused(s, "play 9C to a new column", "9♣", "not in your hand")
    refused(s, "discard 9C", "not in your hand")
    refused(s, "play QS on column 2", "no column 2")
    refused(s, "place KS in a new column", "your turn")
    s = run(s, "end turn")
    refused(s, "end turn", "K♦", "place it first")
    refused(s, "play KS to a new column", "place it first")
    refused(s, "place QS in a new column", "K♦", "Q♠")


def test_apply_never_changes_its_input():
    s = bogey.new_game(1, 0, deck=stack("KS", "QS", "2H", "3H", "4H", "KD"))
    before = bogey.to_json(s)
    for text in ("play KS to a new column", "discard 2H", "end turn"):
        bogey.apply(s, text)
        assert bogey.to_json(s) == before


# --- options and saving ---------------------------------------------------------------------

def test_options_defaults_and_checks():
    s = bogey.new_game(1, 0)
    assert s.options == {"hand_size": 5, "target": "novice", "auto_place": True}
    assert bogey.view(bogey.new_game(1, 0, {"auto_place": False})).options["auto_place"] is False
    for bad in ({"hand_size": 3}, {"target": "master"}, {"colour": "red"}, {"auto_place": 1}):
        with pytest.raises(ValueError):
            bogey.new_game(1, 0, bad)
    with pytest.raises(ValueError):
        bogey.new_game(2, 0)
    with pytest.raises(ValueError, match="duplicate"):
        bogey.new_game(1, 0, deck=["KS"] * 52)


@pytest.mark.parametrize("field, value", [
    ("columns", [["5S", "9S"]]), ("columns", [["KS", "QH"]]), ("columns", [[]]),
    ("columns", [[["KS"]]]), ("hand", ["KS", "KS"]), ("phase", "dealer"), ("status", "won"),
    ("rng", -1), ("rng", "7"), ("revealed", True), ("acted", "no"), ("bogey_card", "KS"),
    ("options", {"hand_size": 6}), ("version", 99), ("game", "scoundrel"),
])
def test_from_json_refuses_damaged_states(field, value):
    data = bogey.to_json(bogey.new_game(1, 5))
    data[field] = value
    with pytest.raises(ValueError):
        bogey.from_json(data)


def test_from_json_refuses_too_many_columns():
    data = bogey.to_json(make_state(hand=("AS",), column_count=12))
    data["hand"], data["columns"] = [], data["columns"] + [["AS"]]
    with pytest.raises(ValueError):
        bogey.from_json(data)


# --- undo -----------------------------------------------------------------------------------

def test_undo_within_the_players_turn():
    session = Session("bogey", 1, 0, None, stack("KS", "QS", "2H", "3H", "4H", "KD", "5D"))
    session.apply("play KS to a new column")
    session.apply("discard 2H")
    assert session.undo() == "discard 2H"
    assert session.undo() == "play KS to a new column"
    assert session.state == bogey.new_game(1, 0, deck=session.deck)


def test_undo_refused_past_a_flip_or_a_draw():
    session = Session("bogey", 1, 0, None, stack("KS", "QS", "2H", "3H", "4H", "KD", "5D"))
    session.apply("play KS to a new column")
    session.apply("end turn")  # the bogey turns up the K♦
    assert not session.can_undo()
    with pytest.raises(IllegalAction, match="turned up"):
        session.undo()
    session.apply("place KD in a new column")  # the next turn draws the 5♦
    assert not session.can_undo()
    session.apply("discard 5D")
    assert session.can_undo() and session.undo() == "discard 5D"
    assert not session.can_undo()


def test_redo_within_the_turn_and_forgotten_after_a_new_move():
    session = Session("bogey", 1, 0, None, stack("KS", "QS", "2H", "3H", "4H", "KD", "5D"))
    session.apply("play KS to a new column")
    session.apply("discard 2H")
    played = session.state
    session.undo()
    session.undo()
    assert session.redo() == "play KS to a new column"
    assert session.redo() == "discard 2H" and session.state == played
    session.undo()
    session.apply("end turn")
    assert not session.can_redo() and not session.can_undo()
