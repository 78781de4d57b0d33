"""Saved games: a round trip, and every kind of bad file put aside with a clear BadFile."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import games
from game.engine.session import Session
from game.scenes.registry import playable
from game.store import records, saves
from game.store.jsonfile import BadFile

from .fuzz import nested, wrong_types

GAMES = playable()  # the games that can be saved: those with a table


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))
    return tmp_path


def played(game_id, moves=10, seed=7, to_the_end=False):
    rules = games.get(game_id)
    session = Session(game_id, rules.SEATS[0], seed)
    rnd = random.Random(seed)
    while not session.is_over() and (to_the_end or len(session.actions) < moves):
        session.apply(rnd.choice(session.legal_actions()))
    return session


def saved_data(game_id, seats=None):
    saves.save(played(game_id), seats)
    return json.loads(saves.path(game_id).read_text(encoding="utf-8"))


def write(game_id, content) -> None:
    path = saves.path(game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content),
                        encoding="utf-8")


def assert_bad(game_id, why=""):
    """Loading gives BadFile, nothing else, and the file is kept aside under a .bad- name."""
    path = saves.path(game_id)
    with pytest.raises(BadFile) as caught:
        saves.load(game_id)
    assert not path.exists(), why
    moved = caught.value.moved_to
    assert moved.exists() and moved.name.startswith(path.name + ".bad-"), why
    assert len(str(caught.value)) < 400
    moved.unlink()  # keeps the folder small for the many cases that follow
    return caught.value


@pytest.mark.parametrize("game_id", GAMES)
def test_round_trip_has_delete(game_id):
    session = played(game_id)
    assert not saves.has_save(game_id) and saves.load(game_id) is None
    seats = [{"name": f"Seat {i}", "kind": "human"} for i in range(session.seats)]
    saves.save(session, seats)
    assert saves.has_save(game_id)
    loaded = saves.load(game_id)
    assert loaded.session.actions == session.actions and loaded.session.state == session.state
    assert loaded.session.options == session.options and loaded.seats == seats
    data = json.loads(saves.path(game_id).read_text())
    assert (data["format"], data["version"]) == ("deckhand-save", 1)
    saves.delete(game_id)
    assert not saves.has_save(game_id)
    saves.delete(game_id)  # deleting what is not there is fine


def test_saving_leaves_no_temporary_files(home):
    saves.save(played(GAMES[0]))
    saves.save(played(GAMES[0], moves=3))
    assert [p.name for p in saves.folder().iterdir()] == [f"{GAMES[0]}.json"]


@pytest.mark.parametrize("content", [
    "", "garbage", "{", "[]", "null", "42", '"text"', "{}", '{"format": "deckhand-save"}',
    b"\xff\xfe\x00\x01", b"\x00" * 64, "{\"a\": NaN}", "[" * 100_000 + "]" * 100_000,
])
def test_garbage(content):
    write(GAMES[0], content)
    assert_bad(GAMES[0], repr(content)[:40])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=3000))
def test_random_bytes(content):
    write(GAMES[0], content)
    assert_bad(GAMES[0])


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(st.text(max_size=10), inner, max_size=5), max_leaves=30)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(JSON)
def test_random_json(value):
    write(GAMES[0], value)
    assert_bad(GAMES[0])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(["format", "version", "session", "seats", "saved_at"]),
                       JSON, max_size=5))
def test_random_header_values(changes):
    """Some are fine (any text as the date, a seat without a name): never anything but BadFile."""
    data = saved_data(GAMES[0])
    data.update(changes)
    write(GAMES[0], data)
    try:
        saves.load(GAMES[0])
    except BadFile as exc:
        assert not saves.path(GAMES[0]).exists()
        exc.moved_to.unlink()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_prefix_of_a_valid_save(game_id):
    saved_data(game_id)
    raw = saves.path(game_id).read_bytes()
    for end in range(len(raw)):
        write(game_id, raw[:end])
        assert_bad(game_id, f"prefix of {end} bytes")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_wrong_type_in_every_field(game_id):
    count = games.get(game_id).SEATS[0]
    data = saved_data(game_id, [{"name": "Ann", "kind": "human"}] * count)
    cases = 0
    for path, spoiled in wrong_types(data):
        if path == ("seats",) and spoiled["seats"] is None:
            continue  # a table that keeps no seat names saves null
        write(game_id, spoiled)
        assert_bad(game_id, f"{path} = {spoiled if not path else '…'}")
        cases += 1
    assert cases > 200


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_session_from_json_raises_only_value_error(game_id):
    """The engine's own promise, which saves.load does not rely on (it puts any failure aside)."""
    data = played(game_id).to_json()
    for _path, spoiled in wrong_types(data):
        with pytest.raises(ValueError):
            Session.from_json(spoiled)


