"""Work on a thread of its own (game/background.py): the frame asks, nothing waits."""
import threading

import pytest

from game import background


def test_work_runs_on_its_own_thread_and_its_result_or_failure_comes_back():
    go = threading.Event()
    future = background.start(lambda: (go.wait(10), threading.current_thread().name)[1], "work")
    assert not future.done()
    go.set()
    assert future.result(10) == "work"

    def fails():
        raise ValueError("no")
    with pytest.raises(ValueError):
        background.start(fails, "failing").result(10)
