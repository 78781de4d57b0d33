"""Frame times and peak memory: the real App through a scripted session per scene.

Each (scene, window size, video driver, run) is a fresh child process
(`python -m tests.bench.bench_frames SCENE WxH`), so every run starts cold like a player's and its
peak RSS is that scene's alone. The child times each `app.step` (events, update, draw and
display.flip) with no frame pacing, and plays:
- menu: idle frames, then the pointer over every row;
- a game: the deal animation at 'normal' speed, a few moves made by dragging cards (or taken as
  its button or key would, where no drag does it), then a full table (the state showing the most
  cards found, dealt in one animation), the pointer over every card and a long drag across it.
"""
from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import time

import pygame

from game.app import App
from game.engine import scoundrel
from game.engine.session import Session
from game.scenes.registry import playable
from tests.scenes.driver import drag, frames, post, settle, to_window

from .env import PYTHON, ROOT, child_env, drivers
from .report import Row, percentile

SIZES = ((1280, 800), (1920, 1080))
SEED = 4242
MOVES = 6
TARGET_P99 = "< 8"
TARGET_RSS = "< 150"


# -- the child: one scene, one size ---------------------------------------------------------
def child(scene_name: str, size) -> dict:
    app = App(size)
    app.settings.animation_speed = "normal"
    times, phases = [], {}
    step = app.step

    def timed(dt):
        start = time.perf_counter()
        step(dt)
        times.append((time.perf_counter() - start) * 1000)
    app.step = timed

    def phase(name, script, *args):
        first = len(times)
        script(app, *args)
        phases[name] = (first, len(times))

    frames(app)  # the first menu frame belongs to start-up
    del times[:]
    if scene_name == "menu":
        phase("menu", menu_script)
    else:
        app.start_game(scene_name, SEED)
        phase("deal", deal_script)
        phase("play", play_script, random.Random(SEED))
        phase("full table", full_table_script)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"times_ms": times, "phases": phases, "rss_mb": rss_mb}


def menu_script(app) -> None:
    frames(app, 60)
    for _, rect in app.top.rows:
        for x in range(rect.x, rect.right, 60):
            post(pygame.MOUSEMOTION, pos=to_window(app, (x, rect.centery)), rel=(0, 0),
                 buttons=(0, 0, 0))
            frames(app)


def deal_script(app) -> None:
    settle(app)
    frames(app, 30)


def play_script(app, rnd) -> None:
    """A few moves as a player makes them: a drag where one does it, else the action itself."""
    scene = app.top
    for _ in range(MOVES):
        if app.top is not scene or scene.session.is_over():
            return
        legal = scene.session.legal_actions()
        rnd.shuffle(legal)
        for action in legal:
            code = getattr(action, "card", None)
            sprite = scene.table.sprites.get(code) if code else None
            zones = [rect for zone, rect in scene.drop_zones().items()
                     if sprite and scene.can_drag(code)
                     and scene.drop_action(code, zone)[0] == str(action)]
            if zones:
                drag(app, centre(scene, code), zones[0].center, steps=12)
                break
        else:
            scene.act(legal[0])
        settle(app)


def full_table_script(app) -> None:
    scene = app.stack[1]
    del app.stack[2:]  # a result screen from the play phase
    scene.use_session(fullest_session(scene))
    settle(app)
    frames(app, 30)
    for code in list(scene.table.sprites):
        post(pygame.MOUSEMOTION, pos=to_window(app, centre(scene, code)), rel=(0, 0),
             buttons=(0, 0, 0))
        frames(app)
    movable = [c for c in scene.table.sprites if scene.can_drag(c)]
    if movable:
        start = centre(scene, movable[0])
        w, h = app.viewport.logical
        drag(app, start, (w - start[0], h - start[1]), steps=40)  # across, dropped nowhere
        drag(app, (w - start[0], h - start[1]), start, steps=40)
        settle(app)
    frames(app, 30)


