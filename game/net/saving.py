"""The host's autosave of its online table, in the same place as every game's (game/store):
the seats keep their tokens, so after a crash the host resumes and every player re-joins."""
from __future__ import annotations

from ..store import results, saves
from .table import Table, TableError


def autosave(table: Table) -> None:
    """Keep the table's game; a finished game is counted in the host's statistics, as a game
    played at this computer is, and leaves no save to continue."""
    if not table.session.is_over():
        saves.save(table.session, table.seat_info(), table.save_token)
    elif not table.counted:
        table.counted = True
        players = [(s.name, "human" if s.kind == "human" else "computer") for s in table.seats]
        results.finish(table.session, table.seat_info(), players, table.save_token)


def is_online(saved) -> bool:
    """Whether a saved game (saves.Saved) was an online table."""
    seats = saved.seats or []
    return bool(seats) and all(isinstance(s, dict) and "table" in s for s in seats)


def resume(game_id: str) -> Table | None:
    """The online table saved for `game_id`, or None if there is none."""
    saved = saves.load(game_id)
    if saved is None or not is_online(saved):
        return None
    try:
        return Table.from_saved(saved)
    except TableError:
        return None
