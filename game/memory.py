"""Giving freed memory back to the system on Linux, and keeping the garbage collector short.

glibc serves blocks above its mmap threshold (128 KB at first) straight from the system and
returns them when freed, but it raises that threshold each time such a block is freed, after
which blocks of that size come from the heap and stay with the process when freed. Card images,
panels and texts at 4K are exactly such blocks, made and dropped at every resize: a fixed
threshold keeps the process near what it uses (measured with the threshold fixed from the
start: after a resize drag at 4K, about 220 MB instead of 333 MB). Done after the first frame, so
start-up does not wait for ctypes.

The collector's full passes looked at every object start-up made (about 45,000: modules, fonts,
the menu), about 10 ms each, about once a second while computer players play (in the frames
bench at 4K, most frames over 12 ms held one). Start-up's objects never become garbage, so
after the first frame they are frozen (`gc.freeze`) out of the collector's way; a full pass
then looks at the game's few thousand objects.
"""
from __future__ import annotations

import gc
import sys

M_MMAP_THRESHOLD = -3  # mallopt's parameter number (malloc.h)
THRESHOLD = 128 * 1024


def return_freed_memory() -> bool:
    """Fix glibc's mmap threshold; whether it was done (not glibc: nothing to do)."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes
    import ctypes.util
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(libc.mallopt(M_MMAP_THRESHOLD, THRESHOLD))
    except (OSError, AttributeError):  # musl and others have no mallopt
        return False


def after_first_frame() -> None:
    """What the app does once its first frame is up: freed memory goes back to the system,
    and start-up's objects leave the garbage collector's passes (after one last collection,
    so no garbage of start-up's is kept for good)."""
    return_freed_memory()
    gc.collect()
    gc.freeze()
