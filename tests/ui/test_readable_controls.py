"""The screens made of controls stay readable at every size: the seat screen at its fullest,
a name being typed, the deal-number dialog, and a deal of the day's result with its line."""
from datetime import date

from game.engine import games
from game.scenes.dialogs import DealNumberDialog, ResultScreen
from game.scenes.seat_setup import SeatSetupDialog

from .test_readable import check


def test_seat_screens_at_their_most_seats_are_readable(app):
    found = []
    for game_id in ("abandon_ship", "ships_and_sailors", "pirate_rummy", "doubloons"):
        dialog = SeatSetupDialog(app, game_id)
        app.push(dialog)
        while len(dialog.seats) < games.get(game_id).SEATS[1]:
            dialog.resize(1)
        for seat in dialog.seats:
            seat.name = "Wilhelmina W1"[:14]
        dialog.edit(1)
        found += check(app, f"{game_id} seats, a name being typed")
        app.pop()
    app.push(DealNumberDialog(app, lambda seed: None))
    found += check(app, "deal number dialog")
    assert not found, "\n".join(found[:40])


def test_a_deal_of_the_day_result_is_readable(app, monkeypatch):
    from game.scenes import daily as today_deal
    monkeypatch.setattr(today_deal, "today", lambda: date(2026, 11, 25))
    today_deal.start(app, "bogey")
    scene = app.top
    while not scene.session.is_over():
        scene.act(scene.hint().action)
    assert scene.daily_result is not None
    screen = ResultScreen(app, scene, True, "All 52 cards laid out!", ["Columns used: 12"])
    app.push(screen)
    found = check(app, "deal of the day result")
    screen.copy_result()
    screen.export_record()
    found += check(app, "deal of the day result, copied and exported")
    assert not found, "\n".join(found[:40])
