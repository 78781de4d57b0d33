"""A short celebration of a human's win, drawn with the game's own cards, before the result.

Two kinds: the solitaires' cascade (cards leap off the table one by one and bounce away,
leaving their trail, as in the classic solitaires) and the pirate games' treasure shower
(doubloons and the game's cards tumbling down). Any key or click skips it; the event that
skips it does nothing else. It lasts a few seconds at the animation speed chosen (none when
instant); each frame draws cached images only, and at most MOST_PIECES of them.
"""
from __future__ import annotations

import math
import random

import pygame

from ..ui import theme
from ..ui.table import SPEEDS, art_code
from ..ui.widgets import draw_panel, draw_text, render_text, shade
from .base import Scene

SECONDS = 4.0           # at normal speed
MOST_PIECES = 60        # moving images drawn in one frame
GRAVITY = 1500.0        # logical pixels per second squared
CASCADE = {"scoundrel", "bogey", "lamarckian_poker"}  # standard-deck tables: the cascade
LAUNCH_EVERY = 0.14     # seconds between two cards of the cascade
ANGLES = 16             # rotations cached per card in the shower
SHOWER_SHADE = (0, 0, 0, 70)  # the table dims a little under the treasure
FALLBACK = ("AS", "KH", "QD", "JC", "10S", "9H")


def wanted(app) -> bool:
    return SPEEDS.get(app.settings.animation_speed, 1.0) > 0


class Piece:
    __slots__ = ("image", "x", "y", "vx", "vy", "spin", "angle", "kind")

    def __init__(self, image, x, y, vx, vy, spin=0.0, kind="card"):
        self.image, self.x, self.y, self.vx, self.vy = image, x, y, vx, vy
        self.spin, self.angle, self.kind = spin, random.random() * 360, kind


