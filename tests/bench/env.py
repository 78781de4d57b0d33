"""Where the benchmark runs things: the repo, child environments, a private Xvfb display."""
from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
HOME = Path(tempfile.mkdtemp(prefix="deckhand-bench-"))  # user data of every child, not yours
atexit.register(shutil.rmtree, HOME, ignore_errors=True)


def child_env(display=None) -> dict:
    """Headless (SDL's dummy driver) unless `display` names an X display."""
    env = dict(os.environ, DECKHAND_HOME=str(HOME), SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT))
    env.pop("SDL_VIDEODRIVER", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # start-up as users get it: with a bytecode cache
    env.pop("DISPLAY", None)
    if display:
        env["DISPLAY"] = display
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    return env


def cpu_ticks() -> tuple[int, int] | None:
    """(ticks the host took from this machine's CPUs, all ticks) since boot, from Linux's
    /proc/stat ("steal": a virtual machine's CPU was running someone else's work); None where
    there is no such file."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            fields = [int(n) for n in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return (fields[7], sum(fields[:8])) if len(fields) >= 8 else None


def stolen_percent(before, after) -> float | None:
    """The share of the machine's CPU time its host took between two `cpu_ticks()`, in %."""
    if before is None or after is None or after[1] <= before[1]:
        return None
    return 100 * (after[0] - before[0]) / (after[1] - before[1])


def drivers(display) -> list:
    """(name, X display or None) pairs to measure under."""
    return [("headless", None)] + ([("Xvfb", display)] if display else [])


@contextlib.contextmanager
def xvfb(size="3840x2160x24"):
    """A private Xvfb server for the duration; yields its display (":98"), or None without Xvfb."""
    if not shutil.which("Xvfb"):
        yield None
        return
    number = next(n for n in range(98, 140) if not Path(f"/tmp/.X{n}-lock").exists())
    display = f":{number}"
    proc = subprocess.Popen(["Xvfb", display, "-screen", "0", size, "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):  # up to 5 s for the socket to appear
            if Path(f"/tmp/.X11-unix/X{number}").exists() or proc.poll() is not None:
                break
            time.sleep(0.05)
        yield display if proc.poll() is None else None
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
