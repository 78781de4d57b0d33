"""The rules engine: pure Python, never imports pygame.

Every game module exposes the same contract (see docs/engine.md); `games.get(id)`
returns it.
"""
from .errors import IllegalAction

__all__ = ["IllegalAction"]
