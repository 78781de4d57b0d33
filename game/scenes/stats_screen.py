"""The statistics screen: per game (Left/Right) and per set of table options (Up/Down),
the figures, the levels reached, each player's figures and a chart of recent scores."""
from __future__ import annotations

import pygame

from ..engine import games
from ..store import stats
from ..text import number, printable
from ..ui import canvas, theme
from ..ui.controls import Chooser, Segments
from ..ui.fonts import font
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, fit_text
from . import daily as today_deal
from .base import Scene
from .game_scene import clock
from .registry import playable

LEFT = pygame.Rect(40, 196, 560, 500)
RIGHT = pygame.Rect(620, 196, 620, 500)
CHART = pygame.Rect(RIGHT.x + 70, RIGHT.y + 60, RIGHT.w - 100, 210)
OUTCOMES_ONLY = {"lamarckian_poker"}  # scores are 1 for a win, 0 otherwise: no chart of scores


def columns(vp, rows, x, design, faces, gap=12, size=16) -> list:
    """The left edges of a table's columns: where the design puts them, or further right
    where a column's widest text, at the size it is drawn (the text floor can make it wider
    than designed), needs the room."""
    lefts = [x + design[0]]
    for i, face in enumerate(faces):
        widest = max((text_width(vp, row[i], size, face) for row in rows), default=0)
        lefts.append(max(x + design[i + 1], lefts[-1] + widest + gap))
    return lefts


def text_width(vp, text, size, face="sans") -> float:
    """The logical width of `text` drawn at `size` (at least the text floor)."""
    return font(vp.text(size), face).size(printable(text))[0] / vp.scale


def percent(value) -> str:
    return "–" if value is None else f"{round(value * 100)}%"


