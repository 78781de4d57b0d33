"""The settings screen: table and cards, sound, play, and each game's default table options.

Every change applies at once and is saved. Up/Down choose a row, Left/Right (or clicks on the
arrows and the value) change it, Esc goes back.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from ..engine import games
from ..engine.contract import resolve_options
from ..store.settings import BOT_PACES, CHOICES, SPEEDS
from ..ui import theme
from ..ui.cardart import BACKS
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, wrap
from .base import Scene
from .registry import playable

LEFT = pygame.Rect(40, 92, 590, 606)
RIGHT = pygame.Rect(650, 92, 590, 606)
ROW_H, WIDE_H = 46, 80
GENERAL_H = 41  # the left column's rows, packed so eleven fit
PREVIEW = ("7C", "8D", "QH", "AS")


@dataclass
class Row:
    label: str
    show: Callable[[], str]
    step: Callable[[int], None]
    rect: pygame.Rect
    wide: bool = False      # the label above, a full-width control below
    help: str = ""


def cycle(values, current, step):
    values = list(values)
    return values[(values.index(current) + step) % len(values)] if current in values else values[0]


def on_off(value: bool) -> str:
    return "On" if value else "Off"


class SettingsScreen(Scene):
    def __init__(self, app, on_close=None):
        super().__init__(app)
        self.on_close = on_close
        self.ids = playable()
        self.game = 0           # whose table options are shown
        self.selected = 0
        self.build()

    # -- rows ------------------------------------------------------------------
    def build(self) -> None:
        s = self.app.settings
        self.rows: list[Row] = []
        self.headings = []      # (text, logical position)
        x, y = LEFT.x + 24, LEFT.y + 16
        general = [
            ("Table and cards", [
                ("Animation speed", lambda: s.animation_speed.capitalize(), self.step_speed),
                ("Table colour", lambda: s.table_colour.capitalize(), self.step_colour),
                ("Card back", lambda: s.card_back.capitalize(), self.step_back),
                ("Four-colour suits", lambda: on_off(s.four_colour), self.toggle_four_colour),
                ("Fullscreen", lambda: on_off(self.app.fullscreen), self.toggle_fullscreen)]),
            ("Sound", [
                ("Sound effects", lambda: on_off(s.sound_on), self.toggle_sound),
                ("Volume", lambda: f"{s.volume}%", self.step_volume)]),
            ("Play", [
                ("Computer moves", lambda: s.bot_pace.capitalize(), self.step_bot_pace),
                ("Confirm a new deal", lambda: on_off(s.confirm_new_deal), self.toggle_confirm),
                ("Moves and clock", lambda: on_off(s.show_clock), self.toggle_clock),
                ("What-now tips", lambda: on_off(s.show_tips), self.toggle_tips)]),
        ]
        for heading, rows in general:
            self.headings.append((heading, (x, y)))
            y += 28
            for label, show, step in rows:
                self.rows.append(Row(label, show, step, pygame.Rect(x, y, LEFT.w - 48, GENERAL_H)))
                y += GENERAL_H + 3
            y += 6
        x, y = RIGHT.x + 24, RIGHT.y + 16
        self.headings.append(("New games start with", (x, y)))
        y += 34
        if self.ids:
            self.rows.append(Row("Game", self.game_title, self.step_game,
                                 pygame.Rect(x, y, RIGHT.w - 48, ROW_H)))
            y += ROW_H + 12
            for option in games.get(self.ids[self.game]).OPTIONS:
                self.rows.append(Row(option.label, partial(self.option_text, option),
                                     partial(self.step_option, option),
                                     pygame.Rect(x, y, RIGHT.w - 48, WIDE_H), True, option.help))
                y += WIDE_H + 4
        self.help_top = y + 4
        self.selected = min(self.selected, len(self.rows) - 1)
        buttons = []
        for i, row in enumerate(self.rows):
            r = row.rect
            top = r.y + (34 if row.wide else 4)
            left = r.x if row.wide else r.right - 290
            buttons += [Button((left, top, 40, 38), "<", lambda i=i: self.change(i, -1)),
                        Button((left + 46, top, r.right - left - 92, 38), row.show(),
                               lambda i=i: self.change(i, 1), text_size=16),
                        Button((r.right - 40, top, 40, 38), ">", lambda i=i: self.change(i, 1))]
        self.back = Button((540, 714, 200, 46), "Back", self.close, "Esc")
        self.buttons = ButtonRow(buttons + [self.back])

    def change(self, index: int, step: int) -> None:
        self.selected = index
        self.rows[index].step(step)
        self.app.save_settings()
        for row, button in zip(self.rows, self.buttons.buttons[1::3]):
            button.text = row.show()

    def game_title(self) -> str:
        return games.get(self.ids[self.game]).TITLE

    def options(self) -> dict:
        game_id = self.ids[self.game]
        spec = games.get(game_id).OPTIONS
        try:
            return resolve_options(spec, self.app.settings.table_options.get(game_id))
        except ValueError:
            return resolve_options(spec, {})

    # -- what each row changes ---------------------------------------------------
    def step_speed(self, step) -> None:
        s = self.app.settings
        s.animation_speed = cycle(SPEEDS, s.animation_speed, step)
        for scene in self.app.stack:
            table = getattr(scene, "table", None)
            if table is not None:
                table.speed = s.animation_speed

    def step_bot_pace(self, step) -> None:
        s = self.app.settings
        s.bot_pace = cycle(BOT_PACES, s.bot_pace, step)

    def step_colour(self, step) -> None:
        s = self.app.settings
        s.table_colour = cycle(CHOICES["table_colour"], s.table_colour, step)

    def step_back(self, step) -> None:
        s = self.app.settings
        s.card_back = self.app.art.back_name = cycle(BACKS, s.card_back, step)

    def toggle_four_colour(self, step) -> None:
        s = self.app.settings
        s.four_colour = self.app.art.four_colour = not s.four_colour

    def toggle_fullscreen(self, step) -> None:
        self.app.toggle_fullscreen()

    def toggle_sound(self, step) -> None:
        s = self.app.settings
        s.sound_on = not s.sound_on
        self.app.sound.play("flip")

    def step_volume(self, step) -> None:
        s = self.app.settings
        s.volume = cycle(range(0, 101, 10), round(s.volume, -1), step)
        self.app.sound.play("drop")

    def toggle_confirm(self, step) -> None:
        s = self.app.settings
        s.confirm_new_deal = not s.confirm_new_deal

    def toggle_clock(self, step) -> None:
        s = self.app.settings
        s.show_clock = not s.show_clock

    def toggle_tips(self, step) -> None:
        s = self.app.settings
        s.show_tips = not s.show_tips

    def step_game(self, step) -> None:
        self.game = (self.game + step) % len(self.ids)
        self.build()

    def option_text(self, option) -> str:
        return option.label_of(self.options()[option.key])

    def step_option(self, option, step) -> None:
        options = self.options()
        options[option.key] = cycle([v for v, _ in option.choices], options[option.key], step)
        self.app.settings.table_options[self.ids[self.game]] = options

    # -- input -----------------------------------------------------------------
    def close(self) -> None:
        self.app.pop(self)
        if self.on_close:
            self.on_close()

    def handle(self, event) -> None:
        if self.buttons.handle(event, self.viewport):
            return
        if event.type == pygame.MOUSEMOTION:
            point = self.viewport.to_logical(event.pos)
            hit = next((i for i, r in enumerate(self.rows) if r.rect.collidepoint(point)), None)
            if hit is not None:
                self.selected = hit
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.selected = (self.selected + 1) % len(self.rows)
            elif event.key == pygame.K_UP:
                self.selected = (self.selected - 1) % len(self.rows)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE):
                self.change(self.selected, -1 if event.key == pygame.K_LEFT else 1)

    # -- drawing ---------------------------------------------------------------
    def draw(self, surface) -> None:
        vp = self.viewport
        draw_text(surface, vp, "Settings", 44, (640, 22), theme.INK, "midtop", "serif")
        for panel in (LEFT, RIGHT):
            draw_panel(surface, vp.rect(*panel))
        for text, pos in self.headings:
            draw_text(surface, vp, text, 21, pos, theme.GOLD, face="bold")
        for i, row in enumerate(self.rows):
            r = row.rect
            if i == self.selected:
                pygame.draw.rect(surface, theme.GOLD, vp.rect(*r.inflate(12, 6)),
                                 width=max(1, vp.length(2)), border_radius=vp.length(8))
            centre = r.y + (16 if row.wide else r.h / 2)
            draw_text(surface, vp, row.label, 18, (r.x + 8, centre), theme.INK, "midleft")
        if self.app.sound.error:
            sound_row = next(r for r in self.rows if r.label == "Volume").rect
            draw_text(surface, vp, "No sound device found: Deckhand stays silent.", 15,
                      (sound_row.x + 8, sound_row.bottom + 2), theme.INK_DIM)
        self.buttons.draw(surface, vp)
        self.draw_help(surface)
        self.draw_preview(surface)
        draw_text(surface, vp, "Up/Down choose · Left/Right change · Esc back", 15,
                  (640, 790), theme.INK_DIM, "midbottom")

    def draw_help(self, surface) -> None:
        row = self.rows[self.selected] if self.rows else None
        if not row or not row.help:
            return
        vp = self.viewport
        lines = wrap(row.help, vp.length(15), vp.length(RIGHT.w - 56))
        room = (RIGHT.bottom - 120 - self.help_top) // 20  # above the card preview
        for i, line in enumerate(lines[:room]):
            draw_text(surface, vp, line, 15, (RIGHT.x + 28, self.help_top + 20 * i), theme.INK_DIM)

    def draw_preview(self, surface) -> None:
        vp = self.viewport
        w, h = vp.length(64), vp.length(90)
        top = RIGHT.bottom - 112
        draw_text(surface, vp, "Cards", 16, (RIGHT.x + 28, top + 36), theme.INK_DIM, "midleft")
        for i, code in enumerate(PREVIEW + (None,)):
            image = self.app.art.face(code, w, h) if code else self.app.art.back(w, h)
            surface.blit(image, vp.point(RIGHT.x + 110 + 78 * i, top))
