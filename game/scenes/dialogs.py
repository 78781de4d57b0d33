"""Dialogs over a game: the pause menu, confirmations, typing a deal number, the result."""
from __future__ import annotations

import pygame

from ..engine.rng import MAX_SEED
from ..store import records
from ..ui import canvas, clipboard, theme
from ..ui.controls import TextField, caret_change
from ..ui.widgets import draw_text, wrap
from .base import Dialog

PENDING_POLL = 0.05  # seconds between looks at a line being worked out (the window waits)


class PauseMenu(Dialog):
    def __init__(self, app, game):
        self.game = game
        super().__init__(app, "Paused", (), (), cancel=self.resume)
        self.refresh()

    def refresh(self) -> None:
        speed = self.app.settings.animation_speed
        if getattr(self.game, "online", False):  # one game, kept by the host: no new deals
            self.set_buttons([
                ("Resume", "Esc", self.resume),
                ("Rules", "F1", lambda: self.app.open_rules(self.game.game_id)),
                (f"Animation: {speed}", "A", self.cycle_speed),
                ("Settings", "S", self.open_settings),
                ("Leave the table", "M", lambda: self.close_then(self.game.leave)),
                ("Quit Deckhand", "Q", self.app.quit),
            ])
            return
        self.set_buttons([
            ("Resume", "Esc", self.resume),
            *[(label, key, self.then(action))
              for label, key, action in getattr(self.game, "pause_extras", list)()],
            ("Restart this deal", "R", lambda: self.close_then(self.game.restart)),
            ("New deal", "N", lambda: self.close_then(self.game.new_deal)),
            ("Choose a deal number", "D", self.choose_deal),
            ("Rules", "F1", lambda: self.app.open_rules(self.game.game_id)),
            (f"Animation: {speed}", "A", self.cycle_speed),
            ("Settings", "S", self.open_settings),
            ("Main menu", "M", lambda: self.close_then(self.app.main_menu)),
            ("Quit Deckhand", "Q", self.app.quit),
        ])

    def resume(self) -> None:
        self.app.pop(self)

    def close_then(self, action) -> None:
        self.app.pop(self)
        action()

    def then(self, action):
        return lambda: self.close_then(action)

    def cycle_speed(self) -> None:
        self.app.settings.cycle_speed()
        self.app.save_settings()
        self.game.table.speed = self.app.settings.animation_speed
        self.refresh()

    def open_settings(self) -> None:
        from .settings_screen import SettingsScreen
        self.app.push(SettingsScreen(self.app, on_close=self.refresh))

    def choose_deal(self) -> None:
        def play(seed):
            self.app.pop(self)
            self.game.new_deal(seed)
        self.app.push(DealNumberDialog(self.app, play))


class ConfirmDialog(Dialog):
    def __init__(self, app, title, text, on_yes, yes="Yes", no="Cancel"):
        def yes_then():
            app.pop(self)
            on_yes()
        super().__init__(app, title, wrap(text, 19, self.width - 40),
                         [(yes, "Y", yes_then), (no, "Esc", self.close)], cancel=self.close)

    def close(self) -> None:
        self.app.pop(self)


class DealNumberDialog(Dialog):
    """Type a deal number to replay that exact deal."""

    def __init__(self, app, on_choose):
        self.digits = ""
        self.field = TextField((0, 0, 0, 0), "", "Deal number", 13)
        self.field.focused = True
        self.on_choose = on_choose
        self.error = ""
        super().__init__(app, "Choose a deal", ["Type a deal number, then press Enter."],
                         [("Play this deal", "Enter", self.confirm), ("Cancel", "Esc", self.close)],
                         cancel=self.close)

    def close(self) -> None:
        self.app.pop(self)

    def confirm(self) -> None:
        if not self.digits:
            self.error = "Type a number first."
            return
        seed = int(self.digits)
        if seed > MAX_SEED:
            self.error = f"Deal numbers go up to {MAX_SEED:,}."
            return
        self.app.pop(self)
        self.on_choose(seed)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
                return
            if event.key == pygame.K_BACKSPACE:
                self.digits = self.digits[:-1]
                return
            if event.unicode and event.unicode.isdigit() and len(self.digits) < 13:
                self.digits = (self.digits + event.unicode).lstrip("0") or "0"
                self.error = ""
                return
        super().handle(event)

    def next_change(self) -> float | None:
        return caret_change([self.field])

    def draw(self, surface) -> None:
        super().draw(surface)
        vp = self.viewport
        x, y, w, _ = self.panel
        box = (x + 70, y + 112, w - 140, 40)
        self.field.rect = pygame.Rect(box)
        self.field.text = self.digits
        self.field.cursor = len(self.digits)
        self.field.draw(surface, vp)
        if self.error:
            draw_text(surface, vp, self.error, 16, (x + w / 2, box[1] + 46), theme.RED, "midtop")

    def set_buttons(self, buttons) -> None:
        self.lines = ["Type a deal number, then press Enter.", ""]
        super().set_buttons(buttons)


