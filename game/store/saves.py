"""The game in progress: one autosave per game id, in <data>/saves/<game>.json.

A save wraps `Session.to_json()` (game, options, seed, deck, actions, state) in a versioned
header, with room for what only the table knows (seat names and kinds). Loading replays the
actions through the rules, so nothing in a save is used before the rules have checked it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from ..engine import games
from ..engine.session import Session
from . import jsonfile, paths

FORMAT = "deckhand-save"
VERSION = 1


@dataclass
class Saved:
    session: Session
    seats: list | None   # one dict of texts per seat (name, kind...), or None
    saved_at: str


def folder() -> Path:
    return paths.data_dir() / "saves"


def path(game_id: str) -> Path:
    if game_id not in games.GAME_IDS:
        raise ValueError(f"unknown game {game_id!r}")
    return folder() / f"{game_id}.json"


def now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S")


def envelope(fmt: str, version: int, session: Session, seats) -> dict:
    return {"format": fmt, "version": version, "session": session.to_json(), "seats": seats}


def open_envelope(data, fmt: str, version: int, what: str) -> tuple:
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
    return session, check_seats(data.get("seats"), session.seats)


def check_seats(seats, count: int):
    if seats is None:
        return None
    if (not isinstance(seats, list) or len(seats) != count
            or not all(isinstance(seat, dict) for seat in seats)
            or not all(isinstance(k, str) and isinstance(v, str)
                       for seat in seats for k, v in seat.items())):
        raise ValueError("the seats are damaged")
    return seats


def save(session: Session, seats=None) -> None:
    data = envelope(FORMAT, VERSION, session, seats)
    data["saved_at"] = now()
    jsonfile.write_atomic(path(session.game_id), data)


def load(game_id: str) -> Saved | None:
    """The saved game, or None; raises jsonfile.BadFile (the file moved aside) if unusable."""
    def validate(data) -> Saved:
        session, seats = open_envelope(data, FORMAT, VERSION, "saved game")
        if session.game_id != game_id:
            raise ValueError(f"it holds a game of {session.rules.TITLE}, "
                             f"not {games.get(game_id).TITLE}")
        saved_at = data.get("saved_at")
        if not isinstance(saved_at, str):
            raise ValueError("the saved game has no valid date")
        return Saved(session, seats, saved_at)
    return jsonfile.read(path(game_id), validate)


def has_save(game_id: str) -> bool:
    return path(game_id).exists()


def delete(game_id: str) -> None:
    path(game_id).unlink(missing_ok=True)
