"""The seat this computer last took at an online table, kept so a player whose Deckhand
stopped (a crash, a closed window) can re-join it: the table, the host's address and the
seat's token, in <data>/online-seat.json. The token proves the seat is theirs, as a key
would: it is kept only here, on this computer."""
from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import checks, jsonfile, paths

FORMAT = "deckhand-online-seat"
VERSION = 1


@dataclass
class KeptSeat:
    url: str
    table: str
    token: str
    title: str    # the game's name, to say where the seat is


def path() -> Path:
    return paths.data_dir() / "online-seat.json"


def keep(seat: KeptSeat) -> None:
    jsonfile.write_atomic(path(), {"format": FORMAT, "version": VERSION, "url": seat.url,
                                   "table": seat.table, "token": seat.token,
                                   "title": seat.title})


def _check(data: Any) -> KeptSeat:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("it is not a Deckhand online seat")
    version = checks.integer(data.get("version"), "the seat's version", 1, 10**6)
    if version > VERSION:
        raise ValueError("the seat was kept by a newer Deckhand")
    url = checks.text(data.get("url"), "the host's address", 200)
    if not url.startswith(("ws://", "wss://")):
        raise ValueError("the host's address is damaged")
    return KeptSeat(url, checks.text(data.get("table"), "the table", 64),
                    checks.text(data.get("token"), "the seat's token", 64),
                    checks.text(data.get("title"), "the game", 64))


def kept() -> KeptSeat | None:
    """The kept seat, or None (also when the file is unusable: it is moved aside)."""
    try:
        return jsonfile.read(path(), _check)
    except (jsonfile.BadFile, OSError):
        return None


def forget() -> None:
    with contextlib.suppress(OSError):
        path().unlink(missing_ok=True)
