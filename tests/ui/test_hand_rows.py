"""A hand laid out in its zone: one row across its width, or rows where the zone is tall."""
from game.ui.hand_rows import SHOWN_HEIGHT, hand_rows

CARD = (90, 126)


def test_a_hand_that_fits_one_row_is_centred_with_its_gaps():
    slots = hand_rows((300, 566, 800, 140), 5, CARD)
    assert [y for _, y in slots] == [566] * 5
    assert [b[0] - a[0] for a, b in zip(slots, slots[1:])] == [108] * 4
    assert slots[0][0] - 300 == 1100 - (slots[-1][0] + CARD[0])


def test_a_low_zone_overlaps_one_row_across_its_whole_width():
    slots = hand_rows((300, 566, 800, 140), 15, CARD)
    assert {y for _, y in slots} == {566}
    assert slots[0][0] == 300 and slots[-1][0] + CARD[0] == 1100


def test_a_tall_zone_wraps_a_crowded_hand_into_rows_that_show_every_index():
    zone = (300, 900, 800, 240)
    slots = hand_rows(zone, 15, CARD)
    rows = sorted({y for _, y in slots})
    assert len(rows) == 2 and rows[0] == 900
    assert rows[1] - rows[0] >= SHOWN_HEIGHT * CARD[1]
    for row in rows:
        xs = [x for x, y in slots if y == row]
        assert all(b - a >= CARD[0] for a, b in zip(xs, xs[1:]))  # side by side, not over
        assert xs[0] >= 300 and xs[-1] + CARD[0] <= 1100
    assert rows[-1] + CARD[1] <= 900 + 240
    assert [len([1 for _, y in slots if y == r]) for r in rows] == [8, 7]


def test_a_tall_zone_keeps_a_hand_that_fits_in_one_row():
    assert {y for _, y in hand_rows((300, 900, 800, 400), 6, CARD)} == {900}


def test_a_slight_overlap_stays_in_one_row():
    slots = hand_rows((300, 900, 800, 400), 9, CARD)  # 9 cards need 954 px side by side
    assert {y for _, y in slots} == {900}