class ResultScreen(Dialog):
    """The end of a game: score, deal number, and what to do next."""

    width = 560

    def __init__(self, app, game, won: bool, headline: str, lines):
        self.won = won
        self.game = game
        self.copied = False
        self.pending: tuple | None = None  # (a background.Job, what to do once it is done)
        daily = getattr(game, "daily_result", None)  # today's deal of the day, when it is
        self.share = daily[0] if daily else None
        lines = list(lines)
        copy = []
        if daily:
            streak = daily[1]
            lines += ["", "Deal of the day" + (f"  ·  streak {streak} day{'s' * (streak != 1)}"
                                               if streak else ""), self.share]
            copy = [("Copy result", "C", self.copy_result)]
        buttons = [
            ("Play again (new deal)", "Enter", lambda: self.close_then(game.new_deal)),
            ("Same deal again", "R", lambda: self.close_then(game.restart)),
            ("Main menu", "M", lambda: self.close_then(app.main_menu)),
            *copy,
            ("Export record", "E", self.export_record),
        ]
        if getattr(game, "online", False):  # the host keeps the game and its record
            buttons = [("Look at the table", "Enter", lambda: self.app.pop(self)),
                       ("Main menu", "M", lambda: self.close_then(app.main_menu))]
        super().__init__(app, headline, lines, buttons,
                         cancel=lambda: self.close_then(app.main_menu))
        if not getattr(game, "celebrated", False):  # the celebration played it already
            app.sound.play("win" if won else "loss")

    def close_then(self, action) -> None:
        if self.pending is not None:  # nobody will read it now
            self.pending[0].stop()
            self.pending = None
        self.app.pop(self)
        action()

    def when_ready(self, job, then) -> None:
        """Call `then(job)` once `job` (a background.Job) is done, at once if it is: a line
        worked out on a thread of its own, such as a deal's verdict."""
        self.pending = (job, then)
        self.update(0.0)

    def update(self, dt: float) -> None:
        if self.pending is not None and self.pending[0].done():
            job, then = self.pending
            self.pending = None
            then(job)

    def next_change(self) -> float | None:
        return PENDING_POLL if self.pending is not None else None

    def replace_line(self, line: str, lines, buttons=None) -> None:
        """`lines` in place of `line`, and the buttons (or `buttons`) laid out again."""
        at = self.lines.index(line) if line in self.lines else len(self.lines)
        self.lines[at:at + 1] = lines
        self.rebuild(buttons=buttons)

    def copy_result(self) -> None:
        """The deal of the day's line to the clipboard, to paste anywhere; said once."""
        if self.copied or not self.share:
            return
        self.copied = True
        if clipboard.copy(self.share):
            self.lines += ["Copied: paste it anywhere."]
        else:
            self.lines += ["No clipboard here: the line above is yours to copy by hand."]
        self.rebuild(self.copy_result)
        self.keys.pop("c", None)

    def rebuild(self, done=None, buttons=None) -> None:
        """Lay the buttons (or `buttons`) out again for the lines changed; `done` (an action)
        is used up."""
        enabled = {b.text: b.enabled and b.action != done for b in self.row.buttons}
        self.set_buttons([(b.text, b.key_hint, b.action) for b in self.row.buttons]
                         if buttons is None else buttons)
        for b in self.row.buttons:
            b.enabled = enabled.get(b.text, True)

    def export_record(self) -> None:
        """Write the game's record and say where; once is enough."""
        try:
            where = records.export(self.game.session, self.game.seat_info())
        except (OSError, ValueError) as exc:
            self.lines += ["No record written:", shorten(str(exc))]
        else:
            self.lines += ["Record saved:", shorten(where.name), "in " + shorten(str(where.parent), 40)]
        self.rebuild(self.export_record)
        self.keys.pop("e", None)

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.row.buttons[0].action()
            return
        super().handle(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        x, y, w, _ = self.panel
        colour = theme.GREEN if self.won else theme.RED
        canvas.line(surface, colour, self.viewport.point(x + 40, y + 62),
                         self.viewport.point(x + w - 40, y + 62), self.viewport.length(3))


def shorten(text: str, limit: int = 48) -> str:
    """Keep the end of a long text (a path's end says the most): it must fit one line."""
    return text if len(text) <= limit else "…" + text[-(limit - 1):]


class ReadTogetherDialog(Dialog):
    """A screen everyone at a pass-and-play table reads together (a round's summary): Continue
    or Enter closes it, and the table is then handed on again."""

    def __init__(self, app, scene, title: str, lines):
        self.scene = scene
        super().__init__(app, title, lines, [("Continue", "Enter", self.close)],
                         cancel=self.close)

    def close(self) -> None:
        self.app.pop(self)
        self.scene.last_human = None

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
            return
        super().handle(event)
