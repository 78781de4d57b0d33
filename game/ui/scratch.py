"""Surfaces for images of a single frame (a card turning, squashed; a card growing on its way),
on pixels kept from frame to frame.

A new 4K card-sized surface costs more than the scaling drawn into it: the C library hands
its memory back to the system when it is freed and takes fresh pages for the next one, and
touching each of its two hundred pages costs a fault (0.25 of the 0.5 ms a squashed card
took). Here each in-between image of a frame is a view into a surface kept for its place in
the frame's order: the first image of the next frame is drawn into the same pixels as the
first of this one. An image given out is good for its own frame only: nothing may keep it.

A frame that used every slot there is may be followed by one that wants one more (a deal
turning its cards up one after another: a slot more every few frames, 0.7-1 ms each at 4K):
such a frame asks for a spare slot (`spare_wanted`), which the card worker makes between frames
(`new_surface`) and hands back (`take_spare`); the next new slot comes from it.
"""
from __future__ import annotations

import math
import mmap

import pygame

# Six 4K cards' images in slots with room, three of them lifted (three cards moving at once,
# each with its shadow: Scoundrel's weapon growing as other cards shrink); more in a frame are
# new surfaces. (The card cache counts these bytes among its own.)
SCRATCH_BYTES = 16 * 512 * 1024
SLOT_ROOM = 1.2  # a slot is made this much larger than its image's source where there is
#                 room: a card's image then fits the slot its flat image made when the card is
#                 lifted (drawn larger while dragged or played), and a drop's frame, which
#                 shrinks a lifted card, makes no new pixels (two 4K slots made anew: 1 ms)
IDLE_FRAMES = 120  # frames without an in-between image before the pixels are let go
BGRA = (0xFF0000, 0xFF00, 0xFF, 0xFF000000)  # the masks of a converted image with alpha


class Scratch:
    def __init__(self, limit: int = SCRATCH_BYTES, room: float = SLOT_ROOM,
                 sparse: bool = False) -> None:
        self.limit = limit  # bytes of pixels held at most
        self.room = room    # a new slot's size as a multiple of its image's source, room allowing
        # slots on memory touched only where drawn into (`untouched`), for images made only
        # where they show; else pygame's surfaces (for images drawn whole, new ones of those
        # were a little quicker: 25 4K cards' slots made and scaled into, 11.5 ms against 12.1)
        self.sparse = sparse
        self._slots: list[pygame.Surface] = []
        self._used = 0  # slots given out this frame
        self._idle = 0  # frames in a row that gave none out
        self._spare: pygame.Surface | None = None  # made ahead for the next new slot
        self._wanted: tuple | None = None  # the spare the last frame asks for

    def start_frame(self) -> None:
        """A new frame: every slot is free again (what was drawn into them was shown)."""
        self._wanted = None
        if self._used:
            self._idle = 0
            if self._used == len(self._slots) and self._spare is None and not self.sparse:
                self._wanted = self._spare_to_make()
        else:
            self._idle += 1
            if self._idle >= IDLE_FRAMES:
                self._slots.clear()
                self._spare = None
        self._used = 0

    def _spare_to_make(self) -> tuple | None:
        """(size, format) of a slot as large as the largest, if the limit leaves room for it."""
        largest = max(self._slots, key=_bytes)
        if self.held_bytes + _bytes(largest) > self.limit:
            return None
        return largest.get_size(), surface_format(largest)

    def spare_wanted(self) -> tuple | None:
        """(size, format) of the spare slot this frame asks to be made between frames, if any."""
        return self._wanted

    def take_spare(self, spare: pygame.Surface) -> None:
        """A spare slot made as `spare_wanted` asked: the next new slot, if one is needed
        before the slots are let go."""
        if self._slots and self._spare is None and self.held_bytes + _bytes(spare) <= self.limit:
            self._spare = spare

    def surface(self, size: tuple[int, int], like: pygame.Surface) -> pygame.Surface | None:
        """A surface of `size` in `like`'s pixel format, for this frame only; None when the
        frame's images so far leave no room for it within its limit."""
        index = self._used
        w, h = size
        form = surface_format(like)
        slot = self._slots[index] if index < len(self._slots) else None
        if slot is None or slot.get_width() < w or slot.get_height() < h or surface_format(slot) != form:
            spare = self._spare
            if spare is not None and spare.get_width() >= w and spare.get_height() >= h \
                    and surface_format(spare) == form:
                slot, self._spare = spare, None
            else:
                slot = self._new_slot(size, like, slot)
                if slot is None:
                    return None
            if index < len(self._slots):
                self._slots[index] = slot
            else:
                self._slots.append(slot)
        self._used += 1
        return slot.subsurface((0, 0) + tuple(size))

    def _new_slot(self, size: tuple[int, int], like: pygame.Surface,
                  old: pygame.Surface | None) -> pygame.Surface | None:
        """A slot for `size` to take the place of `old` (too small, or None), within the limit."""
        w, h = size
        if old is not None:
            w, h = max(w, old.get_width()), max(h, old.get_height())
        # A card growing on its way asks a little larger each frame, up to its source's
        # size: a slot grown only to the size asked was new pixels (faulted in) every frame.
        whole = (max(w, like.get_width()), max(h, like.get_height()))
        roomy = (math.ceil(whole[0] * self.room), math.ceil(whole[1] * self.room))
        room = self.limit - self.held_bytes + _bytes(old)
        fits = [(sw, sh) for sw, sh in (roomy, whole, (w, h)) if sw * sh * 4 <= room]
        if not fits:
            return None
        return untouched(fits[0], like) if self.sparse else _surface(fits[0], like)

    def scaled(self, image: pygame.Surface, size: tuple[int, int],
               scale=pygame.transform.scale) -> pygame.Surface:
        """`scale(image, size)`, into this frame's pixels where there is room for it."""
        into = self.surface(size, image)
        return scale(image, size) if into is None else scale(image, size, into)

    @property
    def held_bytes(self) -> int:
        return sum(_bytes(slot) for slot in self._slots) + _bytes(self._spare)


def untouched(size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """A surface of `size` in `like`'s pixel format whose memory is touched only where it is
    drawn into: pygame.Surface zeroes a new surface's pixels, so every page of it faults at
    once (7 ms for a window drag's 25 stand-ins at 4K), where an image made only where it shows
    (`canvas.made_when_drawn`) draws into a third of them. Its pixels start out zero."""
    w, h = size
    if like.get_bitsize() == 32 and like.get_masks() == BGRA and w > 0 and h > 0:
        return pygame.image.frombuffer(mmap.mmap(-1, w * h * 4), (w, h), "BGRA")
    return _surface(size, like)


def _surface(size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """A new pygame surface of `size` in `like`'s pixel format (its pixels zeroed)."""
    return new_surface(size, surface_format(like))


def surface_format(surface: pygame.Surface) -> tuple:
    """What a slot must share with the image drawn into it: alpha, bits, masks."""
    return surface.get_flags() & pygame.SRCALPHA, surface.get_bitsize(), surface.get_masks()


def new_surface(size: tuple[int, int], form: tuple) -> pygame.Surface:
    """A new pygame surface of `size` in the format `form` (`surface_format`), its pixels zeroed
    (SDL writes every one: the memory's pages are faulted in here, not where it is drawn into)."""
    flags, bits, masks = form
    return pygame.Surface(size, flags, bits, masks)


def _bytes(surface: pygame.Surface | None) -> int:
    return 0 if surface is None else surface.get_width() * surface.get_height() * 4
