"""The Ships and Sailors table: the other seats around the edge, the trick in the middle with
each card in front of its player, your hand at the bottom. Piles are made by dragging three
cards to the pile place; the dealer gives the face-down piles out by dragging them to seats;
the penalty colour and partners are chosen in dialogs that say what each choice means."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from ..engine import ships_and_sailors as rules
from ..engine.bots import ships_and_sailors as sas_bots
from ..text import number, printable
from ..ui import canvas, theme
from ..ui import ships_and_sailors_art as art
from ..ui.fonts import font
from ..ui.hand_rows import hand_rows
from ..ui.widgets import (
    Button,
    draw_panel,
    draw_text,
    fit_text,
    fitted_size,
    note,
    note_size,
    render_text,
    shade,
    wrap,
)
from .base import Dialog
from .dialogs import ReadTogetherDialog, ResultScreen
from .pass_and_play import PassAndPlayScene

TRICK = (80, 112)     # cards in the middle and in the pile place
SMALL = (46, 64)      # face-down piles being given out
WON = (34, 48)        # won piles
BACK = (26, 36)       # backs of an opponent's hand
SHOWN_BACKS = 6       # backs drawn for an opponent's hand
TRICK_HOLD = 1.1      # seconds a finished trick stays before sliding to its winner
TEAM_COLOURS = ((246, 200, 76), (110, 200, 230), (220, 140, 230))
TEAM_NAMES = ("A", "B", "C")
DIM = (10, 20, 14, 150)


@lru_cache(maxsize=32)
def dim_surface(size) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill(DIM)
    return shade


def colour_text(colour: str) -> str:
    return rules.colour_words(colour)


def hand_order(code: str):
    return (rules.COLOURS.index(rules.COLOUR_OF[code]), rules.VALUE[code])


class ShipsAndSailorsScene(PassAndPlayScene):
    game_id = "ships_and_sailors"

    def __init__(self, app, seed=None, options=None, seats=None):
        self.pile_pick: list = []
        self.shown_trick = None
        self.trick_hold = 0.0
        self.tricks_seen = (0, 0)
        self.summary_seen = 0
        super().__init__(app, seed, options, seats)
        self.act_button = self.layout_button("act", "Confirm pile", self.context_action, "Enter",
                                             text_size=16)
        self.buttons = self.side_buttons(self.act_button)

    # -- where things are ----------------------------------------------------
    def hand_slots(self, count: int, gap: float = 18) -> list:
        """The hand across its zone's whole width, in rows where the zone is tall enough."""
        return hand_rows(self.layout["hand"].rect, count, self.card_size, gap)

    def showing_part(self, sprite) -> pygame.Rect:
        """The box around the part of a card no card above it covers (in rows, the next
        card of its row and the row below both may)."""
        rect = pygame.FRect(sprite.pos, sprite.size)
        above = [pygame.FRect(s.pos, s.size) for s in self.table.sprites.values()
                 if s.z > sprite.z]
        parts = uncovered(rect, above) or [rect]
        return pygame.Rect(parts[0].unionall(parts[1:]))

    def anchor(self, seat: int):
        """The point a seat's trick card leans towards."""
        if seat == self.viewer:
            return self.layout["hand"].center
        return self.panel_of(seat).center

    def trick_spot(self, seat: int):
        trick = self.layout["trick"]
        cx, cy = trick.center
        ax, ay = self.anchor(seat)
        x = cx + (ax - cx) * 0.42 - TRICK[0] / 2
        y = cy + (ay - cy) * 0.9 - TRICK[1] / 2
        return (min(max(x, trick.x), trick.x + trick.w - TRICK[0]),
                min(max(y, trick.y), trick.y + trick.h - TRICK[1]))

    def won_spot(self, seat: int):
        panel = self.panel_of(seat)
        return (panel.x + panel.w - 12 - WON[0], panel.y + panel.h - 12 - WON[1])

    def won_rect(self, seat: int) -> pygame.Rect:
        x, y = self.won_spot(seat)
        return pygame.Rect(x - 4, y - 4, WON[0] + 8, WON[1] + 8)

    def pile_spots(self, view) -> dict:
        """Where each made pile lies while piles are made and given out."""
        row = self.layout["piles"]
        makers = [m for m in range(view.seats) if view.pile_made[m]]
        step = row.w / max(1, view.seats)
        return {m: (row.x + step * m + (step - SMALL[0] - 16) / 2, row.y + 30) for m in makers}

    def pick_spots(self, count: int) -> list:
        pile = self.layout["pile"]
        x0 = pile.x + (pile.w - 3 * TRICK[0] - 2 * 24) / 2
        y = pile.y + max(34, (pile.h - TRICK[1]) / 2 + 5)  # in the middle of a tall place
        return [(x0 + i * (TRICK[0] + 24), y) for i in range(count)]

    # -- placements ----------------------------------------------------------
    def placements(self, view) -> dict:
        out: dict[str, Any] = {}
        picking = view.phase == rules.PILES and view.to_act == self.viewer
        if not picking:
            self.pile_pick = []
        hand = sorted((c for c in view.hand if c not in self.pile_pick), key=hand_order)
        for (x, y), code in zip(self.hand_slots(len(hand)), hand):
            lift = 18 if code == self.selected else 0
            out[code] = ((x, y - lift), True, 40 + len(out), self.card_size)
        for (x, y), code in zip(self.pick_spots(len(self.pile_pick)), self.pile_pick):
            out[code] = ((x, y), True, 60, TRICK)
        for seat in range(view.seats):
            if seat != self.viewer:
                panel = self.panel_of(seat)
                shown = min(view.hand_counts[seat], SHOWN_BACKS)  # the count says the rest
                for i, (x, y) in enumerate(self.row(panel.x + 10, panel.y + 58, 90, BACK, shown)):
                    out[f"#{seat}:{i}"] = ((x, y), False, 10 + i, BACK)
        if view.phase == rules.ASSIGN:
            for m, (x, y) in self.pile_spots(view).items():
                for i in range(rules.PILE_SIZE):
                    out[f"#pile{m}:{i}"] = ((x + 8 * i, y + 4 * i), False, 20 + i, SMALL)
        shown = self.shown_trick if self.trick_hold > 0 and view.tricks else None
        held = {c for _, c in shown} if shown else set()
        for seat in range(view.seats):
            x, y = self.won_spot(seat)
            pile = [c for c in view.won[seat] if c not in held]
            for i, code in enumerate(pile[-view.seats:]):  # those below are hidden anyway
                out[code] = ((x, y), False, 5 + i, WON)
        for i, (seat, code) in enumerate(shown or view.trick):
            out[code] = (self.trick_spot(seat), True, 70 + i, TRICK)
        return out

    def deal_origin(self):
        deck = self.layout["deck"]
        view = self.session.view(self.viewer)
        players = {c: p for p, c in view.trick}

        def origin(code):
            if code in players and players[code] != self.viewer:
                panel = self.panel_of(players[code])
                return (panel.x + 60, panel.y + 40)
            if code in view.hand or code.startswith("#"):
                return (deck.x, deck.y)
            return None
        return origin

    def retire_point(self):
        deck = self.layout["deck"]
        won = {c for pile in self.session.view(self.viewer).won for c in pile}
        return lambda code: None if code.startswith("#") or code in won else (deck.x, deck.y)

    # -- what the table is doing ------------------------------------------------
    def refresh(self, deal=False) -> None:
        view = self.session.view(self.viewer)
        seen = (view.hand_no, len(view.tricks))
        if (not deal and seen[0] == self.tricks_seen[0] and seen[1] > self.tricks_seen[1]
                and self.table.factor > 0):
            self.shown_trick = view.tricks[-1]
            self.trick_hold = TRICK_HOLD * self.table.factor
        self.tricks_seen = seen
        super().refresh(deal)

    def on_new_game(self) -> None:
        super().on_new_game()
        view = self.session.view(self.viewer)
        self.pile_pick, self.shown_trick, self.trick_hold = [], None, 0.0
        self.tricks_seen = (view.hand_no, len(view.tricks))
        last = view.last_hand
        self.summary_seen = 0 if last is None else last.hand - (view.phase == rules.HAND_OVER)

    def summary_pending(self, view) -> bool:
        return (view.last_hand is not None and view.last_hand.hand > self.summary_seen
                and view.phase != rules.OVER)

    def accepts_moves(self) -> bool:
        """Not while a finished trick is on show or the hand's summary is still to be read."""
        return (super().accepts_moves() and self.trick_hold <= 0
                and not self.summary_pending(self.session.view(self.viewer)))

    def end_hold(self) -> None:
        """The finished trick on show goes to its winner (its time is up, or input came)."""
        if self.shown_trick is not None or self.trick_hold > 0:
            self.trick_hold = 0.0
            self.shown_trick = None
            self.refresh()

    def update(self, dt: float) -> None:
        if self.trick_hold > 0:
            self.table.update(dt)
            if not self.table.busy:
                self.trick_hold -= dt
                if self.trick_hold <= 0:
                    self.end_hold()
            return
        view = self.session.view(self.viewer)
        if self.summary_pending(view):
            self.table.update(dt)
            if (self.app.top is self and not self.cover_if_unclaimed() and not self.table.busy
                    and not self.handing_off):
                self.summary_seen = view.last_hand.hand
                self.app.push(HandSummaryDialog(self.app, self, view))
            return
        super().update(dt)
        view = self.session.view(self.viewer)  # a computer may have moved just now
        if (self.app.top is self and self.accepts_moves() and not self.table.busy
                and view.phase in (rules.PENALTY, rules.PARTNERS)):
            self.app.push(ChoiceDialog.for_view(self.app, self, view))

    def handle(self, event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.end_hold()
        super().handle(event)

    # -- zones and moves -------------------------------------------------------
    def seat_zone(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self.panel_of(seat).rect)

    def drop_zones(self) -> dict:
        view = self.session.view(self.viewer)
        if view.phase == rules.PILES:
            return {"pile": pygame.Rect(self.layout["pile"].rect),
                    "hand": pygame.Rect(self.layout["hand"].rect)}
        if view.phase == rules.ASSIGN:
            return {f"seat{s}": self.seat_zone(s) for s in range(view.seats)}
        if view.phase == rules.PLAY:
            return {"trick": pygame.Rect(self.layout["trick"].rect)}
        return {}

    def can_drag(self, code: str) -> bool:
        view = self.session.view(self.viewer)
        if view.phase == rules.ASSIGN:
            return code.startswith("#pile") and view.pile_to[self.pile_maker(code)] is None
        return code in view.hand and view.phase in (rules.PILES, rules.PLAY)

    @staticmethod
    def pile_maker(code: str) -> int:
        return int(code[5:].split(":")[0])

    def drop_action(self, code: str, zone: str):
        view = self.session.view(self.viewer)
        if view.phase == rules.PLAY:
            if zone == "trick":
                return f"play {code}", None
            return None, "Play a card by dropping it in the middle."
        if view.phase == rules.ASSIGN and code.startswith("#pile") and zone.startswith("seat"):
            maker, receiver = self.pile_maker(code), int(zone[4:])
            return f"give pile of seat {maker + 1} to seat {receiver + 1}", None
        return None, None

    def on_release(self, pos) -> None:
        d = self.drag
        view = self.session.view(self.viewer)
        if d is None or not d.moving or view.phase != rules.PILES:
            super().on_release(pos)
            return
        self.drag = None
        d.sprite.lift = False
        zone = self.zone_at(self.viewport.to_logical(pos))
        code = d.sprite.code
        changed = False
        if zone == "pile" and code not in self.pile_pick:
            changed = self.add_to_pile(code)
        elif zone != "pile" and code in self.pile_pick:
            self.pile_pick.remove(code)
            changed = True
        if changed:
            self.refresh()
        else:
            self.slide_home(d)

    def add_to_pile(self, code: str) -> bool:
        view = self.session.view(self.viewer)
        if len(self.pile_pick) >= rules.PILE_SIZE:
            self.say("Your pile already holds three cards: take one back first.", "error")
            return False
        trial = set(self.pile_pick) | {code}
        if not any(trial <= set(p) for p in rules.pile_choices(view.hand)):
            if code in rules.PICTURES:
                self.say("Ships and Sailors can't go into a pile.", "error")
            else:
                self.say("Your pile must hold every card you have other than Ships and Sailors.",
                         "error")
            return False
        self.pile_pick.append(code)
        left = rules.PILE_SIZE - len(self.pile_pick)
        self.say(f"{left} more card{'s' if left != 1 else ''} for your pile." if left
                 else "Press Confirm pile (Enter) to put these three face down.", "hint")
        return True

    def click(self, code: str) -> None:
        view = self.session.view(self.viewer)
        if not self.accepts_moves():
            return
        if view.phase == rules.PILES and code in view.hand:
            if code in self.pile_pick:
                self.pile_pick.remove(code)
                self.refresh()
            elif self.add_to_pile(code):
                self.refresh()
        elif view.phase == rules.ASSIGN and code.startswith("#pile"):
            maker = self.pile_maker(code)
            self.select(code, f"Click the seat that gets {self.seats[maker].name}'s pile.")
        elif view.phase == rules.PLAY and code in view.hand:
            self.act(f"play {code}")

    def on_table_click(self, point) -> None:
        view = self.session.view(self.viewer)
        for seat in range(view.seats):
            if view.won[seat] and self.won_rect(seat).collidepoint(point):
                self.peek(view, seat)
                return
        super().on_table_click(point)

    def on_press(self, pos) -> None:
        point = self.viewport.to_logical(pos)
        view = self.session.view(self.viewer)
        for seat in range(view.seats):
            if view.won[seat] and self.won_rect(seat).collidepoint(point):
                self.peek(view, seat)
                return
        super().on_press(pos)

    def peek(self, view, seat: int) -> None:
        after = view.phase in (rules.HAND_OVER, rules.OVER)
        if seat != self.viewer and not after:
            self.say("You may look at your own won cards now, and at everyone's after the hand.",
                     "error")
            return
        self.app.push(PeekDialog(self.app, self.seats[seat].name, view.won[seat], view.penalty))

    def act(self, action) -> bool:
        done = super().act(action)
        if done:
            self.selected = None
        return done

    def say(self, text: str, kind: str = "info") -> None:
        super().say(self.words(text), kind)

    def context_action(self) -> None:
        view = self.session.view(self.viewer)
        if not self.accepts_moves():
            return
        if view.phase == rules.PILES:
            if len(self.pile_pick) < rules.PILE_SIZE:
                self.say("Choose three cards for your pile first: click them or drag them to "
                         "the pile place.", "error")
                return
            pick, self.pile_pick = self.pile_pick, []
            if not self.act(rules.pile_action(pick)):
                self.pile_pick = pick
        elif view.phase == rules.HAND_OVER:
            self.act(rules.DEAL)

    def on_key(self, event) -> None:
        view = self.session.view(self.viewer)
        key = event.key
        hand = sorted((c for c in view.hand if c not in self.pile_pick), key=hand_order)
        if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(hand):
            self.click(hand[key - pygame.K_1])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.context_action()
        elif key == pygame.K_SPACE:
            self.quick_choice(view)
        else:
            super().on_key(event)

    def quick_choice(self, view) -> None:
        """Space: suggest a pile (Enter confirms it), or pass the next pile to its maker's left."""
        if not self.accepts_moves():
            return
        legal = self.session.legal_actions()
        if view.phase == rules.PILES:
            choice = sas_bots.pile_choice(view, legal, None)
            self.pile_pick = list(choice.target)
            self.say("A suggested pile: press Enter to confirm it, or change it.", "hint")
            self.refresh()
        elif view.phase == rules.ASSIGN:
            maker = min(a.target[0] for a in legal)
            free = {a.target[1] for a in legal}
            receiver = next((maker + k) % view.seats for k in range(1, view.seats + 1)
                            if (maker + k) % view.seats in free)
            self.act(f"give pile of seat {maker + 1} to seat {receiver + 1}")

    def hint_reason(self, view, action_text: str) -> str:
        """Where the hinted card leaves the trick, as it stands."""
        words = action_text.split()
        if view.phase != rules.PLAY or words[0] != "play":
            return ""
        card = words[1]
        if not view.trick:
            return "you lead the trick"
        trick = view.trick + ((view.seat, card),)
        winner = rules.trick_winner(trick)
        if winner == view.seat:
            return "it takes the trick so far"
        best = next(c for s, c in trick if s == winner)
        return f"it stays under the {rules.name(best)}"

    def hint(self):
        return None

    def marks_for(self, action) -> tuple:
        """A pile's hint lights its three cards; giving a pile out lights the pile and the seat
        it goes to."""
        cards, places = super().marks_for(action)
        if action is not None and action.kind == "give":
            maker, receiver = action.target
            cards = tuple(c for c in self.table.sprites if c.startswith(f"#pile{maker}:"))
            places = (tuple(self.panel_of(receiver).rect),)
        return cards, places

    # -- the end --------------------------------------------------------------
    def show_result(self) -> None:
        view = self.session.view(self.viewer)
        winners = [self.seats[w].name for w in view.winners]
        ranking = sorted(range(view.seats), key=lambda s: view.scores[s])
        lines = [f"{i + 1}. {self.seats[s].name}: {number(view.scores[s])}"
                 for i, s in enumerate(ranking)]
        headline = f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}!"
        won = any(self.seats[w].is_human for w in view.winners)
        lines.append(f"Lowest score wins · {view.hand_no} hands · {self.deal_name().lower()}")
        self.app.push(ResultScreen(self.app, self, won, headline, lines))

    # -- drawing -------------------------------------------------------------
    def draw_table(self, surface, view) -> None:
        vp = self.viewport
        self.draw_middle(surface, view)
        for seat in range(view.seats):
            self.draw_seat(surface, view, seat)
        title = self.layout["title"]
        high, low = rules.LIMITS[view.options["target"]]
        draw_text(surface, vp, f"Hand {view.hand_no}", 20, (title.x, title.y + 4), theme.GOLD,
                  face="bold")
        draw_text(surface, vp, f"Game ends at {high} or {low}; lowest wins", 14,
                  (title.x, title.y + 32), theme.INK_DIM)
        if view.tie_break:
            draw_text(surface, vp, "Tied for lowest: this hand decides", 14,
                      (title.x, title.y + 52), theme.RED, face="bold")
        self.draw_penalty(surface, view)
        self.update_act_button(view)

    def draw_penalty(self, surface, view) -> None:
        vp = self.viewport
        place = self.layout["penalty"]
        draw_panel(surface, vp.rect(*place.rect), fill=(250, 246, 232, 235), edge=theme.GOLD,
                   radius=vp.length(10))
        draw_text(surface, vp, "Penalty colour", 14, (place.x + 12, place.y + 8),
                  theme.BUTTON_TEXT, face="bold")
        if view.penalty is None:
            draw_text(surface, vp, "not chosen yet", 18, (place.x + 12, place.y + 36),
                      (90, 100, 96))
            return
        ink = art.colour_ink(view.penalty)
        draw_text(surface, vp, colour_text(view.penalty), 26, (place.x + 12, place.y + 32), ink,
                  face="bold")

    def draw_middle(self, surface, view) -> None:
        vp = self.viewport
        if view.phase == rules.PILES:
            pile = self.layout["pile"]
            mine = view.to_act == self.viewer and self.accepts_moves()
            draw_panel(surface, vp.rect(*pile.rect), fill=(0, 0, 0, 80),
                       edge=theme.GOLD if mine else (80, 120, 96), radius=vp.length(12))
            texts = (("Your pile: drag or click 3 cards, then Confirm",
                      "Your pile: pick 3 cards, then Confirm") if mine
                     else (f"{self.seats[view.to_act].name} is making a pile",))
            self.draw_fitting(surface, texts, 15, (pile.x + pile.w / 2, pile.y + 8), pile.w - 16)
            if mine:
                for x, y in self.pick_spots(rules.PILE_SIZE)[len(self.pile_pick):]:
                    surface.blit(self.app.art.slot(vp.length(TRICK[0]), vp.length(TRICK[1])),
                                 vp.point(x, y))
        if view.phase == rules.ASSIGN:
            for m, (x, y) in self.pile_spots(view).items():
                label = "your pile" if m == self.viewer else self.seats[m].name
                draw_text(surface, vp, label[:12], 13, (x + SMALL[0] / 2 + 8, y - 22), theme.INK,
                          "midtop")
                to = view.pile_to[m]
                if to is not None:
                    draw_text(surface, vp, f"to {self.seats[to].name}"[:14], 13,
                              (x + SMALL[0] / 2 + 8, y + SMALL[1] + 14), theme.GOLD, "midtop")
            if view.phase == rules.ASSIGN:
                dealer = self.seats[view.dealer].name
                row = self.layout["piles"]
                texts = (("Give each pile to a seat: drag it there, or click it, then the seat",
                          "Give each pile to a seat: drag it there")
                         if self.accepts_moves() else (f"{dealer} is giving out the piles",))
                self.draw_fitting(surface, texts, 15, (row.x + row.w / 2, row.y + row.h + 8),
                                  row.w)
        if view.phase == rules.PLAY and not view.trick and self.trick_hold <= 0:
            trick = self.layout["trick"]
            lead = self.seats[view.leader].name
            draw_text(surface, vp, f"{lead} leads", 15, trick.center, theme.INK_DIM, "center")
        if view.phase == rules.PLAY and view.trick:
            led = rules.COLOUR_OF[view.trick[0][1]]
            trick = self.layout["trick"]
            draw_text(surface, vp, f"Led: {colour_text(led)}", 15, trick.center, theme.INK_DIM,
                      "center")

    def draw_fitting(self, surface, texts, size, midtop, width) -> None:
        """The first of `texts` (longest first) that fits `width`, else the last cut short."""
        vp = self.viewport
        px = vp.text(size)
        text = next((t for t in texts if font(px, "bold").size(t)[0] <= vp.length(width)),
                    texts[-1])
        fit_text(surface, vp, text, size, midtop, width, theme.INK, "midtop", "bold")

    def draw_seat(self, surface, view, seat) -> None:
        panel = self.draw_seat_panel(surface, view, seat)
        mine = seat == self.viewer
        key = (tuple(panel.rect), self.team_index(view, seat), view.running[seat],
               view.phase in (rules.PLAY, rules.HAND_OVER, rules.OVER) or bool(view.tricks),
               view.phase == rules.PILES, view.pile_made[seat], mine,
               self.seats[seat].describe() if mine else view.hand_counts[seat],
               len(view.won[seat]))
        self.draw_kept(surface, ("seat words", seat), None, key,
                       lambda on: self.draw_seat_words(on, view, seat, panel))

    def draw_seat_words(self, surface, view, seat, panel) -> None:
        """What a seat's panel says under its name: this hand's tally, its team, its cards,
        its pile; and beside its pile of won tricks, how many."""
        vp = self.viewport
        team = self.team_index(view, seat)
        tally = view.running[seat]
        room = panel.w - 20  # beside the tally, for the team's badge
        if view.phase in (rules.PLAY, rules.HAND_OVER, rules.OVER) or view.tricks:
            shown = draw_text(surface, vp, f"this hand {number(f'{tally:+d}')}", 13,
                              (panel.x + 10, panel.y + 32), theme.INK_DIM)
            room -= shown.w / vp.scale + 8
        if team is not None:
            self.draw_team_badge(surface, team, (panel.x + panel.w - 10, panel.y + 32), room)
        if seat == self.viewer:
            draw_text(surface, vp, self.seats[seat].describe(), 13, (panel.x + 10, panel.y + 52),
                      theme.INK_DIM)
            if view.phase == rules.PILES and view.pile_made[seat]:
                draw_text(surface, vp, "pile made", 13, (panel.x + 10, panel.y + 72),
                          theme.INK_DIM)
        else:
            count = view.hand_counts[seat]
            draw_text(surface, vp, f"{count} card{'s' if count != 1 else ''}", 13,
                      (panel.x + 110, panel.y + 68), theme.INK_DIM)
        if seat != self.viewer and view.phase == rules.PILES:
            mark = "pile made" if view.pile_made[seat] else "making a pile…"
            # (by its foot: at the smallest window the text floor makes it taller than 13)
            draw_text(surface, vp, mark, 13, (panel.x + 10, panel.y + panel.h - 7),
                      theme.INK_DIM, "bottomleft")
        x, y = self.won_spot(seat)
        if view.won[seat]:  # beside its pile, level with the pile's foot
            draw_text(surface, vp, f"won {len(view.won[seat])}", 12, (x - 6, y + WON[1]),
                      theme.INK_DIM, "bottomright")
        else:
            canvas.rect(surface, (80, 120, 96), vp.rect(x, y, *WON), width=1,
                        border_radius=vp.length(4))

    def draw_team_badge(self, surface, team: int, topright, room: float) -> None:
        """The team's letter on its colour, "Team A" where there is room, else just "A"."""
        vp = self.viewport
        px = vp.text(12)
        label = f"Team {TEAM_NAMES[team]}"
        if font(px, "bold").size(label)[0] / vp.scale + 12 > room:
            label = TEAM_NAMES[team]
        tw, th = font(px, "bold").size(label)
        w, h = max(20, tw / vp.scale + 12), max(20, th / vp.scale + 2)
        x, y = topright[0] - w, topright[1]
        canvas.rect(surface, TEAM_COLOURS[team], vp.rect(x, y, w, h), border_radius=vp.length(8))
        draw_text(surface, vp, label, 12, (x + w / 2, y + h / 2), theme.BUTTON_TEXT, "center",
                  "bold")

    @staticmethod
    def team_index(view, seat):
        if not view.teams_on or not view.teams:
            return None
        return next(i for i, t in enumerate(view.teams) if seat in t)

    def update_act_button(self, view) -> None:
        """The action button is on the table only while it has a use: Confirm pile while the
        player at the screen makes a pile, Deal next hand between hands."""
        mine = self.accepts_moves()
        if view.phase == rules.HAND_OVER:
            self.act_button.text, self.act_button.key_hint = "Deal next hand", "Enter"
            self.act_button.enabled = mine
        else:
            self.act_button.text, self.act_button.key_hint = "Confirm pile", "Enter"
            self.act_button.enabled = (mine and view.phase == rules.PILES
                                       and len(self.pile_pick) == rules.PILE_SIZE)
        useful = view.phase == rules.HAND_OVER or (view.phase == rules.PILES and mine)
        shown = self.act_button in self.buttons.buttons
        if useful and not shown:
            self.buttons.buttons.insert(0, self.act_button)
        elif shown and not useful:
            self.buttons.buttons.remove(self.act_button)
            self.act_button.hover = self.act_button.pressed = False

    def draw_overlay(self, surface, view) -> None:
        """Dim the cards of the hand that can't be played (or piled) now."""
        if not self.accepts_moves() or view.phase not in (rules.PLAY, rules.PILES):
            return
        if view.phase == rules.PLAY:
            allowed = set(rules.playable(view.hand, view.trick))
        else:
            allowed = {c for p in rules.pile_choices(view.hand) for c in p}
        vp = self.viewport
        hand = sorted((c for c in view.hand if c not in self.pile_pick), key=hand_order)
        sprites = [self.table.sprites.get(c) for c in hand]
        rects = [pygame.FRect(0, 0, 0, 0) if s is None else pygame.FRect(s.pos, s.size)
                 for s in sprites]
        for i, sprite in enumerate(sprites):
            if sprite is None or sprite.code in allowed or sprite.busy:
                continue
            for part in uncovered(rects[i], rects[i + 1:]):  # the cards after it lie on top
                r = vp.rect(*part)
                surface.blit(dim_surface(r.size), r.topleft)


