"""The deal of the day comes from the date alone: the numbers below are what every platform
must find (a SHA-256 of the ISO date, then Python's seeded Mersenne Twister for a pick)."""
import random
import sys
from datetime import date

import pytest

from game.engine import daily
from game.engine.contract import Result

DAY = date(2026, 11, 25)


def test_the_same_date_gives_the_same_deal_everywhere():
    assert daily.day_number("bogey", DAY) == 9991905379357294479
    assert daily.deal("bogey", DAY) == 665752
    assert daily.deal("bogey", date(2026, 11, 26)) != 665752
    assert daily.deal("scoundrel", DAY) != daily.deal("bogey", DAY)


@pytest.mark.parametrize("builtin", [True, False])
def test_its_sha256_is_hashlibs(builtin, monkeypatch):
    """Python's own SHA-256 (not OpenSSL's, 4 MB to load), or hashlib's where it has none."""
    import hashlib
    if not builtin:
        monkeypatch.setitem(sys.modules, "_sha2", None)  # (an import of it then fails)
        monkeypatch.setitem(sys.modules, "_sha256", None)
    for data in (b"", b"deckhand deal of the day bogey 2026-11-25", bytes(range(256)) * 3):
        assert daily.sha256(data) == hashlib.sha256(data).digest()


def test_a_pick_from_winnable_deals_is_seeded_by_the_date():
    known = tuple(range(1000, 5000, 7))
    seen = []

    def pick(options, generator):
        seen.append(options)
        assert isinstance(generator, random.Random)
        return generator.choice(known)
    assert daily.deal("scoundrel", DAY, pick) == 3352
    assert seen == [{"weapon_rule": "at_most", "deals": "any"}]  # the standard rules


def test_only_the_standard_options_and_the_deal_make_the_deal_of_the_day():
    seed = daily.deal("bogey", DAY)
    assert daily.is_deal_of("bogey", seed, None, DAY)
    assert daily.is_deal_of("bogey", seed, {"target": "novice"}, DAY)
    assert not daily.is_deal_of("bogey", seed, {"hand_size": 4}, DAY)
    assert not daily.is_deal_of("bogey", seed + 1, None, DAY)
    assert not daily.is_deal_of("abandon_ship", seed, None, DAY)


def test_the_line_to_share():
    won = Result((14,), (0,), "", {"health": 14, "status": "won"})
    assert daily.share_line("scoundrel", DAY, won, 31) == \
        "Deckhand Scoundrel, 25 Nov 2026: won with 14 health in 31 moves"
    lost = Result((-20,), (), "", {"health": 0, "status": "dead"})
    assert daily.share_line("scoundrel", date(2027, 1, 2), lost, 1) == \
        "Deckhand Scoundrel, 2 Jan 2027: slain after 1 move"
    bogey = Result((9,), (0,), "", {"status": "finished", "columns": 9, "level": "legendary",
                                    "met_target": True})
    assert daily.share_line("bogey", DAY, bogey, 60) == \
        "Deckhand The Bogey, 25 Nov 2026: all 52 cards in 9 columns (legendary) in 60 moves"
