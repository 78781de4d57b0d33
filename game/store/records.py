"""Records of finished games, in <data>/records/<game>-<timestamp>-deal<seed>.json.

A record is a save's envelope (game, seed, options, deck, actions and state, plus the seats)
with the result; loading replays it and checks that the result still comes out the same.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.session import Session
from ..text import number, printable
from . import checks, jsonfile, paths
from .saves import envelope, now, open_envelope

FORMAT = "deckhand-record"
VERSION = 1
OUTCOME_BYTES = 4_000_000  # a record read only for the list's outcome column


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


def outcome(path: Path) -> tuple[str, bool]:
    """(words, won) for the list of records: "Won · score 12" for a solitaire, "Anna won" (won
    when a human did) for a table; ("", False) when the file can't tell. Read without replaying
    or moving the file: opening the record checks it in full."""
    try:
        data = json.loads(jsonfile.read_bytes(path, OUTCOME_BYTES))
        result = data["result"]
        scores, winners = list(result["scores"]), list(result["winners"])
        seats = data.get("seats")
        if not all(isinstance(w, int) and not isinstance(w, bool) for w in winners):
            return "", False
        if not isinstance(seats, list) or len(seats) < 2:
            won = 0 in winners
            score = scores[0] if scores and isinstance(scores[0], (int, float)) else None
            words = "Won" if won else "Lost"
            return words + (f" · score {number(score)}" if score is not None else ""), won
        names = [printable(str(seats[w].get("name", f"Player {w + 1}")), 14)
                 for w in winners if 0 <= w < len(seats) and isinstance(seats[w], dict)]
        if not names:
            return "", False
        human = any(seats[w].get("kind") == "human" for w in winners
                    if 0 <= w < len(seats) and isinstance(seats[w], dict))
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"{listed} won", human
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
        return "", False
