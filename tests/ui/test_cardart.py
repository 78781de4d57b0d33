import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.cards import FULL_DECK  # noqa: E402
from game.ui import cardart  # noqa: E402
from game.ui.cardart import BACKS, CARD_SETS, CardArt, draw_suit, suit_colour  # noqa: E402

SIZES = [(40, 56), (63, 88), (90, 126), (180, 252), (300, 420)]
THREE_SIZES = [(50, 70), (100, 140), (240, 336)]


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


def corner(width, height, card_set="large_index"):
    """The top-left corner holding the index (the classic court figures reach nearer to it)."""
    if card_set == "classic" and width >= cardart.SMALL_CARD_WIDTH:
        return pygame.Rect(0, 0, round(0.155 * width), round(0.22 * height))
    return pygame.Rect(0, 0, width // 4, height // 4)


@pytest.mark.parametrize("card_set", CARD_SETS)
@pytest.mark.parametrize("size", SIZES)
def test_every_card_renders_at_the_requested_size(size, card_set):
    art = CardArt(card_set=card_set)
    for code in FULL_DECK:
        face = art.face(code, *size)
        assert face.get_size() == size
        assert face.get_flags() & pygame.SRCALPHA


@pytest.mark.parametrize("four_colour", [False, True])
@pytest.mark.parametrize("card_set", CARD_SETS)
def test_every_card_of_every_set_and_back_renders_at_three_sizes(card_set, four_colour):
    art = CardArt(four_colour, card_set=card_set)
    for size in THREE_SIZES:
        middle = (size[0] // 2, size[1] // 2)
        for code in FULL_DECK:
            face = art.face(code, *size)
            assert face.get_size() == size
            assert face.get_at(middle).a > 250  # a card, not an empty surface
            assert face.get_bounding_rect().size == size
            grid = {tuple(face.get_at((x, y))) for x in range(0, size[0], 2) for y in range(0, size[1], 2)}
            assert len(grid) > 4  # drawn on, not a blank card
        for back in BACKS:
            art.back_name = back
            assert art.back(*size).get_size() == size
            assert art.back(*size).get_at(middle).a > 250


def test_the_classic_set_is_the_drawn_one_and_the_sets_differ():
    classic, large = CardArt(card_set="classic"), CardArt(card_set="large_index")
    for code in ("KS", "QH", "JD", "5C"):
        a, b = classic.face(code, 100, 140), large.face(code, 100, 140)
        assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    king = classic.face("KH", 100, 140)
    colours = {tuple(king.get_at((x, y)))[:3] for x in range(20, 80, 3) for y in range(20, 120, 3)}
    assert len(colours) > 20  # a drawn figure in many colours, not a framed letter


def test_classic_faces_are_rendered_crisp_at_each_size_not_scaled():
    art = CardArt(card_set="classic")
    small, big = art.face("QS", 100, 140), art.face("QS", 300, 420)
    scaled = pygame.transform.smoothscale(small, (300, 420))
    def edges(s):
        return sum(1 for x in range(1, 300)
                   if abs(s.get_at((x, 210)).r - s.get_at((x - 1, 210)).r) > 120)
    assert edges(big) > edges(scaled)


@pytest.mark.parametrize("card_set", CARD_SETS)
def test_tilted_cards_have_anti_aliased_edges(card_set):
    art = CardArt(card_set=card_set)
    for code in ("KH", "7S", None):
        image = art.tilted(code, 44, 62, 20)
        assert image.get_width() > 44 and image.get_height() > 62
        alphas = [image.get_at((x, y)).a for y in range(image.get_height()) for x in range(image.get_width())]
        partly = sum(1 for a in alphas if 0 < a < 255)
        assert partly > image.get_height()  # a soft edge the whole way down, both sides
        assert art.tilted(code, 44, 62, 20) is image


def test_a_tilted_card_at_a_new_size_stands_in_at_its_own_proportions():
    art = CardArt(card_set="classic")
    proper = art.tilted("KH", 44, 62, 20)
    art.frame_budget = 0.05
    art.start_frame()
    stand_in = art.tilted("KH", 66, 93, 20)  # its 2x face goes to the worker
    assert art.stood_in
    assert abs(stand_in.get_width() - proper.get_width() * 1.5) <= 2
    assert abs(stand_in.get_height() - proper.get_height() * 1.5) <= 2
    art.wait()
    art.start_frame()
    after = art.tilted("KH", 66, 93, 20)
    assert not art.stood_in and after is not stand_in
    assert after.get_size() == _tilt_size(66, 93, 20)


def _tilt_size(w, h, angle):
    image = CardArt(card_set="classic").tilted("KH", w, h, angle)
    return image.get_size()


def test_a_frame_budget_shows_a_stand_in_and_renders_it_once_the_frame_is_drawn():
    art = CardArt(card_set="large_index")  # drawn with fonts: never on the worker
    first = art.face("KS", 100, 140)
    art.frame_budget = 0.006
    art.start_frame()
    stand_in = art.face("KS", 240, 336)
    assert art.stood_in and stand_in.get_size() == (240, 336)
    assert art.face("KS", 240, 336) is stand_in  # scaled once, reused
    assert (("large_index", "KS", None), 240, 336) not in art._cache  # not in the drawing
    art.render_later(0.05)  # the frame is drawn: time left
    art.start_frame()
    proper = art.face("KS", 240, 336)
    assert not art.stood_in and proper is not stand_in
    assert art.face("KS", 240, 336) is proper
    assert art.face("KS", 100, 140) is first


def test_a_render_waits_for_a_frame_with_time_for_it_but_not_for_ever():
    art = CardArt(card_set="large_index")
    art.face("KS", 100, 140)
    art.face("QS", 100, 140)
    art.frame_budget = 0.006
    art.start_frame()
    art.face("KS", 240, 336)
    art.render_later(1.0)  # its kind's cost is known from now on
    waits = 0
    while True:
        art.start_frame()
        art.face("QS", 240, 336)
        if not art.stood_in:
            break
        art.render_later(0.0)  # a frame with no time left
        waits += 1
    assert waits == cardart.LATER_FRAMES + 1  # asked, then waited, then rendered anyway


def test_a_render_is_expected_to_take_what_that_card_took_else_the_slowest_of_its_kind():
    """One kind holds unlike cards (a Ships and Sailors number card from a kept body, a sailor
    drawn whole): a sailor after a number card took 4.5 ms of a frame with 1.7 left."""
    art = CardArt(card_set="large_index")
    art._render_now((("face", "2S", 1), 300, 300), lambda: _slow(0.0))
    art._render_now((("face", "KS", 1), 300, 300), lambda: _slow(0.009))  # 100 ns a pixel
    art._render_now((("face", "3S", 1), 300, 300), lambda: _slow(0.0))
    assert art._render_rate(("face", "3S", 1)) < 20e-9
    assert art._render_rate(("face", "KS", 1)) >= 100e-9
    assert art._render_rate(("face", "QS", 1)) >= 100e-9  # never rendered: the slowest
    assert art._render_rate(("back", "blue")) == cardart.RENDER_GUESS


def _slow(seconds):
    import time
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass
    return pygame.Surface((300, 300), pygame.SRCALPHA)


def test_a_small_card_renders_in_the_frame_asking_while_its_budget_lasts():
    """Its stand-in could be another design (the big index of a small Classic card), and it
    is quick to draw: drawn at once, until the frame has spent its budget."""
    art = CardArt(card_set="large_index")
    for code in ("KS", "QS"):
        art.face(code, 100, 140)
    art.frame_budget = 0.006
    art.start_frame()
    art.face("KS", 120, 168)
    assert not art.stood_in
    art._spent = art.frame_budget  # (as if the frame had drawn more)
    art.face("QS", 120, 168)
    assert art.stood_in


def test_a_face_about_to_show_that_the_worker_may_not_draw_renders_once_a_frame_has_time():
    """A card of a deck drawn with fonts turning up: drawn after a frame with time for it, not
    in the frame that shows it (4 ms at 4K)."""
    art = CardArt(card_set="large_index")
    art.frame_budget = 0.006
    key = (("face", "QS", suit_colour("S")), 120, 168)
    art.start_frame()
    art.prefetch("QS", 120, 168)
    art.render_later(0.0)  # a busy frame: it waits
    assert key not in art._cache
    art.start_frame()  # (kept from frame to frame)
    art.render_later(0.05)
    assert key in art._cache
    art.start_frame()
    art.face("QS", 120, 168)
    assert not art.stood_in


def test_faces_about_to_show_at_a_size_the_window_left_are_not_drawn():
    art = CardArt(card_set="large_index")
    art.frame_budget = 0.006
    art.fit_window((1280, 800))
    art.prefetch("QS", 120, 168)
    art.fit_window((1600, 1000))  # resized: the table's cards have another size now
    art.render_later(1.0)
    assert not any(design[1] == "QS" for design, _, _ in art._cache)


def test_a_render_no_frame_asks_for_any_more_is_dropped():
    art = CardArt(card_set="large_index")
    art.face("KS", 100, 140)
    art.frame_budget = 0.006
    art.start_frame()
    art.face("KS", 240, 336)
    art.start_frame()  # the card is gone (or has its size) by the next frame
    art.render_later(1.0)
    assert (("large_index", "KS", None), 240, 336) not in art._cache


@pytest.mark.parametrize("width, quick", [(120, False), (cardart.QUICK_SCALE_WIDTH, True)])
def test_a_large_stand_in_is_scaled_the_quick_way_a_small_one_smoothly(width, quick):
    """A stand-in shows a frame or two, until its render comes: a smooth scale of a 4K card
    (1.5 ms) is not worth it there."""
    art = CardArt(card_set="large_index")
    first = art.face("KS", 100, 140)
    art.frame_budget = 0.0
    art.start_frame()
    size = (width, width * 7 // 5)
    stand_in = art.face("KS", *size)
    assert art.stood_in
    scale = pygame.transform.scale if quick else pygame.transform.smoothscale
    assert pixels(stand_in) == pixels(scale(first, size))


def test_classic_cards_at_a_new_size_render_on_the_worker_while_a_stand_in_shows():
    art = CardArt(card_set="classic")
    first = art.face("QH", 100, 140)
    art.frame_budget = 0.05  # plenty: yet the SVG render goes to the worker
    art.start_frame()
    stand_in = art.face("QH", 150, 210)
    assert art.stood_in and stand_in.get_size() == (150, 210)
    assert art.rendering  # (the bench's frames give the worker time while it is)
    art.wait()
    assert not art.rendering
    proper = art.face("QH", 150, 210)
    assert not art.stood_in and proper is not stand_in
    direct = CardArt(card_set="classic").face("QH", 150, 210)
    assert pygame.image.tobytes(proper, "RGBA") == pygame.image.tobytes(direct, "RGBA")
    assert art.face("QH", 100, 140) is first


def test_a_card_never_seen_renders_even_over_budget():
    art = CardArt()
    art.frame_budget = 0.0
    art._spent = 1.0
    face = art.face("QD", 100, 140)
    assert not art.stood_in and face.get_size() == (100, 140)


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


@pytest.mark.parametrize("card_set", CARD_SETS)
def test_four_colour_mode_turns_clubs_green_and_diamonds_blue(card_set):
    classic, four = CardArt(card_set=card_set), CardArt(four_colour=True, card_set=card_set)
    assert not any(is_green(c) for c in pixels(classic.face("5C", 90, 126)))
    assert any(is_green(c) for c in pixels(four.face("5C", 90, 126)))
    assert any(is_red(c) for c in pixels(classic.face("5D", 90, 126)))
    four_diamonds = pixels(four.face("5D", 90, 126))
    assert any(is_blue(c) for c in four_diamonds)
    assert not any(is_red(c) for c in four_diamonds)
    for code in ("QC", "QD"):  # a court card's index turns; its figure keeps its colours
        index = pixels(four.face(code, 90, 126), corner(90, 126, card_set))
        assert any((is_green if code[-1] == "C" else is_blue)(c) for c in index)
        assert not any(is_red(c) for c in index)


@pytest.mark.parametrize("size", [(50, 70), (64, 90), (100, 140), (180, 252), (300, 420)])
def test_no_pip_touches_a_corner_index_in_the_large_index_set(size):
    gap = max(2, size[0] // 40)
    for code in FULL_DECK:
        parts = cardart.face_parts(code, *size)
        for mark in parts["marks"]:
            for index in parts["index"]:
                assert not mark.colliderect(index.inflate(2 * gap, 2 * gap)), \
                    f"{code} at {size}: {mark} crowds the index {index}"
            assert pygame.Rect((0, 0), size).contains(mark)


def test_pips_are_where_face_parts_says():
    art = CardArt(card_set="large_index")
    for code in ("5S", "4D", "10S", "9H"):
        face = art.face(code, 100, 140)
        for mark in cardart.face_parts(code, 100, 140)["marks"]:
            centre = face.get_at(mark.center)
            assert centre.r < 230 or centre.g < 230  # ink, not the white face
        clear = face.get_at((50, 4))  # above the pips, between the indices
        assert tuple(clear)[:3] == (255, 255, 255)


@pytest.mark.parametrize("card_set", CARD_SETS)
@pytest.mark.parametrize("size", [(40, 56), (90, 126), (180, 252)])
def test_corner_index_is_red_on_red_cards_only(size, card_set):
    art = CardArt(card_set=card_set)
    for red_code, black_code in [("7H", "7S"), ("QD", "QC"), ("10H", "10C"), ("AD", "AS")]:
        assert any(is_red(c) for c in pixels(art.face(red_code, *size), corner(*size, card_set)))
        assert not any(is_red(c) for c in pixels(art.face(black_code, *size), corner(*size, card_set)))


def test_bottom_right_corner_repeats_the_index():
    face = CardArt().face("9H", 90, 126)
    bottom_right = pygame.Rect(90 - 90 // 4, 126 - 126 // 4, 90 // 4, 126 // 4)
    assert any(is_red(c) for c in pixels(face, bottom_right))


@pytest.mark.parametrize("bad", ["1H", "11S", "QX", "", "q", "AHH", "10", None])
def test_unknown_code_raises_value_error(bad):
    with pytest.raises(ValueError):
        CardArt().face(bad, 90, 126)


def test_bad_sizes_backs_and_sets_raise_value_error():
    with pytest.raises(ValueError):
        CardArt().face("AS", 0, 126)
    with pytest.raises(ValueError):
        CardArt(back="tartan")
    with pytest.raises(ValueError):
        CardArt(card_set="tarot")


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


def test_stop_drops_waiting_renders_and_waits_for_the_one_under_way():
    art = CardArt(card_set="classic")
    for code in FULL_DECK:
        art.face(code, 100, 140)
    art.frame_budget = 0.05
    art.start_frame()
    for code in FULL_DECK:
        art.face(code, 130, 182)  # all to the worker
    art.stop()
    assert art._jobs.unfinished_tasks == 0
    art.start_frame()
    rendered = sum(1 for code in FULL_DECK if (("classic", code, None), 130, 182) in art._cache)
    assert rendered < len(FULL_DECK)  # the waiting ones were dropped
    art.frame_budget = None
    assert art.face("KS", 130, 182).get_size() == (130, 182)  # and can still be asked for


def test_a_tilted_card_does_not_have_the_worker_draw_the_deck_at_its_double_size():
    """The menu's fan shows five tilted cards: the rest of the deck at twice their size would
    be 16 MB of renders at 4K that nothing shows."""
    art = CardArt(card_set="classic")
    art.frame_budget = 0.05
    art.start_frame()
    art.tilted("KH", 60, 84, 12)
    art.wait()
    doubled = [code for code in FULL_DECK if (("classic", code, None), 120, 168) in art._cache]
    assert doubled == ["KH"]
    art.face("QS", 60, 84)  # a face at a size of the table: the rest of the deck comes next
    art.wait()
    assert all((("classic", code, None), 60, 84) in art._cache for code in FULL_DECK)


def _resize(art, monkeypatch, now, size):
    monkeypatch.setattr(cardart.time, "perf_counter", lambda: now)
    art.fit_window(size)


def test_during_a_window_drag_cards_stand_in_and_render_once_the_size_settles(monkeypatch):
    """A live resize at 4K used to render (and warm a whole deck) at every size of the drag:
    100 ms and more a frame. Now it scales what it has, and renders at the size it stops at."""
    art = CardArt(card_set="classic")
    art.frame_budget = 0.05
    art.fit_window((1280, 800))
    art.face("QH", 100, 140)
    art.slot(100, 140)
    art.wait()
    _resize(art, monkeypatch, 1000.0, (1200, 750))
    art.start_frame()
    assert art.resizing
    face = art.face("QH", 94, 131)
    assert art.stood_in and face.get_size() == (94, 131)
    slot = art.slot(94, 131)  # budget left, yet a stand-in: the next size comes next frame
    assert art.stood_in and slot.get_size() == (94, 131)
    art.wait()
    assert not any(w == 94 for (_, w, _) in art._cache)  # nothing rendered at a passing size
    monkeypatch.setattr(cardart.time, "perf_counter", lambda: 1000.0 + cardart.RESIZE_SETTLE)
    art.start_frame()
    assert not art.resizing
    art.face("QH", 94, 131)  # settled: the worker draws it, and the rest of the deck
    art.wait()
    art.start_frame()
    proper = art.face("QH", 94, 131)
    assert not art.stood_in and proper is not face
    assert all((("classic", code, None), 94, 131) in art._cache for code in FULL_DECK)
    assert not art.stood_in and art.slot(94, 131) is not slot


def test_renders_asked_before_the_window_changed_size_are_dropped(monkeypatch):
    art = CardArt(card_set="classic")
    art.frame_budget = 0.05
    art.fit_window((1280, 800))
    art.face("QH", 100, 140)
    art.start_frame()
    art.face("QH", 150, 210)  # asked of the worker at this window size
    _resize(art, monkeypatch, 1000.0, (1000, 700))  # the window moves on before it lands
    art.wait()
    assert (("classic", "QH", None), 150, 210) not in art._cache


def test_a_table_with_cards_at_two_sizes_gets_its_deck_at_both(monkeypatch):
    """The worker used to skip a card's earlier size once a later one was asked (a hand and a
    lifeboat), so those rendered in the frame when they turned up."""
    art = CardArt(card_set="classic")
    art.frame_budget = 0.05
    art.fit_window((1280, 800))
    art.start_frame()
    art.face("QH", 100, 140)
    art.face("QH", 60, 84)
    art.wait()
    for size in ((100, 140), (60, 84)):
        assert all((("classic", code, None), *size) in art._cache for code in FULL_DECK), size


def test_a_classic_face_after_a_table_of_another_deck_draws_only_the_pack_ahead():
    """The deck drawn ahead is the last table's: after Ships and Sailors (its own cards, "1a"
    and the like), a Classic face at a new size had the worker render "1a" as a Classic card,
    and the missing file's error was raised in the next frame (a monkey test's crash)."""
    from game.engine import ships_and_sailors
    art = CardArt(card_set="classic")
    art.frame_budget = 0.05
    art.fit_window((1280, 800))
    art.deck = ships_and_sailors.DECK
    art.start_frame()
    art.face("QH", 100, 140)
    art.wait()  # (raises what the worker raised)
    art.start_frame()
    assert (("classic", "QH", None), 100, 140) in art._cache


def test_a_second_size_gets_its_deck_only_if_the_cache_keeps_it_beside_the_first(monkeypatch):
    """At 4K one deck is most of the cache: Scoundrel's weapon size had the worker draw a
    second deck that pushed itself out card by card (75 renders a game, 10 ms each)."""
    asked = []
    monkeypatch.setattr(CardArt, "_ask_worker", lambda self, key, render, ahead=False: asked.append(key))
    art = CardArt(card_set="classic")
    art.frame_budget = 0.05
    art.fit_window((1280, 800))
    art.deck = FULL_DECK[:44]
    deck_bytes = 44 * 4
    art.cache_bytes = tight = (100 * 140 + 120 * 168) * deck_bytes - 1  # not quite both
    art.start_frame()
    art.face("QH", 100, 140)  # (a card this small is drawn in the frame asking)
    assert len(asked) == 43 and all(key[0][1] in art.deck for key in asked)  # not the full pack
    art.face("QH", 120, 168)

    def others_at(size) -> int:
        return sum(key[1:] == size and key[0][1] != "QH" for key in asked)
    assert others_at((120, 168)) == 0  # that card alone
    _resize(art, monkeypatch, 1000.0, (1600, 1000))  # another window: its sizes start afresh
    monkeypatch.setattr(cardart.time, "perf_counter", lambda: 1000.0 + cardart.RESIZE_SETTLE)
    art.start_frame()
    art.cache_bytes = tight
    art.face("QH", 120, 168)
    assert others_at((120, 168)) == 43


def test_cards_drawn_ahead_never_push_out_the_cards_in_use():
    """At 4K a whole Classic deck is about the cache's size: the deck the worker draws ahead
    used to push out faces on the table, which were then drawn again in a frame."""
    art = CardArt(card_set="classic")
    art.frame_budget = 0.05
    art.start_frame()
    shown = ["AS", "KH", "QC", "10D", "7S"]
    images = {code: art.face(code, 100, 140, ahead=False) for code in shown}
    art.cache_bytes = 12 * 100 * 140 * 4  # room for twelve faces
    art.warm(100, 140)
    art.wait()
    assert all(art._cache.get((("classic", code, None), 100, 140)) is images[code] for code in shown)
    assert len(art._cache) == 12


def test_the_pixels_of_in_between_images_count_in_the_cache_budget():
    """A 4K Scoundrel table keeps four in-between images (two cards growing or shrinking,
    each with its shadow): their pixels come out of the cards' budget, not on top of it."""
    art = CardArt(card_set="large_index")
    art.start_frame()
    for code in ("AS", "KH", "QC", "10D", "7S", "6H"):
        art.face(code, 100, 140)
    art.cache_bytes = 6 * 100 * 140 * 4  # full
    assert len(art._cache) == 6
    card = art.face("AS", 100, 140)
    art.in_between(card, 110, 154)  # growing: a slot the card's size or more
    art.in_between(card, 60, 140)  # turning
    assert art._cache_bytes + art._scratch.held_bytes <= art.cache_bytes
    assert len(art._cache) < 6
    assert any(image is card for image in art._cache.values())  # (in use: kept)


def test_the_worker_starts_no_render_while_a_frame_is_drawn(monkeypatch):
    """Its renders and a 4K frame's blits share the memory's speed: it waits for the frame to
    end (up to background.FRAME_WAIT: a frame someone forgot to end holds nothing up for ever)."""
    import time

    from game import background
    monkeypatch.setattr(background, "FRAME_WAIT", 30.0)
    art = CardArt()
    art.shadow(200, 280)
    art.frame_budget = 0.006
    art.start_frame()
    background.frame_started()
    art.shadow(300, 420)  # drawn by the worker: the 200 x 280 one scaled meanwhile
    assert art.stood_in
    time.sleep(0.3)
    assert art.rendering  # taken, not started: the frame is still being drawn
    background.frame_ended()
    deadline = time.monotonic() + 20
    while art.rendering and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not art.rendering
    art.start_frame()
    shadow = art.shadow(300, 420)
    assert not art.stood_in and shadow.get_size() == (300, 420)


def _shadow_blurred_whole(width, height):
    """A shadow as it was drawn before large ones were blurred small: blurred at full size."""
    blur = max(2, round(0.05 * width))
    shadow = pygame.Surface((width, height), pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 0))
    pygame.draw.rect(shadow, (0, 0, 0, 110), shadow.get_rect().inflate(-blur, -blur),
                     border_radius=round(0.065 * width))
    return pygame.transform.gaussian_blur(shadow, max(1, blur // 2), repeat_edge_pixels=False)


@pytest.mark.parametrize("size", [(90, 126), (378, 529), (605, 846)])
def test_a_large_shadow_blurred_small_is_the_shadow_blurred_whole(size):
    """A 4K weapon card's shadow took 180 ms to blur whole; blurred at a fraction of its size
    and scaled up it looks the same: no pixel's darkness is more than a few levels off."""
    quick, whole = CardArt().shadow(*size), _shadow_blurred_whole(*size)
    assert quick.get_size() == size
    worst = max(abs(quick.get_at((x, y)).a - whole.get_at((x, y)).a)
                for x in range(0, size[0], 3) for y in range(0, size[1], 3))
    assert worst <= (0 if size[0] < 100 else 16)  # small cards: exactly as before


def test_an_in_between_card_has_its_size_and_the_pixels_of_a_fresh_scale():
    pygame.display.set_mode((64, 64))
    art = CardArt()
    back, face = art.back(378, 529), art.face("QH", 378, 529, ahead=False)
    art.start_frame()
    squashed = art.in_between(back, 120, 529)
    thin = art.in_between(face, 10, 529)  # thin, but at least a pixel
    none = art.in_between(face, 0, 529)
    small = art.in_between(art.back(60, 84), 30, 84)  # a small card: scaled smoothly
    assert [s.get_size() for s in (squashed, thin, none, small)] == [
        (120, 529), (10, 529), (1, 529), (30, 84)]
    assert pixels(squashed) == pixels(pygame.transform.scale(back, (120, 529)))
    assert pixels(small) == pixels(pygame.transform.smoothscale(art.back(60, 84), (30, 84)))


def test_in_between_cards_reuse_last_frames_pixels_and_never_each_others():
    pygame.display.set_mode((64, 64))
    art = CardArt()
    back, face = art.back(378, 529), art.face("QH", 378, 529, ahead=False)
    art.start_frame()
    first, second = art.in_between(back, 300, 529), art.in_between(face, 200, 529)
    assert first.get_parent() is not second.get_parent()  # two cards of a frame: two places
    before = pixels(first)
    art.start_frame()
    turned = art.in_between(face, 250, 529)
    assert turned.get_parent() is first.get_parent()  # the next frame draws over the last
    assert pixels(turned) == pixels(pygame.transform.scale(face, (250, 529)))
    assert pixels(first) != before
def test_a_frame_with_one_in_between_image_more_gets_its_pixels_from_the_worker(monkeypatch):
    """A deal turning its cards up one after another: each frame that used every slot has the
    worker make the next one between frames, so the frame that needs it makes no new pixels."""
    from game.ui import scratch
    pygame.display.set_mode((64, 64))
    art = CardArt()
    back = art.back(378, 529)
    art.start_frame()
    art.in_between(back, 300, 529)
    art.start_frame()  # the last frame used its one slot: the worker is asked for another
    art.wait()
    made = []
    real = scratch._surface
    monkeypatch.setattr(scratch, "_surface", lambda *a: made.append(a) or real(*a))
    art.start_frame()
    first, second = art.in_between(back, 300, 529), art.in_between(back, 200, 529)
    assert made == [] and first.get_parent() is not second.get_parent()
    assert pixels(second) == pixels(pygame.transform.scale(back, (200, 529)))
    assert art._cache_bytes + art._scratch.held_bytes <= art.cache_bytes


@pytest.mark.parametrize("card_set", CARD_SETS)
def test_a_card_comes_in_the_windows_pixel_format_from_its_first_render(card_set):
    """A face in another byte order than the window blits twenty times slower (5.6 ms at 4K),
    and one swapped for its converted copy a frame later is repainted again."""
    pygame.display.set_mode((320, 200))
    try:
        window = pygame.display.get_surface().get_masks()[:3]
        art = CardArt(card_set=card_set)
        for first in (art.face("KS", 240, 336), art.back(240, 336), art.shadow(240, 336),
                      art.slot(240, 336, "Room"), art.face("2H", 30, 42)):
            assert first.get_masks()[:3] == window
        assert art.face("KS", 240, 336) is art.face("KS", 240, 336)
    finally:
        pygame.display.quit()
        pygame.display.init()


def test_the_worker_converts_its_renders_so_the_frame_adopting_them_converts_none(monkeypatch):
    """Converting a 4K face to the window's format is 0.3 ms; the frame that adopts two used
    to spend over a millisecond on it."""
    pygame.display.set_mode((320, 200))
    try:
        window = pygame.display.get_surface().get_masks()[:3]
        art = CardArt(card_set="classic")
        art.face("QH", 100, 140)
        art.frame_budget = 0.05
        art.start_frame()
        art.face("QH", 150, 210)  # to the worker
        art._jobs.join()
        in_frame = []
        ready = cardart._ready
        monkeypatch.setattr(cardart, "_ready", lambda s: in_frame.append(s) or ready(s))
        art.start_frame()  # adopts the render
        proper = art.face("QH", 150, 210)
        assert not art.stood_in and not in_frame
        assert proper.get_masks()[:3] == window and proper.get_flags() & pygame.SRCALPHA
    finally:
        pygame.display.quit()
        pygame.display.init()


def test_a_face_asked_again_is_the_cached_one_until_it_leaves_the_cache_or_the_colours_change():
    """Faces asked again come from a short memo of face's own arguments (a full table asks a
    hundred a frame); it never outlives the cached surface or a change of settings."""
    art = CardArt(card_set="large_index")
    first = art.face("QD", 90, 126)
    assert art.face("QD", 90, 126) is first and not art.stood_in
    art.four_colour = True  # diamonds turn blue
    four = art.face("QD", 90, 126)
    assert four is not first
    assert pygame.image.tobytes(four, "RGBA") != pygame.image.tobytes(first, "RGBA")
    art.four_colour = False
    assert art.face("QD", 90, 126) is first
    art.cache_bytes = 1  # everything but the newest leaves the cache
    art.face("2C", 90, 126)
    again = art.face("QD", 90, 126)
    assert again is not first and again.get_size() == (90, 126)
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(first, "RGBA")


@pytest.mark.parametrize("kind", ["back", "shadow"])
def test_backs_and_shadows_at_a_new_size_render_on_the_worker_while_a_stand_in_shows(kind):
    """(They draw no text, so they may: a 4K back took 8–15 ms inside the frame it first showed
    in.)"""
    art = CardArt(back="navy")
    first = getattr(art, kind)(100, 140)
    art.frame_budget = 0.05
    art.start_frame()
    stand_in = getattr(art, kind)(150, 210)
    assert art.stood_in and stand_in.get_size() == (150, 210)
    art.wait()
    proper = getattr(art, kind)(150, 210)
    assert not art.stood_in and proper is not stand_in
    direct = getattr(CardArt(back="navy"), kind)(150, 210)
    assert pygame.image.tobytes(proper, "RGBA") == pygame.image.tobytes(direct, "RGBA")
    assert getattr(art, kind)(100, 140) is first


def test_a_face_drawn_ahead_at_a_new_size_has_the_back_drawn_at_it_too():
    """A card may go to that size face down (a saved game's weapon dealt again from the deck):
    the frame that showed it scaled a stand-in of the back (1 ms at 4K)."""
    art = CardArt(card_set="classic")
    art.frame_budget = 0.006
    art.fit_window((1280, 800))
    art.start_frame()
    art.back(378, 529)  # the table's size
    art.wait()
    art.start_frame()
    art.prefetch("QH", 440, 616)  # the weapon's, the next move may lay it there
    art.wait()
    art.start_frame()
    art.back(440, 616)
    assert not art.stood_in
