"""Statistics per game and per set of table options, kept in stats.json in the data folder.

A finished game is recorded with `record(game_id, options, result, players=None, seed=None)`.
`players` lists (name, kind) per seat, kind "human" or "computer", for tables of several seats:
then every seat's figures are also kept under its name, and the table's own figures follow the
first human seat. Without `players` the game is a solo game played by seat 0.

Each table (game + options) keeps tallies, not every game: played, won, streaks, scores, the
levels reached (a result whose details have a "level"), how often a seat went extinct (a result
whose details list the "extinct" seats; counted from the version that added it) and the last
RECENT results.

The deal of the day (engine/daily.py) keeps its own figures per game under "daily" (from
version 2; older files have none): days played and won, and the streak of days won in a row.
"""
from __future__ import annotations

import json
import time
from collections.abc import Sequence
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from ..engine.contract import Result
from ..engine.rng import MAX_SEED
from . import checks, jsonfile, paths

VERSION = 2  # 2: the deal of the day's figures
RECENT = 20
COUNTED = 100  # tokens of the latest games counted, so a game is never counted twice
LOWER_IS_BETTER = {"bogey"}  # games scored by columns used: fewer is better
COUNTS = ("played", "won", "streak", "best_streak", "scored")
EFFORT = ("best_time", "fewest_moves")  # a solitaire's fastest win (seconds) and shortest one
Stats = dict[str, Any]  # the file's JSON, checked by _validate
Players = Sequence[tuple[str, str]]  # (name, kind) per seat


def path() -> Path:
    return paths.data_dir() / "stats.json"


def option_key(options: dict[str, Any] | None) -> str:
    return json.dumps(options or {}, sort_keys=True, separators=(",", ":"))


def empty() -> Stats:
    return {"version": VERSION, "games": {}, "counted": [], "daily": {}}


def _tally() -> Stats:
    return {**{k: 0 for k in COUNTS}, "score_total": 0, "best_score": None}


def _better(game_id: str, a: float, b: float) -> bool:
    return a < b if game_id in LOWER_IS_BETTER else a > b


def score_of(result: Result, seat: int) -> int | None:
    """The seat's score, or None when the game never reached a scoring finish
    (its details name a level, and it reached none: a lost Bogey)."""
    if "level" in result.details and result.details["level"] is None:
        return None
    return int(result.scores[seat]) if seat < len(result.scores) else None


def _count(game_id: str, tally: Stats, won: bool, score: int | None) -> None:
    tally["played"] += 1
    tally["won"] += won
    tally["streak"] = tally["streak"] + 1 if won else 0
    tally["best_streak"] = max(tally["best_streak"], tally["streak"])
    if score is not None:
        tally["scored"] += 1
        tally["score_total"] += score
        best = tally["best_score"]
        if best is None or _better(game_id, score, best):
            tally["best_score"] = score


def add(data: Stats, game_id: str, options: dict[str, Any] | None, result: Result,
        players: Players | None = None, seed: int | None = None, when: float | None = None,
        effort: tuple[float, int] | None = None) -> Stats:
    """Count one finished game into `data` (as loaded); returns the table's record.
    `effort` (seconds, moves) of a solitaire is kept for wins: best time, fewest moves."""
    tables = data["games"].setdefault(game_id, {})
    table: Stats = tables.setdefault(option_key(options), {
        "options": dict(options or {}), **_tally(), "levels": {}, "recent": [], "players": {}})
    humans = [i for i, (_, kind) in enumerate(players or ()) if kind == "human"]
    me = humans[0] if humans else 0
    won = me in result.winners
    score = score_of(result, me)
    _count(game_id, table, won, score)
    if won and effort is not None:
        for key, value in zip(EFFORT, effort):
            table[key] = value if table.get(key) is None else min(table[key], value)
    extinct = result.details.get("extinct")  # seats that went extinct (Lamarckian Poker)
    if extinct is not None:
        table["extinct"] = table.get("extinct", 0) + (me in extinct)
    level = result.details.get("level")
    if level is not None:
        table["levels"][level] = table["levels"].get(level, 0) + 1
    entry = {"score": score, "won": won, "seed": seed, "level": level,
             "date": time.strftime("%Y-%m-%d %H:%M", time.localtime(when))}
    if players:
        entry["winners"] = [players[i][0] for i in result.winners if i < len(players)]
        for seat, (name, kind) in enumerate(players):
            person = table["players"].setdefault(name, {**_tally(), "kind": kind})
            person["kind"] = kind
            _count(game_id, person, seat in result.winners, score_of(result, seat))
            if extinct is not None:
                person["extinct"] = person.get("extinct", 0) + (seat in extinct)
    table["recent"] = (table["recent"] + [entry])[-RECENT:]
    return table


