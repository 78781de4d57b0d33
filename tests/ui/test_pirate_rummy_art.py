import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import pirate_rummy as pr  # noqa: E402
from game.engine.cards import FULL_DECK  # noqa: E402
from game.ui import pirate_rummy_art  # noqa: E402,F401  (registers the deck)
from game.ui.cardart import CARD_SETS, CardArt  # noqa: E402
from game.ui.table import art_code  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def pygame_ready():
    pygame.init()
    yield


def test_no_code_or_drawn_code_is_a_standard_card():
    for deck in pr.DECKS.values():
        assert not {art_code(c) for c in deck} & set(FULL_DECK)
        assert all(pirate_rummy_art.accepts(art_code(c)) for c in deck)


@pytest.mark.parametrize("size", [(30, 42), (63, 88), (120, 170)])
def test_every_card_of_both_decks_draws_at_any_size(size):
    art = CardArt()
    for deck in pr.DECKS.values():
        for code in deck:
            face = art.face(art_code(code), *size)
            assert face.get_size() == size


def test_colours_ships_and_second_copies_look_as_they_should():
    art = CardArt()
    size = (90, 126)
    def pixels(code):
        return pygame.image.tobytes(art.face(art_code(code), *size), "RGBA")
    assert pixels("r7") == pixels("r7*")                 # a second copy is the same card
    assert pixels("r7") != pixels("b7") != pixels("y7")
    assert pixels("ship1") == pixels("ship2")            # every ship is the same picture
    assert pixels("pJS") != pixels("p7S")                # face cards are ships, marked
    assert pixels("p7S") == pixels("p7S*")


@pytest.mark.parametrize("card_set", CARD_SETS)
def test_standard_deck_numbers_are_the_chosen_card_set(card_set):
    art = CardArt(four_colour=True, card_set=card_set)
    for code in ("p7S", "p10H*", "pAD", "p2C"):
        plain = art_code(code)[1:]
        assert pygame.image.tobytes(art.face(art_code(code), 90, 126), "RGBA") == \
            pygame.image.tobytes(art.face(plain, 90, 126), "RGBA")


def test_number_cards_of_a_colour_share_a_body_and_never_draw_on_it():
    """Each number card starts from a copy of its colour's body (the ovals, 2 ms at 4K): a card
    drawn in between leaves the next one of its colour as it was."""
    size = (120, 170)
    first = pygame.image.tobytes(pirate_rummy_art.render("r7", *size), "RGBA")
    pirate_rummy_art.render("r9", *size)
    assert pygame.image.tobytes(pirate_rummy_art.render("r7", *size), "RGBA") == first
    pirate_rummy_art._number_body.cache_clear()
    assert pygame.image.tobytes(pirate_rummy_art.render("r7", *size), "RGBA") == first