def centre(scene, code) -> tuple:
    x, y = scene.table.sprites[code].pos
    return (x + scene.card_size[0] / 2, y + scene.card_size[1] / 2)


# A stacked deck and a policy reach the fullest table; other games play at random.
SCOUNDREL_DECK = ("10D AS AC 9H 8H KS KC 7H QS QC 6H JS JC 5H 10S 10C 4H 9S 9C 3H 8S 8C 2H 7S "
                  "7C 6S 6C 5S 5C 4S 4C 3S 3C 2S 2C 9D 8D 7D 6D 5D 4D 3D 2D 10H").split()


def scoundrel_policy(session, rnd):
    """Slay with the weapon whenever allowed, else keep the most health: a long weapon stack."""
    state = session.state

    def cost(action):
        after = scoundrel.apply(state, action)
        return (after.status == scoundrel.DEAD, -len(after.slain), -after.health, rnd.random())
    return min(scoundrel.legal_actions(state), key=cost)


def random_policy(session, rnd):
    return rnd.choice(session.legal_actions())


FULL_TABLES = {"scoundrel": (SCOUNDREL_DECK, scoundrel_policy, 1)}


def fullest_session(scene, tries: int = 20):
    """A session at the state, among some played games, whose table shows the most cards."""
    deck, policy, tries = FULL_TABLES.get(scene.game_id, (None, random_policy, tries))
    seats = scene.session.seats
    best = (-1, 0, [])
    for seed in range(tries):
        session, rnd = Session(scene.game_id, seats, seed, None, deck), random.Random(seed)
        while not session.is_over():
            session.apply(policy(session, rnd))
            shown = len(scene.placements(session.view(0)))
            if shown > best[0]:
                best = (shown, seed, list(session.actions))
    _, seed, actions = best
    session = Session(scene.game_id, seats, seed, None, deck)
    for text in actions:
        session.apply(text)
    return session


# -- the parent -----------------------------------------------------------------------------
def measure(scene_name, size, display) -> dict:
    cmd = [PYTHON, "-m", "tests.bench.bench_frames", scene_name, f"{size[0]}x{size[1]}"]
    proc = subprocess.run(cmd, cwd=ROOT, env=child_env(display), capture_output=True, text=True,
                          timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr else "failed")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def scenes() -> list:
    return ["menu", *playable()]


def run(runs: int, display=None, sizes=SIZES) -> tuple[list, list, dict]:
    """(frame rows, memory rows, per-phase detail for the JSON)."""
    frame_rows, memory_rows, detail = [], [], {}
    for name in scenes():
        for driver, disp in drivers(display):
            for size in sizes:
                label = f"{name} {size[0]}×{size[1]}"
                section = f"frames ({driver})"
                results, error = [], ""
                for _ in range(runs):
                    try:
                        results.append(measure(name, size, disp))
                    except (RuntimeError, subprocess.TimeoutExpired, ValueError) as exc:
                        error = f"failed: {exc}"[:80]
                        break
                stats = [frame_stats(r["times_ms"]) for r in results]
                for key, target in (("p50", ""), ("p99", TARGET_P99), ("max", "")):
                    frame_rows.append(Row(section, f"{label} {key}", "ms",
                                          [s[key] for s in stats], target, note=error))
                memory_rows.append(Row(f"memory ({driver})", f"{label} peak RSS", "MB",
                                       [r["rss_mb"] for r in results], TARGET_RSS, note=error))
                detail[f"{driver} {label}"] = [phase_stats(r) for r in results]
    return frame_rows, memory_rows, detail


def frame_stats(times) -> dict:
    return {"p50": percentile(times, 50), "p99": percentile(times, 99), "max": max(times),
            "frames": len(times)}


def phase_stats(result) -> dict:
    times = result["times_ms"]
    return {name: frame_stats(times[a:b]) for name, (a, b) in result["phases"].items() if b > a}


if __name__ == "__main__":
    w, h = (int(n) for n in sys.argv[2].split("x"))
    print(json.dumps(child(sys.argv[1], (w, h))))
