"""The host autosaves its table as every game is saved; after a crash it resumes from the save
and each player re-joins its seat with its token."""
import asyncio

from game.net import saving
from game.store import saves, stats
from tests.net.harness import Player, leaks, new_table, play_all, start


def test_the_host_restarts_from_its_autosave_and_the_clients_rejoin(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))

    async def main():
        table = new_table("pirate_rummy")
        server, url = await start(table, saver=saving.autosave)
        players = [await Player(url, n).join(table.id) for n in ("Mia", "Ned", "Oli")]
        await play_all(players, until=lambda u: u["seq"] >= 15)
        await server.close()  # the host's window is gone: every connection drops
        seq, state = table.seq, table.session.state
        raws = [list(p.client.raw) for p in players]

        resumed = saving.resume("pirate_rummy")
        assert resumed is not None and resumed is not table
        assert (resumed.id, resumed.code, resumed.seq) == (table.id, table.code, seq)
        assert resumed.session.state == state
        assert [s.connected for s in resumed.seats] == [False] * 4
        assert [s.kind for s in resumed.seats] == ["human"] * 3 + ["computer"]
        server, url = await start(resumed, saver=saving.autosave)
        try:
            for p, _raw in zip(players, raws):
                p.client.url, p.client.raw, p.update = url, [], None
                joined = await p.rejoin()
                assert joined["seat"] == players.index(p)
                update = await p.expect("update")
                while not all(s["connected"] for s in update["seats"][:players.index(p) + 1]):
                    update = await p.expect("update")
                assert update["view"] == resumed.session.view(p.seat)
            await play_all(players)
            assert resumed.session.is_over()
            assert not saves.has_save("pirate_rummy")  # a finished game leaves nothing to continue
            data, _ = stats.load()  # and is counted in the host's statistics, once
            tables = data["games"]["pirate_rummy"].values()
            assert sum(len(t["recent"]) for t in tables) == 1
            assert {"Mia", "Ned", "Oli"} <= {name for t in tables for name in t["players"]}
            for p, raw in zip(players, raws):
                assert leaks(resumed, raw + p.client.raw, p.seat) == []
        finally:
            await server.close()
    asyncio.run(main())


def test_a_pass_and_play_save_is_no_online_table(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKHAND_HOME", str(tmp_path / "home"))
    from game.engine.session import Session
    saves.save(Session("doubloons", 3, 4), [{"name": "A", "kind": "human", "level": "hard"}] * 3)
    assert saving.resume("doubloons") is None
