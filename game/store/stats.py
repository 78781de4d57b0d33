"""Statistics per game and per set of table options, kept in stats.json in the data folder.

A finished game is recorded with `record(game_id, options, result, players=None, seed=None)`.
`players` lists (name, kind) per seat, kind "human" or "computer", for tables of several seats:
then every seat's figures are also kept under its name, and the table's own figures follow the
first human seat. Without `players` the game is a solo game played by seat 0.

Each table (game + options) keeps tallies, not every game: played, won, streaks, scores, the
levels reached (a result whose details have a "level") and the last RECENT results.
"""
from __future__ import annotations

import json
import time

from . import jsonfile, paths

VERSION = 1
RECENT = 20
LOWER_IS_BETTER = {"bogey"}  # games scored by columns used: fewer is better
COUNTS = ("played", "won", "streak", "best_streak", "scored")


def path():
    return paths.data_dir() / "stats.json"


def option_key(options) -> str:
    return json.dumps(options or {}, sort_keys=True, separators=(",", ":"))


def empty() -> dict:
    return {"version": VERSION, "games": {}}


def _tally() -> dict:
    return {**{k: 0 for k in COUNTS}, "score_total": 0, "best_score": None}


def _better(game_id: str, a, b) -> bool:
    return a < b if game_id in LOWER_IS_BETTER else a > b


def score_of(result, seat: int):
    """The seat's score, or None when the game never reached a scoring finish
    (its details name a level, and it reached none: a lost Bogey)."""
    if "level" in result.details and result.details["level"] is None:
        return None
    return result.scores[seat] if seat < len(result.scores) else None


def _count(game_id: str, tally: dict, won: bool, score) -> None:
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


def add(data: dict, game_id: str, options, result, players=None, seed=None, when=None) -> dict:
    """Count one finished game into `data` (as loaded); returns the table's record."""
    tables = data["games"].setdefault(game_id, {})
    table = tables.setdefault(option_key(options), {
        "options": dict(options or {}), **_tally(), "levels": {}, "recent": [], "players": {}})
    humans = [i for i, (_, kind) in enumerate(players or ()) if kind == "human"]
    me = humans[0] if humans else 0
    won = me in result.winners
    score = score_of(result, me)
    _count(game_id, table, won, score)
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
    table["recent"] = (table["recent"] + [entry])[-RECENT:]
    return table


def figures(tally: dict) -> dict:
    """What a screen shows of a tally: the counts plus win rate and average score."""
    played, scored = tally["played"], tally["scored"]
    return {**tally, "rate": tally["won"] / played if played else None,
            "average": tally["score_total"] / scored if scored else None}


# -- the file ------------------------------------------------------------------------------
def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(f"statistics damaged: {what}")


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _check_tally(t, where: str) -> None:
    _need(isinstance(t, dict), where)
    _need(all(_is_int(t.get(k)) and t[k] >= 0 for k in COUNTS), f"{where} counts")
    _need(t["won"] <= t["played"] and t["scored"] <= t["played"], f"{where} counts")
    _need(_is_num(t.get("score_total")), f"{where} score total")
    _need(t.get("best_score") is None or _is_num(t["best_score"]), f"{where} best score")


def _validate(data) -> dict:
    _need(isinstance(data, dict), "not a JSON object")
    version = data.get("version")
    if not _is_int(version) or not 1 <= version <= VERSION:
        raise ValueError(f"unknown statistics version {version!r}")
    games = data.get("games")
    _need(isinstance(games, dict), "no games")
    for game_id, tables in games.items():
        _need(isinstance(tables, dict), game_id)
        for key, t in tables.items():
            where = f"{game_id} {key}"
            _check_tally(t, where)
            _need(isinstance(t.get("options"), dict), f"{where} options")
            levels = t.get("levels")
            _need(isinstance(levels, dict) and all(_is_int(n) for n in levels.values()),
                  f"{where} levels")
            recent = t.get("recent")
            _need(isinstance(recent, list) and all(
                isinstance(e, dict) and isinstance(e.get("won"), bool) and isinstance(e.get("date"), str)
                and (e.get("score") is None or _is_num(e["score"])) for e in recent), f"{where} recent")
            people = t.get("players")
            _need(isinstance(people, dict), f"{where} players")
            for name, person in people.items():
                _check_tally(person, f"{where} {name}")
                _need(isinstance(person.get("kind"), str), f"{where} {name}")
    return data


def load() -> tuple[dict, str | None]:
    """The saved statistics (or none yet) and a message if the file had to be put aside."""
    try:
        data = jsonfile.read(path(), _validate)
    except jsonfile.BadFile as exc:
        return empty(), f"Your statistics file was damaged, so Deckhand started it afresh. {exc}"
    return data or empty(), None


def save(data: dict) -> None:
    jsonfile.write_atomic(path(), data)


def record(game_id: str, options, result, players=None, seed=None) -> str | None:
    """Add a finished game to the file; returns a message if a damaged file was put aside.
    Raises OSError if the file cannot be written."""
    data, message = load()
    add(data, game_id, options, result, players, seed)
    save(data)
    return message