def uncovered(rect: pygame.FRect, covers: list) -> list:
    """The parts of `rect` (as rects of a grid along the covers' edges) no cover overlaps."""
    covers = [c for c in covers if c.colliderect(rect)]
    xs = sorted({rect.left, rect.right, *(min(max(v, rect.left), rect.right)
                                           for c in covers for v in (c.left, c.right))})
    ys = sorted({rect.top, rect.bottom, *(min(max(v, rect.top), rect.bottom)
                                           for c in covers for v in (c.top, c.bottom))})
    out = []
    for x0, x1 in zip(xs, xs[1:]):
        for y0, y1 in zip(ys, ys[1:]):
            cell = pygame.FRect(x0, y0, x1 - x0, y1 - y0)
            if cell.w and cell.h and not any(c.colliderect(cell) for c in covers):
                out.append(cell)
    return out


class ChoiceDialog(Dialog):
    """A decision of the dealer (penalty colour) or of a partner picker, with what it means."""

    width = 680

    def __init__(self, app, scene, title, lines, choices):
        self.scene = scene
        self.choices = choices
        buttons = [(label, str(i + 1) if i < 9 else "", self.chooser(action))
                   for i, (label, action) in enumerate(choices)]
        super().__init__(app, title, lines, buttons)
        self.home_top = self.panel[1]  # centred, before it is lifted
        self.above_hand()
        for button, (_, action) in zip(self.row.buttons, choices):
            if getattr(action, "kind", None) == "penalty":  # the label in the colour's ink
                self.row.buttons[self.row.buttons.index(button)] = ColourButton(
                    button, art.colour_ink(action.target))

    def hand_top(self) -> float:
        """The top of the hand in this dialog's logical space (the dialog is drawn at the
        design size, centred; the table reflows over the whole window)."""
        window_y = self.scene.viewport.point(0, self.scene.layout["hand"].y)[1]
        return self.viewport.to_logical((0, window_y / self.viewport.pixel_ratio))[1]

    def above_hand(self) -> None:
        """Lift the panel and its buttons clear of the hand, which the choice is about."""
        x, y, w, h = self.panel
        top = max(16, min(self.home_top, self.hand_top() - 10 - h))
        for button in self.row.buttons:
            button.rect.move_ip(0, round(top - y))
        self.panel = (x, top, w, h)

    def on_resize(self) -> None:
        self.above_hand()

    def draw_shade(self, surface) -> None:
        """The table above the hand is dimmed; the hand stays bright to be read."""
        width, _ = surface.get_size()
        hand_top = self.scene.viewport.point(0, self.scene.layout["hand"].y - 4)[1]
        above = max(0, min(hand_top, surface.get_height()))
        shade(surface, area=pygame.Rect(0, 0, width, above))

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.row.buttons[0].action()  # Enter takes the first choice, as 1 does
            return
        super().handle(event)

    def chooser(self, action):
        def choose():
            self.app.pop(self)
            if action is None:
                return
            if callable(action):
                action()
            else:
                self.scene.act(action)
        return choose

    @classmethod
    def for_view(cls, app, scene, view):
        if view.phase == rules.PENALTY:
            return cls.penalty(app, scene, view)
        return cls.partners(app, scene, view, pairs=False)

    @classmethod
    def penalty(cls, app, scene, view):
        lines = ["Each card of the penalty colour won in a trick scores +1,",
                 "and its Sailor scores 15 instead of 10. Lowest score wins:",
                 "pick the colour you expect to win least of."]
        choices = []
        for a in scene.session.legal_actions():
            held = sum(rules.COLOUR_OF[c] == a.target for c in view.hand)
            choices.append((f"{colour_text(a.target)}  (you hold {held})", a))
        return cls(app, scene, "Choose the penalty colour", lines, choices)

    @classmethod
    def partners(cls, app, scene, view, pairs: bool):
        names = scene.seats
        legal = scene.session.legal_actions()
        n = view.seats
        first = not view.picks
        lines = ["Partners score the same points for this hand;",
                 "game scores stay your own."]
        if first and n in (5, 6):
            lines.append("Then the nearest player to your right without a partner picks.")
        elif n in (3, 5):
            lines.append("The player left over plays alone.")
        else:
            lines.append("The players left over play together.")
        if view.tie_break:
            lines.append("Deciding hand: players tied for lowest are kept apart.")
        choices = []
        for a in legal:
            if (len(a.target) == 2) != pairs:
                continue
            if pairs:
                who = " and ".join(names[p].name for p in a.target)
            else:
                who = f"{names[a.target[0]].name}, score {number(view.scores[a.target[0]])}"
            choices.append((who[:32], a))
        if not pairs and any(len(a.target) == 2 for a in legal):
            choices.append(("Name two partners instead…",
                            lambda: app.push(cls.partners(app, scene, view, pairs=True))))
        if pairs:
            lines = ["Two partners make two teams of three:", "you and them against the rest."]
            choices.append(("Back to one partner",
                            lambda: app.push(cls.partners(app, scene, view, pairs=False))))
        return cls(app, scene, "Pick your partner" + ("s" if pairs else ""), lines, choices)


