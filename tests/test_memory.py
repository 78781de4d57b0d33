"""glibc's mmap threshold is fixed after the first frame, so freed card images go back."""
import platform
import sys

from game import memory


def test_the_threshold_is_fixed_where_glibc_runs():
    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert memory.return_freed_memory() is glibc


def test_after_the_first_frame_start_up_objects_leave_the_collector_s_passes():
    import gc
    import time
    try:
        start = time.perf_counter()
        memory.after_first_frame()
        took = time.perf_counter() - start
        assert gc.get_freeze_count() > 1000
        assert took < 0.5
        gc.collect()
        assert len(gc.get_objects()) < gc.get_freeze_count()  # a full pass skips the frozen
    finally:
        gc.unfreeze()
