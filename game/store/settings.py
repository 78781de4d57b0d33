"""The player's settings, kept in settings.json in the user's config folder."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from . import checks, jsonfile, paths

VERSION = 2  # 2 added card_set and more card backs; a version 1 file reads as it was
SPEEDS = ("slow", "normal", "fast", "instant")
BOT_PACES = ("slow", "normal", "fast")  # how long each computer move is shown


@dataclass
class Settings:
    animation_speed: str = "normal"
    bot_pace: str = "normal"
    fullscreen: bool = False
    four_colour: bool = False
    card_set: str = "classic"   # classic: drawn court figures; large_index: big corner indices
    card_back: str = "navy"
    table_colour: str = "green"
    sound_on: bool = True
    volume: int = 70  # percent
    confirm_new_deal: bool = True  # ask before giving up a game in progress for a new deal
    show_clock: bool = True  # the move counter and the clock on the solitaire tables
    show_tips: bool = True   # the line at the bottom of a table saying what can be done now
    # game id -> the options last dealt with
    table_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    player_names: list[str] = field(default_factory=list)   # names typed for human seats, latest first
    last_seats: list[list[str]] = field(default_factory=list)     # the last table dealt: [name, kind, level]

    def cycle_speed(self) -> str:
        self.animation_speed = SPEEDS[(SPEEDS.index(self.animation_speed) + 1) % len(SPEEDS)]
        return self.animation_speed


CARD_SETS = ("classic", "large_index")  # as game.ui.cardart.CARD_SETS and BACKS
CARD_BACKS = ("navy", "red", "blue_diamonds", "red_diamonds")
CHOICES = {"animation_speed": SPEEDS, "bot_pace": BOT_PACES, "card_back": CARD_BACKS,
           "card_set": CARD_SETS, "table_colour": ("green", "blue", "red", "grey")}
RANGES = {"volume": (0, 100)}
MAX_BYTES = 1_000_000  # a settings file is a few hundred bytes
NAMES_KEPT, NAME_LIMIT = 8, 14  # remembered player names, and the longest name
SEATS_KEPT = 8                  # the most seats of any table


def _validate(data: Any) -> Settings:
    if not isinstance(data, dict):
        raise ValueError("settings must be a JSON object")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= VERSION:
        raise ValueError(f"unknown settings version {version!r}")
    values = data.get("settings")
    if not isinstance(values, dict):
        raise ValueError("settings are missing")
    out = Settings()
    for f in fields(Settings):
        if f.name not in values:
            continue
        value = values[f.name]
        default = getattr(out, f.name)
        if type(value) is not type(default):
            raise ValueError(f"setting {f.name!r} has the wrong type")
        if f.name == "table_options":
            if len(value) > 100:
                raise ValueError("setting 'table_options' is damaged")
            for game_id, options in value.items():
                checks.text(game_id, "setting 'table_options'", checks.NAME)
                checks.options(options, "setting 'table_options'")
        if f.name == "player_names":
            if len(value) > NAMES_KEPT:
                raise ValueError("setting 'player_names' is damaged")
            for name in value:
                checks.text(name, "setting 'player_names'", NAME_LIMIT)
        if f.name == "last_seats":
            if len(value) > SEATS_KEPT:
                raise ValueError("setting 'last_seats' is damaged")
            for seat in value:
                if not (isinstance(seat, list) and len(seat) == 3
                        and seat[1] in ("human", "computer")):
                    raise ValueError("setting 'last_seats' is damaged")
                checks.text(seat[0], "setting 'last_seats'", NAME_LIMIT)
                checks.text(seat[2], "setting 'last_seats'", checks.NAME)
        if f.name in CHOICES and value not in CHOICES[f.name]:
            raise ValueError(f"setting {f.name!r} has an unknown value {value!r}")
        if f.name in RANGES and not RANGES[f.name][0] <= value <= RANGES[f.name][1]:
            raise ValueError(f"setting {f.name!r} is out of range: {value!r}")
        setattr(out, f.name, value)
    return out


def path() -> Path:
    return paths.config_dir() / "settings.json"


def load() -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a message if the file had to be put aside."""
    try:
        settings = jsonfile.read(path(), _validate, MAX_BYTES)
    except jsonfile.BadFile as exc:
        return Settings(), f"Your settings file was damaged, so Deckhand started with defaults. {exc}"
    except OSError as exc:  # the settings folder itself can't be used
        return Settings(), (f"Deckhand can't use its settings folder ({paths.problem(exc)}), so it "
                            "started with defaults and keeps your settings only until it closes.")
    return settings or Settings(), None


def save(settings: Settings) -> None:
    jsonfile.write_atomic(path(), {"version": VERSION, "settings": asdict(settings)})
