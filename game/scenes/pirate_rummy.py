"""The Pirate Rummy table: every player's area as rows of melds (the others along the top,
yours in the middle), your hand at the bottom, the deck and the discarded ships on the right.

A drop means one small engine action: a hand card onto a meld adds it, onto your area's free
space starts a meld; a meld card onto another meld of its area moves it, onto the area's free
space starts a new meld there, onto a gap between two cards of its own run splits the run
there; a pirate ship onto another player's card plunders it. A drag that ends on the dragged
card's own uncovered part puts it back (no accidental split). Ctrl+click picks up several hand
cards at once: dropped or clicked onto a meld or your free space, they go there as a sequence
of actions checked whole on a copy of the state first, so either all of them go or none."""
from __future__ import annotations

import pygame

from ..engine import pirate_rummy as rules
from ..engine.errors import IllegalAction
from ..ui import canvas, pirate_rummy_art, theme
from ..ui import layout as layouts
from ..ui.hand_rows import hand_rows
from ..ui.widgets import draw_text, fit_text
from .dialogs import ConfirmDialog, ResultScreen
from .pass_and_play import OPPONENT_SLOTS, PassAndPlayScene

assert pirate_rummy_art.accepts("ship1")  # the deck's art is registered by the import

HEADER = 28          # an area's name line
PAD = 8
LARGEST = 60         # widest card in an area; an area too full shrinks its cards
SMALLEST = 16
OVERLAP = 0.42       # the part of a card left showing under the next card of its meld
GAP_WIDTH = 0.5      # a split gap's width, as a part of the card showing between two cards
GROUP_FAN = 0.45     # cards picked up together follow a dragged one, fanned by this part of a card
AREA_GAP = 12        # between two of the other players' areas


def meld_text(meld) -> str:
    return "[" + " ".join(meld) + "]"


def by_colour(card: str) -> tuple:
    if rules.is_ship(card):
        return (1, 0, 0, card)
    return (0, rules._COLOUR_ORDER[rules.COLOUR[card]], rules.NUMBER[card], card)


def by_number(card: str) -> tuple:
    return (1 if rules.is_ship(card) else 0,) + rules.card_key(card)


def arrange(melds, x, y, w, h):
    """Rows of melds inside (x, y, w, h): the largest card size at which they all fit.
    Returns (card size, [[(x, y) per card] per meld])."""
    for width in range(LARGEST, SMALLEST - 1, -2):
        size = (width, round(width * 1.4))
        spots = flow(melds, x, y, w, size)
        if spots is not None and all(py + size[1] <= y + h for meld in spots for _, py in meld):
            return size, spots
    size = (SMALLEST, round(SMALLEST * 1.4))
    return size, flow(melds, x, y, w, size, squeeze=True)


def height_needed(melds, w) -> float:
    """The height of an area `w` wide that shows `melds` at the largest card size."""
    if not melds:
        return 0.0
    size = (LARGEST, round(LARGEST * 1.4))
    spots = flow(melds, 0, 0, w - 2 * PAD, size)
    return HEADER + max(y for meld in spots for _, y in meld) + size[1] + PAD