def add_daily(data: Stats, game_id: str, day: date, won: bool) -> Stats | None:
    """Count `day`'s deal of the day of `game_id` into `data`: only the first finish of a day
    counts. Returns the game's daily figures, or None when the day was counted already."""
    daily = data.setdefault("daily", {})
    entry: Stats = daily.setdefault(game_id, {"played": 0, "won": 0, "streak": 0, "best_streak": 0,
                                       "last_day": None, "last_won": None})
    if entry["last_day"] is not None and entry["last_day"] >= day.isoformat():
        return None
    entry["played"] += 1
    entry["last_day"] = day.isoformat()
    if won:
        yesterday = (day - timedelta(days=1)).isoformat()
        entry["streak"] = entry["streak"] + 1 if entry["last_won"] == yesterday else 1
        entry["best_streak"] = max(entry["best_streak"], entry["streak"])
        entry["won"] += 1
        entry["last_won"] = day.isoformat()
    else:
        entry["streak"] = 0
    return entry


def daily_streak(entry: Stats | None, today: date) -> int:
    """The days won in a row up to today (or yesterday: today's may still be played)."""
    if not entry or entry.get("last_won") is None:
        return 0
    fresh = (today.isoformat(), (today - timedelta(days=1)).isoformat())
    return entry["streak"] if entry["last_won"] in fresh else 0


def record_daily(game_id: str, day: date, won: bool) -> Stats | None:
    """Count a finished deal of the day in the file (see add_daily). Raises OSError if the
    file cannot be written."""
    data, _ = load()
    entry = add_daily(data, game_id, day, won)
    if entry is not None:
        save(data)
    return entry


def figures(tally: Stats) -> Stats:
    """What a screen shows of a tally: the counts plus win rate and average score."""
    played, scored = tally["played"], tally["scored"]
    return {**tally, "rate": tally["won"] / played if played else None,
            "average": tally["score_total"] / scored if scored else None}


# -- the file ------------------------------------------------------------------------------
# Every field is checked, numbers finite and in range, texts printable and short: a file that
# fails is set aside whole. What only grows is trimmed on load instead: the RECENT latest
# games, the MOST_PLAYERS and MOST_TABLES most played, the COUNTED latest tokens.
MOST_PLAYERS = 200
MOST_TABLES = 100
MOST_LEVELS = 50


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(f"statistics damaged: {what}")


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_tally(t: Any, where: str) -> None:
    _need(isinstance(t, dict), where)
    for k in COUNTS:
        checks.integer(t.get(k), f"statistics {where} {k}", 0, checks.COUNT)
    _need(t["won"] <= t["played"] and t["scored"] <= t["played"]
          and t["streak"] <= t["best_streak"] <= t["played"], f"{where} counts")
    checks.number(t.get("score_total"), f"statistics {where} score total",
                  checks.SCORE * max(1, t["scored"]))
    checks.optional(checks.number, t.get("best_score"), f"statistics {where} best score")
    for key in EFFORT:
        checks.optional(checks.integer, t.get(key), f"statistics {where} {key}", 0, checks.COUNT)
    checks.optional(checks.integer, t.get("extinct"), f"statistics {where} extinct", 0,
                    t["played"])


def _check_entry(e: Any, where: str) -> None:
    _need(isinstance(e, dict) and isinstance(e.get("won"), bool), f"{where} recent")
    checks.optional(checks.number, e.get("score"), f"statistics {where} recent score")
    checks.text(e.get("date"), f"statistics {where} recent date")
    checks.optional(checks.integer, e.get("seed"), f"statistics {where} recent deal", 0, MAX_SEED)
    checks.optional(checks.text, e.get("level"), f"statistics {where} recent level")
    winners = e.get("winners", [])
    _need(isinstance(winners, list) and len(winners) <= 16, f"{where} recent winners")
    for name in winners:
        checks.name(name, f"statistics {where} recent winner")


