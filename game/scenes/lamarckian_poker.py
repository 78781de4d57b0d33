"""The Lamarckian Poker table: the pool in the middle, secret marks, and each round's
resolution played back one mark at a time."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from ..engine import lamarckian_poker as rules
from ..engine.cards import pretty
from ..engine.lamarckian_preview import preview
from ..ui import canvas, theme
from ..ui.widgets import draw_panel, draw_text, fit_text, wrap
from .dialogs import ResultScreen
from .pass_and_play import PassAndPlayScene

SMALL = (44, 62)
BACK = (30, 42)
POOL = (84, 118)
STEP_SECONDS = 1.1
TRAY_STEP = 96     # the most room a mark and its owner's name take in the tray
TRAY_NAME = 12     # the size of an owner's name under its mark
BEST_TEXT = 14     # the size of your best hand's name


class Playback:
    """Where the replay of a round's resolution stands: -1 shows the revealed marks,
    k >= 0 the pool after mark k fell in."""

    def __init__(self, resolution):
        self.resolution = resolution
        self.stage = -1
        self.timer = 0.0

    @property
    def steps(self):
        return self.resolution.steps

    @property
    def done(self) -> bool:
        return self.stage >= len(self.steps)

    def pool(self) -> tuple:
        return self.resolution.pool if self.stage < 0 else self.steps[self.stage].pool

    def marks_waiting(self) -> tuple:
        return tuple(self.steps[self.stage + 1:])

    def pending(self) -> set:
        """Cards captured by marks not yet played: still in the pool on screen."""
        return {c for step in self.steps[self.stage + 1:] for c in step.captured}


class LamarckianPokerScene(PassAndPlayScene):
    game_id = "lamarckian_poker"
    size_from = "deck"  # the mark's place grows on a tall window; the deck's keeps the card's size

    def __init__(self, app, seed=None, options=None, seats=None):
        self.playback: Playback | None = None
        self.steps_landed = None  # marks of the round played back whose cards have landed
        self.rounds_shown = 0
        super().__init__(app, seed, options, seats)
        self.act_button = self.layout_button("act", "Skip", self.skip, "Space", text_size=16)
        self.buttons = self.side_buttons(self.act_button)

    def on_new_game(self) -> None:
        self.playback = None
        self.steps_landed = None
        super().on_new_game()
        last = getattr(self.session.state, "last", None)  # a resumed game's rounds were seen
        self.rounds_shown = last.round if last is not None else 0

    # -- what is on the table now --------------------------------------------
    def placements(self, view) -> dict:
        out: dict[str, Any] = {}
        pending = self.playback.pending() if self.playback else set()
        pool = self.playback.pool() if self.playback else view.pool
        hand = [c for c in view.hand if c not in pending]
        for (x, y), code in zip(self.hand_slots(len(hand)), hand):
            lift = 18 if code == self.selected else 0
            out[code] = ((x, y - lift), True, 40 + len(out), self.card_size)
        if view.mark and not self.playback:
            mark = self.layout["mark"]
            out[view.mark] = ((mark.x, mark.y), True, 45, self.card_size)
        zone = self.layout["pool"]
        room = (zone.x + 10, zone.y + 30, zone.w - 20, zone.h - 36)
        spots = self.grid(room, POOL, len(pool), centred=True)
        if spots:  # the rows in the middle of the pool, however tall
            spare = room[3] - (spots[-1][1] + POOL[1] - spots[0][1])
            spots = [(x, y + max(0, spare) / 2) for x, y in spots]
        for i, ((x, y), code) in enumerate(zip(spots, pool)):
            out[code] = ((x, y), True, 20 + i, POOL)
        if self.playback:
            for (x, y), step, _ in self.tray_spots():
                out[step.mark] = ((x, y), True, 60, SMALL)
        for seat in range(view.seats):
            if seat != self.viewer:
                self.place_opponent(out, view, seat, pending)
        if view.discards:
            pile = self.layout["discard"]
            for i, code in enumerate(view.discards[-3:] if not self.playback else ()):
                out[code] = ((pile.x, pile.y), True, i, self.card_size)
        return out

    def tray_spots(self) -> list:
        """((x, y), Step, width of its owner's name) of the marks still to fall, in the tray,
        highest first: in rows where the tray is tall, each with room for the name under it."""
        marks = self.layout["marks"]
        assert self.playback is not None  # only asked while marks fall
        waiting = self.playback.marks_waiting()
        width, right = marks.w - 20, marks.x + marks.w - 6
        pitch = SMALL[1] + 8 + self.line_height(TRAY_NAME)
        full_row = 1 + int(max(0, width - SMALL[0]) // TRAY_STEP)  # marks a row holds unsqueezed
        rows = max(1, min(-(-len(waiting) // full_row), int((marks.h - 24) // pitch)))
        per = -(-len(waiting) // rows) if waiting else 1
        step = TRAY_STEP if per <= 1 else min(TRAY_STEP, (width - SMALL[0]) / (per - 1))
        out = []
        for i, mark in enumerate(waiting):
            x, y = marks.x + 10 + (i % per) * step, marks.y + 24 + (i // per) * pitch
            out.append(((x, y), mark, min(step, right + 4 - x) - 4))
        return out

    def place_opponent(self, out, view, seat, pending) -> None:
        panel = self.panel_of(seat)
        shown = view.showdown[seat].cards if view.showdown and view.showdown[seat] else None
        known = [c for c in (shown or view.known[seat]) if c not in pending]
        hidden = 0 if shown else max(0, view.hand_counts[seat] - len(view.known[seat]))
        spots = self.grid((panel.x + 10, panel.y + 82, panel.w - 20, panel.h - 88), SMALL, len(known))
        for i, ((x, y), code) in enumerate(zip(spots, known)):
            out[code] = ((x, y), True, 12 + i, SMALL)
        for i, (x, y) in enumerate(self.row(panel.x + 10, panel.y + 34, 140, BACK, hidden)):
            out[f"#{seat}:{i}"] = ((x, y), False, 10 + i, BACK)
        if view.chosen[seat] and view.phase == rules.MARKING and not self.playback:
            out[f"#{seat}:mark"] = ((panel.x + panel.w - 10 - BACK[0], panel.y + 34), False, 20, BACK)

    def deal_origin(self):
        deck = self.layout["deck"]
        return (deck.x, deck.y)

    def retire_point(self):
        pile = self.layout["discard"]
        return lambda code: None if code.startswith("#") else (pile.x, pile.y)

    # -- the resolution, one mark at a time ----------------------------------------
    def refresh(self, deal=False) -> None:
        view = self.session.view(self.viewer)
        res = view.last_resolution
        if res is not None and res.round > self.rounds_shown and not deal:
            self.rounds_shown = res.round
            self.playback = Playback(res)
            self.steps_landed = 0
        super().refresh(deal)

    def skip(self) -> None:
        if self.playback:
            self.playback = None
            self.refresh()
            self.table.finish_all()

    # -- the counters and the log follow the marks as they fall ------------------------
    def settled(self) -> bool:
        return self.playback is None

    def land(self) -> None:
        if not self.table.busy:
            self.steps_landed = self.playback.stage + 1 if self.playback else None
        super().land()

    def between_view(self):
        """While a round's marks fall and the next pool is dealt: the round as it was, the
        marks out of the hands and the captures landed so far in, the log up to the last."""
        before = super().between_view()
        after = self.session.view(self.viewer)
        res = after.last_resolution
        if res is None or res.round != before.round or before.phase != rules.MARKING:
            return before
        landed = len(res.steps) if self.steps_landed is None else self.steps_landed
        waiting = {c for step in res.steps[landed:] for c in step.captured}
        counts = list(after.hand_counts)
        for step in res.steps[landed:]:
            counts[step.seat] -= len(step.captured)
        return replace(
            before, hand=tuple(c for c in after.hand if c not in waiting), mark=None,
            hand_counts=tuple(counts), chosen=(False,) * before.seats, to_act=None,
            known=tuple(tuple(c for c in k if c not in waiting) for k in after.known),
            phase="resolving", log=after.log[:len(before.log) + 1 + landed])

    def advance_playback(self, dt: float) -> None:
        pb = self.playback
        assert pb is not None  # only called while a playback runs
        pb.timer -= dt
        if pb.timer > 0 or self.table.busy:
            return
        pb.stage += 1
        pb.timer = STEP_SECONDS * max(self.table.factor, 0.1)
        if pb.done:
            self.playback = None
        super().refresh()  # what each mark took is told as its cards land (`land`)

    def update(self, dt: float) -> None:
        if self.playback:
            self.table.update(dt)
            self.age_captions(dt)
            if self.app.top is self:
                self.advance_playback(dt)
            return
        super().update(dt)

    def accepts_moves(self) -> bool:
        return self.playback is None and super().accepts_moves()

    # -- choosing a mark -----------------------------------------------------------
    def drop_zones(self) -> dict:
        mark = self.layout["mark"]  # its place grows on a tall window; the card's slot does not
        return {"mark": pygame.Rect(mark.x, mark.y, *self.card_size)}

    def can_drag(self, code: str) -> bool:
        return code in self.session.view(self.viewer).hand

    def drop_action(self, code: str, zone: str):
        return (f"mark {code}", None) if zone == "mark" else (None, None)

    def click(self, code: str) -> None:
        if code in self.session.view(self.viewer).hand:
            self.select(code, f"Mark with the {pretty(code)}? Press Enter or click the mark place.")

    def on_key(self, event) -> None:
        view = self.session.view(self.viewer)
        key = event.key
        if key == pygame.K_SPACE:
            self.skip()
        elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(view.hand):
            self.click(view.hand[key - pygame.K_1])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected:
            self.put_selected("mark")
        else:
            super().on_key(event)

    def hint(self):
        return None

    def hint_reason(self, view, action_text: str) -> str:
        card = action_text.split()[-1]
        if card not in view.hand:
            return ""
        takes = preview(view, card).takes
        if not takes:
            return "it takes nothing from the pool as it stands"
        return f"it takes {', '.join(map(pretty, takes))} from the pool as it stands"

    def what_now(self) -> str:
        view = self.session.view(self.viewer)
        if self.session.is_over() or not self.accepts_moves() or view.mark:
            return super().what_now()
        return ("Point at a hand card to see what its mark would take; drag it onto Mark, or "
                "click it and press Enter. H suggests a mark.")

    def mark_preview(self, view):
        """What the hand card under the pointer (or picked up) would capture, while choosing."""
        if self.playback or view.mark or view.phase != rules.MARKING or not self.accepts_moves():
            return None
        card = self.selected if self.selected in view.hand else None
        if card is None and self.drag is not None and self.drag.moving:
            card = self.drag.sprite.code
        if card is None and self.hover_code in view.hand:
            card = self.hover_code
        return preview(view, card) if card in view.hand else None

    # -- the end -------------------------------------------------------------------
    def show_result(self) -> None:
        if self.playback:
            return
        view = self.session.view(self.viewer)
        self.app.push(ShowdownScreen(self.app, self, view))

    # -- drawing ---------------------------------------------------------------------
    def draw_table(self, surface, view) -> None:
        vp = self.viewport
        art = self.app.art
        deck = self.layout["deck"]
        w, h = vp.length(deck.w), vp.length(deck.h)
        pool = self.layout["pool"]
        draw_panel(surface, vp.rect(*pool.rect), fill=(0, 0, 0, 50), edge=(90, 130, 104))
        draw_text(surface, vp, "Pool", 16, (pool.x + 12, pool.y + 6), theme.INK_DIM, face="bold")
        if self.playback:
            marks = self.layout["marks"]
            draw_panel(surface, vp.rect(*marks.rect), fill=(60, 42, 24, 170), edge=theme.GOLD)
            draw_text(surface, vp, "Marks, highest first", 15, (marks.x + 12, marks.y + 4),
                      theme.GOLD, face="bold")
        else:
            self.draw_preview(surface, self.mark_preview(view))
        self.draw_pile(surface, "deck", view.deck_count, per_layer=8)
        draw_text(surface, vp, f"Deck: {view.deck_count}", 15, (deck.x + deck.w / 2, deck.y + deck.h + 6),
                  theme.INK_DIM, "midtop")
        pile = self.layout["discard"]
        if not view.discards or self.playback:
            surface.blit(art.slot(w, h, "Discard"), vp.point(pile.x, pile.y))
        draw_text(surface, vp, f"Discarded: {len(view.discards)}", 15,
                  (pile.x + pile.w / 2, pile.y + pile.h + 6), theme.INK_DIM, "midtop")
        for seat in range(view.seats):
            self.draw_seat(surface, view, seat)
        mine = self.accepts_moves()
        if mine and not view.mark:
            mark = self.layout["mark"]
            surface.blit(art.slot(w, h, "Mark", highlight=bool(self.selected)),
                         vp.point(mark.x, mark.y))
        title = self.layout["title"]
        draw_text(surface, vp, f"Round {view.round}", 16, (title.x, title.y + 40), theme.INK_DIM)
        self.act_button.enabled = self.playback is not None

    def draw_preview(self, surface, p) -> None:
        """The preview of a mark, in words, where the revealed marks go later."""
        if p is None:
            return
        vp = self.viewport
        marks = self.layout["marks"]
        draw_panel(surface, vp.rect(*marks.rect), fill=theme.OPAQUE_PANEL, edge=theme.GOLD)
        fit_text(surface, vp, f"If you mark the {pretty(p.card)}", 15,
                 (marks.x + 12, marks.y + 6), marks.w - 24, theme.GOLD, face="bold")
        size, line_h = 13, 18
        lines = wrap(p.words, vp.text(size), vp.length(marks.w - 24))
        room = int((marks.h - 34) // line_h)
        for i, line in enumerate(lines[:room]):
            if i == room - 1 and len(lines) > room:
                line = line.rstrip(" .,;") + "…"
            fit_text(surface, vp, line, size, (marks.x + 12, marks.y + 30 + i * line_h),
                     marks.w - 24, theme.INK)

    def draw_overlay(self, surface, view) -> None:
        super().draw_overlay(surface, view)
        vp = self.viewport
        if self.playback:
            for (x, y), step, width in self.tray_spots():
                fit_text(surface, vp, self.seats[step.seat].name, TRAY_NAME, (x, y + SMALL[1] + 3),
                         width, theme.INK)
            return
        p = self.mark_preview(view)
        if p is None:
            return
        for code in p.takes:
            sprite = self.table.sprites.get(code)
            if sprite is None:
                continue
            r = vp.rect(*sprite.pos, *sprite.size).inflate(vp.length(8), vp.length(8))
            canvas.rect(surface, theme.GOLD, r, width=max(2, vp.length(4)),
                             border_radius=vp.length(10))

    def draw_seat(self, surface, view, seat) -> None:
        vp = self.viewport
        panel = self.panel_of(seat)
        active = view.to_act == seat and not self.playback
        alive = view.alive[seat]
        if not alive:
            status = "extinct"
        elif view.phase == rules.MARKING and seat != self.viewer and not self.playback:
            status = "mark chosen" if view.chosen[seat] else "choosing…"
        else:
            status = f"{view.hand_counts[seat]} cards"
        name = self.seats[seat].name
        room = panel.w - 20 - self.name_inset - self.text_width(name, 16, "bold")
        if status == "mark chosen" and self.text_width(status, 14) > room:
            status = "chosen"  # the name whole before the word: the mark's back says it too

        r = vp.rect(*panel.rect)

        def draw(on) -> None:
            self.draw_seat_frame(on, r, active, 70 if alive else 140)
            shown = draw_text(on, vp, status, 14, (panel.x + panel.w - 10, panel.y + 9),
                              theme.INK_DIM, "topright")
            fit_text(on, vp, name, 16, (panel.x + self.name_inset, panel.y + 8),
                     panel.w - 20 - self.name_inset - shown.w / vp.scale,
                     theme.GOLD if active else (theme.INK if alive else theme.INK_DIM),
                     face="bold")
        self.draw_kept(surface, ("seat", seat), r,
                       (tuple(panel.rect), active, alive, status, name, self.name_inset), draw)
        if seat == self.viewer:
            draw_text(surface, vp, self.seats[seat].describe(), 14, (panel.x + 10, panel.y + 40),
                      theme.INK_DIM)
            if view.hand and alive:
                from ..engine.poker import best_hand
                self.draw_best_hand(surface, panel, "Best now: " + best_hand(view.hand).name)

    def draw_best_hand(self, surface, panel, text: str) -> None:
        """The best hand's name under yours: on more lines where the panel is tall (a square or
        portrait window), else cut short with an ellipsis."""
        vp = self.viewport
        step = max(20, self.line_height(BEST_TEXT))
        room = max(1, int((panel.y + panel.h - 6 - (panel.y + 64)) // step))
        lines = wrap(text, vp.text(BEST_TEXT), vp.length(panel.w - 20))
        if len(lines) > room:
            lines = lines[:room - 1] + [" ".join(lines[room - 1:])]  # the last one cut short
        for i, line in enumerate(lines):
            fit_text(surface, vp, line, BEST_TEXT, (panel.x + 10, panel.y + 64 + step * i),
                     panel.w - 20, theme.INK)


class ShowdownScreen(ResultScreen):
    """The end: every surviving hand's best five and its name, the winners highlighted."""

    width = 900

    def __init__(self, app, scene, view):
        self.view = view
        self.scene = scene
        names = [s.name for s in scene.seats]
        winners = [names[w] for w in view.winners]
        headline = (f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}!"
                    if winners else "Everyone went extinct: nobody wins")
        self.rows = [(seat, hand) for seat, hand in enumerate(view.showdown) if hand]
        lone = len(view.winners) == 1 and not self.rows
        note = (f"{winners[0]} is the last player still in: no showdown." if lone else
                "The last players went extinct in the same round." if not winners else "")
        lines = [note] + ["" for _ in self.rows] + [scene.deal_name()]
        won = any(scene.seats[w].is_human for w in view.winners)
        super().__init__(app, scene, won, headline, lines)

    def draw(self, surface) -> None:
        super().draw(surface)
        vp = self.viewport
        x, y, w, _ = self.panel
        for i, (seat, hand) in enumerate(self.rows):
            top = y + 100 + 30 * i
            win = seat in self.view.winners
            colour = theme.GOLD if win else theme.INK
            name = self.scene.seats[seat].name + (" ★" if win else "")
            draw_text(surface, vp, name, 16, (x + 30, top), colour, face="bold")
            draw_text(surface, vp, hand.best.name, 16, (x + 200, top), colour)
            for j, code in enumerate(hand.best.cards):
                image = self.app.art.face(code, vp.length(18), vp.length(25))
                surface.blit(image, vp.point(x + w - 140 + j * 22, top))
