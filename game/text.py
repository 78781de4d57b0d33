"""Text that came from outside the program (files, file names, flags), made safe to keep and
to show: printable characters only, of bounded length.

`is_clean` is the test the store applies to every string it loads; `printable` is the one
sanitiser every drawn text goes through, so a string that slipped past can't crash a screen
(the font refuses NUL and lone surrogates) nor make a surface as wide as a megabyte of text.
"""
from __future__ import annotations

LONGEST_SHOWN = 400       # characters of one drawn line
REPLACEMENT = "\ufffd"    # drawn as a box in DejaVu


def is_clean(value, longest: int) -> bool:
    """Whether `value` is a string of at most `longest` printable characters."""
    return isinstance(value, str) and len(value) <= longest and value.isprintable()


def printable(text, longest: int = LONGEST_SHOWN) -> str:
    """`text` with every character that can't be drawn replaced, cut to `longest`."""
    text = text if isinstance(text, str) else str(text)
    if len(text) <= longest and text.isprintable():
        return text  # the usual case, at C speed
    if len(text) > longest:
        text = text[:longest - 1] + "…"
    return "".join(c if c.isprintable() else REPLACEMENT for c in text)
