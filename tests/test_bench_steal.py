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


def fake_run(stolen: list) -> dict:
    """What a frames child returns, with two slow frames a run (its p99) and the host's share given."""
    slow = 10.0 + len(stolen)
    return {"times_ms": [2.0] * 98 + [slow, slow] + [20.0], "phases": {"resize": (100, 101)},
            "rss_mb": 100.0, "resize_rss_mb": 110.0, "bot_frames": [], "think_frames": [],
            "pace_ns": 0.9, "stolen_pct": stolen.pop(0)}


def rows_for(monkeypatch, stolen: list) -> dict:
    from tests.bench import bench_frames
    monkeypatch.setattr(bench_frames, "scenes", lambda: ["menu"])
    monkeypatch.setattr(bench_frames, "measure", lambda *args: fake_run(stolen))
    frame_rows, memory_rows, _, detail = bench_frames.run(3, None, [(3840, 2160)])
    rows = {row.metric: row for row in frame_rows + memory_rows}
    return {"p99": rows["menu 3840×2160 p99"], "host": rows["menu 3840×2160 CPU time the host took"],
            "rss": rows["menu 3840×2160 peak RSS"], "detail": detail["headless menu 3840×2160"]}


def test_a_run_the_host_disturbed_is_set_aside_and_run_again_a_few_times_at_most(monkeypatch):
    from tests.bench import bench_frames
    monkeypatch.setattr(bench_frames, "SET_ASIDE_AT_MOST", 2)
    stolen = [0.5, 9.0, 1.0, 12.0, 30.0, 0.1]
    rows = rows_for(monkeypatch, stolen)
    assert stolen == [0.1]  # five runs: two set aside, then the third disturbed one counts
    assert rows["host"].runs == [0.5, 1.0, 30.0] and rows["host"].set_aside == [9.0, 12.0]
    assert rows["p99"].runs == [16.0, 14.0, 12.0]  # every child's slow frame is its p99
    assert rows["p99"].set_aside == [15.0, 13.0] and len(rows["rss"].runs) == 3
    assert [run["set aside"] for run in rows["detail"]] == [False] * 3 + [True] * 2
    from tests.bench.report import table
    assert "3 (set aside: 15.0, 13.0)" in table([rows["p99"]])


def test_runs_the_host_left_alone_are_all_kept(monkeypatch):
    stolen = [0.0, 2.0, 1.5, 50.0]
    rows = rows_for(monkeypatch, stolen)
    assert stolen == [50.0] and rows["host"].runs == [0.0, 2.0, 1.5] and rows["p99"].set_aside == []
