"""The leak scanner the network tests rely on finds a leak when there is one."""
import json

from game.net import codec
from tests.net.harness import leaks, new_table


def update(table, seat, view) -> str:
    return json.dumps({"type": "update", "seq": table.seq, "seat": seat, "view": codec.encode(view)})


def test_the_scanner_passes_a_seats_own_view_and_catches_another_seats_cards():
    table = new_table("abandon_ship")
    own = update(table, 0, table.session.view(0))
    assert leaks(table, [own], 0) == []
    theirs = update(table, 0, table.session.view(1))
    found = leaks(table, [theirs], 0)
    assert found and set(found[0][1]) == set(table.session.view(1).hand)
    assert leaks(table, [update(table, None, table.session.view(2))], None)


def test_the_scanner_catches_the_seed_and_the_state():
    table = new_table("doubloons")
    raw = json.dumps({"type": "welcome", "note": f"deal {table.session.seed}"})
    assert leaks(table, [raw], 0) == [("secret number", str(table.session.seed))]
    state = json.dumps({"type": "update", "seq": 0, "view": table.rules.to_json(table.session.state)})
    assert leaks(table, [state], 0)
