"""A client killed mid-game re-joins into the same seat and state; meanwhile the others see it
waiting, and may let a computer play it; a spectator sees nothing private."""
import asyncio

from tests.net.harness import Player, leaks, new_table, play_all, start


def test_a_killed_client_rejoins_its_seat_and_the_game_goes_on():
    async def main():
        table = new_table("abandon_ship")
        server, url = await start(table)
        try:
            mia, ned, oli = [await Player(url, n).join(table.id) for n in ("Mia", "Ned", "Oli")]
            # play until it is Ned's turn after a few moves, then pull his plug
            await asyncio.gather(ned.play(lambda u: u["seq"] >= 12 and bool(u["legal"])),
                                 mia.play(lambda u: u["seq"] >= 12 and u["view"].to_act == 1),
                                 oli.play(lambda u: u["seq"] >= 12 and u["view"].to_act == 1))
            seq = table.seq
            ned.client.ws.transport.abort()
            waiting = await mia.expect("update")
            while not waiting["seats"][1]["waiting"]:
                waiting = await mia.expect("update")
            assert waiting["seats"][1]["name"] == "Ned" and not waiting["seats"][1]["connected"]
            assert table.seq == seq  # nobody plays for him unless asked
            token, raws_before = ned.token, list(ned.client.raw)
            ned.client.raw = []
            joined = await ned.rejoin()
            assert (joined["seat"], joined["token"]) == (1, token)
            back = await ned.expect("update")
            assert back["seq"] == seq and back["view"] == table.session.view(1)
            assert [d.text for d in back["legal"]] == [a.text for a in table.session.legal_actions()]
            await play_all([mia, ned, oli])
            assert table.session.is_over()
            assert leaks(table, raws_before + ned.client.raw, 1) == []
        finally:
            await server.close()
    asyncio.run(main())


def test_the_others_may_let_a_computer_take_a_waiting_seat_until_its_player_returns():
    async def main():
        table = new_table("lamarckian_poker", humans=2, seats=3)
        server, url = await start(table)
        try:
            mia, ned = [await Player(url, n).join(table.id) for n in ("Mia", "Ned")]
            await mia.expect("update")
            await ned.client.close()
            while not mia.update["seats"][1]["waiting"]:
                await mia.next()
            await mia.client.send({"type": "stand_in", "seat": 1})
            while not mia.update["seats"][1]["stand_in"]:
                await mia.next()
            # the computer plays Ned's turns now: Mia's game moves past them
            await mia.play(lambda u: u["seq"] >= 6)
            assert table.seq >= 6
            await ned.rejoin()
            u = await ned.expect("update")
            assert not u["seats"][1]["stand_in"] and u["seats"][1]["connected"]
            await play_all([mia, ned])
            assert table.session.is_over()
        finally:
            await server.close()
    asyncio.run(main())


def test_a_spectator_sees_only_the_public_view():
    async def main():
        table = new_table("ships_and_sailors")
        server, url = await start(table)
        try:
            players = [await Player(url, n).join(table.id) for n in ("Mia", "Ned", "Oli")]
            watcher = Player(url, "Eve")
            await watcher.client.connect()
            await watcher.client.send({"type": "watch", "table": table.code.lower()})
            joined = await watcher.expect("joined")
            assert joined["seat"] is None and joined["token"] is None
            await asyncio.gather(play_all(players), watcher.play())
            assert table.session.is_over()
            updates = [r for r in watcher.client.raw if '"type":"update"' in r]
            assert len(updates) > 50
            assert leaks(table, watcher.client.raw, None) == []
            assert all(u is not None for u in [watcher.update]) and not watcher.update["legal"]
            # a spectator may not act
            await watcher.client.send({"type": "act", "action": "play 7a", "seq": table.seq})
            refused = await watcher.expect("error")
            assert "join a seat" in refused["message"]
        finally:
            await server.close()
    asyncio.run(main())
