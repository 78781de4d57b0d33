"""The game in progress: one autosave per game id, in <data>/saves/<game>.json.

A save wraps `Session.to_json()` (game, options, seed, deck, actions, state) in a versioned
header, with room for what only the table knows (seat names and kinds). Loading replays the
actions through the rules, so nothing in a save is used before the rules have checked it.

Each game carries a token, so the statistics can tell whether they already hold its result,
and whether it was `counted` already (a finished game taken back by undo). A game is saved
once more when it finishes, with the `players` its statistics need, until they hold it
(see results.py); such a save is never continued.
"""
from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import games
from ..engine.rng import MAX_SEED
from ..engine.session import Session
from . import checks, jsonfile, later, paths

MOST_SECONDS = 10**7  # far beyond any game's clock
FORMAT = "deckhand-save"
VERSION = 1
SEAT_FIELDS = 8  # name, kind, level... per seat
Seats = list[dict[str, str]]  # one dict of texts per seat (name, kind...)


@dataclass
class Saved:
    session: Session
    seats: Seats | None
    saved_at: str
    token: str = ""
    counted: bool = False    # its result is in the statistics already
    players: list[tuple[str, str]] | None = None  # (name, kind) per seat, kept with a finished game
    seconds: float = 0.0     # time played on the clock so far


def new_token() -> str:
    """Sixteen random hex digits (os.urandom, as secrets.token_hex uses, without importing
    hmac and hashlib at start-up)."""
    return os.urandom(8).hex()


def folder() -> Path:
    return paths.data_dir() / "saves"


def path(game_id: str) -> Path:
    if game_id not in games.GAME_IDS:
        raise ValueError(f"unknown game {game_id!r}")
    return folder() / f"{game_id}.json"


def now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S")


def envelope(fmt: str, version: int, session: Session, seats: Seats | None) -> dict[str, Any]:
    return {"format": fmt, "version": version, "session": session.to_json(), "seats": seats}


def open_envelope(data: Any, fmt: str, version: int, what: str) -> tuple[Session, Seats | None]:
    """(Session, seats) from a dict made by `envelope`; raises ValueError on anything wrong."""
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise ValueError(f"it is not a Deckhand {what}")
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise ValueError(f"the {what} has no valid version number")
    if found > version:
        raise ValueError(f"the {what} was made by a newer Deckhand (version {found})")
    try:
        session = Session.from_json(data.get("session"))
    except (ValueError, RecursionError):
        raise
    except Exception as exc:  # noqa: BLE001 - a rules module missed a case: still only a bad file
        raise ValueError(f"the {what} is damaged ({type(exc).__name__})") from exc
    checks.integer(session.seed, f"the {what}'s deal number", 0, MAX_SEED)
    return session, check_seats(data.get("seats"), session.seats)


def check_seats(seats: Any, count: int) -> Seats | None:
    if seats is None:
        return None
    if (not isinstance(seats, list) or len(seats) != count
            or not all(isinstance(seat, dict) and len(seat) <= SEAT_FIELDS for seat in seats)):
        raise ValueError("the seats are damaged")
    for seat in seats:
        for key, value in seat.items():
            checks.text(key, "a seat", checks.NAME)
            (checks.name if key == "name" else checks.text)(value, f"a seat's {key}")
    return list(seats)


def check_players(players: Any, count: int) -> list[tuple[str, str]] | None:
    """(name, kind) per seat, as the statistics take them, or None for a solo game."""
    if players is None:
        return None
    if not isinstance(players, list) or len(players) != count:
        raise ValueError("the players are damaged")
    out = []
    for pair in players:
        if not isinstance(pair, list) or len(pair) != 2 or pair[1] not in ("human", "computer"):
            raise ValueError("the players are damaged")
        out.append((checks.name(pair[0], "a player's name"), pair[1]))
    return out


def save(session: Session, seats: Seats | None = None, token: str = "", counted: bool = False,
         players: Sequence[tuple[str, str]] | None = None, seconds: float = 0.0,
         soon: bool = False) -> None:
    """Keep `session`; a finished one also keeps `players` until its statistics are written.
    `soon`: written on the saving thread (store/later.py), not before this returns."""
    data = envelope(FORMAT, VERSION, session, seats)
    data.update(saved_at=now(), token=token or new_token(), counted=counted,
                finished=session.is_over(), seconds=round(float(seconds), 1))
    if session.is_over():
        data["players"] = [list(p) for p in players] if players is not None else None
    text, where = jsonfile.encode(data, compact=True), path(session.game_id)
    if soon:
        later.write(where, text)
    else:
        later.settle(where)  # a write waiting would otherwise land over this one
        jsonfile.write_text_atomic(where, text)


def _saved(data: Any, game_id: str) -> Saved:
    session, seats = open_envelope(data, FORMAT, VERSION, "saved game")
    if session.game_id != game_id:
        raise ValueError(f"it holds a game of {session.rules.TITLE}, "
                         f"not {games.get(game_id).TITLE}")
    saved_at = checks.text(data.get("saved_at"), "the saved game's date")
    token = checks.token(data.get("token", new_token()),  # saves from before tokens: a new one
                         "the saved game's token")
    counted = data.get("counted", False)
    if not isinstance(counted, bool):
        raise ValueError("the saved game's counted mark is damaged")
    if data.get("finished", session.is_over()) is not session.is_over():
        raise ValueError("the saved game's finished mark does not match its game")
    players = check_players(data.get("players"), session.seats) if session.is_over() else None
    seconds = data.get("seconds", 0.0)
    if not isinstance(seconds, float) or not 0 <= seconds <= MOST_SECONDS:  # NaN fails too
        raise ValueError("the saved game's clock is damaged")
    return Saved(session, seats, saved_at, token, counted, players, seconds)


def load(game_id: str) -> Saved | None:
    """The saved game to continue, or None; raises jsonfile.BadFile (the file moved aside) if
    unusable. A finished game waiting for its statistics is no game to continue: None."""
    later.settle(path(game_id))
    saved = jsonfile.read(path(game_id), lambda data: _saved(data, game_id))
    return None if saved is None or saved.session.is_over() else saved


def load_finished(game_id: str) -> Saved | None:
    """The saved game if it is finished (waiting for its statistics), else None. Only such a
    save is replayed: any other is only parsed, so this is cheap enough for every start-up."""
    def validate(data: Any) -> Saved | None:
        if isinstance(data, dict) and data.get("finished") is True:
            return _saved(data, game_id)
        return None
    later.settle(path(game_id))
    return jsonfile.read(path(game_id), validate)


def settle() -> None:
    """Wait until every save written `soon` is on disk."""
    later.settle()


def has_save(game_id: str) -> bool:
    later.settle(path(game_id))
    return path(game_id).exists()


def delete(game_id: str) -> None:
    later.drop(path(game_id))
    path(game_id).unlink(missing_ok=True)
