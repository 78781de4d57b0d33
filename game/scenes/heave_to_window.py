"""Doubloons' Heave To! window, for a table with several humans: one public question on the shared
screen, instead of a hand-off to every human for every play.

It covers the table (no hand is in sight) and shows only what everyone at a real table sees: the
play waiting, in words and cards, and the seats that may answer it. For a short moment any of
those humans may claim it by their seat (a button or a number key); the claimer alone is then
handed the table to answer in private. When nobody claims it in time (or someone says "go on"),
every human asked lets it pass. The question is the same whatever anyone holds.
"""
from __future__ import annotations

import math

import pygame

from ..ui import canvas, doubloons_art, theme
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, wrap
from .base import Scene

PANEL = pygame.Rect(190, 50, 900, 700)
CARD = (100, 140)  # the chain's cards: large enough for their names and effects at the text floor
CLAIM_W, CLAIM_H, CLAIM_GAP = 200, 50, 16


class HeaveToWindow(Scene):
    opaque = True  # the table below shows a hand: nobody sees it while all look at this

    def __init__(self, app, question: str, cards, seats, seconds: float, on_claim, on_nobody):
        """`question`: the play in words; `cards`: the public cards of the chain, the play first;
        `seats`: (seat, name) of each human asked; `on_claim(seat)` or `on_nobody()` is called
        once, after this window has closed."""
        super().__init__(app)
        self.question = question
        self.cards = tuple(cards)
        self.seats = list(seats)
        self.seconds = self.left = max(0.5, seconds)
        self.on_claim, self.on_nobody = on_claim, on_nobody
        self.closed = False
        buttons = []
        count = len(self.seats)
        per_row = min(count, 4)
        top = 410
        for i, (seat, name) in enumerate(self.seats):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            x0 = 640 - (in_row * CLAIM_W + (in_row - 1) * CLAIM_GAP) / 2
            buttons.append(Button((x0 + col * (CLAIM_W + CLAIM_GAP), top + row * (CLAIM_H + 10),
                                   CLAIM_W, CLAIM_H), name, lambda s=seat: self.claim(s),
                                  str(i + 1), text_size=17))
        self.nobody_button = Button((440, 672, 400, 48), "Go on: nobody cancels it", self.nobody,
                                    "N", text_size=16)
        self.buttons = ButtonRow(buttons + [self.nobody_button])

    def close(self, then) -> None:
        if self.closed:
            return
        self.closed = True
        self.app.pop(self)
        then()

    def claim(self, seat: int) -> None:
        self.close(lambda: self.on_claim(seat))

    def nobody(self) -> None:
        self.close(self.on_nobody)

    def next_change(self) -> float:
        return 0.0  # its bar of time left shrinks every frame

    def update(self, dt: float) -> None:
        self.left -= dt
        if self.left <= 0:
            self.nobody()

    def handle(self, event) -> None:
        if self.buttons.handle(event, self.viewport):
            return
        if event.type != pygame.KEYDOWN:
            return
        if pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.seats):
            self.claim(self.seats[event.key - pygame.K_1][0])
        elif event.key in (pygame.K_n, pygame.K_SPACE):
            self.nobody()
        elif event.key == pygame.K_ESCAPE:
            game = self.app.stack[-2] if len(self.app.stack) > 1 else None
            if game is not None and hasattr(game, "pause"):
                game.pause()

    def draw(self, surface) -> None:
        vp = self.viewport
        doubloons_art.follow_text_floor(vp, self.app.art)
        draw_panel(surface, vp.rect(*PANEL), fill=theme.OPAQUE_PANEL)
        draw_text(surface, vp, "Heave To!?", 40, (640, PANEL.y + 22), theme.GOLD, "midtop", "serif")
        for i, line in enumerate(wrap(self.question, vp.text(19), vp.length(PANEL.w - 80))[:2]):
            draw_text(surface, vp, line, 19, (640, PANEL.y + 84 + 26 * i), theme.INK, "midtop")
        width = len(self.cards) * (CARD[0] + 10) - 10
        for i, code in enumerate(self.cards):
            x = 640 - width / 2 + i * (CARD[0] + 10)
            surface.blit(self.app.art.face(code, vp.length(CARD[0]), vp.length(CARD[1])),
                         vp.point(x, PANEL.y + 134))
        lines = ["Anyone who wants to cancel it: claim it by your seat.",
                 "You answer in private; the question is the same whatever you hold."]
        for i, line in enumerate(lines):
            draw_text(surface, vp, line, 17, (640, PANEL.y + 292 + 26 * i), theme.INK_DIM, "midtop")
        bar = pygame.Rect(PANEL.x + 150, PANEL.y + 550, PANEL.w - 300, 12)
        canvas.rect(surface, theme.INK_DIM, vp.rect(*bar), width=1,
                         border_radius=vp.length(6))
        filled = bar.copy()
        filled.w = max(0, round(bar.w * self.left / self.seconds))
        if filled.w:
            canvas.rect(surface, theme.GOLD, vp.rect(*filled), border_radius=vp.length(6))
        seconds = max(1, math.ceil(self.left))
        draw_text(surface, vp, f"It goes on in {seconds} s unless someone claims it.", 16,
                  (640, PANEL.y + 570), theme.INK_DIM, "midtop")
        self.buttons.draw(surface, vp)