class Celebration(Scene):
    opaque = False
    reflows = True  # drawn over the table, from its cards' places

    def __init__(self, app, game, then, seed=None):
        super().__init__(app)
        self.game = game
        self.then = then
        self.done = False
        self.time = 0.0
        self.length = SECONDS * SPEEDS.get(app.settings.animation_speed, 1.0)
        self.pick = random.Random(seed)
        self.cascade = game.game_id in CASCADE
        self.pieces: list[Piece] = []
        self.launched = 0
        self.card_size = getattr(game, "card_size", (100, 140))
        table = getattr(game, "table", None)
        sprites = list(table.sprites.values()) if table is not None else []
        self.cards = [(art_code(s.code), s.pos) for s in sprites if not s.code.startswith("#")] or [
            (code, (200 + 120 * i, 200)) for i, code in enumerate(FALLBACK)]
        self.trail = None        # the cascade's picture so far: the table with every stamp
        self.turned = {}         # (code, angle step) -> rotated card image, for the shower
        self.coins = None

    # -- input -----------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            self.finish()

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        self.app.pop(self)
        self.then()

    # -- motion ----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        if self.time >= self.length:
            self.finish()
            return
        if self.cascade:
            self.launch_cards()
        else:
            self.rain(dt)
        lw, lh = self.viewport.logical
        for p in self.pieces:
            p.vy += GRAVITY * dt * (1.0 if self.cascade else 0.25)
            p.x += p.vx * dt
            p.y += p.vy * dt
            p.angle = (p.angle + p.spin * dt) % 360
            if self.cascade and p.y + self.card_size[1] > lh and p.vy > 0:
                p.y = lh - self.card_size[1]
                p.vy = -p.vy * self.pick.uniform(0.6, 0.85)
        self.pieces = [p for p in self.pieces
                       if -200 < p.x < lw + 200 and p.y < lh + 200]

    def launch_cards(self) -> None:
        due = int(self.time / LAUNCH_EVERY) + 1
        while self.launched < due and len(self.pieces) < MOST_PIECES:
            code, (x, y) = self.cards[self.launched % len(self.cards)]
            direction = self.pick.choice((-1, 1))
            self.pieces.append(Piece(code, x, y, direction * self.pick.uniform(180, 420),
                                     -self.pick.uniform(0, 420)))
            self.launched += 1

    def rain(self, dt: float) -> None:
        lw, _ = self.viewport.logical
        rate = 26 if self.time < self.length - 1.2 else 0  # pieces per second; the end clears
        for _ in range(self.pick_count(rate * dt)):
            if len(self.pieces) >= MOST_PIECES:
                break
            if self.pick.random() < 0.8:
                self.pieces.append(Piece("coin", self.pick.uniform(0, lw), -60,
                                         self.pick.uniform(-40, 40), self.pick.uniform(120, 260),
                                         self.pick.uniform(200, 500), "coin"))
            else:
                code, _ = self.pick.choice(self.cards)
                self.pieces.append(Piece(code, self.pick.uniform(0, lw), -self.card_size[1],
                                         self.pick.uniform(-60, 60), self.pick.uniform(80, 180),
                                         self.pick.uniform(-120, 120)))

    def pick_count(self, expected: float) -> int:
        whole = int(expected)
        return whole + (self.pick.random() < expected - whole)

    # -- drawing ---------------------------------------------------------------
    def draw(self, surface) -> None:
        vp = self.viewport
        w, h = vp.length(self.card_size[0]), vp.length(self.card_size[1])
        if self.cascade:
            self.draw_cascade(surface, w, h)
        else:
            shade(surface, SHOWER_SHADE)
            for p in self.pieces:
                image = (self.coin(p.angle) if p.kind == "coin"
                         else self.turn(p.image, p.angle, w, h))
                surface.blit(image, image.get_rect(center=vp.point(p.x, p.y)))
        self.draw_banner(surface)

    def draw_cascade(self, surface, w, h) -> None:
        """Each card is stamped where it is onto the picture so far, so it leaves its trail."""
        vp = self.viewport
        if self.trail is None or self.trail.get_size() != surface.get_size():
            if self.trail is not None:  # resized: the table again, at its new size
                self.game.draw(surface)
            self.trail = surface.copy()  # the table under it, as it was left
            self.opaque = True  # from now on the trail holds the table: it is not drawn again
        stamps = [(self.face(p.image, w, h), vp.point(p.x, p.y)) for p in self.pieces]
        for image, at in stamps:
            self.trail.blit(image, at)
        # The trail changes in place, but only under this frame's stamps: drawn again on top,
        # they tell the window where to repaint it (ui/painter.py).
        surface.blit(self.trail, (0, 0))
        for image, at in stamps:
            surface.blit(image, at)

    def face(self, code, w, h) -> pygame.Surface:
        """The card's face from the art's cache (a code it can't draw shows its back)."""
        try:
            return self.app.art.face(code, w, h)
        except ValueError:
            return self.app.art.back(w, h)

    def turn(self, code, angle, w, h) -> pygame.Surface:
        step = int(angle / (360 / ANGLES)) % ANGLES
        key = (code, step, w, h)
        image = self.turned.get(key)
        if image is None:
            image = pygame.transform.rotozoom(self.face(code, w, h), step * 360 / ANGLES, 1)
            self.turned[key] = image
        return image

    def coin(self, angle) -> pygame.Surface:
        """A doubloon turning about its upright axis: eight widths, drawn once per size."""
        size = self.viewport.length(34)
        if self.coins is None or self.coins[0] != size:
            faces = []
            for i in range(8):
                width = max(2, round(size * abs(math.cos(i * math.pi / 8))))
                face = pygame.Surface((size, size), pygame.SRCALPHA)
                r = pygame.Rect(0, 0, width, size)
                r.center = (size // 2, size // 2)
                pygame.draw.ellipse(face, (176, 128, 30), r)
                pygame.draw.ellipse(face, theme.GOLD, r.inflate(-max(1, width // 6), -size // 6))
                if width > size // 2:
                    mark = render_text("$", size // 2, (150, 104, 20), "bold")
                    face.blit(mark, mark.get_rect(center=r.center))
                faces.append(face)
            self.coins = (size, faces)
        return self.coins[1][int(angle / 45) % 8]

    def draw_banner(self, surface) -> None:
        vp = self.viewport
        lw, _ = vp.logical
        draw_panel(surface, vp.rect(lw / 2 - 230, 96, 460, 130), fill=theme.OPAQUE_PANEL,
                   radius=18, width=3)
        draw_text(surface, vp, "You won!", 64, (lw / 2, 150), theme.GOLD, "center", "serif")
        draw_text(surface, vp, "Any key or click to go on", 16, (lw / 2, 204), theme.INK_DIM,
                  "center")
