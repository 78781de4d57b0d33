"""A headless Deckhand server with a lobby of online tables, for friends who cannot reach each
other's computers: `python -m game.server --host 0.0.0.0 --port 8765` (docs/network.md).

It needs no display and never imports pygame. Players choose *Join a table* in the app, give
this machine's address, and create or join a table from its list.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys

from .net import protocol
from .net.server import Server

IDLE_SECONDS = 3600   # a table nobody is at and nothing happened at for an hour is forgotten
PRUNE_EVERY = 300


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m game.server",
        description="Run a Deckhand server with a lobby of online tables.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (0.0.0.0: every network; default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="port to listen on (default 8765)")
    parser.add_argument("--bot-delay", type=float, default=1.0, metavar="SECONDS",
                        help="how long each computer move waits, so people see it (default 1)")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error("--port must be 0 to 65535")
    if not 0 <= args.bot_delay <= 30:
        parser.error("--bot-delay must be 0 to 30 seconds")
    return args


async def serve(args, ready=None) -> None:
    server = Server(bot_delay=args.bot_delay, allow_create=True)
    port = await server.start(args.host, args.port)
    print(f"Deckhand server (protocol {protocol.VERSION}) listening on "
          f"ws://{args.host}:{port}  (Ctrl+C stops it)", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        # Windows has no signal handlers here: Ctrl+C raises KeyboardInterrupt instead
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    if ready is not None:
        ready(port)
    try:
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), PRUNE_EVERY)
            except TimeoutError:
                for table_id in server.prune(IDLE_SECONDS):
                    logging.getLogger("deckhand.net").info("forgot idle table %s", table_id)
    finally:
        await server.close()
        print("Deckhand server stopped.", flush=True)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        print(f"Could not listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
