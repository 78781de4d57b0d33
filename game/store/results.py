"""A finished game reaches the statistics exactly once, whatever instant Deckhand is stopped at.

At the final move (`finish`) the finished game is saved first, with the players its statistics
need, then counted in the statistics under the game's token, and only then is its save removed.
Stopped before the first step, the save holds the game one action short, and Continue takes it
up; stopped after it, `settle` (at the next start-up) counts the finished save unless the
statistics already hold its token, then removes it.
"""
from __future__ import annotations

import contextlib

from ..engine import games
from ..engine.session import Session
from . import jsonfile, saves, stats
from .stats import Players


def finish(session: Session, seats: list[dict[str, str]] | None, players: Players | None, token: str,
           seconds: float = 0.0) -> str | None:
    """Count a game that has just finished; returns a message for the player, if any.
    Raises OSError if the statistics can't be written (the finished save then stays, to be
    counted at the next start-up)."""
    with contextlib.suppress(OSError):  # still count it now; only a stop in the next instant could lose it
        saves.save(session, seats, token, players=players, seconds=seconds)
    message = count(session, players, token, seconds)
    saves.delete(session.game_id)
    return message


def count(session: Session, players: Players | None, token: str, seconds: float = 0.0) -> str | None:
    result = session.rules.result(session.state)
    effort = (round(seconds), len(session.actions)) if players is None else None  # solitaires
    return stats.record(session.game_id, session.options, result, players, session.seed, token,
                        effort)


def settle() -> list[tuple[str, str]]:
    """Count the finished games a stop left saved; returns (title, message) pairs to show."""
    messages = []
    for game_id in games.GAME_IDS:
        try:
            saved = saves.load_finished(game_id)
            if saved is None:
                continue
            if not saved.counted:
                message = count(saved.session, saved.players, saved.token, saved.seconds)
                if message:
                    messages.append(("Statistics", message))
            saves.delete(game_id)
        except jsonfile.BadFile as exc:
            messages.append(("Saved game put aside",
                             f"Your saved game could not be continued: {exc}"))
        except OSError:
            continue  # the data folder can't be used: start-up says so once
    return messages
