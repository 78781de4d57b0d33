"""Dialogs that lay out cards to look at: a face-down pile a player may look through (a
discard), and a card or a pile shown large (a right-click on the table)."""
from __future__ import annotations

import math

import pygame

from ..ui import widgets
from .base import Dialog

CARD = (60, 84)
GAP = 8
PER_ROW = 12


class PileDialog(Dialog):
    """`cards` oldest first, laid out in rows; Esc closes it."""

    width = PER_ROW * (CARD[0] + GAP) + 60

    def __init__(self, app, title: str, cards, empty: str = "The pile is empty."):
        self.cards = tuple(cards)
        rows = math.ceil(len(self.cards) / PER_ROW)
        room = [""] * math.ceil(rows * (CARD[1] + GAP) / 30) if self.cards else [empty]
        super().__init__(app, title, room + ["Oldest first, the latest last."],
                         [("Close", "Esc", self.close)], cancel=self.close)

    def close(self) -> None:
        self.app.pop(self)

    def draw(self, surface) -> None:
        super().draw(surface)
        vp = self.viewport
        x, y, w, _ = self.panel
        left = x + (w - PER_ROW * (CARD[0] + GAP) + GAP) / 2
        for i, code in enumerate(self.cards):
            row, col = divmod(i, PER_ROW)
            pos = vp.point(left + col * (CARD[0] + GAP), y + 72 + row * (CARD[1] + GAP))
            image = self.app.art.face(code.rstrip("*"), vp.length(CARD[0]), vp.length(CARD[1]))
            surface.blit(image, pos)
            widgets.note("card", image.get_rect(topleft=pos), code)


class CardViewer(Dialog):
    """Face-up cards the player can already see, drawn large; nothing on the table moves."""

    most_width = 1180  # logical pixels the panel may take
    most_height = 520  # ...and the cards

    def __init__(self, app, title: str, cards):
        self.cards = tuple(cards)
        count = max(1, len(self.cards))
        self.per_row = min(count, 5 if count <= 5 else 9)
        rows = math.ceil(count / self.per_row)
        card_w = min(220, (self.most_width - 60) / self.per_row - GAP)
        card_w = min(card_w, (self.most_height / rows - GAP) / 1.4)
        self.card = (card_w, card_w * 1.4)
        self.width = max(460, self.per_row * (card_w + GAP) + 60)  # small: as wide as its cards
        room = [""] * math.ceil(rows * (self.card[1] + GAP) / 30)
        super().__init__(app, title, room, [("Close", "Esc", self.close)], cancel=self.close)

    def close(self) -> None:
        self.app.pop(self)

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.close()  # a second right-click puts the cards down again
            return
        super().handle(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        vp = self.viewport
        x, y, w, _ = self.panel
        cw, ch = self.card
        for i, code in enumerate(self.cards):
            row, col = divmod(i, self.per_row)
            in_row = min(self.per_row, len(self.cards) - row * self.per_row)
            left = x + (w - in_row * (cw + GAP) + GAP) / 2
            pos = vp.point(left + col * (cw + GAP), y + 72 + row * (ch + GAP))
            image = self.app.art.face(code.rstrip("*"), vp.length(cw), vp.length(ch))
            surface.blit(image, pos)
            widgets.note("card", image.get_rect(topleft=pos), code)
