"""Start-up: process launch to the first menu frame flipped, against a bare pygame-ce window.

Each launch is timed from just before Popen (parent clock) to the time the child prints after its
first display.flip (DECKHAND_EXIT_AFTER_FIRST_FRAME=1 makes the app print it and exit). Launches
alternate between the floor and the app, so each ratio compares neighbours in time.
"""
from __future__ import annotations

import subprocess
import time

from .env import PYTHON, ROOT, child_env, drivers
from .report import Row

BUNDLE = ROOT / "dist" / "Deckhand" / "Deckhand"
TARGET_RATIO = "<= 1.5"


def launch(cmd, env, timeout=30.0) -> float:
    """Seconds from launch to the child's first frame."""
    env = dict(env, DECKHAND_EXIT_AFTER_FIRST_FRAME="1")
    start = time.time()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise RuntimeError(f"no first frame within {timeout:.0f} s (hook missing?)") from None
    for line in out.splitlines():
        if line.startswith("deckhand: first frame at "):
            return float(line.rsplit(" ", 1)[1]) - start
    raise RuntimeError(f"exited {proc.returncode} without reporting a first frame")


def run(runs: int, display=None) -> list:
    variants = {"bare pygame-ce window (floor)": [PYTHON, str(ROOT / "tests/bench/bare_window.py")],
                "from source (python main.py)": [PYTHON, str(ROOT / "main.py")]}
    bundled = BUNDLE.exists()
    if bundled:
        variants["from the bundle (dist/Deckhand)"] = [str(BUNDLE)]
    rows = []
    for driver, disp in drivers(display):
        env = child_env(disp)
        times = {name: [] for name in variants}
        failed = {}
        launch(variants["bare pygame-ce window (floor)"], env)  # warm the file cache
        for i in range(runs):
            names = list(variants)
            names = names[i % len(names):] + names[:i % len(names)]  # rotate who goes first
            for name in names:
                if name in failed:
                    continue
                try:
                    times[name].append(launch(variants[name], env))
                except RuntimeError as exc:
                    failed[name] = str(exc)
        section = f"start-up ({driver})"
        floor = times["bare pygame-ce window (floor)"]
        for name, secs in times.items():
            rows.append(Row(section, name, "s", secs, note=failed.get(name, "")))
            if name != "bare pygame-ce window (floor)":
                pairs = list(zip(secs, floor))
                rows.append(Row(section, f"{name.split(' (')[0]} ÷ floor", "×",
                                [a / b for a, b in pairs], TARGET_RATIO,
                                note=failed.get(name, "")))
        if not bundled:
            rows.append(Row(section, "from the bundle", "s", note="not built (make dist)"))
    return rows
