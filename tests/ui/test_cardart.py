import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.cards import FULL_DECK  # noqa: E402
from game.ui import cardart  # noqa: E402
from game.ui.cardart import BACKS, CardArt, draw_suit, suit_colour  # noqa: E402

SIZES = [(40, 56), (63, 88), (90, 126), (180, 252), (300, 420)]


@pytest.fixture(scope="module", autouse=True)
def pygame_ready():
    pygame.init()
    yield


def pixels(surface, rect=None):
    area = surface.subsurface(rect) if rect else surface
    return [area.get_at((x, y)) for y in range(area.get_height()) for x in range(area.get_width())]


def is_red(c):
    return c.a > 128 and c.r > 150 and c.g < 100 and c.b < 100


def is_green(c):
    return c.a > 128 and c.g > c.r + 50 and c.g > c.b + 30


def is_blue(c):
    return c.a > 128 and c.b > c.r + 60 and c.b > c.g + 40


def corner(width, height):
    return pygame.Rect(0, 0, width // 4, height // 4)


@pytest.mark.parametrize("size", SIZES)
def test_every_card_renders_at_the_requested_size(size):
    art = CardArt()
    for code in FULL_DECK:
        face = art.face(code, *size)
        assert face.get_size() == size
        assert face.get_flags() & pygame.SRCALPHA


@pytest.mark.parametrize("size", SIZES)
def test_backs_slots_and_shadows_have_the_requested_size(size):
    art = CardArt()
    for back in BACKS:
        art.back_name = back
        assert art.back(*size).get_size() == size
    assert art.slot(*size).get_size() == size
    assert art.slot(*size, label="K", highlight=True).get_size() == size
    assert art.shadow(*size).get_size() == size


def test_faces_have_rounded_transparent_corners_and_a_white_middle():
    face = CardArt().face("2S", 90, 126)
    assert face.get_at((0, 0)).a == 0
    assert face.get_at((89, 125)).a == 0
    assert face.get_at((45, 63))[:4] == (255, 255, 255, 255)


def test_cache_reuses_a_surface_and_renders_a_new_size_once():
    art = CardArt()
    first = art.face("QS", 90, 126)
    assert art.face("QS", 90, 126) is first
    bigger = art.face("QS", 120, 168)
    assert bigger is not first
    assert art.face("QS", 120, 168) is bigger
    assert art.back(90, 126) is art.back(90, 126)
    assert art.slot(90, 126, "A") is art.slot(90, 126, "A")
    assert art.slot(90, 126, "A") is not art.slot(90, 126, "A", highlight=True)
    assert art.shadow(90, 126) is art.shadow(90, 126)


def test_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(cardart, "CACHE_SURFACES", 10)
    art = CardArt()
    for code in FULL_DECK[:20]:
        art.face(code, 60, 84)
    assert len(art._cache) == 10


def test_changing_the_back_style_changes_the_back():
    art = CardArt(back="navy")
    navy = art.back(90, 126)
    art.back_name = "red"
    red = art.back(90, 126)
    assert red is not navy
    assert red.get_at((45, 63)) != navy.get_at((45, 63))


def test_four_colour_mode_turns_clubs_green_and_diamonds_blue():
    classic, four = CardArt(), CardArt(four_colour=True)
    assert not any(is_green(c) for c in pixels(classic.face("5C", 90, 126)))
    assert any(is_green(c) for c in pixels(four.face("5C", 90, 126)))
    assert any(is_red(c) for c in pixels(classic.face("5D", 90, 126)))
    four_diamonds = pixels(four.face("5D", 90, 126))
    assert any(is_blue(c) for c in four_diamonds)
    assert not any(is_red(c) for c in four_diamonds)


@pytest.mark.parametrize("size", [(40, 56), (90, 126), (180, 252)])
def test_corner_index_is_red_on_red_cards_only(size):
    art = CardArt()
    for red_code, black_code in [("7H", "7S"), ("QD", "QC"), ("10H", "10C"), ("AD", "AS")]:
        assert any(is_red(c) for c in pixels(art.face(red_code, *size), corner(*size)))
        assert not any(is_red(c) for c in pixels(art.face(black_code, *size), corner(*size)))


def test_bottom_right_corner_repeats_the_index():
    face = CardArt().face("9H", 90, 126)
    bottom_right = pygame.Rect(90 - 90 // 4, 126 - 126 // 4, 90 // 4, 126 // 4)
    assert any(is_red(c) for c in pixels(face, bottom_right))


@pytest.mark.parametrize("bad", ["1H", "11S", "QX", "", "q", "AHH", "10", None])
def test_unknown_code_raises_value_error(bad):
    with pytest.raises(ValueError):
        CardArt().face(bad, 90, 126)


def test_bad_sizes_and_backs_raise_value_error():
    with pytest.raises(ValueError):
        CardArt().face("AS", 0, 126)
    with pytest.raises(ValueError):
        CardArt(back="tartan")


def test_suit_colours():
    assert suit_colour("H") == suit_colour("D")
    assert suit_colour("S") == suit_colour("C")
    assert suit_colour("H")[0] > 150 and max(suit_colour("S")) < 60
    assert suit_colour("C", four_colour=True) != suit_colour("S", four_colour=True)
    assert suit_colour("D", four_colour=True) != suit_colour("H", four_colour=True)
    with pytest.raises(ValueError):
        suit_colour("X")


@pytest.mark.parametrize("suit", "SHDC")
def test_draw_suit_paints_a_centred_smooth_symbol(suit):
    surface = pygame.Surface((60, 60), pygame.SRCALPHA)
    draw_suit(surface, suit, (30, 30), 40, (200, 20, 30))
    painted = surface.get_bounding_rect()
    assert abs(painted.height - 40) <= 2
    assert abs(painted.centerx - 30) <= 1 and abs(painted.centery - 30) <= 1
    alphas = {c.a for c in pixels(surface)}
    assert 255 in alphas and any(0 < a < 255 for a in alphas)  # anti-aliased edge


def test_rendering_needs_no_display_mode():
    assert pygame.display.get_surface() is None
    assert CardArt().face("KH", 100, 140).get_size() == (100, 140)


def test_a_registered_deck_draws_its_own_codes_and_caches_per_colour_setting(monkeypatch):
    monkeypatch.setattr(cardart, "_OTHER_DECKS", [])
    calls = []

    def render(code, w, h, four):
        calls.append((code, four))
        return pygame.Surface((w, h), pygame.SRCALPHA)

    cardart.register_deck(lambda code: code.startswith("test:"), render)
    art = CardArt()
    assert art.face("test:7", 40, 56).get_size() == (40, 56)
    art.face("test:7", 40, 56)
    art.four_colour = True
    art.face("test:7", 40, 56)
    assert calls == [("test:7", False), ("test:7", True)]
    with pytest.raises(ValueError):
        art.face("other:7", 40, 56)
