"""In-between images drawn into pixels kept from frame to frame (game/ui/scratch.py)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui import scratch  # noqa: E402
from game.ui.scratch import Scratch  # noqa: E402


def card(w=100, h=140):
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    image.fill((240, 230, 220, 255))
    return image


def test_a_frame_gets_separate_pixels_for_each_image_and_the_next_frame_the_same_ones():
    pad, like = Scratch(), card()
    a, b = pad.surface((80, 100), like), pad.surface((60, 140), like)
    assert a.get_size() == (80, 100) and b.get_size() == (60, 140)
    assert a.get_parent() is not b.get_parent()
    assert a.get_masks() == like.get_masks() and a.get_flags() & pygame.SRCALPHA
    pad.start_frame()
    assert pad.surface((70, 90), like).get_parent() is a.get_parent()
    assert pad.surface((10, 10), like).get_parent() is b.get_parent()
    pad.start_frame()
    assert a.get_parent().get_size() == (120, 168)  # room for all of the image and more
    grown = pad.surface((130, 150), like)  # larger than its slot (a card grown past it)
    assert grown.get_parent() is not a.get_parent() and grown.get_parent().get_size() == (156, 202)
    pad.start_frame()
    assert pad.surface((80, 100), like).get_parent() is grown.get_parent()


def test_a_card_lifted_fits_the_slot_its_flat_image_made():
    """(A card is drawn larger while dragged or played: the frame that shrinks it back, a
    drop's, made new pixels when its slot had room for the flat card only.)"""
    pad = Scratch()
    flat = pad.surface((370, 529), card(378, 529))  # turning over, squashed
    pad.start_frame()
    lifted = pad.surface((430, 603), card(440, 616))  # shrinking back from lifted
    assert lifted.get_parent() is flat.get_parent()


def test_a_card_growing_on_its_way_is_drawn_into_the_same_pixels_every_frame():
    pad, like = Scratch(), card(200, 280)  # the card at the size it grows to
    first = pad.surface((150, 210), like)
    for width in range(152, 201, 2):  # a little larger each frame
        pad.start_frame()
        image = pad.surface((width, width * 7 // 5), like)
        assert image.get_parent() is first.get_parent()


def test_a_slot_grows_only_to_the_size_asked_when_the_image_would_not_fit():
    pad = Scratch(100 * 140 * 4)
    out = pad.surface((100, 140), card(200, 280))
    assert out is not None and out.get_parent().get_size() == (100, 140)


def test_an_image_of_another_pixel_format_gets_a_slot_of_its_own_format():
    pad = Scratch()
    pad.surface((50, 50), card())
    pad.start_frame()
    opaque = pygame.Surface((50, 50))
    out = pad.surface((50, 50), opaque)
    assert not out.get_flags() & pygame.SRCALPHA and out.get_masks() == opaque.get_masks()


def test_the_pixels_kept_are_bounded_in_bytes():
    pad, like = Scratch(3 * 120 * 168 * 4), card()  # three slots with room
    got = [pad.surface((100, 140), like) for _ in range(5)]
    assert [g is not None for g in got] == [True, True, True, False, False]
    assert pad.held_bytes <= pad.limit
    assert pad.surface((10, 10), like) is None  # a full frame stays full


def test_the_pixels_are_let_go_after_frames_without_an_image(monkeypatch):
    monkeypatch.setattr(scratch, "IDLE_FRAMES", 3)
    pad = Scratch()
    pad.surface((100, 140), card())
    for _ in range(2):
        pad.start_frame()
    assert pad.held_bytes > 0
    pad.start_frame()
    pad.start_frame()
    assert pad.held_bytes == 0


def test_a_slot_keeps_its_images_byte_order():
    """(An image not converted to the window's format, as before a window exists: SRCALPHA
    alone would make the slot the default order, which a scale into it refuses.)"""
    like = pygame.Surface((50, 50), pygame.SRCALPHA, 32, (0xFF, 0xFF00, 0xFF0000, 0xFF000000))
    pad = Scratch()
    out = pad.surface((40, 40), like)
    assert out.get_masks() == like.get_masks()
    pygame.transform.scale(like, (40, 40), out)
    pad.start_frame()
    assert pad.surface((40, 40), like).get_parent() is out.get_parent()  # kept, not made anew


def test_a_frame_that_used_every_slot_asks_for_a_spare_and_the_next_new_slot_is_it(monkeypatch):
    """(A deal turning its cards up one after another wants a slot more every few frames: made
    in a frame, one cost 0.7-1 ms at 4K; the card worker makes the spare between frames.)"""
    pad, like = Scratch(), card()
    pad.surface((100, 140), like)
    pad.surface((110, 154), card(110, 154))  # the largest: a lifted card
    pad.start_frame()
    size, form = pad.spare_wanted()
    largest = max(pad._slots, key=lambda s: s.get_width())
    assert size == largest.get_size() and form == scratch.surface_format(like)
    spare = scratch.new_surface(size, form)
    pad.take_spare(spare)
    held = pad.held_bytes
    made = []
    monkeypatch.setattr(scratch, "_surface", lambda *a: made.append(a) or pygame.Surface((1, 1)))
    for _ in range(2):
        pad.surface((100, 140), like)
    third = pad.surface((120, 150), like)  # one more image than the last frame's
    assert third.get_parent() is spare and made == [] and pad.held_bytes == held
    pad.start_frame()
    assert pad.spare_wanted() is not None  # every slot used again: the next one asked for


def test_no_spare_is_asked_for_beyond_the_limit_or_by_a_frame_that_left_slots_free(monkeypatch):
    pad, like = Scratch(2 * 120 * 168 * 4), card()  # two slots with room
    pad.surface((100, 140), like)
    pad.start_frame()
    assert pad.spare_wanted() is not None  # one slot used of one, room for another
    pad.surface((100, 140), like)
    pad.surface((100, 140), like)
    pad.start_frame()
    assert pad.spare_wanted() is None  # both used, no room for a third
    pad.surface((100, 140), like)
    pad.start_frame()
    assert pad.spare_wanted() is None  # a slot left free
    assert Scratch(sparse=True).spare_wanted() is None
    pad.take_spare(scratch.new_surface((120, 168), scratch.surface_format(like)))
    assert pad.held_bytes <= pad.limit  # (a spare the limit has no room for is not kept)


def test_a_spare_of_another_format_or_too_small_is_left_and_let_go_with_the_slots(monkeypatch):
    monkeypatch.setattr(scratch, "IDLE_FRAMES", 2)
    pad, like = Scratch(), card()
    pad.surface((100, 140), like)
    pad.start_frame()
    pad.take_spare(scratch.new_surface((50, 50), scratch.surface_format(like)))
    pad.surface((100, 140), like)
    bigger = pad.surface((100, 140), like)
    assert bigger.get_parent().get_size() == (120, 168)  # made: the spare is too small
    assert pad._spare is not None
    opaque = pygame.Surface((40, 40))
    assert not pad.surface((40, 40), opaque).get_flags() & pygame.SRCALPHA
    assert pad._spare is not None
    for _ in range(3):
        pad.start_frame()
    assert pad.held_bytes == 0
