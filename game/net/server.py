"""The host of online tables: a WebSocket server (the `websockets` library, asyncio).

It keeps every table's game (table.py) and is the only judge of it: a connection says what it
wants to do, the table checks it with the engine, and every connection at the table is sent
the table again as its own seat sees it. Computers play their seats here, a few milliseconds at
a time so the server keeps answering. The app's Host runs one in a background thread
(hosting.py); `python -m game.server` runs one on its own with a lobby of tables.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time

import websockets
from websockets.exceptions import ConnectionClosed

from ..engine import bots
from ..version import read_version
from . import protocol
from .protocol import ProtocolError
from .table import GAMES, Table, TableError, TableSeat

log = logging.getLogger("deckhand.net")
HELLO_SECONDS = 10.0     # a connection that says nothing for this long is closed
THINK_SLICE = 0.005      # seconds a computer thinks before the server looks at the network again
STRIKES = 60             # refused messages in a row (one forgiven a second) before a close
MAX_FRAME = 64 * 1024    # frames up to this get a clear "too large" error; larger ones close
MAX_TABLES = 200         # tables a server keeps at once
TABLES_EACH = 3          # tables one connection may make
CLOSE_SECONDS = 1.0      # the longest a closing handshake may take


async def shut(ws, code: int, reason: str) -> None:
    """Close a connection, even one whose unread messages keep its close from being heard."""
    try:
        await asyncio.wait_for(ws.close(code, reason), CLOSE_SECONDS)
    except TimeoutError:
        ws.transport.abort()


class Connection:
    def __init__(self, ws, rate=(protocol.RATE, protocol.BURST)):
        self.ws = ws
        self.limit = protocol.RateLimit(*rate)
        self.greeted = False
        self.table: Table | None = None
        self.seat: int | None = None
        self.role: str | None = None   # "player" or "spectator" once at a table
        self.refusals = protocol.RateLimit(1.0, STRIKES)  # refused messages, forgiven slowly
        self.abusive = False
        self.created = 0   # tables this connection made

    async def send(self, msg: dict) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(protocol.dump(msg))


class Server:
    def __init__(self, *, bot_delay: float = 0.0, allow_create: bool = True, saver=None,
                 rate=(protocol.RATE, protocol.BURST)):
        self.rate = rate                    # (messages a second, burst) per connection
        self.bot_delay = bot_delay          # seconds a computer's move waits, so people see it
        self.allow_create = allow_create    # a lobby (headless server) or the app's own table
        self.saver = saver                  # saver(table) after every change, or None
        self.tables: dict = {}
        self.holders: dict = {}             # (table id, seat) -> the Connection playing it
        self.wake: dict = {}                # table id -> asyncio.Event for its computers
        self.runners: dict = {}
        self.connections: set = set()
        self.server: websockets.Server | None = None
        self.port: int | None = None

    # -- running ----------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        self.server = await websockets.serve(self.handle, host, port, max_size=MAX_FRAME,
                                             ping_interval=20, ping_timeout=20)
        self.port = self.server.sockets[0].getsockname()[1]
        for table in self.tables.values():
            self.start_runner(table)
        return self.port

    def prune(self, idle_seconds: float) -> list:
        """Forget tables nobody is at that have seen no change for `idle_seconds`; their ids."""
        now = time.monotonic()
        occupied = {c.table.id for c in self.connections if c.table is not None}
        gone = [t for t in self.tables.values()
                if t.id not in occupied and now - t.touched > idle_seconds]
        for table in gone:
            del self.tables[table.id]
            task = self.runners.pop(table.id, None)
            if task is not None:
                task.cancel()
            self.wake.pop(table.id, None)
        return [t.id for t in gone]

    async def close(self) -> None:
        for task in self.runners.values():
            task.cancel()
        await asyncio.gather(*self.runners.values(), return_exceptions=True)
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    def add_table(self, table: Table) -> Table:
        if len(self.tables) >= MAX_TABLES:
            raise TableError("This server has as many tables as it can keep: try later.")
        self.tables[table.id] = table
        if self.server is not None:
            self.start_runner(table)
        return table

    def start_runner(self, table: Table) -> None:
        if table.id not in self.runners:
            self.wake[table.id] = asyncio.Event()
            self.runners[table.id] = asyncio.ensure_future(self.run_computers(table))
            self.wake[table.id].set()

    def find(self, name: str) -> Table:
        table = self.tables.get(name)
        if table is None:
            wanted = name.strip().upper()
            table = next((t for t in self.tables.values() if t.code == wanted), None)
        if table is None:
            raise TableError(f"There is no table {name!r} here: check the code.")
        return table

    # -- one connection ---------------------------------------------------------------------
    async def handle(self, ws) -> None:
        conn = Connection(ws, self.rate)
        self.connections.add(conn)
        try:
            while True:
                timeout = None if conn.greeted else HELLO_SECONDS
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout)
                except TimeoutError:
                    await shut(ws, 1008, "No hello: closing.")
                    return
                await self.receive(conn, raw)
                if conn.abusive:
                    await shut(ws, 1008, "Too many refused messages.")
                    return
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(conn)
            await self.leave(conn)

    async def receive(self, conn: Connection, raw) -> None:
        if not conn.limit.allow():
            await self.refuse(conn, "rate", "Too many messages: slow down. That one was ignored.")
            return
        if len(raw) > protocol.MAX_CLIENT_MESSAGE:
            await self.refuse(conn, "too_large", f"That message is too large (over "
                              f"{protocol.MAX_CLIENT_MESSAGE} bytes) and was ignored.")
            return
        try:
            msg = protocol.parse(raw)
        except ProtocolError as exc:
            await self.refuse(conn, exc.code, str(exc))
            return
        if msg["type"] == "hello":
            await self.hello(conn, msg)
            return
        if not conn.greeted:
            await self.refuse(conn, "hello", "Say hello first, with your protocol version.")
            return
        try:
            await getattr(self, "on_" + msg["type"])(conn, msg)
        except TableError as exc:
            await self.refuse(conn, exc.code, str(exc))
        except ConnectionClosed:
            raise
        except Exception:  # one request's bug must not drop the connection
            log.exception("a %s message failed", msg["type"])
            await self.refuse(conn, "internal", "The host could not do that: a fault of "
                              "the host's, not yours.")

    async def refuse(self, conn: Connection, code: str, message: str) -> None:
        conn.abusive = conn.abusive or not conn.refusals.allow()
        await conn.send(protocol.error(code, message))

    async def hello(self, conn: Connection, msg: dict) -> None:
        if msg["protocol"] != protocol.VERSION:
            await conn.send(protocol.error("version", protocol.version_words(msg["protocol"])))
            await shut(conn.ws, 1002, "protocol version mismatch")
            return
        conn.greeted = True
        await conn.send({"type": "welcome", "protocol": protocol.VERSION,
                         "server": f"Deckhand {read_version()}", "create": self.allow_create})

    async def on_list(self, conn, msg) -> None:
        await conn.send({"type": "tables", "tables": [t.summary() for t in self.tables.values()]})

    async def on_create(self, conn, msg) -> None:
        if not self.allow_create:
            raise TableError("Tables are made by the host here: join one of theirs.")
        self.check_free(conn)
        if conn.created >= TABLES_EACH:
            raise TableError(f"One connection makes at most {TABLES_EACH} tables.")
        game_id = msg["game"]
        if game_id not in GAMES:
            raise TableError(f"{game_id!r} is not a game for several players.")
        levels = bots.levels(game_id)
        seats = []
        for i, s in enumerate(msg["seats"]):
            level = s.get("level") or levels[-1]
            if level not in levels:
                raise TableError(f"Computers play {', '.join(levels)}, not {level!r}.")
            computer = s["kind"] == "computer"
            seats.append(TableSeat(f"Computer {i + 1}" if computer else f"Seat {i + 1}",
                                   s["kind"], level))
        sit = msg.get("sit")
        if sit is not None and (sit >= len(seats) or seats[sit].kind != "open"):
            raise TableError("You can only sit in an open seat.")
        table = self.add_table(Table(game_id, seats, msg.get("options")))
        conn.created += 1
        await conn.send({"type": "created", "table": table.id, "code": table.code})
        if sit is not None:
            await self.on_join(conn, {"table": table.id, "seat": sit,
                                      "name": msg.get("name") or "Host"})
        else:
            await self.changed(table)

    def check_free(self, conn) -> None:
        if conn.table is not None:
            raise TableError("You are at a table already: leave it first.")

    async def on_join(self, conn, msg) -> None:
        self.check_free(conn)
        table = self.find(msg["table"])
        seat, token = table.claim(msg.get("seat"), msg["name"].strip())
        await self.seat(conn, table, seat, token)

    async def on_rejoin(self, conn, msg) -> None:
        self.check_free(conn)
        table = self.find(msg["table"])
        seat = table.rejoin(msg["token"])
        old = self.holders.get((table.id, seat))
        if old is not None and old is not conn:  # the seat's old connection, not yet seen gone
            old.table = None
            await old.send(protocol.error("replaced", "You joined this seat from elsewhere."))
            await shut(old.ws, 1000, "joined from elsewhere")
        await self.seat(conn, table, seat, msg["token"])

    async def seat(self, conn, table: Table, seat: int, token: str) -> None:
        conn.table, conn.seat, conn.role = table, seat, "player"
        self.holders[(table.id, seat)] = conn
        await conn.send({"type": "joined", "table": table.id, "code": table.code, "seat": seat,
                         "token": token, "role": "player"})
        await self.changed(table)

    async def on_watch(self, conn, msg) -> None:
        self.check_free(conn)
        table = self.find(msg["table"])
        conn.table, conn.seat, conn.role = table, None, "spectator"
        await conn.send({"type": "joined", "table": table.id, "code": table.code, "seat": None,
                         "token": None, "role": "spectator"})
        await conn.send(table.update(None))

    async def on_act(self, conn, msg) -> None:
        table = self.player_table(conn)
        table.act(conn.seat, msg["action"], msg["seq"])
        await self.changed(table)

    async def on_stand_in(self, conn, msg) -> None:
        table = self.player_table(conn)
        table.let_computer_play(msg["seat"])
        await self.changed(table)

    async def on_leave(self, conn, msg) -> None:
        await self.leave(conn)
        await conn.send({"type": "left"})

    def player_table(self, conn) -> Table:
        if conn.table is None or conn.role != "player":
            raise TableError("Only a player at a table can do that: join a seat first.")
        return conn.table

    async def leave(self, conn) -> None:
        table, seat = conn.table, conn.seat
        conn.table = conn.seat = conn.role = None
        if table is None or seat is None or self.holders.get((table.id, seat)) is not conn:
            return
        del self.holders[(table.id, seat)]
        table.disconnect(seat)
        await self.changed(table, save=False)

    # -- after every change -----------------------------------------------------------------
    async def changed(self, table: Table, save: bool = True) -> None:
        """Save the table, send everyone at it the table as they may see it, wake its computers."""
        table.touched = time.monotonic()
        if save and self.saver is not None:
            try:
                self.saver(table)
            except OSError as exc:
                log.warning("could not save table %s: %s", table.id, exc)
        at_table = [c for c in self.connections if c.table is table]
        await asyncio.gather(*(c.send(table.update(c.seat)) for c in at_table))
        event = self.wake.get(table.id)
        if event is not None:
            event.set()

    async def run_computers(self, table: Table) -> None:
        event = self.wake[table.id]
        while True:
            await event.wait()
            event.clear()
            seat = table.computer_to_act()
            if seat is None:
                continue
            seq = table.seq
            try:
                action = await self.think(table.bot_thinking(seat))
            except Exception:  # a bot's bug must not stop the table
                log.exception("the computer at table %s seat %d failed; it plays at random",
                              table.id, seat)
                action = random.Random(seq).choice(table.session.legal_actions())
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            if table.seq == seq and table.computer_to_act() == seat:
                try:
                    table.apply(action)
                except TableError:
                    log.exception("the computer at table %s chose an illegal move", table.id)
                    table.apply(random.Random(seq).choice(table.session.legal_actions()))
                await self.changed(table)
            event.set()  # look again: the next seat may be a computer too

    @staticmethod
    async def think(thinking):
        while True:
            deadline = time.perf_counter() + THINK_SLICE
            try:
                while time.perf_counter() < deadline:
                    next(thinking)
            except StopIteration as stop:
                return stop.value
            await asyncio.sleep(0)
