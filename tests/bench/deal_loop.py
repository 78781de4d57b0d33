"""python -m tests.bench.deal_loop [--deals N] [--size WxH] [--display :N]

The frames bench's busiest stretch, on its own and repeated: Scoundrel's fullest table (a weapon
holding 18 slain monsters, a full room, a discard pile) dealt in one animation, N times, in one
process. Its 197 frames a deal move three or four cards at once, each with its shadow; at 4K they
are the frames that decide Scoundrel's p99. A drawing change can be compared here in about 20 s,
back to back (`A; B; A; B`), where the frames section takes ten minutes per size. Prints the
frames' mean, p50, p90, p99 and how many took over 7 and 8 ms. Headless unless `--display`
names an X display; user data goes to a temporary folder, as in the bench's children.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from .env import child_env
from .report import percentile


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench.deal_loop", description=__doc__)
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--size", default="3840x2160")
    parser.add_argument("--display", default=None, help="an X display (default: headless)")
    args = parser.parse_args(argv)
    os.environ.update(child_env(args.display))
    if not args.display:
        os.environ.pop("DISPLAY", None)
    size = tuple(int(n) for n in args.size.lower().split("x"))
    times = deal_times(args.deals, size)
    over = {ms: sum(t > ms for t in times) for ms in (7, 8)}
    print(f"{len(times)} frames: mean {sum(times) / len(times):.2f} ms, "
          + ", ".join(f"p{p} {percentile(times, p):.2f}" for p in (50, 90, 99))
          + f"; over 7 ms {over[7]}, over 8 ms {over[8]}")
    return 0


def deal_times(deals: int, size) -> list:
    """Frame times (ms) of `deals` full-table deals, after one to draw every card at its size."""
    from game.app import App
    from game.engine.session import Session
    from tests.scenes.driver import frames, settle

    from .bench_frames import SEED, fullest_session
    app = App(size)
    app.settings.animation_speed = "normal"
    times: list[float] = []
    step = app.step

    def timed(dt):
        start = time.perf_counter()
        step(dt)
        times.append((time.perf_counter() - start) * 1000)
        while app.art.rendering:  # its renders, between frames as the paced loop gives them
            app.art.wait()
    app.step = timed  # type: ignore[method-assign]
    frames(app)
    app.start_game("scoundrel", SEED, None)
    settle(app)
    scene = app.current_game()
    full = fullest_session(scene)

    def deal() -> None:
        session = Session(scene.game_id, full.seats, full.seed, None, full.deck)
        for action in full.actions:
            session.apply(action)
        scene.use_session(session)
        settle(app)
    deal()
    frames(app, 10)
    kept: list[float] = []
    for _ in range(deals):
        del times[:]
        deal()
        kept += times[1:]  # (the first: the table's state replaced, every card placed anew)
    app.art.stop()
    return kept


if __name__ == "__main__":
    sys.exit(main())