class StatsScreen(Scene):
    def __init__(self, app, game_id=None):
        super().__init__(app)
        self.data, self.message = stats.load()  # a message says a damaged file was put aside
        self.ids = playable()
        self.game = self.ids.index(game_id) if game_id in self.ids else 0
        self.table = 0
        titles = [(i, games.title(g)) for i, g in enumerate(self.ids)]
        self.tabs = Segments((40, 80, 1200, 46), titles, lambda: self.game, self.show_game)
        self.options_chooser = Chooser((150, 138, 980, 42), self.options_line, self.step_table,
                                       can=lambda n: len(self.tables()) > 1)
        self.reset_button = Button((1000, 714, 240, 46), "Reset statistics", self.ask_reset, "Del",
                                   text_size=16)
        self.buttons = ButtonRow([self.reset_button,
                                  Button((540, 714, 200, 46), "Back", self.close, "Esc")])
        self.show_game(self.game)

    # -- what is shown ---------------------------------------------------------
    @property
    def game_id(self):
        return self.ids[self.game] if self.ids else None

    def tables(self) -> list:
        """This game's tables (one per option set), the most played first."""
        found = self.data["games"].get(self.game_id, {})
        return sorted(found.values(), key=lambda t: -t["played"])

    def show_game(self, index: int) -> None:
        self.game = index
        tables = self.tables()
        saved = stats.option_key(self.app.settings.table_options.get(self.game_id))
        self.table = next((i for i, t in enumerate(tables) if stats.option_key(t["options"]) == saved), 0)

    def step_table(self, step: int) -> None:
        count = len(self.tables())
        if count:
            self.table = (self.table + step) % count

    def options_line(self) -> str:
        tables = self.tables()
        if not tables:
            return "No finished games yet"
        text = self.options_text(tables[min(self.table, len(tables) - 1)]["options"])
        return text + (f"   ({self.table + 1} of {len(tables)})" if len(tables) > 1 else "")

    def options_text(self, options: dict) -> str:
        spec = games.get(self.game_id).OPTIONS
        known = [o.sentence(options[o.key]) for o in spec if o.key in options]
        other = [f"{k}: {v}" for k, v in options.items() if k not in {o.key for o in spec}]
        return " · ".join(known + other) or "standard rules"

    # -- input -----------------------------------------------------------------
    def close(self) -> None:
        self.app.pop(self)

    def ask_reset(self) -> None:
        if not self.ids or not self.tables():
            return
        from .dialogs import ConfirmDialog
        title = games.title(self.game_id)
        self.app.push(ConfirmDialog(self.app, "Reset statistics?",
                                    f"Every figure and recent game of {title} is forgotten, for "
                                    "every table. This cannot be undone.", self.reset,
                                    yes=f"Reset {title}"))

    def reset(self) -> None:
        """Forget this game's statistics (the other games keep theirs)."""
        data, _ = stats.load()
        data["games"].pop(self.game_id, None)
        try:
            stats.save(data)
        except OSError as exc:
            self.app.notify("Statistics", f"Deckhand could not write its statistics: {exc}")
            return
        self.data = data
        self.show_game(self.game)

    def next_change(self) -> float | None:
        return 0.0 if self.message else None

    def update(self, dt: float) -> None:
        if self.message:
            self.message, message = None, self.message
            self.app.notify("Statistics reset", message)

    def handle(self, event) -> None:
        if self.ids and (self.tabs.handle(event, self.viewport)
                         or self.options_chooser.handle(event, self.viewport)):
            return
        if self.buttons.handle(event, self.viewport):
            return
        if event.type == pygame.KEYDOWN and self.ids:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.show_game((self.game + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.ids))
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.step_table(1 if event.key == pygame.K_DOWN else -1)
            elif event.key == pygame.K_DELETE:
                self.ask_reset()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    # -- drawing ---------------------------------------------------------------
    def draw(self, surface) -> None:
        vp = self.viewport
        draw_text(surface, vp, "Statistics", 44, (640, 18), theme.INK, "midtop", "serif")
        self.buttons.draw(surface, vp)
        if self.ids:
            self.tabs.draw(surface, vp)
        draw_text(surface, vp, "Left/Right: game · Up/Down: table options · Esc: back", 15,
                  (640, 790), theme.INK_DIM, "midbottom")
        tables = self.tables()
        if not tables:
            title = games.get(self.game_id).TITLE if self.ids else "any game"
            draw_text(surface, vp, f"No finished games of {title} yet.", 22, (640, 380),
                      theme.INK, "center")
            return
        table = tables[min(self.table, len(tables) - 1)]
        self.options_chooser.draw(surface, vp)
        for panel in (LEFT, RIGHT):
            draw_panel(surface, vp.rect(*panel))
        self.draw_figures(surface, table)
        self.draw_chart(surface, table["recent"])
        self.draw_recent(surface, table["recent"])

    def draw_figures(self, surface, table) -> None:
        vp = self.viewport
        f = stats.figures(table)
        lower = self.game_id in stats.LOWER_IS_BETTER
        rows = [("Played", f["played"]), ("Won", f["won"]), ("Win rate", percent(f["rate"])),
                ("Current streak", f["streak"]), ("Best streak", f["best_streak"])]
        if self.game_id in OUTCOMES_ONLY:  # a score is only won or not: say what else happened
            rows.append(("Went extinct", number(table.get("extinct"))))
        else:
            rows += [("Lowest score" if lower else "Best score", number(f["best_score"])),
                     ("Average score", number(f["average"]))]
        if table.get("best_time") is not None:
            rows += [("Best time", clock(table["best_time"])), ("Fewest moves", table["fewest_moves"])]
        x, y = LEFT.x + 24, LEFT.y + 18
        draw_text(surface, vp, "Figures", 21, (x, y), theme.GOLD, face="bold")
        for i, (label, value) in enumerate(rows):
            cx, cy = x + (i % 2) * 270, y + 40 + (i // 2) * 34
            draw_text(surface, vp, label, 17, (cx, cy), theme.INK_DIM)
            draw_text(surface, vp, str(value), 18, (cx + 240, cy), theme.INK, "topright", "bold")
        y += 40 + (len(rows) + 1) // 2 * 34 + 8
        day = self.data.get("daily", {}).get(self.game_id)
        if day:
            draw_text(surface, vp, "Deal of the day", 21, (x, y), theme.GOLD, face="bold")
            streak = stats.daily_streak(day, today_deal.today())
            for i, (label, value) in enumerate((("Days played", day["played"]),
                                                ("Days won", day["won"]),
                                                ("Streak", streak),
                                                ("Best streak", day["best_streak"]))):
                cx, cy = x + (i % 2) * 270, y + 36 + (i // 2) * 34
                draw_text(surface, vp, label, 17, (cx, cy), theme.INK_DIM)
                draw_text(surface, vp, str(value), 18, (cx + 240, cy), theme.INK, "topright",
                          "bold")
            y += 36 + 2 * 34 + 8
        if table["levels"]:
            order = [name for name, _ in getattr(games.get(self.game_id), "LEVELS", ())]
            names = sorted(table["levels"], key=lambda n: order.index(n) if n in order else len(order))
            draw_text(surface, vp, "Levels reached", 21, (x, y), theme.GOLD, face="bold")
            for i, name in enumerate(names):
                cx, cy = x + (i % 3) * 176, y + 36 + (i // 3) * 30
                draw_text(surface, vp, f"{name.capitalize()}: {table['levels'][name]}", 17, (cx, cy))
            y += 36 + ((len(names) + 2) // 3) * 30 + 8
        if table["players"]:
            self.draw_players(surface, table["players"], x, y)

    def draw_players(self, surface, players, x, y) -> None:
        vp = self.viewport
        draw_text(surface, vp, "Players", 21, (x, y), theme.GOLD, face="bold")
        outcomes = self.game_id in OUTCOMES_ONLY
        columns = (("Played", 250), ("Won", 330), ("Rate", 410),
                   ("Extinct" if outcomes else "Best", 500))
        for label, dx in columns:
            draw_text(surface, vp, label, 14, (x + dx, y + 8), theme.INK_DIM, "topright")
        ranked = sorted(players.items(), key=lambda p: (-p[1]["won"], p[0]))
        rows = (LEFT.bottom - y - 40) // 26
        most_played = max(stats.figures(p)["played"] for p in players.values())
        for i, (name, p) in enumerate(ranked[:rows]):
            f, cy = stats.figures(p), y + 34 + i * 26
            forms = [name] if p["kind"] == "human" else [f"{name} (computer)", f"{name} (comp.)"]
            room = columns[0][1] - text_width(vp, str(most_played), 16) - 16
            who = next((w for w in forms if text_width(vp, w, 16) <= room), forms[-1])
            fit_text(surface, vp, who, 16, (x, cy), room)
            last = number(p.get("extinct")) if outcomes else number(f["best_score"])
            for (_label, dx), value in zip(columns, (f["played"], f["won"], percent(f["rate"]),
                                                   last)):
                draw_text(surface, vp, str(value), 16, (x + dx, cy), theme.INK, "topright")

    def draw_chart(self, surface, recent) -> None:
        vp = self.viewport
        lower = self.game_id in stats.LOWER_IS_BETTER
        if self.game_id in OUTCOMES_ONLY:
            self.draw_outcomes(surface, recent)
            return
        title = "Recent scores" + (" (lower is better)" if lower else "")
        draw_text(surface, vp, title, 21, (RIGHT.x + 24, RIGHT.y + 18), theme.GOLD, face="bold")
        scores = [e["score"] for e in recent if e["score"] is not None]
        top, bottom = max(scores + [0]), min(scores + [0])
        if top == bottom:
            top += 1
        span = top - bottom
        unscored = [e for e in recent if e["score"] is None]
        # a game with no score (a lost Bogey) is no 0: it gets its own row above the chart
        band = CHART.y + 10 if unscored else None
        plot_top = CHART.y + 30 if unscored else CHART.y

        def y_of(value):
            return CHART.bottom - (value - bottom) / span * (CHART.bottom - plot_top)

        if band is not None:
            label = "lost" if not any(e["won"] for e in unscored) else "no score"
            draw_text(surface, vp, label, 14, (CHART.x - 10, band), theme.RED, "midright", "bold")

        zero = y_of(0)
        for value in sorted({top, bottom, 0}):
            y = y_of(value)
            draw_text(surface, vp, number(value), 14, (CHART.x - 10, y), theme.INK_DIM, "midright")
            canvas.line(surface, (90, 130, 104), vp.point(CHART.x, y), vp.point(CHART.right, y),
                             max(1, vp.length(1)))
        step = CHART.w / stats.RECENT
        for i, e in enumerate(recent):
            x = CHART.x + i * step + step * 0.15
            colour = theme.GREEN if e["won"] else theme.RED
            if e["score"] is None:  # a cross in the row of games without a score
                assert band is not None  # the row is there when a game has no score
                cx, arm = x + step * 0.35, min(7, step * 0.3)
                for dy in (-arm, arm):
                    canvas.line(surface, colour, vp.point(cx - arm, band - dy),
                                     vp.point(cx + arm, band + dy), max(2, vp.length(3)))
                continue
            y = y_of(e["score"])
            rect = vp.rect(x, min(y, zero), step * 0.7, max(2, abs(zero - y)))
            canvas.rect(surface, colour, rect, border_radius=vp.length(2))
        draw_text(surface, vp, "oldest", 14, (CHART.x, CHART.bottom + 8), theme.INK_DIM)
        draw_text(surface, vp, "latest  ·  green won, red lost", 14, (CHART.right, CHART.bottom + 8),
                  theme.INK_DIM, "topright")

    def draw_outcomes(self, surface, recent) -> None:
        """For a game whose score only says who won: one column per recent game, tall and
        green for a win, short and red for a loss."""
        vp = self.viewport
        draw_text(surface, vp, "Recent games: won or lost", 21, (RIGHT.x + 24, RIGHT.y + 18),
                  theme.GOLD, face="bold")
        step = CHART.w / stats.RECENT
        for i, e in enumerate(recent):
            height = CHART.h if e["won"] else CHART.h / 4
            rect = vp.rect(CHART.x + i * step + step * 0.15, CHART.bottom - height, step * 0.7, height)
            canvas.rect(surface, theme.GREEN if e["won"] else theme.RED, rect,
                             border_radius=vp.length(2))
        won = sum(1 for e in recent if e["won"])
        draw_text(surface, vp, "oldest", 14, (CHART.x, CHART.bottom + 8), theme.INK_DIM)
        draw_text(surface, vp, f"latest  ·  {won} of the last {len(recent)} won", 14,
                  (CHART.right, CHART.bottom + 8), theme.INK_DIM, "topright")

    def draw_recent(self, surface, recent) -> None:
        vp = self.viewport
        x, y = RIGHT.x + 24, CHART.bottom + 40
        draw_text(surface, vp, "Latest games", 21, (x, y), theme.GOLD, face="bold")
        rows = []
        for e in reversed(recent[-5:]):
            deal = f"Deal #{e['seed']}" if e.get("seed") is not None else ""
            level = f" · {e['level']}" if e.get("level") else ""
            score = "" if self.game_id in OUTCOMES_ONLY else f"score {number(e['score'])}"
            rows.append((e["date"], deal, "Won" if e["won"] else "Lost",
                         f"{score}{level}".lstrip(" ·"), e["won"]))
        date_x, deal_x, outcome_x, score_x = columns(vp, [r[:4] for r in rows], x,
                                                     (0, 170, 340, 400), ("sans", "sans", "bold"))
        for i, (date, deal, outcome, score, won) in enumerate(rows):
            cy = y + 34 + i * 26
            draw_text(surface, vp, date, 16, (date_x, cy), theme.INK_DIM)
            draw_text(surface, vp, deal, 16, (deal_x, cy))
            draw_text(surface, vp, outcome, 16, (outcome_x, cy),
                      theme.GREEN if won else theme.RED, face="bold")
            fit_text(surface, vp, score, 16, (score_x, cy), RIGHT.right - 16 - score_x)
