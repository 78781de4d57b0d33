"""The size a text is fitted at: guessed from one measure and checked a step either way, it is
the size stepping down one at a time finds (the largest from the start that fits), for the
shipped fonts, at the sizes the tables use, and it measures far fewer sizes."""
import random

import pygame
import pytest

from game.ui.fonts import FACES, font, largest_fitting

TEXTS = ["Weapon", "Discard", "Room", "End turn  (E)", "Let it pass  (N)", "Heave To!  (H)",
         "Player 1's turn: 3 of 3 plays left", "W", "10♠ on the weapon", "Mutiny"]


def stepping_down(width_at, start, smallest, limit):
    size = start
    while size > smallest and width_at(size) > limit:
        size -= 1
    return size


@pytest.mark.parametrize("face", sorted(FACES))
def test_the_size_found_is_the_one_stepping_down_finds(face):
    pygame.font.init()
    rnd = random.Random(27)
    for _ in range(150):
        text = rnd.choice(TEXTS)
        start, smallest = rnd.randint(9, 90), rnd.randint(6, 12)
        limit = rnd.uniform(10, 700)
        measured: list[int] = []

        def width_at(size, text=text, measured=measured):
            measured.append(size)
            return font(size, face).size(text)[0]
        expected = stepping_down(lambda s, text=text: font(s, face).size(text)[0], start,
                                 smallest, limit)
        assert largest_fitting(width_at, start, smallest, limit) == expected, (text, start, limit)
        assert len(measured) <= max(4, abs(start - expected) // 4 + 4)


def test_the_edges():
    def width(size):
        return 10 * size
    assert largest_fitting(width, 20, 8, 1_000) == 20      # fits at the start
    assert largest_fitting(width, 20, 8, 150) == 15
    assert largest_fitting(width, 20, 8, 10) == 8          # fits at none: the smallest
    assert largest_fitting(width, 6, 8, 10) == 6           # starting under the smallest
    assert largest_fitting(width, 20, 8, 199) == 19
    assert largest_fitting(lambda size: 0, 20, 8, -5) == 8  # an empty text in no room at all
