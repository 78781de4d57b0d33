"""The frames bench reads how much CPU time the host took from this machine while it measured."""
import sys

import pytest

from tests.bench.env import cpu_ticks, stolen_percent


def test_the_share_the_host_took_between_two_readings():
    assert stolen_percent((100, 10_000), (130, 10_600)) == pytest.approx(5.0)
    assert stolen_percent((100, 10_000), (100, 10_600)) == 0
    assert stolen_percent(None, (1, 2)) is None and stolen_percent((1, 2), None) is None
    assert stolen_percent((5, 50), (5, 50)) is None  # no time passed: no share to tell


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/stat is Linux's")
def test_linux_tells_the_ticks_its_host_took():
    stolen, total = cpu_ticks()
    assert 0 <= stolen <= total and total > 0
