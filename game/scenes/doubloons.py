"""The Doubloons table: the other seats around the edge, the face-up pirates and the decks across
the middle, the cards played this turn and the Heave To! chain below them, your crew, purse and
hand at the bottom. Drawn from one seat's view.

Play a card by dragging it to the table, onto a player or onto the pirate it is aimed at (or
click it and pick from the list, which says what each play does); hire by dragging a face-up
pirate to your crew or clicking it; click a pirate of your crew to use it, or drag it onto the
table, a player or the pirate it aims at. When a play waits for Heave To!, each seat asked gets the
same prompt whether or not it holds one; "Let it pass" is one click or the N key. With
several humans at the table the question is asked once, in public (heave_to_window): a human who
claims it by their seat is handed the table to answer in private, the others let it pass.
"""
from __future__ import annotations

import re
from typing import Any

import pygame

from ..engine import doubloons as rules
from ..engine.doubloons_cards import kind_of
from ..text import printable
from ..ui import doubloons_art, theme
from ..ui.fonts import font
from ..ui.tween import ease_in_out_cubic
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, fit_text, wrap
from . import doubloons_table as spots
from .dialogs import ResultScreen
from .heave_to_window import HeaveToWindow
from .pass_and_play import CAPTION_LINES, CAPTION_PACES, OPPONENT_SLOTS, PassAndPlayScene

# The design heights of the cards in each place (they grow with the room: doubloons_table).
PLAYED_H = 84            # the cards played this turn
CHAIN_H = 76             # the Heave To! chain, between its heading and whom it asks
MY_CREW_H = 78           # your crew, with room below for a "used" mark inside its panel
SEAT_CREW_H = 58         # the other seats' crews, likewise
CREW_TEXT_W = 110        # your crew's panel: the column of its words, left of the cards
PLAYS_SHOWN = rules.PLAYS_PER_TURN  # the played row keeps room for a turn's plays side by side
USED_COLUMN = 150        # and right of them, for the crew used this turn
COIN_SECONDS = 0.6
REACT_PACE = 0.25        # a computer letting a play pass needs no long look
MENU_ROW = 40
LOOK = (84, 118)          # cards seen in a private look, inside the choice panel (named at the floor)
WINDOW_PACES = 2.0       # the public Heave To! window lasts this many computer-move paces
TURN_LINE = re.compile(r"\{p(\d+)\}'s turn: ")   # the log line that starts a seat's turn
TABLE_LINES = ("The discards are shuffled", "After ")  # the table's own, nobody's move
CANCELLED = " is cancelled."      # the chain's outcome, for the table's own line

assert doubloons_art.accepts("coin")  # the deck's art is registered by the import


class FlyingCoin:
    __slots__ = ("start", "end", "delay", "t")

    def __init__(self, start, end, delay):
        self.start, self.end, self.delay, self.t = start, end, delay, 0.0

    def pos(self):
        k = ease_in_out_cubic(min(1.0, max(0.0, (self.t - self.delay) / COIN_SECONDS)))
        return (self.start[0] + (self.end[0] - self.start[0]) * k,
                self.start[1] + (self.end[1] - self.start[1]) * k - 40 * k * (1 - k))

    @property
    def done(self) -> bool:
        return self.t >= self.delay + COIN_SECONDS


def pirates_aimed_at(action) -> tuple:
    """The pirates a play names as its target (Barter, Commandeer, Walk the Plank: one; Mutiny:
    the one given up and the one taken)."""
    target = action.target[0] if isinstance(action.target, tuple) and action.target else None
    if isinstance(target, str):
        return (target,)
    if isinstance(target, list):
        return tuple(t for t in target if isinstance(t, str))
    return ()


