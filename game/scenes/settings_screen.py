"""The settings screen: table and cards, sound, play, and each game's default table options.

Every change applies at once and is saved. Up/Down choose a row, Left/Right (or clicks on the
arrows and the value) change it, Esc goes back.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..engine import games
from ..engine.contract import resolve_options
from ..store.settings import BOT_PACES, CHOICES, SPEEDS
from ..ui import canvas, theme
from ..ui.cardart import BACK_NAMES, BACKS, CARD_SET_NAMES, CARD_SETS
from ..ui.controls import Chooser, Control, Segments, Switch
from ..ui.forms import option_fields, wrap_lines
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text
from .base import Scene
from .registry import playable

LEFT = pygame.Rect(40, 92, 590, 606)
RIGHT = pygame.Rect(650, 92, 590, 606)
ROW_H = 46
GENERAL_H = 37  # the left column's rows, packed so twelve fit
CONTROL_W = 340
PREVIEW = ("7C", "8D", "QH", "AS")


@dataclass
class Row:
    label: str
    control: Control
    rect: pygame.Rect
    wide: bool = False      # the label above, a full-width control below
    help: str = ""


def named(values) -> list:
    return [(v, v.capitalize()) for v in values]


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
        width = LEFT.w - 48

        def switch(get, flip):
            return lambda rect: Switch(rect, get, self.changed(flip))

        def segments(choices, get, pick):
            return lambda rect: Segments(rect, choices, get, self.changed(pick))

        general = [
            ("Table and cards", [
                ("Animation speed", segments(named(SPEEDS), lambda: s.animation_speed,
                                             self.set_speed)),
                ("Table colour", segments(named(CHOICES["table_colour"]), lambda: s.table_colour,
                                          self.set_colour)),
                ("Card set", segments([(v, CARD_SET_NAMES[v]) for v in CARD_SETS],
                                      lambda: s.card_set, self.set_card_set)),
                ("Card back", lambda rect: Chooser(rect, lambda: BACK_NAMES[s.card_back],
                                                   self.changed(self.step_back))),
                ("Four-colour suits", switch(lambda: s.four_colour, self.toggle_four_colour)),
                ("Fullscreen", switch(lambda: self.app.fullscreen, self.toggle_fullscreen))]),
            ("Sound", [
                ("Sound effects", switch(lambda: s.sound_on, self.toggle_sound)),
                ("Volume", lambda rect: Chooser(rect, lambda: f"{s.volume}%",
                                                self.changed(self.step_volume), ("−", "+"),
                                                can=self.volume_can))]),
            ("Play", [
                ("Computer moves", segments(named(BOT_PACES), lambda: s.bot_pace,
                                            self.set_bot_pace)),
                ("Confirm a new deal", switch(lambda: s.confirm_new_deal, self.toggle_confirm)),
                ("Moves and clock", switch(lambda: s.show_clock, self.toggle_clock)),
                ("What-now tips", switch(lambda: s.show_tips, self.toggle_tips))]),
        ]
        for heading, rows in general:
            self.headings.append((heading, (x, y)))
            y += 28
            for label, make in rows:
                rect = pygame.Rect(x, y, width, GENERAL_H)
                control = make(pygame.Rect(rect.right - CONTROL_W, y + 3, CONTROL_W, GENERAL_H - 6))
                self.rows.append(Row(label, control, rect))
                y += GENERAL_H + 3
            y += 6
        x, y = RIGHT.x + 24, RIGHT.y + 16
        self.headings.append(("New games start with", (x, y)))
        y += 34
        if self.ids:
            rect = pygame.Rect(x, y, RIGHT.w - 48, ROW_H)
            game = Chooser((rect.right - 330, y + 3, 330, ROW_H - 6), self.game_title,
                           self.step_game)
            self.rows.append(Row("Game", game, rect))
            y += ROW_H + 12
            self.game_options = self.options()
            fields, bottom = option_fields(games.get(self.ids[self.game]).OPTIONS,
                                           self.game_options, self.changed(self.keep_options),
                                           x + 8, y, RIGHT.w - 64, gap=12)
            for f in fields:
                rect = pygame.Rect(x, f.label_at[1] - 4, RIGHT.w - 48,
                                   f.control.rect.bottom + 4 - (f.label_at[1] - 4))
                self.rows.append(Row(f.label, f.control, rect, True, f.help))
            y = bottom + 4 if fields else y
        self.help_top = y + 4
        self.selected = min(self.selected, len(self.rows) - 1)
        self.back = Button((540, 714, 200, 46), "Back", self.close, "Esc")
        self.buttons = ButtonRow([self.back])
        self.select(self.selected)

    def changed(self, change):
        """`change`, then saved at once."""
        def run(*args):
            change(*args)
            self.app.save_settings()
        return run

    def select(self, index: int) -> None:
        self.selected = index
        for i, row in enumerate(self.rows):
            row.control.focused = i == index

    def change(self, index: int, step: int) -> None:
        self.select(index)
        self.rows[index].control.step(step)

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
    def set_speed(self, value) -> None:
        self.app.settings.animation_speed = value
        for scene in self.app.stack:
            table = getattr(scene, "table", None)
            if table is not None:
                table.speed = value

    def set_bot_pace(self, value) -> None:
        self.app.settings.bot_pace = value

    def set_colour(self, value) -> None:
        self.app.settings.table_colour = value

    def set_card_set(self, value) -> None:
        self.app.settings.card_set = self.app.art.card_set = value

    def set_back(self, value) -> None:
        self.app.settings.card_back = self.app.art.back_name = value

    def step_back(self, step) -> None:
        """Four backs with two-word names: too long for segments, so arrows step through them."""
        index = BACKS.index(self.app.settings.card_back)
        self.set_back(BACKS[(index + step) % len(BACKS)])

    def toggle_four_colour(self) -> None:
        s = self.app.settings
        s.four_colour = self.app.art.four_colour = not s.four_colour

    def toggle_fullscreen(self) -> None:
        self.app.toggle_fullscreen()

    def toggle_sound(self) -> None:
        s = self.app.settings
        s.sound_on = not s.sound_on
        self.app.sound.play("flip")

    def volume_can(self, step) -> bool:
        return 0 <= round(self.app.settings.volume, -1) + 10 * step <= 100

    def step_volume(self, step) -> None:
        s = self.app.settings
        s.volume = max(0, min(100, round(s.volume, -1) + 10 * step))
        self.app.sound.play("drop")

    def toggle_confirm(self) -> None:
        s = self.app.settings
        s.confirm_new_deal = not s.confirm_new_deal

    def toggle_clock(self) -> None:
        s = self.app.settings
        s.show_clock = not s.show_clock

    def toggle_tips(self) -> None:
        s = self.app.settings
        s.show_tips = not s.show_tips

    def step_game(self, step) -> None:
        self.game = (self.game + step) % len(self.ids)
        self.build()
        self.select(next(i for i, r in enumerate(self.rows) if r.label == "Game"))

    def keep_options(self) -> None:
        self.app.settings.table_options[self.ids[self.game]] = dict(self.game_options)

    # -- input -----------------------------------------------------------------
    def close(self) -> None:
        self.app.pop(self)
        if self.on_close:
            self.on_close()

    def handle(self, event) -> None:
        if self.buttons.handle(event, self.viewport):
            return
        for i, row in enumerate(list(self.rows)):
            if row.control.handle(event, self.viewport):
                if i < len(self.rows) and self.rows[i] is row:
                    self.select(i)
                return
        if event.type == pygame.MOUSEMOTION:
            point = self.viewport.to_logical(event.pos)
            hit = next((i for i, r in enumerate(self.rows) if r.rect.collidepoint(point)), None)
            if hit is not None:
                self.select(hit)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.select((self.selected + 1) % len(self.rows))
            elif event.key == pygame.K_UP:
                self.select((self.selected - 1) % len(self.rows))
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
                canvas.rect(surface, theme.TRACK_HOVER, vp.rect(*r.inflate(12, 6)),
                                 border_radius=vp.length(8))
            centre = r.y + (16 if row.wide else r.h / 2)
            draw_text(surface, vp, row.label, 18, (r.x + 8, centre), theme.INK, "midleft",
                      "bold" if row.wide else "sans")
            row.control.draw(surface, vp)
        if self.app.sound.error:  # on the Sound heading's line: the rows below leave no room
            _, (_, top) = next(h for h in self.headings if h[0] == "Sound")
            draw_text(surface, vp, "No sound device found: Deckhand stays silent.", 15,
                      (LEFT.right - 24, top + 4), theme.INK_DIM, "topright")
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
        room = (RIGHT.bottom - 120 - self.help_top) // 20  # above the card preview
        lines = wrap_lines(row.help, vp.text(15), vp.length(RIGHT.w - 56), max(1, room))
        for i, line in enumerate(lines):
            draw_text(surface, vp, line, 15, (RIGHT.x + 28, self.help_top + 20 * i), theme.INK_DIM)

    def draw_preview(self, surface) -> None:
        vp = self.viewport
        w, h = vp.length(64), vp.length(90)
        top = RIGHT.bottom - 112
        draw_text(surface, vp, "Cards", 16, (RIGHT.x + 28, top + 36), theme.INK_DIM, "midleft")
        for i, code in enumerate(PREVIEW + (None,)):
            image = self.app.art.face(code, w, h) if code else self.app.art.back(w, h)
            surface.blit(image, vp.point(RIGHT.x + 110 + 78 * i, top))
