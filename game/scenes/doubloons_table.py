"""Where the cards of the Doubloons table lie at any window shape (logical pixels).

The map (assets/layouts/doubloons.tmx) gives the places; these functions size the cards in
them by the room each place has: at the design size they are the map's sizes, and where a
window gives a place more room (a tall window's hand, a table of two's middle row) its cards
grow, up to `MOST` times, instead of leaving the room empty.
"""
from __future__ import annotations

import math

ASPECT = 84 / 118   # a card's width to its height
MOST = 1.6          # the most a card grows, times its design size
MARKET = ("pirate_deck", "row0", "row1", "row2", "row3", "row4", "deck", "discard")
MARKET_GAPS = (12, 8, 8, 8, 8, 22, 8)  # after each card of the middle row, at the design size
GAPS_GROW = 3       # on a wide table the row's gaps grow up to this many times, then it centres
TOP_SEATS = ("opp3", "opp4", "opp5")
SIDE_SEATS = (("opp1", "opp2"), ("opp6", "opp7"))  # left, right
HAND_GAP = 10       # between two hand cards side by side (and two rows)
SEAT_GAP = 22       # between the seats above and the middle row (the piles' thickness, a gap)
SIDE_GAP = 14       # between a seat beside the middle row and its first or last card


def card(width: float, height: float, most: float) -> tuple:
    """The largest card (w, h) of the table's shape in width x height, at most `most` high."""
    h = max(1.0, min(height, width / ASPECT, most))
    return (h * ASPECT, h)


def market(layout, seats, design, label_h: float) -> tuple:
    """({name: (x, y)}, card size) of the middle row: the pirate deck, the five pirates for hire,
    the action deck and the discards, between the seats in use (`seats`, layout names) and
    above the played area, with room for a label of `label_h` under each card. Where two rows
    (the pirates over the action deck and discards) let the cards be larger by a tenth, two."""
    dw, dh = design
    table_w = layout.width
    margin = layout["opp1"].x  # the table's own margin
    top = max([layout[s].y + layout[s].h for s in TOP_SEATS if s in seats], default=margin) + SEAT_GAP
    bottom = layout["played"].y - 2 - label_h
    left = max([layout[s].x + layout[s].w for s in SIDE_SEATS[0] if s in seats
                and _spans(layout[s], top, bottom)], default=margin - SIDE_GAP) + SIDE_GAP
    right = min([layout[s].x for s in SIDE_SEATS[1] if s in seats
                 and _spans(layout[s], top, bottom)], default=table_w - margin + SIDE_GAP) - SIDE_GAP
    one = _arrange([MARKET], MARKET_GAPS, design, (left, top, right, bottom), label_h)
    two = _arrange([MARKET[:6], MARKET[6:]], MARKET_GAPS, design, (left, top, right, bottom), label_h)
    return two if two[1][1] > 1.1 * one[1][1] else one


def _arrange(rows, gaps, design, box, label_h) -> tuple:
    """`market` in these rows (lists of names, each with the gap after it in `gaps`), as large
    as fit the box (left, top, right, bottom), centred in its height."""
    dw, dh = design
    left, top, right, bottom = box
    after = dict(zip(MARKET, gaps))
    widths = [len(row) * dw + sum(after[n] for n in row[:-1]) for row in rows]
    between = label_h + 10 if len(rows) > 1 else 0
    grow = max(0.3, min(MOST, (bottom - top - between * (len(rows) - 1)) / (dh * len(rows)),
                        (right - left) / max(widths)))
    if grow > 1:  # in steps of 5%: a room a little larger than the map's keeps the map's size
        grow = math.floor(grow * 20) / 20
    w, h = dw * grow, dh * grow
    block = len(rows) * h + between * (len(rows) - 1)
    y = top + max(0.0, bottom - top - block) / 2
    out = {}
    for row in rows:
        row_gaps = [after[n] * grow for n in row[:-1]]
        spare = right - left - len(row) * w - sum(row_gaps)
        stretch = min(GAPS_GROW, 1 + spare / sum(row_gaps)) if spare > 0 and row_gaps else 1
        row_gaps = [g * stretch for g in row_gaps]
        x = left + (right - left - len(row) * w - sum(row_gaps)) / 2
        for name, gap in zip(row, (*row_gaps, 0)):
            out[name] = (x, y)
            x += w + gap
        y += h + between
    return out, (w, h)


def _spans(place, top, bottom) -> bool:
    return place.y < bottom and place.y + place.h > top


def hand(place, count: int, design_h: float, lift: float) -> tuple:
    """(positions, card size) of a hand of `count` in the place `place`: side by side in as
    many rows (up to 3) as let the cards be largest, at least their design size; else one row
    whose cards overlap to fit. `lift` is kept free above for a picked card."""
    room = place.h - lift
    best = None
    for rows in (1, 2, 3):
        per = max(1, math.ceil(count / rows))
        size = card((place.w - (per - 1) * HAND_GAP) / per, (room - (rows - 1) * HAND_GAP) / rows,
                    design_h * MOST)
        if size[1] >= design_h - 0.5 and (best is None or size[1] > best[1][1] + 0.5):
            best = (rows, size)
    if best is None:  # too many to lie apart: one overlapping row, cards as high as the room
        size = card(place.w, room, design_h * MOST)
        rows, per = 1, max(1, count)
        step = size[0] + HAND_GAP if count <= 1 else min(size[0] + HAND_GAP,
                                                          (place.w - size[0]) / (count - 1))
    else:
        rows, size = best
        per = max(1, math.ceil(count / rows))
        step = size[0] + HAND_GAP
    w, h = size
    top = place.y + lift + (room - rows * h - (rows - 1) * HAND_GAP) / 2
    out = []
    for i in range(count):
        row, col = divmod(i, per)
        in_row = min(per, count - row * per)
        x0 = place.x + (place.w - (w + (in_row - 1) * step)) / 2
        out.append((x0 + col * step, top + row * (h + HAND_GAP)))
    return out, size
