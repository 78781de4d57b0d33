"""A hand of cards laid out in its zone: one row across the zone's width, or, where the zone is
tall enough and one row would overlap, several rows (each row's top, with the card's index,
left showing), whichever shows clearly more of every card."""
from __future__ import annotations

from math import ceil

SHOWN_HEIGHT = 0.45  # the least part of a card's height a row leaves showing above the next
ROW_GAP = 10
BETTER = 0.15  # another row only if it shows this much more of each card


def hand_rows(zone, count: int, card, gap: float = 18) -> list:
    """Top-left corners of `count` cards of size `card` in `zone` (x, y, w, h), in order:
    left to right, row by row from the top; each row centred, at most `gap` apart."""
    if count <= 0:
        return []
    x, y, w, h = zone
    cw, ch = card
    most = 1 if h < ch else 1 + int((h - ch) / (ch * SHOWN_HEIGHT))
    best = None
    for tried in range(1, min(most, count) + 1):
        per_row = ceil(count / tried)
        rows = ceil(count / per_row)  # 9 cards in 4 rows of 3 take 3 rows
        step = cw + gap if per_row < 2 else min(cw + gap, (w - cw) / (per_row - 1))
        drop = 0.0 if rows < 2 else min(ch + ROW_GAP, (h - ch) / (rows - 1))
        shown = min(1.0, step / cw) * (1.0 if rows < 2 else min(1.0, drop / ch))
        if best is None or shown > best[0] + BETTER:
            best = (shown, rows, per_row, step, drop)
    assert best is not None  # one row at least was tried
    _, rows, per_row, step, drop = best
    out = []
    for r in range(rows):
        n = min(per_row, count - r * per_row)
        if n <= 0:
            break
        x0 = x + (w - cw - (n - 1) * step) / 2
        out += [(x0 + i * step, y + r * drop) for i in range(n)]
    return out
