"""The deal of the day at the app's side: today's deals, and a finished one counted (once a
day) in the statistics with the line a player can share. engine/daily.py holds the rules."""
from __future__ import annotations

from datetime import date, datetime, time, timedelta

from ..engine import daily
from ..store import stats


def today() -> date:
    return date.today()


def seconds_to_tomorrow() -> float:
    """Until the next local midnight, when today's deals change."""
    now = datetime.now()
    return (datetime.combine(now.date() + timedelta(days=1), time.min) - now).total_seconds()


def pick_for(game_id: str):
    """How a game picks from its known winnable deals (Scoundrel's *Deals: winnable only*)."""
    if game_id == "scoundrel":
        from ..engine.scoundrel_solver import pick_winnable_deal
        return pick_winnable_deal
    return None


def todays_deal(game_id: str, day: date | None = None) -> int:
    return daily.deal(game_id, day or today(), pick_for(game_id))


def ready(game_id: str) -> None:
    """Load what telling today's deal takes (the first time: Python's SHA-256, Scoundrel's
    lists of winnable deals), so that `count` at a game's end finds it loaded."""
    todays_deal(game_id)


def start(app, game_id: str) -> None:
    app.start_game(game_id, todays_deal(game_id), daily.options(game_id))


def count(scene):
    """For a finished game that is today's deal of the day: (share line, streak, figures),
    counting it in the statistics if it is the day's first; None for any other game."""
    session, day = scene.session, today()
    if not daily.is_deal_of(scene.game_id, session.seed, session.options, day,
                            pick_for(scene.game_id)):
        return None
    result = session.rules.result(session.state)
    try:
        entry = stats.record_daily(scene.game_id, day, bool(result.winners))
    except OSError:
        entry = None
    if entry is None:  # counted earlier today (or not writable): show what is kept
        entry = stats.load()[0].get("daily", {}).get(scene.game_id)
    line = daily.share_line(scene.game_id, day, result, len(session.actions))
    return line, stats.daily_streak(entry, day), entry


def streak_today(data: dict, game_id: str) -> tuple:
    """(streak, whether today's deal is played) from loaded statistics."""
    entry = data.get("daily", {}).get(game_id)
    day = today()
    return stats.daily_streak(entry, day), bool(entry and entry.get("last_day") == day.isoformat())
