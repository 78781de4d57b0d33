"""The app's Host: its one table's server on a background thread, so the window keeps its
pace while the server answers the players and plays the computers."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading

from . import discovery
from .background import LoopThread
from .saving import autosave
from .server import Server
from .table import Table

LISTEN_ON = "0.0.0.0"   # every network of this computer, so friends on the LAN reach it
DEFAULT_PORT = 8765
BOT_DELAY = 1.2         # seconds between a computer's move and the next, so people follow
log = logging.getLogger("deckhand.net")


def lan_address() -> str:
    """This computer's address on its local network, or 127.0.0.1 if it has none. (A UDP
    socket's connect only picks the route: nothing is sent.)"""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class HostThread(LoopThread):
    """A Server with one table, on its own thread and event loop. `port` is set once it
    listens, `error` if it could not; `stop()` ends it."""

    def __init__(self, table: Table, port: int = DEFAULT_PORT, host: str | None = None,
                 bot_delay: float | None = None, saver=autosave, announce_as: str = ""):
        self.table = table
        self.host = host or LISTEN_ON
        bot_delay = BOT_DELAY if bot_delay is None else bot_delay
        self.wanted_port = port
        self.announce_as = announce_as  # the host's name, to announce the table on the LAN
        self.port: int | None = None
        self.error: str | None = None
        self.server = Server(bot_delay=bot_delay, allow_create=False, saver=saver)
        self.server.add_table(table)
        self.loop = asyncio.new_event_loop()
        self.stopping = asyncio.Event()  # bound to self.loop at its first use
        self.ready = threading.Event()
        self.start_thread("deckhand-host")

    async def main(self) -> None:
        try:
            try:
                self.port = await self.server.start(self.host, self.wanted_port)
            except OSError:
                self.port = await self.server.start(self.host, 0)  # that port is busy: any
        except OSError as exc:
            self.error = f"Could not open the table to the network: {exc.strerror or exc}"
            self.ready.set()
            return
        self.ready.set()
        announcer = await self.announce()
        await self.stopping.wait()
        if announcer is not None:
            with contextlib.suppress(Exception):  # leaving anyway
                await announcer.stop()
        await self.server.close()
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:  # nothing may be left running when the loop closes
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)

    async def announce(self):
        """Tell the local network where the table is (zeroconf), if it can be heard there."""
        address = lan_address()
        if not (discovery.ENABLED and self.announce_as and self.host != "127.0.0.1"
                and address != "127.0.0.1"):
            return None
        announcer = discovery.Announcer()
        try:
            await announcer.start(discovery.service_info(self.table, self.announce_as, address,
                                                         self.port))
        except Exception as exc:  # friends can still type the address
            log.info("the table is not announced on the network: %s", exc)
            return None
        return announcer

    def stop(self) -> None:
        if not self.loop.is_closed():
            try:
                self.loop.call_soon_threadsafe(self.stopping.set)
            except RuntimeError:
                return
        self.thread.join(timeout=3)
