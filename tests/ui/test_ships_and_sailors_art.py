import pygame
import pytest

from game.engine import ships_and_sailors as rules
from game.ui import ships_and_sailors_art as art

pytestmark = pytest.mark.usefixtures("pygame_ready")


@pytest.mark.parametrize("size", [(60, 84), (243, 340)])
def test_number_cards_share_a_body_and_never_draw_on_it(size):
    """Every number card starts from a copy of one body at its size (most of a 4K card's
    render): cards drawn in between leave the next one as it was, and a fresh body draws it
    the same."""
    numbers = [c for c in rules.COLOUR_OF if c not in rules.PICTURES]
    picture = next(c for c in rules.COLOUR_OF if c in rules.PICTURES)
    first = pygame.image.tobytes(art.render(numbers[0], *size), "RGBA")
    for code in (*numbers[1:4], picture):
        art.render(code, *size)
    assert pygame.image.tobytes(art.render(numbers[0], *size), "RGBA") == first
    art._plain_card.cache_clear()
    assert pygame.image.tobytes(art.render(numbers[0], *size), "RGBA") == first
