"""`python -m game.server` starts a headless server with a lobby: tables are created, listed,
joined and played; it never imports pygame."""
import asyncio
import subprocess
import sys
from pathlib import Path

from game.net.client import Client
from game.net.server import TABLES_EACH
from tests.net.harness import HOST, Player, leaks, play_all, start

ROOT = Path(__file__).resolve().parents[2]


def test_the_lobby_creates_lists_and_plays_tables():
    async def main():
        server, url = await start(allow_create=True)
        try:
            host = Player(url, "Mia")
            await host.client.connect()
            await host.client.send({"type": "create", "game": "lamarckian_poker",
                                    "seats": [{"kind": "open"}, {"kind": "open"},
                                              {"kind": "computer", "level": "easy"}],
                                    "sit": 0, "name": "Mia"})
            created = await host.expect("created")
            joined = await host.expect("joined")
            host.seat, host.token, host.table = joined["seat"], joined["token"], joined["table"]
            assert joined["table"] == created["table"] and joined["code"] == created["code"]
            looker = Client(url)
            await looker.connect()
            await looker.send({"type": "list"})
            listed = (await looker.receive())["tables"]
            assert [(t["table"], t["title"], t["open"], t["started"]) for t in listed] == [
                (created["table"], "Lamarckian Poker", 1, False)]
            assert [s["name"] for s in listed[0]["seats"]] == ["Mia", "Seat 2", "Computer 3"]
            assert "token" not in str(listed)
            ned = await Player(url, "Ned").join(created["code"])
            assert ned.seat == 1
            await play_all([host, ned])
            table = server.tables[created["table"]]
            assert table.session.is_over()
            assert leaks(table, host.client.raw, 0) == [] and leaks(table, ned.client.raw, 1) == []
            bad = Player(url, "Eve")
            await bad.client.connect()
            await bad.client.send({"type": "create", "game": "scoundrel", "seats": [{"kind": "open"}]})
            assert "not a game for several players" in (await bad.expect("error"))["message"]
            await bad.client.send({"type": "create", "game": "doubloons", "seats": [{"kind": "open"}]})
            assert "2 to 6 seats" in (await bad.expect("error"))["message"]
            for _ in range(TABLES_EACH):
                await bad.client.send({"type": "create", "game": "doubloons",
                                       "seats": [{"kind": "open"}] * 2})
                await bad.expect("created")
            await bad.client.send({"type": "create", "game": "doubloons",
                                   "seats": [{"kind": "open"}] * 2})
            assert "at most" in (await bad.expect("error"))["message"]
            assert len(server.tables) == 1 + TABLES_EACH
        finally:
            await server.close()
    asyncio.run(main())


def test_the_app_s_own_table_takes_no_new_tables():
    async def main():
        server, url = await start(allow_create=False)
        try:
            p = Player(url, "Eve")
            await p.client.connect()
            assert p.client.welcome["create"] is False
            await p.client.send({"type": "create", "game": "doubloons",
                                 "seats": [{"kind": "open"}] * 2})
            assert "made by the host" in (await p.expect("error"))["message"]
        finally:
            await server.close()
    asyncio.run(main())


def test_python_m_game_server_serves_on_loopback_without_pygame():
    probe = ("import sys, runpy; sys.argv = ['game.server', '--host', '127.0.0.1', '--port', '0'];"
             "import builtins; real = builtins.__import__\n"
             "def guard(name, *a, **k):\n"
             "    assert not name.startswith('pygame'), 'the server imported pygame'\n"
             "    return real(name, *a, **k)\n"
             "builtins.__import__ = guard\n"
             "runpy.run_module('game.server', run_name='__main__')")
    proc = subprocess.Popen([sys.executable, "-c", probe], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert "listening on ws://127.0.0.1:" in line, line + proc.stderr.read()
        port = int(line.split("ws://127.0.0.1:")[1].split()[0])

        async def hello():
            client = Client(f"ws://{HOST}:{port}")
            welcome = await client.connect()
            await client.send({"type": "list"})
            tables = await client.receive()
            await client.close()
            return welcome, tables
        welcome, tables = asyncio.run(hello())
        assert welcome["create"] is True and tables == {"type": "tables", "tables": []}
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=10)
    assert "stopped" in out, err


def test_nothing_under_game_net_imports_pygame():
    from tests.engine.test_purity import pygame_imports
    files = sorted((ROOT / "game" / "net").glob("*.py")) + [ROOT / "game" / "server.py"]
    assert len(files) >= 7
    assert {f.name: pygame_imports(f) for f in files if pygame_imports(f)} == {}
