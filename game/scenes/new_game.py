"""The new-game screen: a game's table options and the deal number, before the deal."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..engine import games
from ..engine.contract import resolve_options
from ..ui import theme
from ..ui.widgets import draw_text
from .base import Dialog
from .dialogs import DealNumberDialog


class NewGameDialog(Dialog):
    width = 640

    def __init__(self, app, game_id: str):
        self.game_id = game_id
        self.rules = games.get(game_id)
        saved = app.settings.table_options.get(game_id, {})
        try:
            self.options = resolve_options(self.rules.OPTIONS, saved)
        except ValueError:
            self.options = resolve_options(self.rules.OPTIONS, {})
        self.seed = None
        super().__init__(app, f"New game of {self.rules.TITLE}", (), (), cancel=self.close)
        self.refresh()

    def refresh(self) -> None:
        buttons: list[tuple[str, str, Callable[[], None]]] = []
        for option in self.rules.OPTIONS:
            label = f"{option.label}: {option.label_of(self.options[option.key])}"
            buttons.append((label, "", partial(self.cycle, option)))
        deal = "random" if self.seed is None else f"#{self.seed}"
        buttons.append((f"Deal number: {deal}", "D", self.choose_deal))
        buttons.append(("Deal", "Enter", self.deal))
        buttons.append(("Cancel", "Esc", self.close))
        self.set_buttons(buttons)
        for b in self.row.buttons:
            b.rect.x, b.rect.w = (self.app.viewport.logical[0] - 560) / 2, 560
            b.text_size = 16

    def cycle(self, option) -> None:
        values = [v for v, _ in option.choices]
        self.options[option.key] = values[(values.index(self.options[option.key]) + 1) % len(values)]
        self.refresh()

    def choose_deal(self) -> None:
        def chosen(seed):
            self.seed = seed
            self.refresh()
        self.app.push(DealNumberDialog(self.app, chosen))

    def deal(self) -> None:
        self.app.settings.table_options[self.game_id] = dict(self.options)
        self.app.save_settings()
        self.app.pop(self)
        self.app.start_game(self.game_id, self.seed, dict(self.options))

    def close(self) -> None:
        self.app.pop(self)

    def handle(self, event) -> None:
        import pygame
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.deal()
            return
        super().handle(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        option = next((o for o, b in zip(self.rules.OPTIONS, self.row.buttons) if b.hover), None)
        if option and option.help:
            x, y, w, h = self.panel
            draw_text(surface, self.viewport, option.help[:110], 15, (x + w / 2, y + h + 10),
                      theme.INK_DIM, "midtop")
