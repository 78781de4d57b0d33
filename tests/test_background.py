"""Work on a thread of its own (game/background.py): the frame asks, nothing waits."""
import threading

import pytest

from game import background


def test_work_runs_on_its_own_thread_and_its_result_or_failure_comes_back():
    go = threading.Event()
    job = background.Job(lambda pause: (go.wait(10), threading.current_thread().name)[1], "work")
    assert not job.done()
    go.set()
    assert job.result(10) == "work" and job.done()

    def fails(pause):
        raise ValueError("no")
    with pytest.raises(ValueError):
        background.Job(fails, "failing").result(10)


def test_a_stopped_job_ends_at_its_next_pause():
    started, pauses = threading.Event(), []

    def forever(pause):
        started.set()
        while True:
            pause()
            pauses.append(1)
    job = background.Job(forever, "forever")
    assert started.wait(10)
    job.stop()
    with pytest.raises(background.Stopped):
        job.result(10)
