"""A host and three clients on loopback play a whole game of each multiplayer game; every
message each connection received is scanned for cards its seat could not see."""
import asyncio

import pytest

from tests.net.harness import GAMES, Player, leaks, new_table, play_all, start


@pytest.mark.parametrize("game_id", GAMES)
def test_three_clients_and_a_computer_play_a_whole_game(game_id):
    async def main():
        table = new_table(game_id)
        server, url = await start(table)
        try:
            players = [await Player(url, name).join(table.id) for name in ("Mia", "Ned", "Oli")]
            finals = await play_all(players)
        finally:
            await server.close()
        assert table.session.is_over()
        assert [p.seat for p in players] == [0, 1, 2]
        for p, final in zip(players, finals):
            assert final["over"] and final["result"]["winners"] == list(
                table.rules.result(table.session.state).winners)
            assert final["view"] == table.session.view(p.seat) or final["seq"] == table.seq
            assert leaks(table, p.client.raw, p.seat) == []
            assert not p.errors
        return table
    table = asyncio.run(main())
    assert len(table.session.actions) > 10
