"""Card sprites on the table, animated by dt-driven tweens.

A scene says where every visible card should be (`sync`); the table moves,
flips, deals and retires sprites to get there. Any new input can `finish_all`
so animations never block the player.
"""
from __future__ import annotations

import pygame

from .tween import Tween, ease_in_out_cubic, ease_out_cubic

MOVE_SECONDS = 0.32
FLIP_SECONDS = 0.22
DEAL_STAGGER = 0.09
SPEEDS = {"slow": 1.7, "normal": 1.0, "fast": 0.5, "instant": 0.0}


class CardSprite:
    __slots__ = ("code", "pos", "face_up", "face", "z", "move", "flip", "retiring", "target",
                 "lift")

    def __init__(self, code: str, pos, face_up: bool, z: int = 0):
        self.code = code
        self.pos = tuple(pos)
        self.target = tuple(pos)
        self.face_up = face_up          # where the flip is heading
        self.face = 1.0 if face_up else 0.0  # 0 = back showing, 1 = face showing
        self.z = z
        self.move: Tween | None = None
        self.flip: Tween | None = None
        self.retiring = False
        self.lift = False               # drawn above everything (being dragged)

    @property
    def busy(self) -> bool:
        return self.move is not None or self.flip is not None

    def move_to(self, pos, seconds: float, delay: float = 0.0, easing=ease_out_cubic) -> None:
        pos = tuple(pos)
        self.target = pos
        if seconds <= 0 and delay <= 0:
            self.pos, self.move = pos, None
        else:
            self.move = Tween(self.pos, pos, seconds, delay, easing)

    def turn(self, face_up: bool, seconds: float, delay: float = 0.0) -> None:
        self.face_up = face_up
        end = 1.0 if face_up else 0.0
        if seconds <= 0 and delay <= 0:
            self.face, self.flip = end, None
        else:
            self.flip = Tween((self.face,), (end,), seconds, delay, ease_in_out_cubic)

    def update(self, dt: float) -> None:
        if self.move is not None:
            self.pos = self.move.update(dt)
            if self.move.done:
                self.move = None
        if self.flip is not None:
            self.face = self.flip.update(dt)[0]
            if self.flip.done:
                self.flip = None

    def finish(self) -> None:
        if self.move is not None:
            self.pos = self.move.finish()
            self.move = None
        if self.flip is not None:
            self.face = self.flip.finish()[0]
            self.flip = None


class CardTable:
    """All card sprites of a scene, in logical coordinates."""

    def __init__(self, speed: str = "normal"):
        self.sprites: dict[str, CardSprite] = {}
        self.speed = speed

    @property
    def factor(self) -> float:
        return SPEEDS.get(self.speed, 1.0)

    @property
    def busy(self) -> bool:
        return any(s.busy for s in self.sprites.values())

    def sync(self, placements: dict, origin=None, retire_to=None) -> None:
        """Animate towards `placements`: {code: (pos, face_up, z)}.

        New cards come from `origin` face down (a deal), in dict order, staggered;
        cards no longer placed travel to `retire_to` and vanish.
        """
        f = self.factor
        dealt = 0
        for code, (pos, face_up, z) in placements.items():
            sprite = self.sprites.get(code)
            if sprite is None or sprite.retiring:
                start = origin if origin is not None else pos
                sprite = CardSprite(code, start, face_up if origin is None else False, z)
                self.sprites[code] = sprite
                delay = dealt * DEAL_STAGGER * f
                dealt += 1
                sprite.move_to(pos, MOVE_SECONDS * f, delay)
                if face_up != sprite.face_up:
                    sprite.turn(face_up, FLIP_SECONDS * f, delay + MOVE_SECONDS * f * 0.4)
                continue
            sprite.z = z
            if tuple(pos) != sprite.target:
                sprite.move_to(pos, MOVE_SECONDS * f)
            if face_up != sprite.face_up:
                sprite.turn(face_up, FLIP_SECONDS * f)
        for code, sprite in list(self.sprites.items()):
            if code in placements:
                continue
            if retire_to is None or f <= 0:
                del self.sprites[code]
            elif not sprite.retiring:
                sprite.retiring = True
                sprite.z = -1
                sprite.move_to(retire_to, MOVE_SECONDS * f)
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

    def sprite_at(self, point, card_size) -> CardSprite | None:
        """The topmost non-retiring card under a logical point."""
        w, h = card_size
        for sprite in reversed(self.in_draw_order()):
            x, y = sprite.pos
            if not sprite.retiring and x <= point[0] < x + w and y <= point[1] < y + h:
                return sprite
        return None

    def draw(self, surface: pygame.Surface, viewport, art, card_size) -> None:
        w, h = viewport.length(card_size[0]), viewport.length(card_size[1])
        for sprite in self.in_draw_order():
            x, y = viewport.point(*sprite.pos)
            if sprite.lift or sprite.move is not None:
                off = max(2, w // 24)
                surface.blit(art.shadow(w, h), (x + off, y + off * 2))
            showing_face = sprite.face >= 0.5
            image = art.face(sprite.code, w, h) if showing_face else art.back(w, h)
            squash = abs(sprite.face * 2 - 1)
            if squash < 0.999:
                sw = max(1, round(w * squash))
                image = pygame.transform.smoothscale(image, (sw, h))
                x += (w - sw) // 2
            surface.blit(image, (x, y))
