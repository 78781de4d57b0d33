"""The worked examples on the rules screens: the directive, the cards drawn with the game's own
art, and every example's claims checked against the engine, so the texts can't drift from the
rules."""
import pygame
import pytest

from game.engine import (
    abandon_ship,
    bogey,
    doubloons,
    lamarckian_poker,
    pirate_rummy,
    scoundrel,
    ships_and_sailors,
)
from game.engine.cards import FULL_DECK
from game.resources import asset
from game.scenes.registry import playable
from game.scenes.rules import ARROW, EXAMPLE, RulesScreen, parse_example
from game.ui import widgets

from .driver import key

DECKS = {
    "scoundrel": set(scoundrel.DECK),
    "bogey": set(FULL_DECK),
    "abandon_ship": set(FULL_DECK),
    "lamarckian_poker": set(FULL_DECK),
    "ships_and_sailors": set(ships_and_sailors.FULL_DECK),
    "pirate_rummy": set(pirate_rummy.DECKS["uno"]) | set(pirate_rummy.DECKS["standard"]),
    "doubloons": set(doubloons.CARDS.deck) | set(doubloons.PIRATES),
}


def examples(game_id):
    text = asset("rules", f"{game_id}.md").read_text(encoding="utf-8")
    return [parse_example(line) for line in text.splitlines() if line.strip().startswith(EXAMPLE)]


def test_the_directive_is_parsed_and_bad_ones_are_refused(app):
    RulesScreen(app, "ships_and_sailors")  # registers that deck's art
    assert parse_example("::: cards QS -> 9S QH | The Q♠ takes both.") == (
        ("QS", ARROW, "9S", "QH"), "The Q♠ takes both.")
    assert parse_example("::: cards sailor-w | A Sailor.")[0] == ("sailor-w",)
    for bad in ("::: cards QS 9S", "::: cards | nothing", "::: cards -> | an arrow alone",
                "::: cards QS ZZ | no such card", "::: cards QS |   "):
        with pytest.raises(ValueError):
            parse_example(bad)


@pytest.mark.parametrize("game_id", playable())
def test_every_rules_screen_draws_its_example_with_the_games_cards(app, game_id):
    screen = RulesScreen(app, game_id)
    found = examples(game_id)
    assert found, f"{game_id} has no worked example"
    for tokens, _ in found:
        assert {t for t in tokens if t != ARROW} <= DECKS[game_id]
    app.push(screen)
    drawn = set()
    for _ in range(60):  # page through the whole screen, noting every card drawn
        widgets.recording = []
        try:
            screen.draw(app.surface)
            drawn |= {detail for kind, _, detail in widgets.recording if kind == "card"}
        finally:
            widgets.recording = None
        before = screen.scroll
        key(app, pygame.K_PAGEDOWN)
        if screen.scroll == before:
            break
    wanted = {t for tokens, _ in found for t in tokens if t != ARROW}
    assert wanted <= drawn
    assert screen.content_height() > sum(line.height for line in screen.lines() if not line.cards)


# -- what each example says, checked against the engine ------------------------------------
def test_scoundrel_example():
    deck = ["5D", "3S", "8C", "2S"]
    state = scoundrel.new_game(deck=deck + [c for c in scoundrel.DECK if c not in deck])
    state = scoundrel.apply(state, "face 5D")
    assert scoundrel.damage(state, "3S", True) == 0
    state = scoundrel.apply(state, "face 3S with weapon")
    assert state.weapon == "5D" and state.slain == ("3S",) and state.health == 20
    assert not scoundrel.weapon_allows(state, "8C")
    assert scoundrel.damage(state, "8C", False) == 8
    assert scoundrel.weapon_allows(state, "2S") and scoundrel.damage(state, "2S", True) == 0


def test_bogey_example():
    columns = (("KH", "9H", "4H"),)
    assert bogey.legal_places(columns, "2H") == [0, bogey.NEW]
    assert bogey.legal_places(columns, "7H") == [bogey.NEW]
    full = columns + tuple((c,) for c in ("KS", "KD", "KC", "QS", "QD", "QC", "JS", "JD", "JC",
                                          "10S", "10D"))
    assert len(full) == bogey.MAX_COLUMNS and bogey.legal_places(full, "7H") == []


def test_abandon_ship_example():
    order = [abandon_ship.POINTS[c] for c in ("7S", "9D", "JC", "KS")]
    assert order == sorted(order) and len(set(order)) == 4  # each raise is strictly higher
    hands = (("3S",), ())
    keys = ("10S", "KS")
    lifeboats = tuple(() for _ in abandon_ship.SUITS)
    boarding = next(b for b in abandon_ship.boardings(hands, ((), ()), keys, lifeboats)
                    if b.suit == "S")
    assert boarding.claimants == (0, 1) and boarding.holdings == (13, 13)
    assert boarding.winner == 1


def test_lamarckian_example():
    steps = lamarckian_poker.resolve(("9S", "QH", "2C", "5D"), [(1, "5C"), (0, "QS")])
    assert [(s.seat, s.mark, s.captured) for s in steps] == [
        (0, "QS", ("9S", "QH")), (1, "5C", ("2C", "5D"))]
    assert steps[-1].pool == ("QS", "5C")


def test_ships_and_sailors_example():
    trick = ((0, "7a"), (1, "12a"), (2, "15w"), (3, "9a"))
    assert ships_and_sailors.playable(("15w", "4k"), trick[:2]) == ("15w", "4k")  # no Anchors
    assert ships_and_sailors.trick_winner(trick) == 1
    assert ships_and_sailors.card_points("sailor-w", "w") == 15
    assert ships_and_sailors.card_points("ship-k", "w") == -3
    assert ships_and_sailors.card_points("ship-w", "w") == -3


def test_pirate_rummy_example():
    assert pirate_rummy.meld_kind(("r4", "r5", "r6", "r7")) == "run"
    assert not pirate_rummy.is_legit(("y7", "g7"))
    assert pirate_rummy.meld_kind(("r4", "r5", "r6")) == "run"
    assert pirate_rummy.is_legit(("r4", "r5", "r6"))
    assert pirate_rummy.meld_kind(("r7", "y7", "g7")) == "set"
    assert pirate_rummy.is_legit(("r7", "y7", "g7"))


def test_doubloons_example():
    assert doubloons.ACTIONS["x_marks_the_spot"].name == "X Marks the Spot"
    assert "1 doubloon" in doubloons.ACTIONS["x_marks_the_spot"].text
    play = ["x_marks_the_spot#1"]
    assert not doubloons.cancelled(play)
    assert doubloons.cancelled(play + ["heave_to#1"])
    assert not doubloons.cancelled(play + ["heave_to#1", "heave_to#2"])
