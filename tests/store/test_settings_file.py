"""A damaged settings file: defaults, a message, and the file kept aside; never an exception."""
import json

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from game.store import settings
from game.store.jsonfile import BadFile, read

from .fuzz import nested, wrong_types


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))
    return tmp_path


def valid_data() -> dict:
    settings.save(settings.Settings())
    return json.loads(settings.path().read_text(encoding="utf-8"))


def write(content) -> None:
    path = settings.path()
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content),
                        encoding="utf-8")


def assert_bad(why=""):
    """load() falls back to defaults with a message; the file is kept aside under a .bad- name."""
    path = settings.path()
    with pytest.raises(BadFile) as caught:
        read(path, settings._validate)
    assert not path.exists(), why
    assert caught.value.moved_to.name.startswith("settings.json.bad-")
    caught.value.moved_to.rename(path)
    loaded, message = settings.load()
    assert loaded == settings.Settings() and "damaged" in message and ".bad-" in message, why
    assert not path.exists(), why
    for moved in path.parent.glob("settings.json.bad-*"):
        moved.unlink()


def test_round_trip_and_no_file():
    assert settings.load() == (settings.Settings(), None)
    changed = settings.Settings(animation_speed="fast", table_options={"scoundrel": {"weapon_rule": "below"}})
    settings.save(changed)
    assert settings.load() == (changed, None)


def test_a_version_1_file_still_loads_and_gets_the_default_card_set():
    old = {"version": 1, "settings": {"animation_speed": "fast", "four_colour": True,
                                      "card_back": "red", "table_colour": "blue"}}
    write(old)
    loaded, message = settings.load()
    assert message is None
    assert (loaded.animation_speed, loaded.four_colour, loaded.card_back) == ("fast", True, "red")
    assert loaded.card_set == "classic"


def test_card_set_and_back_round_trip_and_unknown_ones_are_refused():
    chosen = settings.Settings(card_set="large_index", card_back="blue_diamonds")
    settings.save(chosen)
    assert settings.load() == (chosen, None)
    assert json.loads(settings.path().read_text(encoding="utf-8"))["version"] == settings.VERSION
    for field, value in (("card_set", "tarot"), ("card_back", "tartan")):
        write({"version": settings.VERSION, "settings": {field: value}})
        assert_bad(field)


@pytest.mark.parametrize("content", [
    "", "garbage", "{", "[]", "null", "42", "{}", b"\xff\xfe\x00", "[" * 100_000 + "]" * 100_000,
    {"version": 1}, {"version": 1, "settings": []},
    {"version": 1, "settings": {"table_options": {"scoundrel": {"weapon_rule": ["deep"]}}}},
])
def test_garbage(content):
    write(content)
    assert_bad(repr(content)[:40])


@hypothesis_settings(max_examples=100, deadline=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=2000))
def test_random_bytes(content):
    write(content)
    assert_bad()


def test_every_prefix_of_a_valid_file():
    valid_data()
    raw = settings.path().read_bytes()
    for end in range(len(raw)):
        write(raw[:end])
        assert_bad(f"prefix of {end} bytes")


def test_wrong_type_in_every_field():
    for path, spoiled in wrong_types(valid_data()):
        write(spoiled)
        assert_bad(str(path))


def test_newer_version():
    write(dict(valid_data(), version=settings.VERSION + 1))
    assert_bad()


def test_deeply_nested():
    for depth in (900, 50_000):
        write(nested(depth))
        assert_bad()
        text = json.dumps(dict(valid_data(), settings={"table_options": {"scoundrel": "NEST"}}))
        write(text.replace('"NEST"', nested(depth)))
        assert_bad()
