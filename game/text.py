"""Text that came from outside the program (files, file names, flags), made safe to keep and
to show: no control characters, no lone surrogates, a bounded length.

`is_clean` is the test the store applies to every string it loads; `printable` is the one
sanitiser every drawn text goes through, so a string that slipped past can't crash a screen
(the font refuses NUL and lone surrogates) nor make a surface as wide as a megabyte of text.
Other characters a font may lack (spaces of every width, marks, private use) stay: at worst
they are drawn as a box.
"""
from __future__ import annotations

import unicodedata

LONGEST_SHOWN = 400       # characters of one drawn line
REPLACEMENT = "\ufffd"    # drawn as a box in DejaVu
UNSAFE = {"Cc", "Cs", "Zl", "Zp"}  # controls (NUL, escapes, breaks), lone surrogates


def safe_char(c: str) -> bool:
    return c.isprintable() or unicodedata.category(c) not in UNSAFE


def safe(text: str) -> bool:
    return text.isprintable() or all(map(safe_char, text))  # the first test at C speed


def is_clean(value, longest: int) -> bool:
    """Whether `value` is a string of at most `longest` characters, all safe to draw."""
    return isinstance(value, str) and len(value) <= longest and safe(value)


def number(value, places=1) -> str:
    """A number as a person reads it: a real minus sign, not a hyphen; a dash for none."""
    if value is None:
        return "\u2013"
    text = f"{value:.{places}f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)
    return text.replace("-", "\u2212")


def printable(text, longest: int = LONGEST_SHOWN) -> str:
    """`text` with every character that can't be drawn replaced, cut to `longest`."""
    text = text if isinstance(text, str) else str(text)
    if len(text) <= longest and safe(text):
        return text
    if len(text) > longest:
        text = text[:longest - 1] + "…"
    return "".join(c if safe_char(c) else REPLACEMENT for c in text)
