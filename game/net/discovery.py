"""Tables on the local network, found without typing an address: the host announces its table
over mDNS/DNS-SD (the `zeroconf` library) as a `_deckhand._tcp` service, and *Join a table*
lists what it hears. Only where to connect travels this way (address, port, game, code): the
game itself is still spoken over the WebSocket, with every check in place.
"""
from __future__ import annotations

import logging
import socket
import threading

from ..wake import wake
from . import protocol

SERVICE = "_deckhand._tcp.local."
ENABLED = True          # off in the tests: they never send a packet beyond 127.0.0.1
RESOLVE_MS = 2500
log = logging.getLogger("deckhand.net")


def service_info(table, host_name: str, address: str, port: int):
    """The announcement of `table`, hosted by `host_name` at address:port."""
    from zeroconf import ServiceInfo
    label = "".join(c for c in f"{host_name}'s {table.rules.TITLE}" if c.isprintable())[:50]
    return ServiceInfo(
        SERVICE, f"{label} ({table.code}).{SERVICE}", addresses=[socket.inet_aton(address)],
        port=port, server=f"deckhand-{table.code.lower()}.local.",
        properties={"v": str(protocol.VERSION), "game": table.game_id, "code": table.code,
                    "host": host_name[:protocol.NAME]})


def describe(info) -> dict | None:
    """A found table as the join screen lists it, or None for an announcement it cannot use
    (another protocol version, a missing field, no IPv4 address)."""
    from ..engine import games
    from .table import GAMES
    try:
        props = info.decoded_properties
        addresses = info.parsed_addresses()
    except (AttributeError, ValueError, UnicodeDecodeError):
        return None
    game, code, host = props.get("game"), props.get("code"), props.get("host")
    if props.get("v") != str(protocol.VERSION) or game not in GAMES or not code or not host:
        return None
    ipv4 = [a for a in addresses if a.count(".") == 3]
    if not ipv4 or not info.port:
        return None
    return {"name": info.name, "address": f"{ipv4[0]}:{info.port}", "game": game,
            "title": games.title(game), "code": code[:8], "host": host[:protocol.NAME]}


class Announcer:
    """The host's announcement, in the host's event loop."""

    def __init__(self):
        self.zeroconf = None
        self.info = None

    async def start(self, info) -> None:
        from zeroconf.asyncio import AsyncZeroconf
        self.info = info
        self.zeroconf = AsyncZeroconf()
        await self.zeroconf.async_register_service(info)

    async def stop(self) -> None:
        if self.zeroconf is None:
            return
        try:
            await self.zeroconf.async_unregister_service(self.info)
        finally:
            await self.zeroconf.async_close()


class Browser:
    """Listens for tables on the local network from its own threads; `tables()` is what it has
    heard so far, safe to call every frame."""

    def __init__(self):
        self.found: dict = {}
        self.lock = threading.Lock()
        self.life = threading.Lock()  # start and close, from two threads
        self.zeroconf = None
        self.browser = None
        self.closed = False
        threading.Thread(target=self.start, name="deckhand-discovery", daemon=True).start()

    def start(self) -> None:
        try:
            from zeroconf import ServiceBrowser, Zeroconf
            zc = Zeroconf()
            with self.life:
                if not self.closed:
                    self.zeroconf = zc
                    self.browser = ServiceBrowser(zc, SERVICE, handlers=[self.on_change])
                    return
            zc.close()
        except Exception as exc:  # no network, no multicast: simply none found
            log.info("no tables can be found on this network: %s", exc)

    def on_change(self, zeroconf, service_type, name, state_change) -> None:
        if state_change.name == "Removed":
            with self.lock:
                self.found.pop(name, None)
            wake()  # the join screen's list changes: a sleeping window looks at once
            return
        threading.Thread(target=self.resolve, args=(zeroconf, service_type, name),
                         daemon=True).start()

    def resolve(self, zeroconf, service_type, name) -> None:
        try:
            info = zeroconf.get_service_info(service_type, name, RESOLVE_MS)
        except Exception:  # closed meanwhile, or a bad answer
            return
        entry = describe(info) if info is not None else None
        if entry is not None:
            with self.lock:
                self.found[name] = entry
            wake()

    def tables(self) -> list:
        with self.lock:
            return sorted(self.found.values(), key=lambda t: (t["host"], t["title"]))

    def close(self) -> None:
        with self.life:
            self.closed = True
            zc, browser, self.zeroconf, self.browser = self.zeroconf, self.browser, None, None
        if zc is not None:  # it says goodbye on the network: not in this frame
            threading.Thread(target=_shut, args=(zc, browser), daemon=True).start()


def _shut(zc, browser) -> None:
    """Stop listening: the browser's own thread ends only when it is cancelled (closing
    zeroconf leaves it waiting for ever, a thread for every visit to the join screen)."""
    try:
        browser.cancel()
    finally:
        zc.close()
