"""Real sockets on 127.0.0.1 for the online-table tests: a server, clients that play from
their own view, and a scanner of every message a connection received."""
from __future__ import annotations

import asyncio
import json
import random
import re

from game.engine import bots, cards, games
from game.engine.public import public_view
from game.net import codec
from game.net.client import Client
from game.net.server import Server
from game.net.table import Table, TableSeat

HOST = "127.0.0.1"
GAMES = ("abandon_ship", "lamarckian_poker", "ships_and_sailors", "pirate_rummy", "doubloons")
OPTIONS = {"ships_and_sailors": {"target": "100"}}
SEED = 987_654_321
TIMEOUT = 30.0


def card_codes(game_id: str) -> frozenset:
    """Every card code the game has: what a message is scanned for."""
    rules = games.get(game_id)
    if game_id == "abandon_ship":
        return frozenset(rules.TWO_DECKS)
    if game_id == "lamarckian_poker":
        return frozenset(cards.FULL_DECK)
    if game_id == "ships_and_sailors":
        return frozenset(rules.FULL_DECK)
    if game_id == "pirate_rummy":
        return frozenset(rules.ALL_CODES)
    return frozenset(rules.ACTION_DECK) | frozenset(rules.PIRATES)


TOKEN = re.compile(r"[^\s,;:()\[\]{}\"'!?]+")


def strings(data):
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from strings(v)


def tokens(data) -> set:
    return {t for s in strings(data) for t in TOKEN.findall(s)}


def keys(data):
    if isinstance(data, dict):
        for k, v in data.items():
            yield k
            yield from keys(v)
    elif isinstance(data, list):
        for v in data:
            yield from keys(v)


def leaks(table: Table, raws: list, seat) -> list:
    """Every card in a received message that `seat` (None: a spectator) could not see in the
    state the message was about; and any seed or generator state at all."""
    universe = card_codes(table.game_id)
    states = table.session.states
    rules = table.rules
    secrets_ = {str(table.session.seed)}
    for state in states:
        rng = rules.to_json(state).get("rng")
        if isinstance(rng, int):
            secrets_.add(str(rng))
    found = []
    for raw in raws:
        msg = json.loads(raw)
        bad_keys = {"seed", "rng", "deck", "token"} & set(keys(msg.get("view", {})))
        if bad_keys:
            found.append(("key", sorted(bad_keys)))
        for secret in secrets_:
            if re.search(rf"(?<!\d){secret}(?!\d)", raw) and len(secret) > 3:
                found.append(("secret number", secret))
        if msg.get("type") != "update":
            continue
        state = states[msg["seq"]]
        seen = rules.view(state, seat) if seat is not None else public_view(table.game_id, state)
        allowed = tokens(codec.encode(seen)) & universe
        extra = (tokens(msg) & universe) - allowed
        if extra:
            found.append((msg["seq"], sorted(extra)))
    return found


def new_table(game_id: str, humans: int = 3, seats: int = 4, level: str = "easy") -> Table:
    layout = [TableSeat(f"Seat {i + 1}") if i < humans
              else TableSeat(f"Computer {i + 1}", "computer", level) for i in range(seats)]
    return Table(game_id, layout, OPTIONS.get(game_id), seed=SEED)


FAST = (1000.0, 1000)  # clients that play at machine speed: no rate limit in their way


async def start(table: Table | None = None, **kwargs) -> tuple:
    kwargs.setdefault("rate", FAST)
    server = Server(**kwargs)
    if table is not None:
        server.add_table(table)
    port = await server.start(HOST, 0)
    return server, f"ws://{HOST}:{port}"


class Player:
    """A client at a seat that plays, from its own view only, with the easy computer player."""

    def __init__(self, url: str, name: str):
        self.client = Client(url, "test")
        self.name = name
        self.seat = self.token = self.table = None
        self.update = None
        self.errors: list = []
        self.rng = random.Random(name)

    async def join(self, table_id: str, seat=None) -> Player:
        await self.client.connect()
        await self.client.send({"type": "join", "table": table_id, "name": self.name,
                                **({"seat": seat} if seat is not None else {})})
        joined = await self.expect("joined")
        self.seat, self.token, self.table = joined["seat"], joined["token"], joined["table"]
        return self

    async def rejoin(self) -> dict:
        await self.client.connect()
        await self.client.send({"type": "rejoin", "table": self.table, "token": self.token})
        return await self.expect("joined")

    async def expect(self, kind: str) -> dict:
        while True:
            msg = await asyncio.wait_for(self.next(), TIMEOUT)
            if msg["type"] == kind:
                return msg
            if msg["type"] == "error" and kind != "error":
                raise AssertionError(f"{self.name}: {msg['message']}")

    async def next(self) -> dict:
        msg = await self.client.receive()
        if msg["type"] == "update":
            self.update = msg
        elif msg["type"] == "error" and msg["code"] != "stale":
            self.errors.append(msg)
        return msg

    async def play(self, until=None) -> dict:
        """Play every decision of this seat until the game is over (or `until(update)`)."""
        while True:
            u = self.update
            if u is not None and (u["over"] or (until is not None and until(u))):
                return u
            if u is not None and u["legal"]:
                await self.act(u)
            msg = await asyncio.wait_for(self.next(), TIMEOUT)
            if msg["type"] == "error" and msg["code"] != "stale":  # stale: a newer update is on its way
                raise AssertionError(f"{self.name} was refused: {msg['message']}")

    async def act(self, u) -> None:
        bot = bots.make(u["game"], "easy")
        action = bots.finish(bot.think(u["view"], u["legal"], self.rng))
        self.update = None  # wait for the table's answer
        await self.client.send({"type": "act", "action": str(action), "seq": u["seq"]})


async def play_all(players: list, until=None) -> list:
    return await asyncio.gather(*(p.play(until) for p in players))
