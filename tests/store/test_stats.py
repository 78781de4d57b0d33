"""Statistics: tallies per game, per table options and per player; the file and its repair."""
import json

import pytest

from game.engine.contract import Result
from game.store import stats

SCOUNDREL = {"weapon_rule": "at_most"}
BOGEY = {"hand_size": 5, "target": "novice", "auto_place": True}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))


def scoundrel(score):
    return Result((score,), (0,) if score > 0 else (), "")


def bogey(columns, level):
    return Result((columns,), (0,) if level else (), "", {"level": level, "met_target": bool(level)})


def test_streaks_scores_and_win_rate():
    data = stats.empty()
    for i, score in enumerate((5, 12, -30, 3, 8, 20, -4)):
        table = stats.add(data, "scoundrel", SCOUNDREL, scoundrel(score), seed=100 + i)
    f = stats.figures(table)
    assert (f["played"], f["won"], f["streak"], f["best_streak"]) == (7, 5, 0, 3)
    assert f["rate"] == pytest.approx(5 / 7)
    assert f["best_score"] == 20 and f["average"] == pytest.approx(14 / 7)
    assert [e["score"] for e in table["recent"]] == [5, 12, -30, 3, 8, 20, -4]
    assert table["recent"][0]["seed"] == 100 and table["recent"][-1]["won"] is False
    stats.add(data, "scoundrel", SCOUNDREL, scoundrel(1))
    assert table["streak"] == 1


def test_option_sets_are_kept_apart_and_recent_is_capped():
    data = stats.empty()
    for _ in range(25):
        stats.add(data, "scoundrel", SCOUNDREL, scoundrel(2))
    stats.add(data, "scoundrel", {"weapon_rule": "below"}, scoundrel(-3))
    tables = data["games"]["scoundrel"]
    assert len(tables) == 2
    main = tables[stats.option_key(SCOUNDREL)]
    assert main["played"] == 25 and len(main["recent"]) == stats.RECENT
    assert tables[stats.option_key({"weapon_rule": "below"})]["won"] == 0


def test_bogey_lower_is_better_levels_and_lost_games_have_no_score():
    data = stats.empty()
    for columns, level in ((11, "normal"), (9, "legendary"), (7, None), (11, "normal"), (10, "advanced")):
        table = stats.add(data, "bogey", BOGEY, bogey(columns, level))
    f = stats.figures(table)
    assert f["best_score"] == 9 and f["scored"] == 4 and f["average"] == pytest.approx(41 / 4)
    assert table["levels"] == {"normal": 2, "legendary": 1, "advanced": 1}
    assert table["recent"][2]["score"] is None and table["recent"][2]["level"] is None
    assert (f["streak"], f["best_streak"]) == (2, 2)


def test_pass_and_play_records_every_player_by_name():
    data = stats.empty()
    players = [("Ann", "human"), ("Computer 1", "computer"), ("Bo", "human")]
    stats.add(data, "scoundrel", {}, Result((3, 9, 1), (1,), ""), players)
    table = stats.add(data, "scoundrel", {}, Result((7, 2, 4), (0,), ""), players)
    people = table["players"]
    assert people["Ann"]["played"] == 2 and people["Ann"]["won"] == 1 and people["Ann"]["best_score"] == 7
    assert people["Computer 1"]["kind"] == "computer" and people["Computer 1"]["won"] == 1
    assert people["Bo"]["won"] == 0 and stats.figures(people["Bo"])["average"] == 2.5
    assert (table["played"], table["won"]) == (2, 1)  # the table follows the first human seat
    assert table["recent"][0]["winners"] == ["Computer 1"]


def test_record_writes_json_that_loads_back():
    assert stats.load() == (stats.empty(), None)
    assert stats.record("scoundrel", SCOUNDREL, scoundrel(4), seed=9) is None
    stats.record("bogey", BOGEY, bogey(12, "novice"), [("You", "human")], seed=3)
    data, message = stats.load()
    assert message is None
    assert json.loads(stats.path().read_text()) == data
    assert data["games"]["scoundrel"][stats.option_key(SCOUNDREL)]["best_score"] == 4
    assert data["games"]["bogey"][stats.option_key(BOGEY)]["players"]["You"]["played"] == 1


@pytest.mark.parametrize("text", [
    "not json", "[]", '{"version": 99, "games": {}}', '{"version": 1}',
    '{"version": 1, "games": {"scoundrel": {"{}": {"played": -1}}}}',
])
def test_bad_files_are_moved_aside(text):
    stats.path().write_text(text)
    data, message = stats.load()
    assert data == stats.empty() and "kept as stats.json.bad-" in message
    assert not stats.path().exists()
    assert list(stats.path().parent.glob("stats.json.bad-*"))


