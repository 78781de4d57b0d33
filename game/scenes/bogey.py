"""The Bogey table: twelve suit columns, the deck, the bogey's card, the hand, the discards."""
from __future__ import annotations

import pygame

from ..engine import autofinish
from ..engine import bogey as rules
from ..engine.bogey_hint import hint as bogey_hint
from ..engine.bogey_hint import hint_for
from ..engine.cards import pretty
from ..ui import layout as layouts
from ..ui import theme
from ..ui.widgets import ButtonRow, draw_text
from .autofinish import AutoFinish
from .dialogs import ResultScreen
from .game_scene import GameScene

AUTO_PLACE_SECONDS = 0.55
SELECT_LIFT = 18
LONGEST = 13          # the most cards a column can hold (king down to ace)
STEP_SHOWN = 0.23     # of a card's height: the least of a card a full column shows
STEP_MOST = 0.4       # ...and the most, where the columns' place is tall enough
LARGEST = 1.8         # the most the columns' cards grow
ROW_GAP = 24          # between two rows of columns
TWO_ROWS_GAIN = 1.2   # columns split into two rows of six only for cards this much larger


class BogeyScene(GameScene):
    game_id = "bogey"
    size_from = "column1"
    double_clicks = True
    timed = True

    def __init__(self, app, seed=None, options=None):
        self.auto_timer: float | None = None
        self._grid: tuple | None = None  # (layout size, grid at it)
        self._zones: tuple | None = None  # (what they depend on, drop zones)
        super().__init__(app, seed, options)
        self.buttons = ButtonRow([
            self.layout_button("end_turn", "End turn", self.end_turn, "Space"),
            self.layout_button("undo", "Undo", self.undo, "U"),
            self.layout_button("hint", "Hint", self.show_hint, "H"),
            self.layout_button("menu", "Menu", self.pause, "Esc"),
        ])
        self.finisher = AutoFinish(self, autofinish.bogey_finish, "finish")
        self.finisher.refresh()

    def on_new_game(self) -> None:
        self.auto_timer = None

    def greeting(self) -> str:
        return "Drag or click your cards into columns, then End turn (Space)."

    # -- where things are ----------------------------------------------------
    def grid(self) -> tuple:
        """(rows, card scale) of the columns: one row of twelve as in the map, its cards as
        large as the zone's width and a full column's height allow; or, on a tall table where
        that makes the cards much larger, two rows of six."""
        size = self.viewport.logical  # the layout's size: all it depends on
        if self._grid is None or self._grid[0] != size:  # (asked hundreds of times a frame)
            one, two = self.columns_scale(1), self.columns_scale(2)
            self._grid = (size, (2, two) if two >= TWO_ROWS_GAIN * one else (1, one))
        return self._grid[1]

    def columns_scale(self, rows: int) -> float:
        """How much larger than in the map the columns' cards can be in `rows` rows."""
        zone, first = self.layout["columns"], self.layout["column1"]
        margin_x, margin_y = first.x - zone.x, first.y - zone.y
        design = layouts.load(self.game_id)
        pitch = (design["columns"].w - 2 * (design["column1"].x - design["columns"].x)
                 - first.w) / (rules.MAX_COLUMNS - 1)
        per_row = rules.MAX_COLUMNS // rows
        wide = (zone.w - 2 * margin_x) / (first.w + (per_row - 1) * pitch)
        band = (zone.h - (rows - 1) * ROW_GAP) / rows - 2 * margin_y
        tall = band / (first.h * (1 + (LONGEST - 1) * STEP_SHOWN))
        return min(LARGEST, max(1.0, min(wide, tall)))

    def column_size(self) -> tuple:
        scale = self.grid()[1]
        return (self.card_size[0] * scale, self.card_size[1] * scale)

    def bands(self) -> list:
        """(top, height) of each row of columns in the zone."""
        zone = self.layout["columns"]
        rows = self.grid()[0]
        height = (zone.h - (rows - 1) * ROW_GAP) / rows
        return [(zone.y + row * (height + ROW_GAP), height) for row in range(rows)]

    def pitch(self) -> tuple:
        zone, first = self.layout["columns"], self.layout["column1"]
        margin_x, margin_y = first.x - zone.x, first.y - zone.y
        w, h = self.column_size()
        per_row = rules.MAX_COLUMNS // self.grid()[0]
        across = (zone.w - 2 * margin_x - w) / (per_row - 1)
        longest = max((len(c) for c in self.session.view(0).columns), default=1)
        # as open as the tallest column allows: a 13-card column still fits its row
        band = self.bands()[0][1]
        down = min(h * STEP_MOST, (band - 2 * margin_y - h) / max(1, longest - 1))
        return across, down

    def column_pos(self, index: int, depth: int = 0) -> tuple:
        zone, first = self.layout["columns"], self.layout["column1"]
        across, down = self.pitch()
        per_row = rules.MAX_COLUMNS // self.grid()[0]
        top = self.bands()[index // per_row][0]
        return (first.x + (index % per_row) * across, top + (first.y - zone.y) + depth * down)

    def hand_pos(self, index: int, code: str) -> tuple:
        hand = self.layout["hand"]
        gap = (hand.w - 5 * self.card_size[0]) / 4
        lift = SELECT_LIFT if code == self.selected else 0
        return (hand.x + index * (self.card_size[0] + gap), hand.y - lift)

    def placements(self, view) -> dict:
        out: dict = {}
        size = self.column_size()
        for i, column in enumerate(view.columns):
            for depth, code in enumerate(column):
                out[code] = (self.column_pos(i, depth), True, depth, size)
        for i, code in enumerate(view.hand):
            out[code] = (self.hand_pos(i, code), True, 20 + i)
        pile = self.layout["discard"]
        for i, code in enumerate(view.discards):
            out[code] = ((pile.x, pile.y), True, i)
        if view.bogey_card:
            place = self.layout["bogey"]
            out[view.bogey_card] = ((place.x, place.y), True, 60)
        return out

    def deal_origin(self):
        place = self.layout["deck"]
        return (place.x, place.y)

    retire_point = deal_origin

    def column_rect(self, index: int) -> pygame.Rect:
        x, _ = self.column_pos(index)
        across, _ = self.pitch()
        top, height = self.bands()[index // (rules.MAX_COLUMNS // self.grid()[0])]
        rect = pygame.Rect(x - (across - self.column_size()[0]) / 2, top, across, height)
        return rect.clip(pygame.Rect(self.layout["columns"].rect))

    def drop_zones(self) -> dict:
        view = self.view()
        # where the columns are depends on the layout's size and how long they are
        of = (self.viewport.logical, tuple(len(c) for c in view.columns))
        if self._zones is None or self._zones[0] != of:  # (asked a few times a frame)
            zones = {f"column{i + 1}": self.column_rect(i) for i in range(len(view.columns))}
            if len(view.columns) < rules.MAX_COLUMNS:
                zones["new"] = self.column_rect(len(view.columns))
            zones["discard"] = pygame.Rect(self.layout["discard"].rect)
            self._zones = (of, zones)
        return {name: rect.copy() for name, rect in self._zones[1].items()}

    # -- what the player does ------------------------------------------------
    def view(self):
        return self.session.view(0)

    def movable(self, view) -> tuple:
        if view.to_act is None:
            return ()
        return (view.bogey_card,) if view.phase == rules.BOGEY else view.hand

    def can_drag(self, code: str) -> bool:
        return code in self.movable(self.view())

    def drop_action(self, code: str, zone: str):
        view = self.view()
        verb = "place" if code == view.bogey_card else "play"
        if zone == "discard":
            if verb == "place":
                return None, "The bogey's card can't be discarded: it must go into a column."
            return f"discard {code}", None
        target: rules.Place = rules.NEW if zone == "new" else int(zone[len("column"):]) - 1
        return rules.place_text(verb, code, target), None

    def click(self, code: str) -> None:
        if code in self.movable(self.view()):
            self.select(code, f"Where does the {pretty(code)} go? Click a glowing place"
                        + (" or the discard pile." if code != self.view().bogey_card else "."))

    def pile_at(self, point):
        view = self.view()
        for i, column in enumerate(view.columns):
            if self.column_rect(i).collidepoint(point) and any(
                    self.table.sprites[c].contains(point) for c in column if c in self.table.sprites):
                return f"Column {i + 1}: {len(column)} card{'s' * (len(column) != 1)}", column
        if pygame.Rect(self.layout["discard"].rect).collidepoint(point) and view.discards:
            return f"Discards: {len(view.discards)}, the latest last", view.discards
        return super().pile_at(point)

    def what_now(self) -> str:
        view = self.view()
        if view.to_act is None or not self.accepts_moves():
            return ""
        if self.finisher.tip():
            return self.finisher.tip()
        if view.phase == rules.BOGEY:
            return "Place the bogey's card: drag it, or click a glowing column."
        if not view.hand:
            return "Your hand is empty: End turn (Space) draws a fresh one."
        return ("Drag a hand card into a column or onto the discard pile, or double-click it; "
                "then End turn (Space).")

    def double_click(self, code: str) -> None:
        """Play the card to the place the hint thinks best for it."""
        suggestion = hint_for(self.view(), code) if self.accepts_moves() else None
        if suggestion is None:
            self.click(code)
            return
        self.selected = None
        if not self.act(suggestion.action):
            self.refresh()

    def on_table_click(self, point) -> None:
        """The bogey's card's places glow without a click on it: a click on one places it."""
        view = self.view()
        if (not self.selected and view.phase == rules.BOGEY and view.bogey_card
                and self.accepts_moves() and self.zone_at(point) in self.legal_zones(view.bogey_card)):
            self.selected = view.bogey_card
        super().on_table_click(point)

    def first_legal_zone(self, code: str):
        zones = self.legal_zones(code)
        columns = [z for z in zones if z.startswith("column")]
        return (columns or [z for z in zones if z == "new"] or [None])[0]

    def end_turn(self) -> None:
        self.selected = None
        self.act(rules.END_TURN)

    def hint(self):
        return bogey_hint(self.view())

    def act(self, action) -> bool:
        self.auto_timer = None
        done = super().act(action)
        if done and str(action) != "end turn" and self.view().phase == rules.PLAYER:
            self.selected = None
        return done

    def on_key(self, event) -> None:
        key = event.key
        view = self.view()
        if key == pygame.K_SPACE:
            if view.phase == rules.PLAYER:
                self.end_turn()
        elif pygame.K_1 <= key <= pygame.K_5 and view.phase == rules.PLAYER:
            index = key - pygame.K_1
            if index < len(view.hand):
                self.click(view.hand[index])
        elif key == pygame.K_d and self.selected:
            self.put_selected("discard")
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            code = self.selected or (view.bogey_card if view.phase == rules.BOGEY else None)
            zone = self.first_legal_zone(code) if code else None
            if zone:
                self.selected = code
                self.put_selected(zone)
        else:
            super().on_key(event)

    # -- the bogey's card goes by itself when it has one place ----------------
    def update(self, dt: float) -> None:
        super().update(dt)
        view = self.view()
        if (view.phase != rules.BOGEY or view.to_act is None or not view.options["auto_place"]
                or self.drag is not None):
            self.auto_timer = None
            return
        places = rules.legal_places(view.columns, view.bogey_card)
        if len(places) != 1 or self.table.busy:
            return
        if self.auto_timer is None:
            self.auto_timer = AUTO_PLACE_SECONDS * self.table.factor
        self.auto_timer -= dt
        if self.auto_timer <= 0:
            self.act(rules.place_text("place", view.bogey_card, places[0]))

    def moving_by_itself(self) -> bool:
        return self.auto_timer is not None  # a bogey card with one place goes there by itself

    # -- words ---------------------------------------------------------------
    def describe(self, action_text: str) -> str:
        before, after = self.session.states[-2], self.session.states[-1]
        words = action_text.split()
        text = ""
        if words[0] in ("play", "place"):
            code = words[1]
            who = "You play" if words[0] == "play" else "The bogey's"
            if words[-2] == "new":
                where = f"starts column {len(after.columns)}"
                text = f"{who} {pretty(code)} {where}." if words[0] == "place" else \
                    f"You start column {len(after.columns)} with the {pretty(code)}."
            else:
                index = int(words[-1]) - 1
                above = before.columns[index][-1]
                text = (f"{who} {pretty(code)} goes under the {pretty(above)}." if words[0] == "place"
                        else f"You play the {pretty(code)} under the {pretty(above)}.")
        elif words[0] == "discard":
            text = f"You discard the {pretty(words[1])}."
        if len(after.deck) > len(before.deck):
            text += " The discards are shuffled into a new deck."
        if after.status == rules.LOST:
            text += f" The bogey turns up the {pretty(after.bogey_card)}: it has nowhere to go!"
        elif after.phase == rules.BOGEY and after.bogey_card:
            text += f" The bogey turns up the {pretty(after.bogey_card)}: choose where it goes."
        elif words[0] == "end" and after.phase == rules.PLAYER and not before.acted:
            text = "You pass."
        return text.strip()

    def show_result(self) -> None:
        state = self.session.state
        result = rules.result(state)
        d = result.details
        if state.status == rules.LOST:
            headline = "The bogey wins"
            lines = [result.summary, f"Target: {d['target']}", f"Deal #{state.seed}"]
        else:
            headline = "All 52 cards laid out!" if d["met_target"] else "Laid out, short of the target"
            lines = [f"Columns used: {d['columns']}",
                     f"Level reached: {d['level']}  ·  target: {d['target']}",
                     f"Deal #{state.seed}"]
        self.app.push(ResultScreen(self.app, self, d["met_target"], headline, lines))

    # -- drawing -------------------------------------------------------------
    def draw_table(self, surface, view) -> None:
        vp = self.viewport
        art = self.app.art
        w, h = vp.length(self.card_size[0]), vp.length(self.card_size[1])
        title = self.layout["title"]
        draw_text(surface, vp, "The Bogey", 30, (title.x, title.y), theme.INK, face="serif")
        target = view.options["target"]
        info = (f"Deal #{view.seed}   ·   Columns {view.columns_used} of {rules.MAX_COLUMNS}   ·   "
                f"Target: {target} ({rules.TARGET_COLUMNS[target]})" + self.clock_text())
        draw_text(surface, vp, info, 18, (title.x + title.w, title.y + 10), theme.INK_DIM, "topright")
        cw, ch = (vp.length(n) for n in self.column_size())
        for i in range(len(view.columns), rules.MAX_COLUMNS):
            label = "New" if i == len(view.columns) else ""
            surface.blit(art.slot(cw, ch, label), vp.point(*self.column_pos(i)))
        for name, label in (("deck", ""), ("bogey", "Bogey"), ("discard", "Discard")):
            place = self.layout[name]
            surface.blit(art.slot(w, h, label), vp.point(place.x, place.y))
        self.draw_pile(surface, "deck", view.deck_count, per_layer=10)
        self.draw_captions(surface, view)
        phase_player = view.phase == rules.PLAYER and view.to_act is not None
        self.buttons.buttons[0].enabled = phase_player and rules.can_end_turn(view)
        self.buttons.buttons[1].enabled = self.session.can_undo()
        self.buttons.buttons[2].enabled = view.to_act is not None
        if not self.drag and not self.selected and view.phase == rules.BOGEY and view.bogey_card:
            self.draw_targets(surface, view.bogey_card)

    def draw_captions(self, surface, view) -> None:
        vp = self.viewport
        below = self.layout["deck"].y + self.card_size[1] + 6
        for name, text in (("deck", f"Deck: {view.deck_count}"),
                           ("discard", f"Discards: {view.discard_count}")):
            place = self.layout[name]
            draw_text(surface, vp, text, 15, (place.x + place.w / 2, below), theme.INK_DIM, "midtop")
        hand = self.layout["hand"]
        # only the count: what to do is said once, on the status line
        size = view.options["hand_size"]
        text = f"Your hand: {len(view.hand)} of {size}" if view.to_act is not None else ""
        draw_text(surface, vp, text, 16, (hand.x + hand.w / 2, below), theme.INK_DIM, "midtop")