def _most_played(found: Stats, most: int) -> Stats:
    if len(found) <= most:
        return found
    return dict(sorted(found.items(), key=lambda item: -item[1]["played"])[:most])


def _check_table(t: Any, where: str) -> None:
    _check_tally(t, where)
    checks.options(t.get("options"), f"statistics {where} options")
    levels = t.get("levels")
    _need(isinstance(levels, dict) and len(levels) <= MOST_LEVELS, f"{where} levels")
    for name, count in levels.items():
        checks.text(name, f"statistics {where} level")
        checks.integer(count, f"statistics {where} level count", 0, checks.COUNT)
    recent = t.get("recent")
    _need(isinstance(recent, list), f"{where} recent")
    t["recent"] = recent = recent[-RECENT:]
    for e in recent:
        _check_entry(e, where)
    people = t.get("players")
    _need(isinstance(people, dict), f"{where} players")
    for name, person in people.items():
        checks.name(name, f"statistics {where} player")
        _check_tally(person, f"{where} player")
        _need(person.get("kind") in ("human", "computer"), f"{where} player kind")
    t["players"] = _most_played(people, MOST_PLAYERS)


def _check_daily(daily: Any) -> None:
    _need(isinstance(daily, dict) and len(daily) <= MOST_TABLES, "deal of the day")
    for game_id, entry in daily.items():
        checks.text(game_id, "statistics deal of the day game", checks.NAME)
        _need(isinstance(entry, dict), "a deal of the day")
        for k in ("played", "won", "streak", "best_streak"):
            checks.integer(entry.get(k), f"statistics deal of the day {k}", 0, checks.COUNT)
        _need(entry["won"] <= entry["played"] and entry["streak"] <= entry["best_streak"]
              <= entry["won"], "deal of the day counts")
        for k in ("last_day", "last_won"):
            day = entry.get(k)
            if day is not None:
                checks.text(day, f"statistics deal of the day {k}")
                try:
                    date.fromisoformat(day)
                except ValueError:
                    raise ValueError(f"statistics damaged: deal of the day {k}") from None


def _validate(data: Any) -> Stats:
    _need(isinstance(data, dict), "not a JSON object")
    version = data.get("version")
    if not _is_int(version) or not 1 <= version <= VERSION:
        raise ValueError(f"unknown statistics version {version!r:.40}")
    games = data.get("games")
    _need(isinstance(games, dict), "no games")
    for game_id, tables in games.items():
        checks.text(game_id, "statistics game", checks.NAME)
        _need(isinstance(tables, dict), "a game's tables")
        for key, t in tables.items():
            checks.text(key, "statistics table", 1000)
            _check_table(t, game_id)
        games[game_id] = _most_played(tables, MOST_TABLES)
    data.setdefault("daily", {})
    _check_daily(data["daily"])
    counted = data.get("counted", [])
    _need(isinstance(counted, list), "counted games")
    data["counted"] = counted = counted[-COUNTED:]
    for token in counted:
        checks.token(token, "statistics counted game")
    return dict(data)


def load() -> tuple[Stats, str | None]:
    """The saved statistics (or none yet) and a message if the file had to be put aside."""
    try:
        data = jsonfile.read(path(), _validate)
    except jsonfile.BadFile as exc:
        return empty(), f"Your statistics file was damaged, so Deckhand started it afresh. {exc}"
    except OSError as exc:  # the data folder itself can't be used
        return empty(), f"Deckhand can't read its statistics ({paths.problem(exc)})."
    return data or empty(), None


def save(data: Stats) -> None:
    data["version"] = VERSION  # an older file is written back in today's form
    jsonfile.write_atomic(path(), data, compact=True)


def record(game_id: str, options: dict[str, Any] | None, result: Result,
           players: Players | None = None, seed: int | None = None, token: str | None = None,
           effort: tuple[float, int] | None = None) -> str | None:
    """Add a finished game to the file; returns a message if a damaged file was put aside.
    A game's `token` is kept, so the same game is never counted twice.
    Raises OSError if the file cannot be written."""
    data, message = load()
    counted = data.setdefault("counted", [])
    if token is not None and token in counted:
        return message
    add(data, game_id, options, result, players, seed, effort=effort)
    if token is not None:
        data["counted"] = (counted + [token])[-COUNTED:]
    save(data)
    return message
