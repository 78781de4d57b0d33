"""The Abandon Ship table: the other seats around the top, the lifeboats around the deck,
the fight in the middle, your board and hand at the bottom. Drawn from one seat's view."""
from __future__ import annotations

from typing import Any

import pygame

from ..engine import abandon_ship as rules
from ..engine.cards import SUIT_NAMES, SUIT_SYMBOLS, pretty
from ..text import number
from ..ui import canvas, theme
from ..ui.cardart import suit_colour
from ..ui.widgets import draw_panel, draw_text, fit_text
from .dialogs import ReadTogetherDialog, ResultScreen
from .pass_and_play import PassAndPlayScene

SMALL = (44, 62)     # boards and opponents' cards
BOAT = (50, 70)      # lifeboat cards
FIGHT = (60, 84)     # the fight's cards, with a line under them inside the fight's panel
BACK = (30, 42)      # backs of an opponent's hand
BOARD_LABEL = 96     # room for "Your board" at the left of your board's panel
BOARD_TEXT, MARK_TEXT, DECK_TEXT = 14, 13, 15  # sizes of the board's label, "choosing…", the deck's
FIGHT_TITLE, FIGHT_NOTE = 15, 13  # who fights, over the fight's cards; whose turn, under them


def plain(code: str) -> str:
    return pretty(code.rstrip("*"))


