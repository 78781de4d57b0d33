"""python -m tests.bench [--runs N] [--only SECTION ...]: print the table, write bench-results.json.

Never fails on a number: the exit code is 0 whatever the figures (1 only if the bench breaks).
"""
from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import time

from . import (
    bench_bots,
    bench_bundle,
    bench_engine,
    bench_frames,
    bench_idle,
    bench_saves,
    bench_scoundrel,
    bench_startup,
)
from .env import ROOT, xvfb
from .report import table, write_json

SECTIONS = ("startup", "idle", "frames", "engine", "saves", "bots", "bundle")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (default 3)")
    parser.add_argument("--only", nargs="+", choices=SECTIONS, default=SECTIONS,
                        help="sections to run (memory and the frames while a bot thinks come "
                             "with frames)")
    parser.add_argument("--sizes", nargs="+", metavar="WxH",
                        default=[f"{w}x{h}" for w, h in bench_frames.SIZES],
                        help="window sizes for the frames section (default: "
                             + " ".join(f"{w}x{h}" for w, h in bench_frames.SIZES) + ")")
    parser.add_argument("--out", default=str(ROOT / "bench-results.json"))
    args = parser.parse_args(argv)
    import pygame
    started = time.monotonic()
    load_before = os.getloadavg()
    rows, detail, bot_frame_rows = [], {}, []
    with xvfb() as display:
        if "startup" in args.only:
            print("start-up ...", flush=True)
            rows += bench_startup.run(max(5, args.runs * 2), display)
        if "idle" in args.only:
            print("idle CPU ...", flush=True)
            rows += bench_idle.run(args.runs, display)
        if "frames" in args.only:
            print("frames and memory ...", flush=True)
            sizes = [tuple(int(n) for n in size.lower().split("x")) for size in args.sizes]
            frame_rows, memory_rows, bot_frame_rows, detail = bench_frames.run(
                args.runs, display, sizes)
            rows += frame_rows + memory_rows
        xvfb_used = bool(display)
    if "engine" in args.only:
        print("engine ...", flush=True)
        rows += bench_engine.run(max(5, args.runs))
    if "saves" in args.only:
        print("saves of long games ...", flush=True)
        rows += bench_saves.run(args.runs)
    if "bots" in args.only:
        rows += bench_bots.run(args.runs, with_frames="frames" in args.only)
        rows += bench_scoundrel.run(args.runs)
    rows += bot_frame_rows  # frames while a computer is to act, from the frames section
    if "bundle" in args.only:
        rows += bench_bundle.run()
    info = {
        "when": datetime.datetime.now().isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "pygame-ce": pygame.version.ver,
                    "sdl": ".".join(map(str, pygame.get_sdl_version())),
                    "system": platform.platform(), "xvfb": xvfb_used,
                    "load average before/after": [load_before[0], os.getloadavg()[0]]},
        "seconds": round(time.monotonic() - started),
        "frame phases": detail,
    }
    print()
    print(table(rows))
    print(f"\nload average {load_before[0]:.1f} before, {os.getloadavg()[0]:.1f} after; "
          f"{info['seconds']} s. Figures in {args.out}")
    write_json(type(ROOT)(args.out), rows, info)
    return 0


if __name__ == "__main__":
    sys.exit(main())
