"""The shipped lists of decided Scoundrel deals: their file format, and what they answer."""
import random

import pytest

from game.engine import scoundrel_deals as deals


def test_the_lists_round_trip_through_their_text():
    verdicts = {"at_most": {s: s not in (4, 11, 12) for s in range(20)},
                "below": {s: s != 7 for s in list(range(10)) + [15]}}
    text = deals.render(verdicts, "a test")
    assert "at_most lost 4 11-12" in text and "below decided 0-9 15" in text
    tables = deals.parse(text)
    for rule, seeds in verdicts.items():
        for seed in range(-1, 30):
            assert tables[rule].verdict(seed) is seeds.get(seed)
    assert tables["below"].total == 11 and tables["below"].lost_count == 1


@pytest.mark.parametrize("text", [
    "at_most decided 0-9\nat_most lost 12\n",          # a lost deal never decided
    "at_most decided 0-9 20-29\nat_most lost 3 12\n",  # ... between two decided ranges
    "at_most decided 5-9\nat_most lost 2\n",           # ... before every decided one
    "at_most decided 5-9 0-3\n",                        # ranges out of order
    "at_most decided 9-5\n",
    "at_most decided 0-x\n",
    "sideways decided 0-9\n",
    "at_most won 0-9\n",
])
def test_a_damaged_list_is_refused(text):
    with pytest.raises(ValueError):
        deals.parse(text)


def test_a_winnable_pick_is_never_a_lost_deal_and_covers_the_rest():
    table = deals.parse(deals.render({"at_most": {s: s % 3 != 0 for s in range(30)}}, ""))["at_most"]
    picks = {table.pick_winnable(random.Random(i)) for i in range(400)}
    assert picks == {s for s in range(30) if s % 3 != 0}


def test_the_shipped_lists_cover_both_rules():
    shipped = deals.shipped()
    for rule in deals.RULES:
        assert shipped[rule].total >= 500
        assert 0 < shipped[rule].lost_count < shipped[rule].total / 10
        assert shipped[rule].verdict(0) is True


def test_lost_deals_at_the_edges_of_decided_ranges_are_accepted():
    tables = deals.parse("at_most decided 0-9 10-19 30-39\nat_most lost 0 9-10 19 30 39\n")
    table = tables["at_most"]
    assert [s for s in range(45) if table.verdict(s) is False] == [0, 9, 10, 19, 30, 39]
    assert table.verdict(25) is None and table.verdict(31) is True