class DoubloonsScene(PassAndPlayScene):
    game_id = "doubloons"

    def __init__(self, app, seed=None, options=None, seats=None):
        self.coins: list[FlyingCoin] = []
        self.purses_seen = None
        self.menu: list = []          # (label, action text) offered by a click
        self.menu_title = ""
        self.menu_row = ButtonRow()
        self.pinned: str | None = None
        self.claim = None             # (chain, seat): the seat that claimed the window's play
        self.claim_handed = False     # the claimer has been handed the table to answer
        self.nobody_claimed = None    # the chain nobody claimed: every human lets it pass
        self.held_lines = None        # (captions, status) told once the table has settled
        self.hud = None               # the view the counters are drawn from (hud_view)
        super().__init__(app, seed, options, seats)
        self.act_button = self.layout_button("act", "End turn", self.end_turn, "E", text_size=16)
        self.buttons = self.side_buttons(self.act_button)

    # -- words ---------------------------------------------------------------
    def words_of(self, text: str) -> str:
        return self.words(rules.action_words(text))

    def greeting(self) -> str:
        return "First to 7 doubloons at the end of their own turn wins."

    # -- placements ----------------------------------------------------------
    def placements(self, view) -> dict:
        out: dict[str, Any] = {}
        lift = self.hand_lift()
        slots, size = spots.hand(self.layout["hand"], len(view.hand), self.card_size[1], lift)
        for (x, y), code in zip(slots, view.hand):
            out[code] = ((x, y - (lift if code == self.selected else 0)), True, 40 + len(out), size)
        market, size = self.market()
        for i, pid in enumerate(view.row):
            if pid:
                out[pid] = (market[f"row{i}"], True, 5, size)
        mine = view.crews[self.viewer]
        for pid, (pos, size) in zip(mine, self.my_crew_spots(len(mine))):
            out[pid] = (pos, True, 6, size)
        for seat in range(view.seats):
            if seat != self.viewer:
                x, y, size = self.seat_crew(seat)
                for i, pid in enumerate(view.crews[seat]):
                    out[pid] = ((x + i * (size[0] + 4), y), True, 6, size)
        x, y, width, size = self.played_row()
        for i, (pos, code) in enumerate(zip(self.row(x, y, width, size, len(view.played)), view.played)):
            out[code] = (pos, True, 20 + i, size)
        heaves = [p.card for p in view.pending[1:]]
        x, y, width, size = self.chain_row()
        for i, (pos, code) in enumerate(zip(self.row(x, y, width, size, len(heaves)), heaves)):
            out[code] = (pos, True, 30 + i, size)
        if view.discard:
            out[view.discard[-1]] = (market["discard"], True, 4, self.market()[1])
        return out

    # -- where the cards lie: sized by the room the window gives each place -------------
    def line_h(self, size) -> float:
        """The logical height of a line of text of `size` (at the text floor where it applies)."""
        vp = self.viewport
        return font(vp.text(size)).get_linesize() / vp.scale

    def hand_lift(self) -> float:
        """How far a picked hand card lifts: the room kept free above the hand (at the design
        size, what its 130 are more than a card's 118)."""
        return 0.09 * self.layout["hand"].h

    def market(self) -> tuple:
        """({name: (x, y)}, card size) of the decks and the pirates for hire."""
        seats = {f"opp{OPPONENT_SLOTS[self.seat_count - 1][i]}" for i in range(self.seat_count - 1)}
        return spots.market(self.layout, seats, self.card_size, self.line_h(13) + 2)

    def market_place(self, name: str) -> tuple:
        """(x, y, w, h) of a card of the middle row."""
        market, (w, h) = self.market()
        return (*market[name], w, h)

    def used_h(self) -> float:
        """The room kept under a crew card for its "used" mark."""
        return self.line_h(11) + 2

    def my_crew_spots(self, count: int) -> list:
        """[((x, y), size)] of your crew's cards (see `my_crew_shape`)."""
        crew = self.layout["crew"]
        stacked, size = self.my_crew_shape()
        x, y = (crew.x + 10, self.my_crew_top()) if stacked else (crew.x + CREW_TEXT_W + 10, crew.y + 6)
        return [((x + i * (size[0] + 8), y), size) for i in range(count)]

    def my_crew_shape(self) -> tuple:
        """(stacked, card size): your crew's cards lie right of the panel's words, or under a
        one-line heading where the panel is tall enough for them to be larger so."""
        crew = self.layout["crew"]
        under = self.used_h()
        beside = spots.card((crew.w - CREW_TEXT_W - 16) / 2, crew.h - 6 - under - 2, MY_CREW_H * spots.MOST)
        below = spots.card((crew.w - 28) / 2, crew.y + crew.h - self.my_crew_top() - under - 2,
                           MY_CREW_H * spots.MOST)
        return (True, below) if below[1] > 1.15 * beside[1] else (False, beside)

    def my_crew_top(self) -> float:
        """Where your crew's cards start when they lie under the panel's heading."""
        return self.layout["crew"].y + 12 + self.line_h(15)

    def seat_crew(self, seat: int) -> tuple:
        """(x, y, size) of the first crew card in a seat's panel: at its bottom left, under its
        name and purse, as large as the room there, up to half the panel's width for two."""
        panel = self.panel_of(seat)
        top = self.seat_coin_top(panel) + 34
        bottom = panel.y + panel.h - 4 - self.used_h()
        size = spots.card((panel.w * 0.55 - 12) / 2, bottom - top, SEAT_CREW_H * spots.MOST)
        return panel.x + 8, bottom - size[1], size

    def seat_coin_top(self, panel) -> float:
        return panel.y + 12 + self.line_h(16)

    def played_row(self) -> tuple:
        """(x, y, width, size) of the row of cards played this turn, under its heading, with
        room on its right for the crew used this turn."""
        place = self.layout["played"]
        top = place.y + 6 + self.line_h(14) + 2
        room = (place.w - 20 - USED_COLUMN) / PLAYS_SHOWN - 4
        size = spots.card(room, place.y + place.h - 4 - top, PLAYED_H * spots.MOST)
        return place.x + 10, place.y + place.h - 4 - size[1], PLAYS_SHOWN * (size[0] + 4), size

    def chain_row(self) -> tuple:
        """(x, y, width, size) of the Heave To! cards, between the chain's heading and whom it
        asks."""
        place = self.layout["chain"]
        top = place.y + 8 + self.line_h(14) + 4
        size = spots.card(place.w, self.asking_y() - 2 - top, CHAIN_H * spots.MOST)
        return place.x + 10, top, place.w - 20, size

    def asking_y(self) -> float:
        place = self.layout["chain"]
        return place.y + place.h - 4 - self.line_h(13)

    def on_resize(self) -> None:
        """A list or prompt open follows the window too, and so do the faces' words (even
        under another screen: the rules, a dialog)."""
        doubloons_art.follow_text_floor(self.viewport, self.app.art)
        super().on_resize()
        if self.menu:
            if self.menu[0][1] == rules.LET_PASS.text:
                self.build_prompt()
            else:
                self.build_menu()

    def deal_origin(self):
        view = self.session.view(self.viewer)
        deck = self.market_place("deck")
        pirate_deck = self.market_place("pirate_deck")

        def origin(code):
            if code in rules.PIRATES:
                return pirate_deck[:2]
            if view.turn != self.viewer and (code in view.played or code in view.discard):
                panel = self.panel_of(view.turn)
                return (panel.x + 20, panel.y + 20)
            for p in view.pending[1:]:
                if p.card == code and p.seat != self.viewer:
                    panel = self.panel_of(p.seat)
                    return (panel.x + 20, panel.y + 20)
            return deck[:2]
        return origin

    def retire_point(self):
        discard = self.market_place("discard")
        pirates = self.market_place("pirate_deck")

        def home(code):
            if code in rules.PIRATES:
                return pirates[:2]
            return None if code in self.session.view(self.viewer).discard else discard[:2]
        return home

    def refresh(self, deal=False) -> None:
        super().refresh(deal)
        self.fly_coins()

    def fly_coins(self) -> None:
        """Coins fly between purses and the bank when doubloons change hands."""
        purses = self.session.view(self.viewer).purses
        before, self.purses_seen = self.purses_seen, purses
        if before is None or len(before) != len(purses) or self.table.factor <= 0:
            return
        gains = [(p, purses[p] - before[p]) for p in range(len(purses)) if purses[p] > before[p]]
        losses = [(p, before[p] - purses[p]) for p in range(len(purses)) if purses[p] < before[p]]
        x, y, w, h = self.market_place("deck")
        bank = (x + w / 2, y + h / 2)
        payers = [p for p, n in losses for _ in range(n)]
        n = 0
        for p, amount in gains:
            for _ in range(amount):
                src = self.purse_point(payers.pop(0)) if payers else bank
                self.coins.append(FlyingCoin(src, self.purse_point(p), 0.12 * n))
                n += 1
        for p in payers:
            self.coins.append(FlyingCoin(self.purse_point(p), bank, 0.12 * n))
            n += 1

    def purse_point(self, seat: int):
        if seat == self.viewer:
            me = self.layout["me"]
            return (me.x + 30, me.y + 30 + self.line_h(17))
        panel = self.panel_of(seat)
        return (panel.x + 25, self.seat_coin_top(panel) + 15)

    # -- moves -----------------------------------------------------------------
    def accepts_moves(self) -> bool:
        """As at every table, and a Heave To! question is answered at the table only by the
        seat that answers it here (see `answers_here`)."""
        return super().accepts_moves() and (self.session.state.phase != rules.REACT
                                            or self.answers_here())

    def my_turn(self, view) -> bool:
        return self.accepts_moves() and view.phase == rules.PLAY

    def can_drag(self, code: str) -> bool:
        """Your hand cards (to play), the face-up pirates (to hire) and your crew (to use)."""
        view = self.session.view(self.viewer)
        return self.my_turn(view) and (code in view.hand or code in view.row
                                       or code in view.crews[self.viewer])

    def drop_zones(self) -> dict:
        """The played area, your crew, the other seats, and, while a card or crew pirate aimed at
        a pirate is held, each pirate it can be aimed at (first, as they lie inside the seats)."""
        view = self.session.view(self.viewer)
        zones = {}
        held = (self.drag.sprite.code if self.drag is not None and self.drag.moving
                else self.released or self.selected)
        if held is not None:
            aimed = {pid for a in self.plays_of(held) for pid in pirates_aimed_at(a)}
            for pid in aimed:
                sprite = self.table.sprites.get(pid)
                if sprite is not None:
                    zones[f"pirate:{pid}"] = pygame.Rect(sprite.pos, sprite.size)
        zones.update({"played": pygame.Rect(self.layout["played"].rect),
                      "crew": pygame.Rect(self.layout["crew"].rect)})
        for seat in range(view.seats):
            if seat != self.viewer:
                zones[f"seat{seat}"] = pygame.Rect(self.panel_of(seat).rect)
        return zones

    def plays_of(self, code: str) -> list:
        """The legal actions that start from this card or pirate."""
        legal = self.session.legal_actions() if self.accepts_moves() else []
        if code in rules.PIRATES:
            return [a for a in legal if a.kind in ("hire", "use") and a.card == code]
        return [a for a in legal if a.kind == "play" and a.card == kind_of(code)]

    def plays_for(self, code: str, zone: str) -> list:
        """The legal actions dropping this card on `zone` could mean."""
        plays = self.plays_of(code)
        if zone.startswith("pirate:"):
            plays = [a for a in plays if zone[7:] in pirates_aimed_at(a)]
        elif zone.startswith("seat"):
            plays = [a for a in plays if a.text.endswith(f"on seat {int(zone[4:]) + 1}")
                     or f"on seat {int(zone[4:]) + 1} " in a.text]
        elif zone == "crew":
            plays = [a for a in plays if a.kind == "hire"]
        elif zone == "played":
            plays = [a for a in plays if a.kind in ("play", "use")]
        return plays

    def legal_zones(self, code: str) -> list:
        """Every zone a drop there means something for, also where it would mean several plays
        (a target or discards still to choose): those glow while the card is held."""
        return [z for z in self.drop_zones() if self.plays_for(code, z)]

    def drop_action(self, code: str, zone: str):
        plays = self.plays_for(code, zone)
        if len(plays) == 1:
            return plays[0].text, None
        if plays or (zone == "crew" and code in self.session.view(self.viewer).crews[self.viewer]):
            return None, None            # several plays: a list asks which; or put back home
        if self.plays_of(code):
            return None, (f"{rules.name_of(code)} can't go there: the places it can go glow "
                          "while you hold it.")
        return None, self.why_not(code)

    def on_release(self, pos) -> None:
        """A drop that could mean several plays (targets, discards) asks which, in words."""
        d = self.drag
        if d is not None and d.moving:
            zone = self.zone_at(self.viewport.to_logical(pos))
            plays = self.plays_for(d.sprite.code, zone) if zone else []
            if len(plays) > 1:
                self.drag = None
                d.sprite.lift = False
                self.slide_home(d)
                self.open_menu(d.sprite.code, plays)
                return
        super().on_release(pos)

    def hint_reason(self, view, action_text: str) -> str:
        """The card's own words, for a play, a pirate's use or a hire."""
        words = action_text.split()
        if len(words) < 2 or words[0] not in ("play", "use", "hire"):
            return ""
        card = rules.ACTIONS.get(words[1]) or rules.PIRATES.get(words[1])
        if card is None:
            return ""
        text = card.text.rstrip(".")
        return text[:1].lower() + text[1:] if text[1:2].islower() else text

    MOVE_KINDS = (("play", "play a card"), ("use", "use a pirate"), ("hire", "hire a pirate"),
                  ("end", "end your turn"))

    def what_now(self) -> str:
        """Every kind of move open now, never one example for all of them."""
        view = self.session.view(self.viewer)
        if not self.accepts_moves() or self.session.is_over():
            return ""
        if view.phase == rules.REACT:  # H means Heave To! here
            return "Cancel the play with Heave To! (H), or let it pass (N)."
        if view.phase == rules.CHOOSE:
            return "You can: make the card's choice in the list (1 to 9). H suggests one."
        kinds = {a.kind for a in self.session.legal_actions()}
        open_now = [words for kind, words in self.MOVE_KINDS if kind in kinds]
        listed = open_now[0] if len(open_now) == 1 else ", ".join(open_now[:-1]) + " or " + open_now[-1]
        return f"You can: {listed}. H suggests a move."

    def why_not(self, code: str) -> str:
        view = self.session.view(self.viewer)
        if not self.my_turn(view):
            return "Wait for your turn."
        if code in view.row:
            return f"{rules.name_of(code)} costs {view.prices[code]}: you have {view.purses[self.viewer]}."
        if code in view.crews[self.viewer]:
            if code in view.disabled:
                return f"{rules.name_of(code)} is disabled."
            if code in view.used:
                return f"{rules.name_of(code)} has already been used this turn."
            if rules.PIRATES[code].has("protect"):
                return f"{rules.name_of(code)} protects you all the time: there is nothing to use."
            return f"{rules.name_of(code)} has nothing to do now."
        if kind_of(code) == rules.HEAVE:
            return "Heave To! is kept for cancelling another player's play."
        if view.plays_left <= 0:
            return "You have played 3 action cards this turn."
        return f"{rules.name_of(code)} can't be played that way now."

    def click(self, code: str) -> None:
        view = self.session.view(self.viewer)
        mine = code in view.hand or code in view.row or code in view.crews[self.viewer]
        if not mine or not self.my_turn(view):
            self.pinned = None if self.pinned == code else code
            return
        plays = self.plays_of(code)
        if plays:
            self.open_menu(code, plays)
        else:
            self.say(self.why_not(code), "error")

    def open_menu(self, code: str, plays: list) -> None:
        view = self.session.view(self.viewer)
        card = rules.ACTIONS.get(kind_of(code)) or rules.PIRATES[code]
        self.menu_title = f"{card.name}: {card.text}"
        self.menu = [(self.label(a, view), a.text) for a in plays]
        self.build_menu()

    def label(self, a, view) -> str:
        """An action in words, with what it will do where the words alone don't say."""
        if a.kind == "hire":
            cost = view.prices[a.card]
            return self.words_of(a.text) + f" for {cost} doubloon{'s' if cost != 1 else ''}"
        text = self.words_of(a.text)
        card = rules.ACTIONS.get(a.card) or rules.PIRATES.get(a.card)
        target = a.target[0] if isinstance(a.target, tuple) else None
        if card is not None and card.has("replay_last") and view.last_card:
            text += f": plays {rules.name_of(view.last_card)} again"
        elif isinstance(target, int):
            text += (f" ({view.purses[target]} doubloons, {view.hand_counts[target]} cards)")
        elif isinstance(target, list):
            text += f", paying {view.prices[target[1]]}"
        return text

    def looked(self) -> tuple:
        """The cards of the viewer's private look (Spyglass, Francis Fernando, Me Hearties)."""
        c = self.session.view(self.viewer).choice
        return c.cards if c is not None and c.kind in ("take", "give", "spy") else ()

    def build_menu(self) -> None:
        lw, lh = self.viewport.logical
        count = len(self.menu) + self.cancelable_menu()
        extra = LOOK[1] + 16 if self.looked() else 0
        top = max(20, (lh - 90 - extra - count * MENU_ROW) / 2)
        buttons = []
        for i, (label, text) in enumerate(self.menu):
            buttons.append(Button(((lw - 560) / 2, top + extra + 70 + i * MENU_ROW, 560, MENU_ROW - 6),
                                  label, lambda t=text: self.choose(t),
                                  str(i + 1) if i < 9 else "", text_size=15))
        if self.cancelable_menu():
            buttons.append(Button(((lw - 560) / 2, top + extra + 70 + len(self.menu) * MENU_ROW, 560,
                                   MENU_ROW - 6), "Cancel", self.close_menu, "Esc", text_size=15))
        self.menu_row = ButtonRow(buttons)
        self.menu_panel = ((lw - 600) / 2, top, 600, 84 + extra + count * MENU_ROW)

    def build_prompt(self) -> None:
        """The Heave To! question sits below the table, so the play and its chain stay in
        sight; it is the same for every seat asked, whatever their hand."""
        place = self.layout["prompt"]
        w = (place.w - 60) / 2
        y = place.y + place.h - 50
        self.menu_row = ButtonRow([
            Button((place.x + 20, y, w, 40), "Let it pass", lambda: self.choose(rules.LET_PASS.text),
                   "N", text_size=16),
            Button((place.x + 40 + w, y, w, 40), "Heave To!", lambda: self.choose(rules.HEAVE_TO.text),
                   "H", text_size=16)])
        self.menu_panel = place.rect

    def cancelable_menu(self) -> bool:
        return self.session.view(self.viewer).phase == rules.PLAY

    def close_menu(self) -> None:
        self.menu = []
        self.menu_row = ButtonRow()

    def choose(self, text: str) -> None:
        self.close_menu()
        self.selected = None
        self.act(text)

    def end_turn(self) -> None:
        if self.my_turn(self.session.view(self.viewer)):
            self.close_menu()
            self.act(rules.END_TURN)

    def act(self, action) -> bool:
        self.pinned = None
        state = self.session.state
        actor = state.to_act
        if self.claim is not None and actor == self.claim[1]:
            self.claim = None    # the claimer answered: anyone after them is asked again
        kept = self.captions.get(actor)
        pending = self.session.view(self.viewer).pending  # public; online, state is a view
        base = pending[0].seat if pending else None
        text = str(action)
        if not super().act(action):
            return False
        self.place_lines(actor, kept, base, text)
        return True

    # -- captions: each line of the log at the seat that acted ------------------------
    def lines_by_seat(self, actor, base, text) -> list:
        """(seat or None, line in words) for each log line the latest action added. A line
        belongs to the seat whose play it tells: the actor's own, but a play resolved by the
        last "let it pass" (or at once after a Heave To!) is its player's, a new turn is the
        new player's, and a reshuffle or the turn limit is the table's own (None)."""
        before = len(self.session.view_at(-2, self.viewer).log)
        raw = self.session.view(self.viewer).log[before:]
        owner = base if text == rules.LET_PASS.text else actor
        out = []
        for line in raw:
            seat = owner
            turn = TURN_LINE.match(line)
            if turn:
                seat = owner = int(turn.group(1))
            elif line.startswith(TABLE_LINES) or line.endswith(CANCELLED):
                seat = None
            out.append((seat, self.words(line)))
            if text == rules.HEAVE_TO.text and line.endswith("shouts Heave To!"):
                owner = base               # nobody else asked: the chain resolves at once
        return out

    def place_lines(self, actor, kept, base, text) -> None:
        """A computer's lines become its caption (whole lines only, newest kept); a human's and
        the table's go to the status line. A move that adds no line (a computer letting a play
        pass: every Doubloons choice is logged) leaves captions as they were."""
        if actor is not None and not self.seats[actor].is_human:
            self.captions.pop(actor, None)
            if kept is not None:
                self.captions[actor] = kept
        lines = self.lines_by_seat(actor, base, text)
        table = [line for seat, line in lines if seat is None or self.seats[seat].is_human]
        captions = {}
        for seat in dict.fromkeys(seat for seat, _ in lines):
            if seat is not None and not self.seats[seat].is_human:
                captions[seat] = self.whole_caption(seat, [line for at, line in lines if at == seat])
        self.held_lines = (captions, self.status_text(table))
        self.release_lines()

    def settled(self) -> bool:
        """Whether the cards and the coins on the table have got where the game now is."""
        return not self.table.busy and not self.coins

    def release_lines(self) -> None:
        """Tell what the latest move did (captions, status line) once the table shows it."""
        if self.held_lines is None or not self.settled():
            return
        captions, status = self.held_lines
        self.held_lines = None
        for seat, lines in captions.items():
            self.captions[seat] = [lines, CAPTION_PACES * self.bot_pace()]
        if captions:  # the next computer move waits until this one has been read
            self.bot_wait = max(self.bot_wait, self.bot_pace())
        self.say(status)

    def hud_view(self, view):
        """The view the counters and panels are drawn from: the one the table last rested in,
        so no purse, count or chain says more than the moving cards and coins have shown."""
        if self.settled() or self.hud is None or self.hud.seat != view.seat:
            self.hud = view
        return self.hud

    def whole_caption(self, seat, lines) -> list:
        """The newest of `lines` that fit the seat's caption whole (never a cut sentence)."""
        vp = self.viewport
        place = self.caption_place(seat)
        room = max(1, min(CAPTION_LINES + 1, (place.h - 12) // 20))
        kept: list[str] = []
        used = 0
        for line in reversed(lines):
            need = len(wrap(line, vp.text(14), vp.length(place.w - 20)))
            if kept and used + need > room:
                break
            kept.insert(0, line)
            used += need
        return kept[-CAPTION_LINES:]

    def status_text(self, lines) -> str:
        """The newest whole lines that fit the status line's two rows."""
        width = 2 * self.layout["status"].w - 40
        text = ""
        for line in reversed(lines):
            longer = printable(line + ("  " + text if text else ""))
            if text and font(17).size(longer)[0] > width:
                break
            text = longer
        return text

    def say(self, text: str, kind: str = "info") -> None:
        super().say(self.words(text), kind)   # the rules name players as {p0}, {p1}...

    def describe(self, action_text: str) -> str:
        """Nothing at once: what happened is told once the cards have got there (`place_lines`)."""
        return ""

    # -- what the viewer must decide without a click ------------------------------
    def decision_menu(self, view) -> None:
        """A choice or a Heave To! question for the viewer opens its list by itself."""
        if not self.accepts_moves() or self.table.busy:
            return
        if view.phase == rules.REACT and not self.menu and self.answers_here():
            self.menu_title = self.chain_words(view) + " Cancel it?"
            self.menu = [("Let it pass", rules.LET_PASS.text), ("Heave To!", rules.HEAVE_TO.text)]
            self.build_prompt()
        elif view.phase == rules.CHOOSE and not self.menu:
            c = view.choice
            source = rules.name_of(c.card) if c.card else "Choose"
            titles = {"take": "Take one card from this hand", "give": "Give one card away, keep the other",
                      "spy": "Keep one card, put the rest back on top",
                      "pirate": "Take a pirate into your crew", "effect": f"{source}: choose how"}
            self.menu_title = titles[c.kind]
            self.menu = [(self.words_of(a.text), a.text) for a in self.session.legal_actions()]
            self.build_menu()
        elif view.phase == rules.PLAY and self.menu and self.menu[0][1] == rules.LET_PASS.text:
            self.close_menu()

    def chain_words(self, view) -> str:
        if not view.pending:
            return ""
        base = view.pending[0]
        name = self.seats[base.seat].name
        verb = "uses" if base.card is None else "plays"
        text = f"{name} {verb} {self.words(rules.describe_play(base.source, base.target))}"
        card = rules.ACTIONS.get(base.source)
        if card is not None and card.has("replay_last") and view.last_card:
            text += f", playing {rules.name_of(view.last_card)} again"
        text += "."
        for p in view.pending[1:]:
            text += f" {self.seats[p.seat].name}: Heave To!"
        return text

    def update(self, dt: float) -> None:
        for coin in self.coins:
            coin.t += dt
        self.coins = [c for c in self.coins if not c.done]
        self.release_lines()
        state = self.session.state
        to_act = state.to_act
        if (state.phase == rules.REACT and to_act is not None and self.seats[to_act].is_human
                and self.app.top is self and not self.table.busy and not self.handing_off):
            if not self.asked(to_act):
                self.act(rules.LET_PASS)   # not asked: the same for every hand
                return
            if len(self.humans) > 1 and self.answer_by_window(state, to_act):
                return
        super().update(dt)
        if (self.thinking is not None or self.bot_choice is not None) and state.phase == rules.REACT:
            self.bot_wait = min(self.bot_wait, REACT_PACE)
        if self.app.top is self and not self.handing_off:
            self.decision_menu(self.session.view(self.viewer))

    def moving_by_itself(self) -> bool:
        return bool(self.coins) or super().moving_by_itself()

    # -- the public Heave To! window (several humans) --------------------------------
    def asked(self, seat: int) -> bool:
        """Whether the human at `seat` is asked about the chain's top (the table option; public
        information only)."""
        mode = self.session.options.get("ask_humans", "every")
        return rules.asks(self.session.view(seat), seat, mode)

    @staticmethod
    def chain_of(state) -> tuple:
        """What identifies the chain's top: the turn, what was played and the chain itself."""
        return (state.turn_no, state.plays, tuple(state.used),
                tuple((p["seat"], p["card"], p["source"]) for p in state.pending))

    def answer_by_window(self, state, to_act: int) -> bool:
        """A human is next to answer the chain's top: ask every human asked at once, in public,
        and hand the table only to one who claims it. Returns whether this frame is spent."""
        chain = self.chain_of(state)
        if self.claim is not None and self.claim[0] == chain:
            claimer = self.claim[1]
            if to_act != claimer:
                self.act(rules.LET_PASS)     # asked in the window, they did not claim it
                return True
            if not self.claim_handed:        # the answer is private: behind a Pass to…
                self.claim_handed = True
                self.hand_off(claimer)
                return True
            return False                     # the claimer's own prompt (decision_menu)
        if self.nobody_claimed == chain:
            self.act(rules.LET_PASS)
            return True
        if self.table.busy:
            return True
        seats = [q for q in state.queue if self.seats[q].is_human and self.asked(q)]
        view = self.session.view(to_act)
        cards = [view.pending[0].card or view.pending[0].source] + [p.card for p in view.pending[1:]]
        self.app.push(HeaveToWindow(
            self.app, self.chain_words(view), cards, [(q, self.seats[q].name) for q in seats],
            WINDOW_PACES * self.bot_pace(), lambda seat: self.claimed(chain, seat),
            lambda: self.let_everyone_pass(chain)))
        return True

    def answers_here(self) -> bool:
        """Whether the seat at the screen answers the chain's top here: always at a table with
        one human; with several, only a seat that claimed it in the window and was handed it."""
        if len(self.humans) < 2:
            return True
        state = self.session.state
        return (self.claim is not None and self.claim == (self.chain_of(state), self.viewer)
                and self.claim_handed)

    def claimed(self, chain, seat: int) -> None:
        self.claim, self.claim_handed = (chain, seat), False
        self.say(f"{self.seats[seat].name} claims the play.")

    def let_everyone_pass(self, chain) -> None:
        self.nobody_claimed = chain

    # -- input -------------------------------------------------------------------
    def handle(self, event) -> None:
        if self.menu and self.menu_row.handle(event, self.viewport):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            sprite = self.table.sprite_at(self.viewport.to_logical(event.pos))
            self.pinned = sprite.code if sprite and sprite.code != self.pinned else None
            return
        if self.menu and event.type == pygame.MOUSEBUTTONDOWN:
            if self.cancelable_menu():
                self.close_menu()
            return
        super().handle(event)

    def on_key(self, event) -> None:
        view = self.session.view(self.viewer)
        key = event.key
        if self.menu:
            if key == pygame.K_ESCAPE and self.cancelable_menu():
                self.close_menu()
                return
            if view.phase == rules.REACT and key in (pygame.K_n, pygame.K_h, pygame.K_RETURN,
                                                     pygame.K_SPACE, pygame.K_KP_ENTER):
                self.choose(rules.HEAVE_TO.text if key == pygame.K_h else rules.LET_PASS.text)
                return
            if view.phase == rules.CHOOSE and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose(self.menu[0][1])
                return
            if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.menu):
                self.choose(self.menu[key - pygame.K_1][1])
                return
        if key in (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER) and self.my_turn(view):
            self.end_turn()
        elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(view.hand):
            self.click(view.hand[key - pygame.K_1])
        else:
            super().on_key(event)

    def on_new_game(self) -> None:
        super().on_new_game()
        self.claim, self.claim_handed, self.nobody_claimed = None, False, None
        self.held_lines, self.hud = None, None
        self.close_menu()
        self.coins = []
        self.purses_seen = None
        self.pinned = None

    def hand_off(self, seat: int) -> None:
        self.close_menu()
        self.pinned = None    # a card's text pinned by one player is not the next one's
        self.held_lines = None  # the recap on the Pass to… screen tells it instead
        super().hand_off(seat)

    # -- the end -------------------------------------------------------------------
    def show_result(self) -> None:
        view = self.session.view(self.viewer)
        winners = [self.seats[w].name for w in view.winners]
        ranking = sorted(range(view.seats), key=lambda s: -view.purses[s])
        lines = [f"{self.seats[s].name}: {view.purses[s]} doubloons" for s in ranking][:6]
        lines.append(f"{self.deal_name()}, {view.turn_no} turns")
        won = any(self.seats[w].is_human for w in view.winners)
        headline = f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}!"
        self.app.push(ResultScreen(self.app, self, won, headline, lines))

    # -- drawing ---------------------------------------------------------------------
    def draw_table(self, surface, view) -> None:
        self.update_act_button(view)
        view = self.hud_view(view)
        vp = self.viewport
        art = self.app.art
        doubloons_art.follow_text_floor(vp, art)
        market, (cw, ch) = self.market()
        w, h = vp.length(cw), vp.length(ch)
        for name, label, count, back in (("pirate_deck", "Pirates", view.pirate_deck_count, "back:pirate"),
                                         ("deck", "Actions", view.deck_count, "back:action")):
            x, y = market[name]
            if count:
                for i in range(min(4, (count + 7) // 8)):
                    surface.blit(art.face(back, w, h), vp.point(x - 2 * i, y - 2 * i))
            else:
                surface.blit(art.slot(w, h, "Empty"), vp.point(x, y))
            self.draw_pile_label(surface, (x, y, cw, ch), (f"{label}: {count}", str(count)), theme.INK_DIM)
        x, y = market["discard"]
        if not view.discard:
            surface.blit(art.slot(w, h, "Discard"), vp.point(x, y))
        discards = len(view.discard)
        self.draw_pile_label(surface, (x, y, cw, ch), (f"Discard: {discards}", str(discards)), theme.INK_DIM)
        for i, pid in enumerate(view.row):
            x, y = market[f"row{i}"]
            if pid is None:
                surface.blit(art.slot(w, h, ""), vp.point(x, y))
            else:
                price = view.prices[pid]
                self.draw_pile_label(surface, (x, y, cw, ch), (f"Hire: {price}", str(price)),
                                     theme.GOLD if price < rules.PIRATES[pid].cost else theme.INK_DIM, "bold")
        self.draw_played(surface, view)
        self.draw_chain(surface, view)
        for seat in range(view.seats):
            if seat == self.viewer:
                self.draw_me(surface, view)
            else:
                self.draw_seat(surface, view, seat)

    def draw_pile_label(self, surface, rect, forms, colour, face="sans") -> None:
        """The first of `forms` (the longest first) that fits under a card of the middle row."""
        x, y, w, h = rect

        def draw(on) -> None:
            text = self.first_fitting(forms, 13, w + 6, face)
            draw_text(on, self.viewport, text, 13, (x + w / 2, y + h + 2), colour, "midtop", face)
        self.draw_kept(surface, ("label", x, y), None, (rect, forms, colour, face), draw)

    def first_fitting(self, forms, size, width, face="sans") -> str:
        """The first of `forms` that fits `width` logical pixels at `size`, else the last."""
        vp = self.viewport
        f = font(vp.text(size), face)
        return next((t for t in forms if f.size(t)[0] <= vp.length(width)), forms[-1])

    def draw_played(self, surface, view) -> None:
        place = self.layout["played"]
        key = (tuple(place.rect), self.seats[view.turn].name, view.plays_left, len(view.played),
               tuple(view.used))
        self.draw_kept(surface, "played", self.viewport.rect(*place.rect), key,
                       lambda on: self.draw_played_afresh(on, view))

    def draw_played_afresh(self, surface, view) -> None:
        vp = self.viewport
        place = self.layout["played"]
        draw_panel(surface, vp.rect(*place.rect), fill=(0, 0, 0, 60), edge=(80, 120, 96))
        name = self.seats[view.turn].name
        fit_text(surface, vp, f"{name}'s turn: {view.plays_left} of 3 plays left", 14,
                 (place.x + 10, place.y + 6), place.w - 20, theme.INK, face="bold")
        x, y, width, (w, h) = self.played_row()
        cards = max(PLAYS_SHOWN, len(view.played)) * (w + 4)
        if view.used:  # beside the cards, as many lines as their height holds
            left = x + min(cards, width) + 6
            room = place.x + place.w - 10 - left
            line_h = self.line_h(12)
            used = ", ".join(rules.name_of(p) for p in view.used)
            lines = wrap(f"Crew used: {used}", vp.text(12), vp.length(room))
            shown = lines[:max(1, int(h // line_h))]
            if len(shown) < len(lines):
                shown[-1] = " ".join(lines[len(shown) - 1:])  # fit_text ends it with an ellipsis
            for i, line in enumerate(shown):
                fit_text(surface, vp, line, 12, (left, y + i * line_h), room, theme.INK_DIM)
        if not view.played:
            hint_w = width if view.used else place.w - 20
            fit_text(surface, vp, "Drag a card here to play it", 14, (x + hint_w / 2, y + h / 2),
                     hint_w, theme.INK_DIM, "center")

    def draw_chain(self, surface, view) -> None:
        place = self.layout["chain"]
        key = (tuple(place.rect), rules.cancelled(view.pending) if view.pending else None,
               self.chain_words(view) if len(view.pending) == 1 else None,
               self.seats[view.to_act].name if view.to_act is not None else "")
        self.draw_kept(surface, "chain", self.viewport.rect(*place.rect), key,
                       lambda on: self.draw_chain_afresh(on, view))

    def draw_chain_afresh(self, surface, view) -> None:
        vp = self.viewport
        place = self.layout["chain"]
        waiting = bool(view.pending)
        draw_panel(surface, vp.rect(*place.rect), fill=(90, 20, 20, 150) if waiting else (0, 0, 0, 60),
                   edge=theme.RED if waiting else (80, 120, 96))
        if not waiting:
            fit_text(surface, vp, "Heave To! chain: none", 14, (place.x + 10, place.y + 8), place.w - 20,
                     theme.INK_DIM)
            return
        state = "cancelled" if rules.cancelled(view.pending) else "stands"
        fit_text(surface, vp, f"Waiting: the play {state}", 14, (place.x + 10, place.y + 8), place.w - 20,
                 theme.GOLD, face="bold")
        asking_y = self.asking_y()
        if len(view.pending) == 1:  # the play itself lies in the played row; say what it is
            line_h = self.line_h(13)
            top = place.y + 8 + self.line_h(14) + 4
            room = max(0, int((asking_y - 2 - top) // line_h))
            for i, line in enumerate(wrap(self.chain_words(view), vp.text(13),
                                          vp.length(place.w - 20))[:min(3, room)]):
                draw_text(surface, vp, line, 13, (place.x + 10, top + line_h * i), theme.INK)
        asking = self.seats[view.to_act].name if view.to_act is not None else ""
        if asking:
            fit_text(surface, vp, f"Asking {asking}", 13, (place.x + 10, asking_y), place.w - 20, theme.INK)

    def draw_seat(self, surface, view, seat) -> None:
        vp = self.viewport
        art = self.app.art
        panel = self.panel_of(seat)
        active = view.to_act == seat
        turn = view.turn == seat
        name = self.seats[seat].name + ("  ·  turn" if turn else "")
        r = vp.rect(*panel.rect)

        def draw(on) -> None:
            self.draw_seat_frame(on, r, active)
            fit_text(on, vp, name, 16, (panel.x + self.name_inset, panel.y + 8),
                     panel.w - 10 - self.name_inset, theme.GOLD if active else theme.INK,
                     face="bold")
        self.draw_kept(surface, ("seat", seat), r,
                       (tuple(panel.rect), active, name, self.name_inset), draw)
        coin = art.face("coin", vp.length(30), vp.length(30))
        key = (tuple(panel.rect), coin, view.purses[seat], view.hand_counts[seat],
               len(view.crews[seat]), self.guard_words(view, seat), self.seats[seat].describe())
        self.draw_kept(surface, ("seat words", seat), None, key,
                       lambda on: self.draw_seat_words(on, view, seat, panel, coin))

    def draw_seat_words(self, surface, view, seat, panel, coin) -> None:
        """A seat's purse and cards under its name, and what its crew guards and who plays it
        from the bottom up, right of the crew's cards."""
        vp = self.viewport
        top = self.seat_coin_top(panel)
        surface.blit(coin, vp.point(panel.x + 10, top))
        draw_text(surface, vp, f"{view.purses[seat]}", 22, (panel.x + 46, top + 15), theme.GOLD, "midleft",
                  "bold")
        cards = view.hand_counts[seat]
        draw_text(surface, vp, f"{cards} card{'s' if cards != 1 else ''}", 14,
                  (panel.x + panel.w - 10, top + 15), theme.INK, "midright")
        # the words on the right, from the bottom up, right of the crew's cards
        x, _, (cw, _) = self.seat_crew(seat)
        crew = len(view.crews[seat])
        left = x + crew * (cw + 4) + 6 if crew else panel.x + 10
        right = panel.x + panel.w - 10
        y = panel.y + panel.h - 4
        describe = self.seats[seat].describe()
        for forms, size, colour in ((self.guard_words(view, seat), 12, theme.GREEN),
                                    ((describe, describe.split(" (")[0]), 11, theme.INK_DIM))[::-1]:
            if not forms:
                continue
            text = self.first_fitting(forms, size, right - left)
            if font(vp.text(size)).size(text)[0] > vp.length(right - left):
                continue
            y -= self.line_h(size)
            draw_text(surface, vp, text, size, (right, y), colour, "topright")

    def guard_words(self, view, seat) -> tuple:
        """What the seat's crew keeps safe, the longest form first; () if nothing."""
        doubloons, cards = view.protection[seat]
        return {(True, True): ("Safe: all",), (True, False): ("Safe: doubloons", "Safe: coins"),
                (False, True): ("Safe: cards",)}.get((doubloons, cards), ())

    def draw_guards(self, surface, view, seat, pos, anchor="topleft") -> None:
        words = self.guard_words(view, seat)
        if words:
            draw_text(surface, self.viewport, words[0], 12, pos, theme.GREEN, anchor)

    def draw_me(self, surface, view) -> None:
        vp = self.viewport
        me = self.layout["me"]
        coin = self.app.art.face("coin", vp.length(36), vp.length(36))
        key = (tuple(me.rect), view.to_act == self.viewer, self.seats[self.viewer].name, coin,
               view.purses[self.viewer], self.guard_words(view, self.viewer),
               self.words(view.notes[-1]) if view.notes else None)
        self.draw_kept(surface, "me", vp.rect(*me.rect), key,
                       lambda on: self.draw_me_afresh(on, view, coin))
        self.draw_my_crew(surface, view)

    def draw_me_afresh(self, surface, view, coin) -> None:
        vp = self.viewport
        me = self.layout["me"]
        active = view.to_act == self.viewer
        self.draw_seat_frame(surface, vp.rect(*me.rect), active)
        fit_text(surface, vp, self.seats[self.viewer].name, 17, (me.x + 10, me.y + 8), me.w - 20,
                 theme.GOLD if active else theme.INK, face="bold")
        top = me.y + 12 + self.line_h(17)
        surface.blit(coin, vp.point(me.x + 12, top))
        draw_text(surface, vp, f"{view.purses[self.viewer]} of {rules.WIN}", 22, (me.x + 56, top + 18),
                  theme.GOLD, "midleft", "bold")
        y = top + 42
        if self.guard_words(view, self.viewer) and y + self.line_h(12) <= me.y + me.h - 2:
            self.draw_guards(surface, view, self.viewer, (me.x + 10, y))
            y += self.line_h(12) + 4
        if view.notes and y + self.line_h(12) <= me.y + me.h - 2:
            note = self.words(view.notes[-1])
            fit_text(surface, vp, note, 12, (me.x + 10, y), me.w - 20, theme.INK_DIM)

    def draw_my_crew(self, surface, view) -> None:
        crew = self.layout["crew"]
        self.draw_kept(surface, "crew", self.viewport.rect(*crew.rect),
                       (tuple(crew.rect), len(view.crews[self.viewer])),
                       lambda on: self.draw_my_crew_afresh(on, view))

    def draw_my_crew_afresh(self, surface, view) -> None:
        vp = self.viewport
        crew = self.layout["crew"]
        draw_panel(surface, vp.rect(*crew.rect), fill=(0, 0, 0, 50), edge=(80, 120, 96))
        count = f"{len(view.crews[self.viewer])} of 2"
        if self.my_crew_shape()[0]:  # one heading over the cards
            fit_text(surface, vp, f"Your crew: {count}", 15, (crew.x + 10, crew.y + 8), crew.w - 20,
                     theme.INK, face="bold")
            return
        width = CREW_TEXT_W - 14
        heading = self.first_fitting(("Your crew", "Crew"), 15, width, "bold")
        lines = [(heading, 15, theme.INK, "bold"), (count, 13, theme.INK_DIM, "sans"),
                 ("Click or drag", 12, theme.INK_DIM, "sans"), ("to use", 12, theme.INK_DIM, "sans")]
        y = crew.y + 8
        hint_fits = font(vp.text(12)).size("Click or drag")[0] <= vp.length(width)
        for i, (text, size, colour, face) in enumerate(lines):
            if i == 2 and (not hint_fits or y + 2 * self.line_h(size) > crew.y + crew.h - 2):
                break  # the hint's two lines go together, whole, or not at all
            if y + self.line_h(size) > crew.y + crew.h - 2:
                break
            fit_text(surface, vp, text, size, (crew.x + 10, y), width, colour, face=face)
            y += self.line_h(size) + (4 if i == 1 else 0)

    def update_act_button(self, view) -> None:
        self.act_button.enabled = self.my_turn(view) and not self.menu

    def draw_overlay(self, surface, view) -> None:
        vp = self.viewport
        art = self.app.art
        for code, sprite in self.table.sprites.items():
            if code in view.disabled and not sprite.busy:
                r = vp.rect(*sprite.pos, *sprite.size)
                # a band as wide as its word, over the card: nothing else is read there
                word = font(vp.text(11), "bold")
                wide = max(r.w, word.size("Disabled")[0] + vp.length(8))
                band = pygame.Rect(0, 0, wide, max(vp.length(18), word.get_linesize() + 2))
                band.center = r.center
                draw_panel(surface, band, fill=(150, 30, 30, 255), edge=None, radius=vp.length(3))
                draw_text(surface, vp, "Disabled", 11, (sprite.pos[0] + sprite.size[0] / 2,
                                                        sprite.pos[1] + sprite.size[1] / 2),
                          theme.INK, "center", "bold")
            if code in view.used and not sprite.busy:
                draw_text(surface, vp, "used", 11, (sprite.pos[0] + sprite.size[0] / 2,
                                                    sprite.pos[1] + sprite.size[1] + 1),
                          theme.INK_DIM, "midtop")
        size = vp.length(26)
        for c in self.coins:
            if c.t >= c.delay:
                x, y = c.pos()
                surface.blit(art.face("coin", size, size), vp.point(x - 13, y - 13))
        if self.menu:
            self.draw_menu(surface, view)
        else:
            self.draw_tooltip(surface, view)

    def draw_menu(self, surface, view) -> None:
        vp = self.viewport
        x, y, w, h = self.menu_panel
        draw_panel(surface, vp.rect(x, y, w, h), fill=(10, 30, 22, 240))
        if view.phase == rules.REACT:
            line = wrap(self.menu_title, vp.text(16), vp.length(w - 30))
            draw_text(surface, vp, " ".join(line[:1]), 16, (x + w / 2, y + 12), theme.GOLD, "midtop", "bold")
            self.menu_row.draw(surface, vp)
            return
        lines = wrap(self.menu_title, vp.text(17), vp.length(w - 40))[:2]
        for i, line in enumerate(lines):
            draw_text(surface, vp, line, 17, (x + w / 2, y + 14 + i * 24), theme.GOLD, "midtop", "bold")
        if self.looked():
            self.draw_looked(surface, self.looked(), (x, y + 60, w))
        self.menu_row.draw(surface, vp)

    def draw_looked(self, surface, cards, box) -> None:
        """The cards of a private look, above the choices (this seat's view holds them)."""
        vp = self.viewport
        x, y, w = box
        width = len(cards) * (LOOK[0] + 8) - 8
        spots = self.row(x + max(20, (w - width) / 2), y, w - 40, LOOK, len(cards))
        for (cx, cy), code in zip(spots, cards):
            surface.blit(self.app.art.face(code, vp.length(LOOK[0]), vp.length(LOOK[1])),
                         vp.point(cx, cy))

    def draw_tooltip(self, surface, view) -> None:
        code = self.pinned or self.hover_code
        if not code or (self.drag and self.drag.moving):
            return
        card = rules.ACTIONS.get(kind_of(code)) or rules.PIRATES.get(code)
        sprite = self.table.sprites.get(code)
        if card is None or sprite is None or not sprite.face_up:
            return
        vp = self.viewport
        lines = [card.name]
        if card.cost is not None:
            cost = view.prices.get(code, card.cost)
            lines.append(f"Hire cost {cost}" + (f" (printed {card.cost}, Barter applied)"
                                                if cost != card.cost else ""))
            if code in view.disabled:
                lines.append(f"Disabled until {self.seats[view.disabled[code]].name}'s turn")
        lines += wrap(card.text, vp.text(15), vp.length(300))
        if card.has("replay_last") and code not in rules.PIRATES:
            last = view.last_card
            lines.append(f"Now plays again: {rules.name_of(last)}" if last else "Nothing to play again yet")
        w, h = 330, 20 + 22 * len(lines)
        x = min(sprite.pos[0] + sprite.size[0] + 8, self.viewport.logical[0] - w - 10)
        y = min(max(10, sprite.pos[1] - 10), self.viewport.logical[1] - h - 10)
        if x < sprite.pos[0] + sprite.size[0] and x + w > sprite.pos[0]:
            x = max(10, sprite.pos[0] - w - 8)
        draw_panel(surface, vp.rect(x, y, w, h), fill=(10, 30, 22, 245))
        for i, line in enumerate(lines):
            draw_text(surface, vp, line, 15, (x + 12, y + 10 + 22 * i),
                      theme.GOLD if i == 0 else theme.INK, face="bold" if i == 0 else "sans")
