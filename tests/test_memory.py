"""glibc's mmap threshold is fixed after the first frame, so freed card images go back."""
import platform
import sys

from game import memory


def test_the_threshold_is_fixed_where_glibc_runs():
    glibc = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"
    assert memory.return_freed_memory() is glibc