def flow(melds, x, y, w, size, squeeze=False):
    cw, ch = size
    gap = max(6, cw // 3)
    cx, cy, out = x, y, []
    rows = 0
    for meld in melds:
        n = len(meld)
        step = cw * OVERLAP if n < 2 else min(cw * OVERLAP, (w - cw) / (n - 1))
        span = cw + (n - 1) * step
        if cx > x and cx + span > x + w:
            cx, cy, rows = x, cy + ch + 8, rows + 1
        out.append([(cx + i * step, cy) for i in range(n)])
        cx += span + gap
    return out


class PirateRummyScene(PassAndPlayScene):
    game_id = "pirate_rummy"

    def __init__(self, app, seed=None, options=None, seats=None):
        self.sort_key = by_colour
        self._geometry = None
        self._legal = None
        self.pressed_at = None
        self.group = ()       # hand cards picked up together with Ctrl+click
        super().__init__(app, seed, options, seats)
        end = self.layout_button("act", "End turn", self.end_turn, "E", text_size=16)
        self.reset_button = self.layout_button("reset", "Reset turn", self.reset_turn, "R",
                                               text_size=16)
        self.sort_button = self.layout_button("sort", "Sort by number", self.toggle_sort, "S",
                                              text_size=15)
        self.ships_button = self.layout_button("ships", "Discard ships", self.discard_ships,
                                               "D", text_size=15)
        self.end_button = end
        self.buttons = self.side_buttons(end)
        self.buttons.buttons[1:1] = [self.reset_button, self.sort_button, self.ships_button]

    # -- where everything is -------------------------------------------------
    def hand_slots(self, count: int, gap: float = 18) -> list:
        """The hand across its zone's whole width, in rows where the zone is tall enough,
        down at the zone's foot: your area takes the room the hand leaves above it."""
        hand = self.layout["hand"]
        slots = hand_rows(hand.rect, count, self.card_size, gap)
        if not slots:
            return slots
        drop = hand.y + hand.h - (max(y for _, y in slots) + self.card_size[1])
        return [(x, y + drop) for x, y in slots]

    def panel_of(self, seat: int):
        return self.areas()[seat]

    def areas(self) -> dict:
        """{seat: its area}: the other players share the band along the top evenly, as tall
        as their melds need at the largest card size (at least the map's height, at most the
        band's height fitted to the window); yours takes the rest down to the hand."""
        key = (self.viewport.logical, self.viewer, self.seat_count, len(self.session.states),
               id(self.session.state))
        cached = getattr(self, "_areas", None)
        if cached is not None and cached[0] == key:
            return cached[1]
        layout = self.layout
        band = [layout[f"opp{i}"] for i in range(1, 8)]
        left = min(p.x for p in band)
        right = max(p.x + p.w for p in band)
        top, tallest = band[0].y, band[0].h
        me = layout["me"]
        others = [(self.viewer + k) % self.seat_count for k in range(1, self.seat_count)]
        width = (right - left - AREA_GAP * (len(others) - 1)) / max(1, len(others))
        melds = self.session.view(self.viewer).areas
        needed = max([height_needed(melds[s], width) for s in others], default=0.0)
        least = layouts.load(self.game_id)["opp1"].h  # as drawn in the map
        height = min(tallest, max(least, needed))
        mine_top = me.y - (tallest - height)
        mine_bottom = me.y + me.h
        hand = self.hand_slots(len(self.session.view(self.viewer).hand))
        if hand:  # down to the hand, as far apart as in the map
            drawn = layouts.load(self.game_id)
            gap = drawn["hand"].y - (drawn["me"].y + drawn["me"].h)
            mine_bottom = min(y for _, y in hand) - gap
        out = {self.viewer: layouts.Place("me", "zone", me.x, mine_top, me.w,
                                          mine_bottom - mine_top)}
        for i, seat in enumerate(others):
            out[seat] = layouts.Place(f"opp{OPPONENT_SLOTS[self.seat_count - 1][i]}", "zone",
                                      left + i * (width + AREA_GAP), top, width, height)
        self._areas = (key, out)
        return out

    def occupied(self) -> list:
        """What a caption must not hide: the areas as they are drawn, the layout's other
        places and every card on the table."""
        out = [pygame.Rect(p.rect) for name, p in self.layout.places.items()
               if not name.startswith("opp") and name != "me"]
        out += [pygame.Rect(p.rect) for p in self.areas().values()]
        out += [pygame.Rect(s.target, s.target_size) for s in self.table.sprites.values()
                if not s.retiring]
        return out

    def geometry(self):
        """(placements, zones, where) for the table as it stands: where maps a card to
        ("hand", None) or (seat, meld index)."""
        key = (len(self.session.states), id(self.session.state), self.viewer, self.sort_key,
               self.selected, self.group, self.viewport.logical)
        if self._geometry and self._geometry[0] == key:
            return self._geometry[1]
        view = self.session.view(self.viewer)
        out, zones, where = {}, {}, {}
        hand = sorted(view.hand, key=self.sort_key)
        for i, ((x, y), code) in enumerate(zip(self.hand_slots(len(hand)), hand)):
            lift = 18 if code == self.selected or code in self.group else 0
            out[code] = ((x, y - lift), True, 200 + i, self.card_size)
            where[code] = ("hand", None)
        meld_zones, area_zones, gaps = {}, {}, {}
        for seat in range(view.seats):
            panel = self.panel_of(seat)
            melds = view.areas[seat]
            size, spots = arrange(melds, panel.x + PAD, panel.y + HEADER, panel.w - 2 * PAD,
                                  panel.h - HEADER - PAD)
            for j, (meld, places) in enumerate(zip(melds, spots)):
                for k, (code, (x, y)) in enumerate(zip(meld, places)):
                    out[code] = ((x, y), True, 20 + k, size)
                    where[code] = (seat, j)
                for code, (x, y) in reversed(list(zip(meld, places))):  # the top card first
                    zones[f"card:{code}"] = pygame.Rect(round(x), round(y), *size)
                for (x0, _), code, (x, y) in zip(places, meld[1:], places[1:]):
                    width = max(6, round((x - x0) * GAP_WIDTH))
                    gaps[code] = pygame.Rect(round(x) - width // 2, round(y), width, size[1])
                left, top = places[0]
                right = places[-1][0] + size[0]
                meld_zones[f"meld:{seat}:{j}"] = pygame.Rect(round(left) - 3, round(top) - 3,
                                                             round(right - left) + 6, size[1] + 6)
            area_zones[f"area:{seat}"] = pygame.Rect(panel.rect)
        if view.discards:
            place = self.layout["discard"]
            out[view.discards[-1]] = ((place.x, place.y), True, 5, self.card_size)
        zones.update(meld_zones)
        zones.update(area_zones)
        result = (out, zones, where, gaps)
        self._geometry = (key, result)
        return result

    def legal_texts(self) -> set:
        key = (len(self.session.states), id(self.session.state))
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, super().legal_texts())
        return self._legal[1]

    def placements(self, view) -> dict:
        return self.geometry()[0]

    def drop_zones(self) -> dict:
        """The table's zones; while a meld card is dragged or picked up, the gaps between the
        cards of its meld come first (a drop there splits the run)."""
        zones = self.geometry()[1]
        gaps = self.gap_zones(self.moving_card())
        return {**gaps, **zones} if gaps else zones

    def moving_card(self):
        if self.drag is not None:
            return self.drag.sprite.code
        return self.released or self.selected

    def gap_zones(self, code) -> dict:
        """`gap:<card>` for each gap before a card of the meld holding `code` (none for a
        hand card)."""
        _, _, where, gaps = self.geometry()
        seat, j = where.get(code or "", ("hand", None))
        if seat == "hand":
            return {}
        meld = self.session.view(self.viewer).areas[seat][j]
        return {f"gap:{c}": gaps[c] for c in meld[1:]}

    def deal_origin(self):
        deck = self.layout["deck"]
        return lambda code: (deck.x, deck.y)

    def retire_point(self):
        place = self.layout["discard"]
        return lambda code: (place.x, place.y)

    # -- drops and clicks ------------------------------------------------------
    def can_drag(self, code: str) -> bool:
        return code in self.geometry()[2]  # a hand card of the viewer, or a card in an area

    def target_of(self, zone: str):
        """(seat, meld index or None, card or None) a zone stands for."""
        kind, _, rest = zone.partition(":")
        if kind in ("card", "gap"):
            seat, j = self.geometry()[2].get(rest, (None, None))
            return seat, j, rest
        if kind == "meld":
            seat, j = rest.split(":")
            return int(seat), int(j), None
        return int(rest), None, None

    def drop_action(self, code: str, zone: str):
        view = self.session.view(self.viewer)
        where = self.geometry()[2]
        if code not in where:
            return None, None
        seat, j, card = self.target_of(zone)
        if not isinstance(seat, int):
            return None, None
        me = view.seat
        source, source_meld = where[code]
        if source == "hand":
            if rules.is_ship(code):
                if card is not None and seat != me:
                    return f"plunder {card} from seat {seat + 1}", None
                return None, "A pirate ship plunders: drop it on a card in another player's area."
            if j is not None:
                return f"add {code} to {meld_text(view.areas[seat][j])} of seat {seat + 1}", None
            if seat == me:
                return f"play {code} to a new meld", None
            return None, "A new meld starts in your own area."
        if zone.startswith("gap:") and j == source_meld:
            return self.split_action(view.areas[seat][j], card, seat)
        if seat != source:
            return None, ("Cards move only inside one area; take a card from another area "
                          "by plundering it with a pirate ship.")
        if j == source_meld:
            return None, None
        if j is None:
            return f"move {code} to a new meld of seat {seat + 1}", None
        return f"move {code} to {meld_text(view.areas[seat][j])} of seat {seat + 1}", None

    def split_action(self, meld, card, seat):
        text = f"split {meld_text(meld)} before {card} of seat {seat + 1}"
        if text in self.legal_texts():
            return text, None
        return None, ("A run splits only between two cards that leave runs of 3 or more "
                      "cards on both sides.")

    def on_press(self, pos) -> None:
        self.pressed_at = self.viewport.to_logical(pos)
        super().on_press(pos)

    def dragged_group(self) -> list:
        """The other picked-up cards' sprites, when a picked-up card is being dragged."""
        d = self.drag
        if d is None or not d.moving or len(self.group) < 2 or d.sprite.code not in self.group:
            return []
        return [self.table.sprites[c] for c in self.group
                if c != d.sprite.code and c in self.table.sprites]

    def on_motion(self, pos) -> None:
        super().on_motion(pos)
        followers = self.dragged_group()
        if not followers:
            return
        assert self.drag is not None  # only a drag has followers
        lead = self.drag.sprite
        fan = sorted(followers + [lead], key=lambda s: s.z)  # as in the hand: each index shows
        at = fan.index(lead)
        for i, sprite in enumerate(fan):
            if sprite is not lead:
                sprite.move, sprite.lift = None, True
                sprite.pos = (lead.pos[0] + (i - at) * GROUP_FAN * lead.size[0], lead.pos[1])

    def on_release(self, pos) -> None:
        d = self.drag
        if d is not None and d.moving and len(self.group) > 1 and d.sprite.code in self.group:
            followers = self.dragged_group()
            self.drag = None
            for sprite in [d.sprite] + followers:
                sprite.lift = False
            point = self.viewport.to_logical(pos)
            zone = self.zone_at(point)
            if zone is None or not self.put_group(zone):
                self.slide_home(d)
                for sprite in followers:
                    sprite.move_to(sprite.target, 0.25 * self.table.factor)
            return
        if d is not None and d.moving and self.own_card_at(d.sprite.code,
                                                           self.viewport.to_logical(pos)):
            self.drag = None
            d.sprite.lift = False
            self.slide_home(d)  # the drag ended where it started: nothing happens
            return
        super().on_release(pos)

    def own_card_at(self, code, point) -> bool:
        """Whether `point` is on the uncovered part of `code` where it lies."""
        zones = self.geometry()[1]
        for name, rect in zones.items():
            if name.startswith("card:") and rect.collidepoint(point):
                return name == f"card:{code}"
        return False

    def click(self, code: str) -> None:
        where = self.geometry()[2].get(code)
        if where is None:
            return
        if where[0] == "hand" and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.toggle_group(code)
            return
        if self.group:
            if where[0] != "hand":
                self.put_group(f"card:{code}")
                return
            self.group = ()
        gap = self.zone_at(self.pressed_at) if self.selected and self.pressed_at else None
        if gap and gap.startswith("gap:") and code != self.selected:
            self.put_selected(gap)
            return
        if self.selected and code != self.selected and where[0] != "hand":
            self.put_selected(f"card:{code}")
            return
        self.select(code, self.prompt_for(code))

    def toggle_group(self, code: str) -> None:
        group = list(self.group)
        if self.selected and self.geometry()[2][self.selected][0] == "hand":
            group.append(self.selected)
        self.selected = None
        group = [c for c in group if c != code] if code in group else group + [code]
        self.group = tuple(dict.fromkeys(group))
        if self.group:
            self.say(f"{len(self.group)} card{'s' if len(self.group) > 1 else ''} picked up: "
                     "drag them or click a meld, or your area's free space to start a meld.",
                     "hint")
        self.refresh()

    def on_table_click(self, point) -> None:
        if not self.group or not self.accepts_moves():
            super().on_table_click(point)
            return
        zone = self.zone_at(point)
        if zone is None:
            self.group = ()
            self.refresh()
        else:
            self.put_group(zone)

    def put_group(self, zone: str) -> bool:
        """Play the picked-up cards to `zone`: all of them, or none with a reason."""
        steps, reason = self.group_plan(zone)
        if steps is None:
            self.say(reason, "error")
            return False
        cards, self.group = self.group, ()
        done = 0
        for text in steps:
            if not self.act(text):
                break
            done += 1
        if done == len(steps) and len(cards) > 1:
            words = ", ".join(rules.card_words(c) for c in sorted(cards, key=rules.card_key))
            meld = next(m for m in self.session.view(self.viewer).areas[self.target_of(zone)[0]]
                        if cards[0] in m)
            self.say(f"{len(cards)} cards played together: {words}, "
                     f"making the {rules.meld_words(meld)}.")
        return True

    def group_plan(self, zone: str):
        """(the actions that put every picked-up card at `zone`, None) after trying them in
        turn on a copy of the state, or (None, why not)."""
        seat, j, _ = self.target_of(zone)
        if not isinstance(seat, int) or not self.accepts_moves():
            return None, "Those cards can't go there."
        if any(rules.is_ship(c) for c in self.group):
            return None, "A pirate ship can't go into a meld: use it to plunder."
        view = self.session.view(self.viewer)
        state, steps = self.session.state, []
        left = sorted(self.group, key=rules.card_key)
        if j is None:
            if seat != view.seat:
                return None, "A new meld starts in your own area."
            anchor = left.pop(0)
            steps.append(f"play {anchor} to a new meld")
            state = rules.apply(state, steps[-1])
        else:
            anchor = view.areas[seat][j][0]
        while left:
            meld = next(m for m in state.areas[seat] if anchor in m)
            for c in left:
                text = f"add {c} to {meld_text(meld)} of seat {seat + 1}"
                try:
                    state = rules.apply(state, text)
                except IllegalAction:
                    continue
                steps.append(text)
                left.remove(c)
                break
            else:
                return None, ("Those cards don't fit there together: a card goes onto a "
                              "legitimate meld only if it stays legitimate.")
        return steps, None

    def prompt_for(self, code: str) -> str:
        if self.geometry()[2][code][0] != "hand":
            return ("Click another meld of that area, its free space to start a new meld, or "
                    "the gap between two cards of a run to split it.")
        if rules.is_ship(code):
            return "Click a card in another player's area to plunder it."
        return "Click a meld to add the card, or your area's free space to start a meld."

    # -- the buttons -----------------------------------------------------------
    def end_turn(self) -> None:
        if not self.accepts_moves():
            return
        outcome = rules.outcome_for_view(self.session.view(self.viewer))
        if not (outcome.rolled_back or outcome.picked_up):
            self.act(rules.END.text)
            return
        parts = []
        if outcome.rolled_back:
            names = "; ".join(rules.meld_words(m) for _, m in outcome.faulty[:2])
            parts.append(f"Your business leaves {len(outcome.faulty)} illegitimate "
                         f"meld{'s' if len(outcome.faulty) > 1 else ''} ({names}): the table "
                         "goes back to how it was after your draw, plunders kept.")
        if outcome.picked_up:
            cards = ", ".join(rules.card_words(c) for c in outcome.picked_up[:6])
            more = "…" if len(outcome.picked_up) > 6 else ""
            parts.append(f"You pick up {len(outcome.picked_up)} loose "
                         f"card{'s' if len(outcome.picked_up) > 1 else ''}: {cards}{more}.")
        self.app.push(ConfirmDialog(self.app, "End your turn?", " ".join(parts),
                                    lambda: self.act(rules.END.text), yes="End turn"))

    def reset_turn(self) -> None:
        if self.accepts_moves():
            self.act(rules.RESET.text)

    def discard_ships(self) -> None:
        if self.accepts_moves():
            self.act(rules.DISCARD_SHIPS.text)

    def toggle_sort(self) -> None:
        self.sort_key = by_number if self.sort_key is by_colour else by_colour
        self.sort_button.text = ("Sort by colour" if self.sort_key is by_number
                                 else "Sort by number")
        self.refresh()

    def on_key(self, event) -> None:
        actions = {pygame.K_e: self.end_turn, pygame.K_r: self.reset_turn,
                   pygame.K_s: self.toggle_sort, pygame.K_d: self.discard_ships}
        if event.key in actions:
            actions[event.key]()
        else:
            super().on_key(event)

    def act(self, action) -> bool:
        self.selected = None
        self.group = ()
        return super().act(action)

    def show_result(self) -> None:
        view = self.session.view(self.viewer)
        winners = [self.seats[w].name for w in view.winners]
        headline = (f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}!"
                    if winners else "Nobody wins")
        ranking = sorted(range(view.seats), key=lambda s: view.hand_counts[s])
        lines = [f"{self.seats[s].name}: {view.hand_counts[s]} cards in hand" for s in ranking]
        lines.append(self.deal_name())
        won = any(self.seats[w].is_human for w in view.winners)
        self.app.push(ResultScreen(self.app, self, won, headline, lines))

    # -- drawing -------------------------------------------------------------
    def draw_table(self, surface, view) -> None:
        vp = self.viewport
        deck = self.layout["deck"]
        if view.deck_count:
            self.draw_pile(surface, "deck", view.deck_count, per_layer=15)
        else:
            surface.blit(self.app.art.slot(vp.length(deck.w), vp.length(deck.h), "Empty"),
                         vp.point(deck.x, deck.y))
        draw_text(surface, vp, f"Deck: {view.deck_count}", 15, (deck.x - 8, deck.y - 12),
                  theme.INK_DIM, "bottomleft")  # above the pile's thickest layer
        discard = self.layout["discard"]
        if not view.discards:
            surface.blit(self.app.art.slot(vp.length(discard.w), vp.length(discard.h), ""),
                         vp.point(discard.x, discard.y))
        draw_text(surface, vp, f"Discards: {len(view.discards)}", 15,
                  (discard.x, discard.y - 4), theme.INK_DIM, "bottomleft")
        draw_text(surface, vp, f"Round {view.round}", 15, (discard.x, discard.y + discard.h + 8),
                  theme.INK_DIM)
        for seat in range(view.seats):
            self.draw_area(surface, view, seat)
        self.update_buttons(view)

    def draw_area(self, surface, view, seat) -> None:
        vp = self.viewport
        panel = self.panel_of(seat)
        r = vp.rect(*panel.rect)
        active = view.to_act == seat
        name = "Your area" if seat == self.viewer else self.seats[seat].name
        count = view.hand_counts[seat]

        def draw(on) -> None:
            self.draw_seat_frame(on, r, active)
            shown = draw_text(on, vp, f"{count} in hand", 14,
                              (panel.x + panel.w - 10, panel.y + 7), theme.INK_DIM, "topright")
            fit_text(on, vp, name, 15, (panel.x + 10, panel.y + 6),
                     panel.w - 28 - shown.w / vp.scale, theme.GOLD if active else theme.INK,
                     face="bold")
        self.draw_kept(surface, ("area", seat), r, (tuple(panel.rect), active, name, count),
                       draw)
        zones = self.drop_zones()
        for j, fault in enumerate(view.faults[seat] if self.accepts_moves() else ()):
            zone = zones.get(f"meld:{seat}:{j}")  # none while the meld's cards are on their way
            if fault is not None and zone is not None:
                r = vp.rect(*zone)
                canvas.rect(surface, theme.RED, r, width=max(2, vp.length(3)),
                                 border_radius=vp.length(6))

    def update_buttons(self, view) -> None:
        mine = self.accepts_moves()
        legal = self.legal_texts() if mine else set()
        self.end_button.enabled = mine
        self.reset_button.enabled = rules.RESET.text in legal
        self.ships_button.enabled = rules.DISCARD_SHIPS.text in legal

    def hovered_fault(self) -> str | None:
        """Why the meld under the pointer is not legitimate, while it is the human's own play
        to mend (a computer's half-made turn is no error of theirs)."""
        if not self.accepts_moves():
            return None
        where = self.geometry()[2].get(self.hover_code or "")
        if where is None or where[0] == "hand":
            return None
        seat, j = where
        return self.session.view(self.viewer).faults[seat][j]

    def draw_status(self, surface) -> None:
        fault = None if self.drag else self.hovered_fault()
        if fault is None:
            super().draw_status(surface)
            return
        place = self.layout["status"]
        draw_text(surface, self.viewport, f"Outlined in red: {fault}", 19,
                  (place.x + place.w / 2, place.y + place.h / 2), theme.RED, "center", "bold")
