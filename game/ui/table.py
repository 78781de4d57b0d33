"""Card sprites on the table, animated by dt-driven tweens.

A scene says where every visible card should be (`sync`); the table moves,
flips, deals and retires sprites to get there. Any new input can `finish_all`
so animations never block the player. A card's size can differ from pile to
pile (a hand and a lifeboat); it tweens with the position.
"""
from __future__ import annotations

import pygame

from . import widgets
from .canvas import Canvas
from .tween import Tween, ease_in_out_cubic, ease_out_cubic

MOVE_SECONDS = 0.32
FLIP_SECONDS = 0.22
DEAL_STAGGER = 0.09
SPEEDS = {"slow": 1.7, "normal": 1.0, "fast": 0.5, "instant": 0.0}


def art_code(code: str) -> str:
    """The card to draw: a second deck's cards carry a trailing '*' to keep codes unique."""
    return code.rstrip("*")


class CardSprite:
    __slots__ = ("code", "pos", "size", "face_up", "face", "z", "move", "flip", "retiring",
                 "target", "target_size", "lift", "drawn")

    def __init__(self, code: str, pos, face_up: bool, z: int = 0, size=(0, 0)):
        self.code = code
        self.pos = tuple(pos)
        self.size = tuple(size)
        self.target = tuple(pos)
        self.target_size = tuple(size)
        self.face_up = face_up          # where the flip is heading
        self.face = 1.0 if face_up else 0.0  # 0 = back showing, 1 = face showing
        self.z = z
        self.move: Tween | None = None
        self.flip: Tween | None = None
        self.retiring = False
        self.lift = False               # drawn above everything (being dragged)
        self.drawn: tuple | None = None  # how it was last recorded lying still (draw_sprite)

    @property
    def busy(self) -> bool:
        return self.move is not None or self.flip is not None

    @property
    def in_flight(self) -> bool:
        """Set off on its move (a card waiting its turn to be dealt lies flat where it is)."""
        return self.move is not None and self.move.started

    def move_to(self, pos, seconds: float, delay: float = 0.0, easing=ease_out_cubic,
                size=None) -> None:
        pos = tuple(pos)
        size = tuple(size) if size is not None else self.target_size
        self.target, self.target_size = pos, size
        if seconds <= 0 and delay <= 0:
            self.pos, self.size, self.move = pos, size, None
        else:
            self.move = Tween(self.pos + self.size, pos + size, seconds, delay, easing)

    def turn(self, face_up: bool, seconds: float, delay: float = 0.0) -> None:
        self.face_up = face_up
        end = 1.0 if face_up else 0.0
        if seconds <= 0 and delay <= 0:
            self.face, self.flip = end, None
        else:
            self.flip = Tween((self.face,), (end,), seconds, delay, ease_in_out_cubic)

    def update(self, dt: float) -> None:
        if self.move is not None:
            x, y, w, h = self.move.update(dt)
            self.pos, self.size = (x, y), (w, h)
            if self.move.done:
                self.move = None
        if self.flip is not None:
            self.face = self.flip.update(dt)[0]
            if self.flip.done:
                self.flip = None

    def finish(self) -> None:
        if self.move is not None:
            x, y, w, h = self.move.finish()
            self.pos, self.size = (x, y), (w, h)
            self.move = None
        if self.flip is not None:
            self.face = self.flip.finish()[0]
            self.flip = None

    def contains(self, point) -> bool:
        x, y = self.pos
        w, h = self.size
        return x <= point[0] < x + w and y <= point[1] < y + h