class ColourButton(Button):
    """A choice of colour: its label (with the colour's symbol) in that colour's ink."""

    def __init__(self, button: Button, ink):
        super().__init__(button.rect, button.text, button.action, button.key_hint,
                         button.enabled, button.text_size)
        self.ink = ink

    def draw(self, surface, viewport) -> None:
        r = viewport.rect(*self.rect)
        fill = (theme.BUTTON_HOVER if self.hover else theme.BUTTON) if self.enabled \
            else theme.BUTTON_DISABLED
        radius = viewport.length(10)
        canvas.rect(surface, (0, 0, 0, 90), r.move(0, viewport.length(3)),
                         border_radius=radius)
        canvas.rect(surface, fill, r, border_radius=radius)
        canvas.rect(surface, self.ink, r, width=max(2, viewport.length(3)),
                         border_radius=radius)
        label = printable(self.text + (f"  ({self.key_hint})" if self.key_hint else ""))
        size = fitted_size(viewport, label, self.text_size, 9, r.w - viewport.length(12), "bold")
        px = viewport.text(size)
        note_size(px, label)
        image = render_text(label, px, self.ink, "bold")
        surface.blit(image, image.get_rect(center=r.center))
        note("button", r, label)


class PeekDialog(Dialog):
    """The cards in a won pile, the scoring ones named first."""

    width = 720

    def __init__(self, app, name, cards, penalty):
        scoring = [c for c in cards if penalty and rules.card_points(c, penalty)]
        plain = [c for c in cards if c not in scoring]
        lines = []
        text = ("Scoring: " + ", ".join(rules.name(c) for c in scoring)) if scoring else \
            "No scoring cards."
        lines += wrap(text, 19, self.width - 60)
        if plain:
            lines += wrap("Others: " + ", ".join(rules.name(c) for c in plain), 19,
                          self.width - 60)
        super().__init__(app, f"{name}'s won cards ({len(cards)})", lines[:12],
                         [("Close", "Esc", self.close)], cancel=self.close)

    def close(self) -> None:
        self.app.pop(self)


