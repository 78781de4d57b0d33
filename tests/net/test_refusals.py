"""Malformed, oversized, out-of-turn, stale and wrong-token messages are refused with a clear
error, change nothing, and the game goes on; another protocol version is told so in words."""
import asyncio
import json

import pytest
from websockets.exceptions import ConnectionClosed

from game.net import protocol
from game.net.client import Client, ClientError
from game.net.server import STRIKES
from tests.net.harness import Player, new_table, play_all, start


async def refused(player, raw) -> dict:
    if isinstance(raw, dict):
        raw = json.dumps(raw)
    await player.client.send_raw(raw)
    return await player.expect("error")


def test_bad_messages_are_refused_and_change_nothing():
    async def main():
        table = new_table("doubloons")
        server, url = await start(table)
        try:
            players = [await Player(url, n).join(table.id) for n in ("Mia", "Ned", "Oli")]
            for p in players:
                await p.expect("update")
            while table.session.state.to_act != 0 or table.computer_to_act() is not None:
                await asyncio.sleep(0.01)
            mia, ned = players[0], players[1]
            before = (table.seq, table.session.state)
            legal = str(table.session.legal_actions()[0])
            cases = [
                (mia, "{not json", "malformed", "not valid JSON"),
                (mia, "[1, 2]", "malformed", "JSON object"),
                (mia, {"type": "shout"}, "malformed", "Unknown message type"),
                (mia, {"type": "act", "action": legal}, "malformed", "needs a 'seq'"),
                (mia, {"type": "act", "action": legal, "seq": table.seq, "seat": 1},
                 "malformed", "no field 'seat'"),
                (mia, {"type": "act", "action": 7, "seq": table.seq}, "malformed", "not valid"),
                (mia, {"type": "act", "action": "x" * 5000, "seq": table.seq}, "too_large", "too large"),
                (mia, b"\x00binary", "malformed", "not binary"),
                (mia, {"type": "act", "action": "fly to the moon", "seq": table.seq},
                 "illegal", ""),
                (mia, {"type": "act", "action": legal, "seq": table.seq + 1}, "stale", "has changed"),
                (ned, {"type": "act", "action": legal, "seq": table.seq}, "turn", "not your turn"),
                (ned, {"type": "stand_in", "seat": 0}, "refused", "is at the table"),
                (ned, {"type": "join", "table": table.id, "name": "Ned"}, "refused", "leave it first"),
            ]
            for who, raw, code, words in cases:
                error = await refused(who, raw)
                assert error["code"] == code, (raw, error)
                assert words in error["message"], (raw, error)
                assert (table.seq, table.session.state) == before
            # a stranger: a wrong token, a taken seat, a table that is not there
            eve = Player(url, "Eve")
            await eve.client.connect()
            for raw, words in [({"type": "rejoin", "table": table.id, "token": "x" * 24}, "holds no seat"),
                               ({"type": "join", "table": table.id, "seat": 0, "name": "Eve"}, "not open"),
                               ({"type": "join", "table": "NOSUCH", "name": "Eve"}, "no table"),
                               ({"type": "act", "action": legal, "seq": table.seq}, "join a seat")]:
                error = await refused(eve, raw)
                assert words in error["message"], error
            assert (table.seq, table.session.state) == before
            assert [s.connected for s in table.seats[:3]] == [True, True, True]
            await table_goes_on(table, players)
        finally:
            await server.close()
    asyncio.run(main())


async def table_goes_on(table, players):
    """Everyone plays on from the table as it stands (no message of theirs changed it)."""
    for p in players:
        p.update = table_update(table, p)
    await play_all(players)
    assert table.session.is_over()


def table_update(table, p):
    from game.net.client import read_message
    return read_message(protocol.dump(table.update(p.seat)))


def test_a_message_before_hello_is_refused():
    async def main():
        server, url = await start(new_table("abandon_ship"))
        try:
            client = Client(url)
            import websockets
            client.ws = await websockets.connect(url)
            await client.send({"type": "list"})
            msg = await client.receive()
            assert msg["type"] == "error" and "hello" in msg["message"]
            await client.close()
        finally:
            await server.close()
    asyncio.run(main())


def test_another_protocol_version_is_told_so_in_words():
    async def main():
        server, url = await start(new_table("abandon_ship"))
        try:
            client = Client(url)
            try:
                await client.connect(version=protocol.VERSION + 1)
            except ClientError as exc:
                words = str(exc)
            else:
                raise AssertionError("a client of another version was welcomed")
            assert f"version {protocol.VERSION}" in words and f"version {protocol.VERSION + 1}" in words
            assert "same Deckhand version" in words
        finally:
            await server.close()
    asyncio.run(main())


def test_a_flood_of_messages_is_slowed_down_then_cut_off():
    async def main():
        server, url = await start(new_table("abandon_ship"), rate=(protocol.RATE, protocol.BURST))
        try:
            client = Client(url)
            await client.connect()
            for _ in range(protocol.BURST + STRIKES + 10):
                await client.send({"type": "list"})
            codes = []
            with pytest.raises(ConnectionClosed):
                while True:
                    codes.append((await asyncio.wait_for(client.receive(), 5))["type"])
            assert protocol.BURST - 1 <= codes.count("tables") <= protocol.BURST + 2  # hello took one
            assert STRIKES <= codes.count("error") <= STRIKES + 2
        finally:
            await server.close()
    asyncio.run(main())


def test_a_frame_far_too_large_closes_the_connection_but_not_the_table():
    async def main():
        table = new_table("lamarckian_poker", humans=1, seats=2)
        server, url = await start(table)
        try:
            mia = await Player(url, "Mia").join(table.id)
            await mia.expect("update")
            try:
                await mia.client.send_raw("x" * 200_000)
                await asyncio.wait_for(mia.client.receive(), 5)
            except Exception as exc:
                closed = exc
            assert "ConnectionClosed" in type(closed).__name__
            await mia.rejoin()
            await mia.expect("update")
            await mia.play()
            assert table.session.is_over()
        finally:
            await server.close()
    asyncio.run(main())


def test_a_computer_player_that_fails_does_not_stop_the_table(monkeypatch):
    from game.net.table import Table as TableClass
    real = TableClass.bot_thinking
    failures = []

    def flaky(self, seat):
        if len(failures) < 3:
            failures.append(seat)
            raise RuntimeError("a bug in a bot")
        return real(self, seat)
    monkeypatch.setattr(TableClass, "bot_thinking", flaky)

    async def main():
        table = new_table("abandon_ship", humans=1, seats=3)
        server, url = await start(table)
        try:
            mia = await Player(url, "Mia").join(table.id)
            await mia.play()
            assert table.session.is_over() and len(failures) == 3
        finally:
            await server.close()
    asyncio.run(main())
