"""Records of finished games, in <data>/records/<game>-<timestamp>-deal<seed>.json.

A record is a save's envelope (game, seed, options, deck, actions and state, plus the seats)
with the result; loading replays it and checks that the result still comes out the same.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.session import Session
from . import checks, jsonfile, paths
from .saves import envelope, now, open_envelope

FORMAT = "deckhand-record"
VERSION = 1


@dataclass
class Record:
    session: Session
    seats: list[dict[str, str]] | None
    result: dict[str, Any]
    finished_at: str


def folder() -> Path:
    return paths.data_dir() / "records"


def result_json(session: Session) -> dict[str, Any]:
    result = session.rules.result(session.state)
    return {"scores": list(result.scores), "winners": list(result.winners),
            "summary": result.summary}


def export(session: Session, seats: list[dict[str, str]] | None = None) -> Path:
    """Write the record of a finished game; returns where it went."""
    if not session.is_over():
        raise ValueError("only a finished game has a record")
    data = envelope(FORMAT, VERSION, session, seats)
    data.update(result=result_json(session), finished_at=now())
    stem = f"{session.game_id}-{time.strftime('%Y%m%d-%H%M%S')}-deal{session.seed}"
    target, n = folder() / f"{stem}.json", 1
    while target.exists():
        n += 1
        target = folder() / f"{stem}-{n}.json"
    jsonfile.write_atomic(target, data)
    return target


def listing() -> list[Path]:
    """Paths of the records kept, newest first."""
    try:
        found = [(p.stat().st_mtime, p.name, p) for p in folder().glob("*.json") if p.is_file()]
    except OSError:
        return []
    return [p for _, _, p in sorted(found, reverse=True)]


def load(path: Path) -> Record | None:
    """The record at `path`; raises jsonfile.BadFile (the file moved aside) if unusable."""
    def validate(data: Any) -> Record:
        session, seats = open_envelope(data, FORMAT, VERSION, "game record")
        if not session.is_over():
            raise ValueError("the record's game is not finished")
        if data.get("result") != result_json(session):
            raise ValueError("the record's result does not match its game")
        finished_at = checks.text(data.get("finished_at"), "the record's date")
        return Record(session, seats, data["result"], finished_at)
    return jsonfile.read(path, validate)
