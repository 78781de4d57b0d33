"""What the store does each time Deckhand starts, before the menu reads anything."""
from __future__ import annotations

from . import jsonfile, paths, records, results, saves


def prepare() -> list[tuple[str, str]]:
    """Check the data folder, clear what killed writes left, count the finished games a stop
    left uncounted. Returns (title, message) pairs to show the player."""
    problem = paths.unusable(paths.data_dir)
    if problem:
        return [("Games can't be kept", f"Deckhand can't use its data folder ({problem}): "
                 "this time, games, statistics and records can't be kept.")]
    folders = [paths.data_dir(), saves.folder(), records.folder()]
    if not paths.unusable(paths.config_dir):
        folders.append(paths.config_dir())
    for folder in folders:
        jsonfile.clean_temporaries(folder)
    return results.settle()