class CardTable:
    """All card sprites of a scene, in logical coordinates."""

    def __init__(self, speed: str = "normal", card_size=(100, 140)):
        self.sprites: dict[str, CardSprite] = {}
        self.speed = speed
        self.card_size = tuple(card_size)  # for placements that don't give a size

    @property
    def factor(self) -> float:
        return SPEEDS.get(self.speed, 1.0)

    @property
    def busy(self) -> bool:
        return any(s.busy for s in self.sprites.values())

    def sync(self, placements: dict, origin=None, retire_to=None) -> None:
        """Animate towards `placements`: {code: (pos, face_up, z[, size])}.

        New cards come from `origin` face down (a deal), in dict order, staggered;
        cards no longer placed travel to `retire_to` and vanish. Either may be a
        function of the card code: an origin of None turns the card up where it
        lies (a reveal), a retire point of None makes it vanish in place.
        """
        f = self.factor
        dealt = 0
        for code, place in placements.items():
            pos, face_up, z = place[:3]
            size = tuple(place[3]) if len(place) > 3 else self.card_size
            sprite = self.sprites.get(code)
            if sprite is None or sprite.retiring:
                if callable(origin):  # None from it: turned up where it lies (a reveal)
                    start = origin(code)
                    reveal, start = start is None, pos if start is None else start
                else:
                    reveal, start = False, origin if origin is not None else pos
                shown = face_up and not reveal and start == pos
                sprite = CardSprite(code, start, shown, z, size)
                self.sprites[code] = sprite
                delay = dealt * DEAL_STAGGER * f
                dealt += 1
                sprite.move_to(pos, MOVE_SECONDS * f, delay, size=size)
                if face_up != sprite.face_up:
                    sprite.turn(face_up, FLIP_SECONDS * f, delay + MOVE_SECONDS * f * 0.4)
                continue
            sprite.z = z
            if tuple(pos) != sprite.target or size != sprite.target_size:
                sprite.move_to(pos, MOVE_SECONDS * f, size=size)
            if face_up != sprite.face_up:
                sprite.turn(face_up, FLIP_SECONDS * f)
        for code, sprite in list(self.sprites.items()):
            if code in placements:
                continue
            home = retire_to(code) if callable(retire_to) else retire_to
            if home is None or f <= 0:
                del self.sprites[code]
            elif not sprite.retiring:
                sprite.retiring = True
                sprite.z = -1
                sprite.move_to(home, MOVE_SECONDS * f)
                if sprite.face_up:
                    sprite.turn(False, FLIP_SECONDS * f)

    def update(self, dt: float) -> None:
        for code, sprite in list(self.sprites.items()):
            sprite.update(dt)
            if sprite.retiring and not sprite.busy:
                del self.sprites[code]

    def finish_all(self) -> None:
        for code, sprite in list(self.sprites.items()):
            sprite.finish()
            if sprite.retiring:
                del self.sprites[code]

    def in_draw_order(self) -> list:
        return sorted(self.sprites.values(), key=lambda s: (s.lift, s.move is not None, s.z))

    def sprite_at(self, point, card_size=None) -> CardSprite | None:
        """The topmost non-retiring card under a logical point."""
        for sprite in reversed(self.in_draw_order()):
            if not sprite.retiring and sprite.contains(point):
                return sprite
        return None

    def draw(self, surface: pygame.Surface, viewport, art, card_size=None) -> None:
        order = self.in_draw_order()
        hidden = under_their_twin(order, viewport)
        for sprite in order:
            if id(sprite) not in hidden:
                self.draw_sprite(surface, viewport, art, sprite)

    @staticmethod
    def draw_sprite(surface: pygame.Surface, viewport, art, sprite: CardSprite) -> None:
        """One card as it stands now (a moving or lifted one with its shadow). A card lying
        still where it lay last frame, with the same image, is recorded again as it was: a
        full eight-seat table lays about a hundred such cards a frame."""
        showing_face = sprite.face >= 0.5
        still = (sprite.move is None and sprite.flip is None and not sprite.lift
                 and sprite.size == sprite.target_size)
        if still:
            place = (sprite.pos, sprite.size, showing_face, sprite.code, viewport.scale,
                     viewport.offset, art.look)
            drawn = sprite.drawn
            if (drawn is not None and drawn[0] == place and isinstance(surface, Canvas)
                    and art.still_cached(drawn[1], drawn[2]) and surface.repeat(drawn[3], drawn[2])):
                widgets.note("card", drawn[3].rect, sprite.code)
                return
        x, y = viewport.point(*sprite.pos)
        w, h = viewport.length(sprite.size[0]), viewport.length(sprite.size[1])
        if still:  # most of a full table
            on_canvas = isinstance(surface, Canvas)  # (blitted whole onto it, nothing else)
            image = (art.face(art_code(sprite.code), w, h, on_canvas=on_canvas) if showing_face
                     else art.back(w, h, on_canvas=on_canvas))
        else:
            tw, th = viewport.length(sprite.target_size[0]), viewport.length(sprite.target_size[1])
            if sprite.lift or sprite.in_flight:
                off = max(2, w // 24)
                shadow = art.shadow(tw, th)
                if (w, h) != (tw, th):  # growing or shrinking: a blur at every size would take
                    shadow = art.in_between(shadow, w, h)  # 5 ms each at 4K
                surface.blit(shadow, (x + off, y + off * 2))
            if sprite.face_up and not showing_face:  # turning up: its face shows in a few frames
                art.prefetch(art_code(sprite.code), tw, th)
            image = art.face(art_code(sprite.code), tw, th) if showing_face else art.back(tw, th)
            squash = abs(sprite.face * 2 - 1)
            if squash < 0.999 or (w, h) != (tw, th):
                sw = max(1, round(w * squash))
                image = art.in_between(image, sw, h)
                x += (w - sw) // 2
        surface.blit(image, (x, y))
        if still and not art.stood_in and isinstance(surface, Canvas) and surface.clip is None:
            sprite.drawn = (place, art.shown_key, image, surface.ops[-1])
        widgets.note("card", (x, y, image.get_width(), max(1, h)), sprite.code)

    @staticmethod
    def render_ahead(sizes: dict, viewport, art) -> None:
        """Have the card worker render, ahead of need, these cards' faces at a size other than
        the one they lie at ({code: logical size}) and a moving card's shadow at it: the frame
        that moves one there then neither waits for them nor scales stand-ins."""
        for code, (w, h) in sizes.items():
            width, height = viewport.length(w), viewport.length(h)
            art.prefetch(art_code(code), width, height)
            art.prefetch_shadow(width, height)


def under_their_twin(order: list, viewport) -> set:
    """The ids of cards lying face down and flat (still, or waiting their turn to be dealt)
    exactly under another such card drawn later: the same back at the same place covers all of
    each but the soft rim of its corners. A deal waits as a stack at its origin: twenty cards
    are drawn as one, not recorded, compared and repainted twenty times a frame."""
    seen, hidden = set(), set()
    for sprite in reversed(order):
        if (sprite.lift or sprite.in_flight or sprite.face >= 0.5
                or sprite.size != sprite.target_size
                or (sprite.flip is not None and sprite.flip.started)):
            continue
        place = (viewport.point(*sprite.pos), sprite.size)
        if place in seen:
            hidden.add(id(sprite))
        else:
            seen.add(place)
    return hidden