@pytest.mark.parametrize("change", [
    lambda d: d["session"]["actions"].append("avoid room twice"),
    lambda d: d["session"]["actions"].pop(0),
    lambda d: d["session"].update(seed=d["session"]["seed"] + 1),
    lambda d: d["session"].update(seed=-5),
    lambda d: d["session"].update(seed=10 ** 40),
    lambda d: d["session"].update(seats=99),
    lambda d: d["session"].update(game="no_such_game"),
    lambda d: d["session"].update(game="pirate_rummy"),  # known, not written yet
    lambda d: d["session"]["options"].update(house_rule="yes"),
    lambda d: d["session"].update(deck=["AS"] * 52),
    lambda d: d["session"]["state"].update(seed=123),
    lambda d: d["session"]["state"].update(version=99),
    lambda d: d.update(seats=[{"name": "Ann"}] * 50),
    lambda d: d.update(seats=[{"name": ["Ann"]}]),
])
def test_hand_edited(change):
    data = saved_data(GAMES[0])
    change(data)
    write(GAMES[0], data)
    assert_bad(GAMES[0])


def test_a_save_of_another_game():
    first, second = GAMES[:2]
    data = saved_data(second)
    write(first, data)
    error = assert_bad(first)
    assert games.get(second).TITLE in str(error)


def test_newer_versions():
    data = saved_data(GAMES[0])
    write(GAMES[0], dict(data, version=2))
    assert "newer Deckhand" in str(assert_bad(GAMES[0]))
    data["session"]["version"] = 2
    write(GAMES[0], data)
    assert "newer Deckhand" in str(assert_bad(GAMES[0]))


def test_deeply_nested_json():
    data = saved_data(GAMES[0])
    for depth in (900, 50_000):
        for where in ("session", "seats", "saved_at"):
            write(GAMES[0], json.dumps(dict(data, **{where: "NEST"})).replace('"NEST"', nested(depth)))
            assert_bad(GAMES[0], where)
        data["session"]["options"] = {"weapon_rule": "NEST"}
        write(GAMES[0], json.dumps(data).replace('"NEST"', nested(depth)))
        assert_bad(GAMES[0])
        write(GAMES[0], nested(depth))
        assert_bad(GAMES[0])


def test_huge_values_give_short_messages():
    data = saved_data(GAMES[0])
    data["session"]["options"] = {"x" * 100_000: 1}
    write(GAMES[0], data)
    assert len(str(assert_bad(GAMES[0]))) < 400


# -- records -----------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_record_round_trip(game_id):
    session = played(game_id, to_the_end=True)
    path = records.export(session)
    assert path.parent == records.folder()
    assert path.name.startswith(f"{game_id}-") and path.name.endswith(f"-deal{session.seed}.json")
    record = records.load(path)
    assert record.session.actions == session.actions and record.session.is_over()
    assert record.result["summary"] == session.rules.result(session.state).summary
    assert records.listing() == [path]


def test_record_of_an_unfinished_game_is_refused():
    with pytest.raises(ValueError):
        records.export(played(GAMES[0], moves=1))


def test_bad_records_are_put_aside():
    session = played(GAMES[0], to_the_end=True)
    path = records.export(session)
    data = json.loads(path.read_text())
    for path_in, spoiled in wrong_types(data):
        path.write_text(json.dumps(spoiled))
        with pytest.raises(BadFile) as caught:
            records.load(path)
        assert not path.exists(), path_in
        caught.value.moved_to.unlink()
    data["result"]["summary"] = "You won everything."
    path.write_text(json.dumps(data))
    with pytest.raises(BadFile):
        records.load(path)
    assert records.listing() == []
