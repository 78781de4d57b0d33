"""The scene tests drive the app with the same real events as `--smoke`."""
from game.driver import FRAME, click, drag, frames, key, post, settle, to_window  # noqa: F401
