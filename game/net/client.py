"""The client side of an online table: connect, say hello, send requests, read the table.

`Client` is asyncio (tests use it directly); `NetworkThread` runs one in a background thread
for the app, so a slow or dead network never holds up a frame: the scene puts requests in and
takes messages out of queues, each frame, without waiting.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import queue
from urllib.parse import urlsplit

import websockets
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidURI

from ..wake import wake
from . import codec, protocol
from .background import LoopThread

CONNECT_SECONDS = 8.0
ALLOWED_HOSTS: frozenset | None = None  # None: any host; the tests allow 127.0.0.1 alone


class ClientError(Exception):
    """Why the connection failed or was refused, in words."""


def address_url(address: str, default_port: int = 0) -> str:
    """`ws://host:port` from what a player typed: `host:port`, `host`, or a ws:// or wss:// URL."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if default_port and ":" not in address.rsplit("]", 1)[-1]:
        address = f"{address}:{default_port}"
    return f"ws://{address}"


def read_message(raw) -> dict:
    """A server message, with its view and actions built again as the engine's objects."""
    msg = json.loads(raw)
    if not isinstance(msg, dict):
        raise codec.DecodeError("a server message is not an object")
    if msg.get("type") == "update":
        msg["view"] = codec.decode(msg.get("view"))
        msg["legal"] = [codec.decode_action(a) for a in msg.get("legal") or ()]
    return msg


class Client:
    def __init__(self, url: str, app: str = "Deckhand"):
        self.url = url
        self.app = app
        self.ws: ClientConnection | None = None   # open once connect() returns
        self.raw: list = []        # every text the server sent, in order (tests scan these)
        self.welcome: dict | None = None

    async def connect(self, version: int = protocol.VERSION) -> dict:
        host = urlsplit(self.url).hostname
        if ALLOWED_HOSTS is not None and host not in ALLOWED_HOSTS:
            raise ClientError(f"Connecting to {host} is not allowed here.")
        try:
            self.ws = await asyncio.wait_for(websockets.connect(
                self.url, max_size=protocol.MAX_SERVER_MESSAGE, open_timeout=CONNECT_SECONDS),
                CONNECT_SECONDS)
        except (TimeoutError, OSError, InvalidURI, websockets.InvalidHandshake) as exc:
            raise ClientError(f"Could not reach {self.url}: {exc or type(exc).__name__}") from None
        await self.send({"type": "hello", "protocol": version, "app": self.app})
        msg = await self.receive()
        if msg.get("type") != "welcome":
            raise ClientError(msg.get("message") or "The server did not welcome us.")
        self.welcome = msg
        return msg

    async def send(self, msg: dict) -> None:
        assert self.ws is not None, "connect() first"
        await self.ws.send(protocol.dump(msg))

    async def send_raw(self, data) -> None:
        assert self.ws is not None, "connect() first"
        await self.ws.send(data)

    async def receive(self) -> dict:
        assert self.ws is not None, "connect() first"
        raw = await self.ws.recv()
        self.raw.append(raw)
        return read_message(raw)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


class NetworkThread(LoopThread):
    """A Client on its own thread and event loop. `send(msg)` never blocks; `poll()` returns the
    messages that arrived since the last call, plus {"type": "closed", "message": ...} once
    the connection is gone."""

    def __init__(self, url: str, app: str = "Deckhand"):
        self.client = Client(url, app)
        self.inbox: queue.Queue = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self.outbox: asyncio.Queue = asyncio.Queue()  # bound to self.loop at its first use
        self.start_thread("deckhand-network")

    async def main(self) -> None:
        try:
            self.deliver(await self.client.connect())
        except (ClientError, ConnectionClosed, ValueError) as exc:
            self.deliver({"type": "closed", "message": str(exc) or "The connection closed."})
            return
        sender = asyncio.ensure_future(self.send_loop())
        try:
            while True:
                self.deliver(await self.client.receive())
        except ConnectionClosed as exc:
            why = exc.rcvd.reason if exc.rcvd is not None and exc.rcvd.reason else ""
            self.deliver({"type": "closed", "message": why or "The connection was lost."})
        except (ValueError, codec.DecodeError) as exc:
            self.deliver({"type": "closed", "message": f"The server sent nonsense: {exc}"})
        finally:
            sender.cancel()
            await self.client.close()

    async def send_loop(self) -> None:
        while True:
            msg = await self.outbox.get()
            if msg is None:
                await self.client.close()
                return
            try:
                await self.client.send(msg)
            except ConnectionClosed:
                return

    def send(self, msg: dict | None) -> None:
        """Send `msg`; None closes the connection."""
        if self.loop.is_closed():
            return
        # RuntimeError: the loop has just stopped: the message goes nowhere, as on a dead network
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self._put, msg)

    def deliver(self, msg: dict) -> None:
        self.inbox.put(msg)
        wake()  # a sleeping window looks at once

    def _put(self, msg) -> None:
        self.outbox.put_nowait(msg)

    def poll(self) -> list:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        self.send(None)
