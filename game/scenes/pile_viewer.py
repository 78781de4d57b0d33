"""A dialog that shows the cards of a face-down pile a player may look through (a discard)."""
from __future__ import annotations

import math

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