class AbandonShipScene(PassAndPlayScene):
    game_id = "abandon_ship"

    def __init__(self, app, seed=None, options=None, seats=None):
        self.last_actor: int | None = None
        self.summary_seen = 0
        super().__init__(app, seed, options, seats)
        self.act_button = self.layout_button("act", "Surrender", self.context_action, "S",
                                             text_size=16)
        self.buttons = self.side_buttons(self.act_button)

    # -- placements ----------------------------------------------------------
    def placements(self, view) -> dict:
        out: dict[str, Any] = {}
        for (x, y), code in zip(self.hand_slots(len(view.hand)), view.hand):
            lift = 18 if code == self.selected else 0
            out[code] = ((x, y - lift), True, 40 + len(out), self.card_size)
        board = self.layout["board"]
        label = self.board_label_width()
        for (x, y), code in zip(self.grid((board.x + label, board.y + 2, board.w - label - 6,
                                           board.h - 4), SMALL, len(view.boards[self.viewer])),
                                view.boards[self.viewer]):
            out[code] = ((x, y), True, 5, SMALL)
        for seat in range(view.seats):
            if seat != self.viewer:
                self.place_opponent(out, view, seat)
        for suit in "CDHS":
            self.place_boat(out, view, suit)
        if view.fight:
            fight = self.layout["fight"]
            top = fight.y + 4 + self.line_height(FIGHT_TITLE)
            for i, ((x, y), code) in enumerate(zip(self.row(fight.x + 10, top, fight.w - 20,
                                                            FIGHT, len(view.fight.cards)),
                                                   view.fight.cards)):
                out[code] = ((x, y), True, 50 + i, FIGHT)
        own_key = view.key_cards[self.viewer]
        if own_key:
            key = self.layout["key"]
            out[own_key] = ((key.x, key.y), True, 45, self.card_size)
        return out

    def board_label_width(self) -> float:
        """Room for "Your board" at the left of the board's panel, as wide as the text is drawn."""
        return max(BOARD_LABEL, self.text_width("Your board", BOARD_TEXT) + 18)

    def key_room(self) -> float:
        """Room at the right of a seat's panel for its key card's back, or the word saying it
        is being chosen."""
        return max(BACK[0], self.text_width("choosing…", MARK_TEXT))

    def place_opponent(self, out, view, seat) -> None:
        panel = self.panel_of(seat)
        x, y = panel.x + 10, panel.y + 34
        width = panel.w - 28 - self.key_room()  # the hand's row stops short of the key card
        shown = view.hands[seat]
        if shown is not None:
            for (cx, cy), code in zip(self.row(x, y, width, BACK, len(shown)), shown):
                out[code] = ((cx, cy), True, 10, BACK)
        else:
            for i, (cx, cy) in enumerate(self.row(x, y, width, BACK, view.hand_counts[seat])):
                out[f"#{seat}:{i}"] = ((cx, cy), False, 10 + i, BACK)
        key = view.key_cards[seat]
        if key:
            out[key] = ((panel.x + panel.w - 10 - BACK[0], y), True, 20, BACK)
        elif view.chosen[seat]:
            out[f"#{seat}:key"] = ((panel.x + panel.w - 10 - BACK[0], y), False, 20, BACK)
        board = view.boards[seat]
        for i, ((cx, cy), code) in enumerate(zip(self.grid((x, panel.y + 82, panel.w - 20, panel.h - 88),
                                                           SMALL, len(board)), board)):
            out[code] = ((cx, cy), True, 12 + i, SMALL)

    def place_boat(self, out, view, suit) -> None:
        boat = self.layout[f"boat_{suit}"]
        cards = view.lifeboats[suit]
        spots = self.grid((boat.x + 10, boat.y + 44, boat.w - 20, boat.h - 52), BOAT, len(cards))
        for i, ((x, y), code) in enumerate(zip(spots, cards)):
            out[code] = ((x, y), True, 30 + i, BOAT)

    def deal_origin(self):
        deck = self.layout["deck"]
        view = self.session.view(self.viewer)

        revealed = {c for s, hand in enumerate(view.hands) if s != self.viewer and hand
                    for c in hand} | {k for k in view.key_cards if k}

        def origin(code):
            if code in revealed and view.phase in (rules.ROUND_OVER, rules.OVER):
                return None  # the showdown: turned face up where it lies
            if code in view.hand or self.last_actor is None or code.startswith("#"):
                return (deck.x, deck.y)
            panel = self.panel_of(self.last_actor)
            return (panel.x + 20, panel.y + 20)
        return origin

    def retire_point(self):
        deck = self.layout["deck"]
        return lambda code: None if code.startswith("#") else (deck.x, deck.y)

    # -- zones and moves -------------------------------------------------------
    def drop_zones(self) -> dict:
        view = self.session.view(self.viewer)
        zones = {f"boat_{s}": pygame.Rect(self.layout[f"boat_{s}"].rect) for s in "CDHS"}
        for seat in range(view.seats):
            if seat != self.viewer:
                zones[f"seat{seat}"] = pygame.Rect(self.panel_of(seat).rect)
        zones["fight"] = pygame.Rect(self.layout["fight"].rect)
        zones["key"] = pygame.Rect(self.layout["key"].rect)
        return zones

    def marks_for(self, action) -> tuple:
        """A hint lights where its card goes as well as the card: the seat attacked, or the
        lifeboat it is put in."""
        cards, places = super().marks_for(action)
        if action is not None and action.kind == "attack":
            places = (tuple(self.panel_of(action.target).rect),)
        elif action is not None and action.kind == "discard":
            places = (tuple(self.layout[f"boat_{rules.SUIT_OF[action.card]}"].rect),)
        return cards, places

    def can_drag(self, code: str) -> bool:
        return code in self.session.view(self.viewer).hand

    def drop_action(self, code: str, zone: str):
        view = self.session.view(self.viewer)
        if view.phase == rules.SHOWDOWN:
            if zone == "key":
                return f"key card {code}", None
            return None, "The ship has sunk: drop your key card on the key card place."
        if view.phase == rules.FIGHT:
            if zone == "fight":
                return f"raise with {code}", None
            return None, "You are in a fight: raise by dropping a higher card on it, or surrender."
        if zone.startswith("boat_"):
            suit = rules.SUIT_OF[code]
            if zone[-1] != suit:
                return None, f"The {plain(code)} can only go into the {SUIT_NAMES[suit]} lifeboat."
            return f"discard {code}", None
        if zone.startswith("seat"):
            return f"attack seat {int(zone[4:]) + 1} with {code}", None
        return None, None

    def click(self, code: str) -> None:
        if code in self.session.view(self.viewer).hand:
            self.select(code, self.prompt_for(code))

    def prompt_for(self, code: str) -> str:
        phase = self.session.view(self.viewer).phase
        if phase == rules.SHOWDOWN:
            return f"Click the key card place to run for the {SUIT_NAMES[rules.SUIT_OF[code]]} lifeboat."
        if phase == rules.FIGHT:
            return f"Click the fight to raise with the {plain(code)}."
        return f"Click its lifeboat to discard the {plain(code)}, or a player to attack with it."

    def act(self, action) -> bool:
        self.last_actor = self.session.state.to_act
        return super().act(action)

    def context_action(self) -> None:
        view = self.session.view(self.viewer)
        if not self.accepts_moves():
            return
        if view.phase == rules.FIGHT:
            self.act(rules.SURRENDER)
        elif view.phase == rules.ROUND_OVER:
            self.act(rules.DEAL)

    def on_key(self, event) -> None:
        view = self.session.view(self.viewer)
        key = event.key
        if pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(view.hand):
            self.click(view.hand[key - pygame.K_1])
        elif key == pygame.K_s and view.phase == rules.FIGHT:
            self.context_action()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and view.phase == rules.ROUND_OVER:
            self.context_action()
        elif key == pygame.K_d and self.selected and view.phase == rules.PLAY:
            self.put_selected(f"boat_{rules.SUIT_OF[self.selected]}")
        elif key in (pygame.K_r, pygame.K_k) and self.selected:
            self.put_selected("fight" if key == pygame.K_r else "key")
        else:
            super().on_key(event)

    def hint(self):
        return None

    # -- between rounds and at the end ---------------------------------------
    def on_new_game(self) -> None:
        super().on_new_game()
        view = self.session.view(self.viewer)
        last = view.last_round
        # A summary already read stays read (a resumed game); one not yet read is shown.
        self.summary_seen = 0 if last is None else last.round - (view.phase == rules.ROUND_OVER)

    def update(self, dt: float) -> None:
        view = self.session.view(self.viewer)
        pending = (view.last_round is not None and view.last_round.round > self.summary_seen
                   and view.phase != rules.OVER)
        if not pending:
            super().update(dt)
            return
        self.table.update(dt)  # the reveal plays out; nobody acts until the summary is read
        if (self.app.top is self and not self.cover_if_unclaimed() and not self.table.busy
                and not self.handing_off):
            self.summary_seen = view.last_round.round
            self.app.push(RoundSummaryDialog(self.app, self, view))

    def hint_reason(self, view, action_text: str) -> str:
        """What the hinted move does, in figures the seat can see."""
        words = action_text.split()
        card = words[-1]
        if words[0] == "discard" or words[:2] == ["key", "card"]:
            suit = rules.SUIT_OF[card]
            points = view.lifeboat_points[suit]
            if words[0] == "discard":
                return (f"the {SUIT_SYMBOLS[suit]} lifeboat then holds "
                        f"{points + rules.POINTS[card]} points")
            return f"it runs for the {SUIT_SYMBOLS[suit]} lifeboat, worth {points} points"
        if words[0] == "attack":
            seat = int(words[2]) - 1
            held = view.hand_counts[seat]
            return f"{self.seats[seat].name} holds {held} card{'s' if held != 1 else ''}"
        return ""

    def show_result(self) -> None:
        view = self.session.view(self.viewer)
        winners = [self.seats[w].name for w in view.winners]
        ranking = sorted(range(view.seats), key=lambda s: -view.scores[s])
        lines = [f"{self.seats[s].name}: {number(view.scores[s])}" for s in ranking][:6]
        headline = (f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}!"
                    if winners else "Nobody wins")
        won = any(self.seats[w].is_human for w in view.winners)
        lines.append(self.deal_name())
        self.app.push(ResultScreen(self.app, self, won, headline, lines))

    # -- drawing -------------------------------------------------------------
    def draw_table(self, surface, view) -> None:
        vp = self.viewport
        art = self.app.art
        deck = self.layout["deck"]
        w, h = vp.length(deck.w), vp.length(deck.h)
        for suit in "CDHS":
            self.draw_boat(surface, view, suit)
        if view.deck_count:
            self.draw_pile(surface, "deck", view.deck_count, per_layer=10)
            caption = [("Deck", f"{view.deck_count} cards"), ("Deck", f"{view.deck_count}")]
        else:
            surface.blit(art.slot(w, h, "Sunk"), vp.point(deck.x, deck.y))
            caption = [("The ship", "has sunk!"), ("Sunk!", "")]
        room = self.layout["boat_D"].x - deck.x - deck.w - 14
        lines = next((c for c in caption if all(self.text_width(t, DECK_TEXT) <= room for t in c)),
                     caption[-1])
        step = max(20, self.line_height(DECK_TEXT))
        for i, line in enumerate(lines):  # beside the pile, clear of its thickness
            if line:
                fit_text(surface, vp, line, DECK_TEXT,
                         (deck.x + deck.w + 8, deck.y + deck.h / 2 - step + step * i), room, theme.INK_DIM)
        self.draw_fight(surface, view)
        board = self.layout["board"]
        draw_panel(surface, vp.rect(board.x - 6, board.y - 4, board.w + 12, board.h + 8),
                   fill=(0, 0, 0, 60), edge=(80, 120, 96), radius=vp.length(10))
        draw_text(surface, vp, "Your board", BOARD_TEXT, (board.x + 6, board.y + 2 + SMALL[1] / 2),
                  theme.INK_DIM, "midleft")
        for seat in range(view.seats):
            self.draw_seat(surface, view, seat)
        if view.phase == rules.SHOWDOWN and not view.key_cards[self.viewer]:
            key = self.layout["key"]
            surface.blit(art.slot(w, h, "Key card"), vp.point(key.x, key.y))
        title = self.layout["title"]
        draw_text(surface, vp, f"Round {view.round}  ·  to {rules.TARGET}", 16,
                  (title.x, title.y + 40), theme.INK_DIM)
        self.update_act_button(view)

    def update_act_button(self, view) -> None:
        mine = self.accepts_moves()
        if view.phase == rules.ROUND_OVER:
            self.act_button.text, self.act_button.key_hint = "Deal next round", "Enter"
            self.act_button.enabled = mine
        else:
            self.act_button.text, self.act_button.key_hint = "Surrender", "S"
            self.act_button.enabled = mine and view.phase == rules.FIGHT

    def draw_boat(self, surface, view, suit) -> None:
        vp = self.viewport
        boat = self.layout[f"boat_{suit}"]
        r = vp.rect(*boat.rect)
        ink = suit_colour(suit, self.app.settings.four_colour)
        points = view.lifeboat_points[suit]

        def draw(on) -> None:
            draw_panel(on, r, fill=(60, 42, 24, 200), edge=(150, 110, 60), radius=vp.length(40))
            # the suit on a card-coloured chip, in the card's own ink (four colours when chosen)
            chip = pygame.Rect(0, 0, vp.length(24), vp.length(24))
            chip.center = vp.point(boat.x + 30, boat.y + 22)
            canvas.ellipse(on, theme.BUTTON, chip)
            draw_text(on, vp, SUIT_SYMBOLS[suit], 17, (boat.x + 30, boat.y + 22), ink, "center")
            draw_text(on, vp, "lifeboat", 16, (boat.x + 46, boat.y + 12), theme.INK, face="bold")
            draw_text(on, vp, f"{points} pts", 16, (boat.x + boat.w - 18, boat.y + 12),
                      theme.GOLD, "topright", "bold")
        self.draw_kept(surface, ("boat", suit), r, (tuple(boat.rect), ink, points), draw)

    def draw_fight(self, surface, view) -> None:
        fight = self.layout["fight"]
        vp = self.viewport
        if not view.fight:
            return
        f = view.fight
        draw_panel(surface, vp.rect(*fight.rect), fill=(70, 46, 22, 200), edge=theme.GOLD)
        text = f"{self.seats[f.attacker].name} vs {self.seats[f.defender].name}"
        fit_text(surface, vp, text, FIGHT_TITLE, (fight.x + fight.w / 2, fight.y + 4), fight.w - 16,
                 theme.INK, "midtop", "bold")
        answer = self.seats[f.to_answer].name
        to_beat = f"{answer} to beat the {plain(f.last)}"
        if self.text_width(to_beat, FIGHT_NOTE) > fight.w - 16:
            to_beat = f"{answer}: beat {plain(f.last)}"  # the card to beat stays in sight
            while len(answer) > 1 and self.text_width(to_beat, FIGHT_NOTE) > fight.w - 16:
                answer = answer[:-1]
                to_beat = f"{answer.rstrip()}…: beat {plain(f.last)}"
        fit_text(surface, vp, to_beat, FIGHT_NOTE, (fight.x + fight.w / 2, fight.y + fight.h - 5),
                 fight.w - 16, theme.GOLD, "midbottom")

    def draw_seat(self, surface, view, seat) -> None:
        vp = self.viewport
        panel = self.draw_seat_panel(surface, view, seat)
        if seat == self.viewer:
            draw_text(surface, vp, self.seats[seat].describe(), 14, (panel.x + 10, panel.y + 40),
                      theme.INK_DIM)
        elif view.phase == rules.SHOWDOWN and not view.chosen[seat]:
            # beside the hand, where the key card's back lies once chosen
            mark = "no cards" if not view.hand_counts[seat] else "choosing…"
            draw_text(surface, vp, mark, MARK_TEXT, (panel.x + panel.w - 10, panel.y + 48), theme.INK_DIM,
                      "topright")


class RoundSummaryDialog(ReadTogetherDialog):
    """Between rounds: who ran for which lifeboat, who boarded, the scores."""

    width = 720

    def __init__(self, app, scene, view):
        summary = view.last_round
        name = lambda s: scene.seats[s].name  # noqa: E731
        lines = []
        for b in summary.boardings:
            who = f"{name(b.winner)} boards" if b.winner is not None else "a tie: nobody boards"
            contest = "" if len(b.claimants) == 1 else " (" + ", ".join(
                f"{name(c)} {h}" for c, h in zip(b.claimants, b.holdings)) + " in the suit)"
            lines.append(f"{SUIT_SYMBOLS[b.suit]} lifeboat, {b.points} pts: {who}{contest}")
        if not summary.boardings:
            lines.append("Nobody ran for a lifeboat.")
        scores = ", ".join(f"{name(s)} {number(summary.scores[s])} (+{summary.gained[s]})"
                           for s in range(len(summary.scores)))
        lines.append(scores)
        super().__init__(app, scene, f"The ship sank: round {summary.round}", lines)