def test_damaged_tallies_are_refused():
    data = stats.empty()
    table = stats.add(data, "scoundrel", SCOUNDREL, scoundrel(4))
    for key, value in (("won", 5), ("best_score", "lots"), ("recent", [{"won": 1}]), ("levels", [])):
        broken = json.loads(json.dumps(data))
        broken["games"]["scoundrel"][stats.option_key(SCOUNDREL)][key] = value
        with pytest.raises(ValueError):
            stats._validate(broken)
    assert stats._validate(json.loads(json.dumps(data)))["games"]["scoundrel"]
    assert table["played"] == 1


def test_wins_keep_the_best_time_and_the_fewest_moves():
    data = stats.empty()
    table = stats.add(data, "scoundrel", SCOUNDREL, scoundrel(-3), effort=(30, 20))
    assert table.get("best_time") is None  # a loss sets no record
    stats.add(data, "scoundrel", SCOUNDREL, scoundrel(5), effort=(400, 60))
    stats.add(data, "scoundrel", SCOUNDREL, scoundrel(7), effort=(300, 70))
    stats.add(data, "scoundrel", SCOUNDREL, scoundrel(2), effort=(500, 55))
    assert (table["best_time"], table["fewest_moves"]) == (300, 55)
    stats.save(data)
    assert stats.load()[0]["games"]["scoundrel"] == data["games"]["scoundrel"]
    table["best_time"] = -1
    stats.save(data)
    assert stats.load()[1]  # damaged: put aside with a message


def test_lamarckian_extinctions_are_counted_per_player_and_checked_on_load():
    data = stats.empty()
    players = [("Ann", "human"), ("Computer 1", "computer"), ("Bo", "human")]
    stats.add(data, "lamarckian_poker", {}, Result((0, 1, 0), (1,), "", {"extinct": (0, 2)}),
              players)
    table = stats.add(data, "lamarckian_poker", {}, Result((1, 0, 0), (0,), "",
                                                          {"extinct": (2,)}), players)
    assert table["extinct"] == 1  # the table follows Ann
    assert [table["players"][n]["extinct"] for n in ("Ann", "Computer 1", "Bo")] == [1, 0, 2]
    assert stats._validate(json.loads(json.dumps(data)))
    old = json.loads(json.dumps(data))  # a file from before extinctions were counted
    for tally in [old["games"]["lamarckian_poker"]["{}"]] + list(
            old["games"]["lamarckian_poker"]["{}"]["players"].values()):
        del tally["extinct"]
    assert stats._validate(old)
    for bad in (-1, 3, "two", True):  # never more than the games played
        broken = json.loads(json.dumps(data))
        broken["games"]["lamarckian_poker"]["{}"]["players"]["Bo"]["extinct"] = bad
        with pytest.raises(ValueError):
            stats._validate(broken)


def test_the_deal_of_the_day_keeps_its_own_streak():
    from datetime import date
    data = stats.empty()
    day = date(2026, 11, 25)
    assert stats.add_daily(data, "bogey", day, True)["streak"] == 1
    assert stats.add_daily(data, "bogey", date(2026, 11, 26), True)["streak"] == 2
    assert stats.add_daily(data, "bogey", date(2026, 11, 26), False) is None  # once a day
    entry = stats.add_daily(data, "bogey", date(2026, 11, 28), True)  # a day missed
    assert entry["streak"] == 1 and entry["best_streak"] == 2
    assert stats.daily_streak(entry, date(2026, 11, 29)) == 1   # today's may still be played
    assert stats.daily_streak(entry, date(2026, 11, 30)) == 0   # a day went by unplayed
    entry = stats.add_daily(data, "bogey", date(2026, 11, 29), False)
    assert entry["streak"] == 0 and (entry["played"], entry["won"]) == (4, 3)
    assert "scoundrel" not in data["daily"]


def test_version_1_files_load_and_come_back_as_version_2(tmp_path, monkeypatch):
    from datetime import date
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path))
    old = {"version": 1, "games": {}, "counted": []}
    stats.path().parent.mkdir(parents=True, exist_ok=True)
    stats.path().write_text(json.dumps(old))
    data, message = stats.load()
    assert message is None and data["daily"] == {}
    stats.record_daily("scoundrel", date(2026, 11, 25), True)
    saved = json.loads(stats.path().read_text())
    assert saved["version"] == 2 and saved["daily"]["scoundrel"]["streak"] == 1
    for bad in ({"played": 1, "won": 2, "streak": 0, "best_streak": 0},
                {"played": 1, "won": 1, "streak": 1, "best_streak": 1, "last_day": "25/11/2026"}):
        stats.path().write_text(json.dumps({"version": 2, "games": {}, "daily": {"bogey": bad}}))
        data, message = stats.load()
        assert message and data["daily"] == {}
