"""The new-game screen: a game's table options and the deal number, before the deal.

Up/Down (or Tab) choose a row, Left/Right change it; digits type a deal number (D goes to its
field); Enter deals, Esc goes back."""
from __future__ import annotations

import pygame

from ..engine import games
from ..engine.contract import resolve_options
from ..engine.rng import MAX_SEED
from ..ui import theme
from ..ui.controls import TextField, caret_change
from ..ui.forms import draw_field_label, focus_step, option_fields, wrap_lines
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, shade
from .base import Scene

WIDTH = 680


def deal_field(rect, on_click) -> TextField:
    return TextField(rect, "", "Random deal", len(str(MAX_SEED)), on_click)


def typed_deal(field: TextField):
    """The deal number in `field`, None for a random deal, or a message why it can't be."""
    if not field.text:
        return None, ""
    seed = int(field.text)
    if seed > MAX_SEED:
        return None, f"Deal numbers go up to {MAX_SEED:,}."
    return seed, ""


def type_digit(field: TextField, event) -> bool:
    """Digits, Backspace and the caret keys edit a deal-number field; returns whether used."""
    if event.key in (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END) or (
            event.unicode and event.unicode.isdigit()) or (
            field.focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT)):
        if not field.focused:
            field.start(field.text)
        field.type_key(event)
        field.text = field.text.lstrip("0") or ("0" if field.text else "")
        field.cursor = min(field.cursor, len(field.text))
        return True
    return False


class NewGameDialog(Scene):
    opaque = False

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.rules = games.get(game_id)
        saved = app.settings.table_options.get(game_id, {})
        try:
            self.options = resolve_options(self.rules.OPTIONS, saved)
        except ValueError:
            self.options = resolve_options(self.rules.OPTIONS, {})
        self.error = ""
        self.focus = 0
        self.layout()

    @property
    def seed(self):
        return typed_deal(self.deal_number)[0]

    def layout(self) -> None:
        lw, lh = self.viewport.logical
        x = (lw - WIDTH) / 2 + 40
        self.fields, y = option_fields(self.rules.OPTIONS, self.options, lambda: None,
                                       x, 0, WIDTH - 80, gap=14)
        self.deal_label = (x, y + 18)
        field_y = y + 18
        self.deal_number = deal_field((x + 200, field_y, WIDTH - 280, 40), self.focus_deal)
        self.controls = [f.control for f in self.fields] + [self.deal_number]
        self.help_y = field_y + 52
        buttons_y = self.help_y + 56
        height = buttons_y + 46 + 24 + 88
        top = max(12, (lh - height) / 2)
        self.panel = pygame.Rect((lw - WIDTH) / 2, top, WIDTH, height)
        shift = top + 88
        for c in self.controls:
            c.rect.y += shift
        for f in self.fields:
            f.label_at = (f.label_at[0], f.label_at[1] + shift)
        self.deal_label = (self.deal_label[0], self.deal_label[1] + shift)
        self.help_y += shift
        self.deal_button = Button((lw / 2 - 250, buttons_y + shift, 240, 46), "Deal", self.deal,
                                  "Enter")
        self.row = ButtonRow([self.deal_button, Button((lw / 2 + 10, buttons_y + shift, 240, 46),
                                                       "Cancel", self.close, "Esc")])
        self.set_focus(self.focus)

    def set_focus(self, index: int) -> None:
        self.focus = index % len(self.controls)
        for i, c in enumerate(self.controls):
            c.focused = i == self.focus
        if self.deal_number.focused:
            self.deal_number.cursor = len(self.deal_number.text)

    def focus_deal(self) -> None:
        self.set_focus(len(self.controls) - 1)

    def choose_deal(self) -> None:
        self.focus_deal()

    def deal(self) -> None:
        seed, self.error = typed_deal(self.deal_number)
        if self.error:
            self.focus_deal()
            return
        self.app.settings.table_options[self.game_id] = dict(self.options)
        self.app.save_settings()
        self.app.pop(self)
        self.app.start_game(self.game_id, seed, dict(self.options))

    def close(self) -> None:
        self.app.pop(self)

    def next_change(self) -> float | None:
        return caret_change(self.controls)  # a focused field's caret blinks

    def handle(self, event) -> None:
        used = self.row.handle(event, self.viewport)
        for c in self.controls:
            if c.handle(event, self.viewport):
                used = True
                if c is not self.deal_number:
                    self.set_focus(self.controls.index(c))
        if used or event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.deal()
        elif event.key == pygame.K_ESCAPE:
            self.close()
        elif focus_step(event):
            self.set_focus(self.focus + focus_step(event))
        elif event.key == pygame.K_d and not self.deal_number.focused:
            self.focus_deal()
        elif type_digit(self.deal_number, event):
            self.focus_deal()
            self.error = ""
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.controls[self.focus].step(1 if event.key == pygame.K_RIGHT else -1)

    def draw(self, surface) -> None:
        vp = self.viewport
        shade(surface)
        draw_panel(surface, vp.rect(*self.panel), fill=theme.OPAQUE_PANEL)
        draw_text(surface, vp, f"New game of {self.rules.TITLE}", 30,
                  (self.panel.centerx, self.panel.y + 24), theme.GOLD, "midtop", "bold")
        for f in self.fields:
            draw_field_label(surface, vp, f)
            f.control.draw(surface, vp)
        x, y = self.deal_label
        draw_text(surface, vp, "Deal number", 17, (x, y + 20), theme.INK, "midleft", "bold")
        self.deal_number.draw(surface, vp)
        self.draw_help(surface)
        self.row.draw(surface, vp)

    def draw_help(self, surface) -> None:
        vp = self.viewport
        pointed = next((f for f in self.fields if f.control.hover), None)
        focused = next((f for f in self.fields if f.control.focused), None)
        shown = pointed or focused
        if self.error:
            text, colour = self.error, theme.RED
        elif shown and shown.help:
            text, colour = shown.help, theme.INK_DIM
        else:
            text = "Up/Down choose · Left/Right change · type a deal number"
            colour = theme.INK_DIM
        lines = wrap_lines(text, vp.text(15), vp.length(WIDTH - 80), 2)
        for i, line in enumerate(lines):
            draw_text(surface, vp, line, 15, (self.panel.x + 40, self.help_y + 20 * i), colour)