class HandSummaryDialog(ReadTogetherDialog):
    """Between hands: who took which penalty cards, Sailors and Ships, team totals, scores."""

    width = 780

    def __init__(self, app, scene, view):
        h = view.last_hand
        name = lambda s: scene.seats[s].name  # noqa: E731
        lines = []
        for i, team in enumerate(h.teams):
            taken = [c for p in team for c in h.taken[p]]
            penalty = sum(1 for c in taken if c not in rules.PICTURES)
            sailors = [rules.name(c) for c in taken if c in rules.SAILORS]
            ships = [rules.name(c) for c in taken if c in rules.SHIPS]
            parts = [f"{penalty} penalty"] if penalty else []
            if sailors:
                parts.append(", ".join(sailors))
            if ships:
                parts.append(", ".join(ships))
            who = " & ".join(name(p) for p in team)
            moon = "  all four Sailors!" if h.all_sailors == i else ""
            line = f"{who}: {'; '.join(parts) or 'nothing'}  = {number(f'{h.team_points[i]:+d}')}{moon}"
            lines += wrap(line, 19, self.width - 60)
        scores = ", ".join(f"{name(s)} {number(h.scores[s])}" for s in range(len(h.scores)))
        lines += wrap("Scores: " + scores, 19, self.width - 60)
        title = f"Hand {h.hand}: {colour_text(h.penalty)} was the penalty colour"
        super().__init__(app, scene, title[:46], lines)
