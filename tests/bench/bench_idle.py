"""Idle CPU: the share of one core the real app uses while nobody touches it.

Each (scene, video driver, run) is a fresh child (`python -m tests.bench.bench_idle SCENE`): it
brings the scene to where it waits for a person (the menu; a Scoundrel deal, dealt, its clock
running; an Abandon Ship table where a human is to move after the computers played), lets the
status line have its time, then runs the real `App.run` loop for `SECONDS` seconds and reports
the process's CPU time (user + system) over that span as a share of one core (the span ends
when the stop is asked for, so saving and closing are not counted).

The scripted frames before the span come back to back, faster than a player's, so the card
worker, which draws only between frames, would still be drawing the deck ahead when the span
starts (27 faces at Scoundrel's 1280x800: 1.7% of a core where the table itself takes 0.4%).
At a real table it is done within the first seconds after a deal; the child lets it finish, as
the paced loop would, before the span.
"""
from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time

from .env import PYTHON, ROOT, child_env, drivers
from .report import Row

SECONDS = 10.0
SCENES = ("menu", "scoundrel", "abandon_ship")
TARGET = "<= 1"  # per cent of one core


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def child(scene_name: str) -> dict:
    import pygame

    from game.app import App
    from game.driver import frames, key, settle
    from game.scenes.pass_and_play import Seat

    app = App((1280, 800))
    if scene_name == "abandon_ship":
        seats = [Seat("Anna")] + [Seat(f"Bot {i}", "computer", "normal") for i in (1, 2, 3)]
        app.start_game(scene_name, 7, None, seats=seats)
        scene = app.top
        for _ in range(60 * 120):
            frames(app)
            if app.top is not scene:
                key(app, pygame.K_RETURN)
            elif scene.accepts_moves() and not scene.table.busy:
                break
    elif scene_name != "menu":
        app.start_game(scene_name, 7)
        settle(app)
    frames(app, 60 * 8)  # captions and the status line have had their time
    while app.art.rendering:  # the deck drawn ahead (see above), then shown
        app.art.wait()
        frames(app, 2)
    end = []

    def stop() -> None:  # the span ends here, not after the app has saved and closed
        end.append((cpu_seconds(), time.monotonic()))
        os.kill(os.getpid(), signal.SIGTERM)
    threading.Timer(SECONDS, stop).start()
    start, wall = cpu_seconds(), time.monotonic()
    app.run()  # until the timer's SIGTERM: the app saves and stops, as at a logout
    used, span = end[0][0] - start, end[0][1] - wall
    return {"cpu_share": 100 * used / span, "seconds": span, "frames": app.frames}


def measure(scene_name: str, display) -> dict:
    cmd = [PYTHON, "-m", "tests.bench.bench_idle", scene_name]
    proc = subprocess.run(cmd, cwd=ROOT, env=child_env(display), capture_output=True, text=True,
                          timeout=120)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr else "failed")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def run(runs: int, display=None) -> list:
    rows = []
    for driver, disp in drivers(display):
        for name in SCENES:
            results, error = [], ""
            for _ in range(runs):
                try:
                    results.append(measure(name, disp))
                except (RuntimeError, subprocess.TimeoutExpired, ValueError) as exc:
                    error = f"failed: {exc}"[:80]
                    break
            rows.append(Row(f"idle CPU ({driver})", f"{name}, {SECONDS:.0f} s untouched",
                            "% of a core", [r["cpu_share"] for r in results], TARGET,
                            note=error))
    return rows


if __name__ == "__main__":
    print(json.dumps(child(sys.argv[1])))
