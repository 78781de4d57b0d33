"""Deckhand: a desktop card table."""


def __getattr__(name: str):
    # `__version__` is read from pyproject.toml (game/version.py) when first asked for.
    if name == "__version__":
        from .version import read_version
        return read_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
