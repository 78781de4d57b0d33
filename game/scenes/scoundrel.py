"""The Scoundrel table: the dungeon, the room, the weapon with its kills, health."""
from __future__ import annotations

import contextlib
import functools
import random
import threading
import time

import pygame

from .. import background
from ..engine import autofinish
from ..engine import scoundrel as rules
from ..engine import scoundrel_deals as deals
from ..engine import scoundrel_solver as solver
from ..engine.bots import scoundrel as autoplayers
from ..engine.cards import pretty
from ..engine.scoundrel_count import KINDS, dungeon_tally
from ..engine.scoundrel_hint import hint as scoundrel_hint
from ..engine.scoundrel_hint import move_for
from ..text import number
from ..ui import canvas, theme
from ..ui import layout as layouts
from ..ui.fonts import font
from ..ui.layout import Place
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text
from .autofinish import AutoFinish
from .dialogs import ResultScreen
from .game_scene import GameScene

ROOM_SLOTS = ("room1", "room2", "room3", "room4")
WEAPON_INSET = (22, 22)
CAPTION = 36             # the weapon panel's line under its cards
LARGEST = 1.6            # the most the weapon's cards and the health panel's words grow
KILLS_IN_FULL = 4        # a weapon panel grows its cards only while this many kills fan out whole
HEALTH_BLOCK = (262, 200)  # the health panel's words and bar, at their size in the map
JUDGING = "Judging whether this deal could be won…"  # until the verdict comes
RESULT_NODES = 2_000_000  # solver budget per position judged on the result screen: the hardest
                          # of 43,000 deals needed about a tenth (docs/scoundrel-solver.md)
COMPUTER_PACE = 0.9      # seconds between the computer's moves, at normal animation speed
THINK_SLICE = 0.003      # the computer's most thinking time per frame (App.thinking_time)
COUNTER_VALUES = tuple(range(2, 15))
COUNTER_HEADS = tuple(str(v) for v in range(2, 11)) + ("J", "Q", "K", "A")
COUNTER_ROWS = {"monster": "Monsters ♠♣", "weapon": "Weapons ♦", "potion": "Potions ♥"}


def read_deal_lists_ahead() -> None:
    """Have a thread read the shipped lists of winnable deals (about 4 ms), which the end of
    the first game needs (its verdict, the deal of the day), while the table waits between
    frames rather than in the frame the game ends in."""
    if deals.shipped.cache_info().currsize:
        return

    def read() -> None:
        with contextlib.suppress(OSError, ValueError):  # a damaged install: told where used
            deals.shipped()
    threading.Thread(target=read, name="deal lists", daemon=True).start()


def listed_verdict(start) -> bool | None:
    """What the shipped lists say of the game that began at `start`: None when its deal is not
    listed, or the game did not begin with that deal as dealt (a stacked deck)."""
    try:
        verdict = deals.verdict(start.seed, start.options["weapon_rule"])
    except (OSError, ValueError, KeyError):
        return None
    if verdict is None or rules.new_game(seed=start.seed, options=start.options) != start:
        return None
    return verdict


def judge(states, actions, computer_played: bool, computer_finished: bool, pause) -> tuple:
    """(a winning line from the deal or (), sentences for the result screen) for the game
    that went through `states`; on a thread of its own (see ScoundrelScene.start_judging),
    the solver calling `pause` now and then."""
    who = "the computer" if computer_finished else "you"
    said = []
    if computer_played:
        said = ["Played by the computer: not counted." if computer_finished
                else "Played in part by the computer: not counted."]
    listed = listed_verdict(states[0])
    if listed is False:
        return (), said + ["No way of playing could have won this deal."]
    first = solver.solve(states[0], RESULT_NODES, pause)
    if first.winnable is False:
        return (), said + ["No way of playing could have won this deal."]
    if first.winnable is None:  # listed as winnable, or too hard to tell on the spot
        return (), said + ["This deal could be won from the start." if listed else
                           "Too hard to tell quickly whether it could be won."]
    if states[-1].status == rules.WON:
        return first.line, said + [f"This deal could be won, and {who} won it."]
    # Once lost, a game stays lost: find the last position that could still be won.
    low, high = 0, len(states) - 1  # states[low] can be won, states[high] cannot
    while high - low > 1:
        middle = (low + high) // 2
        verdict = solver.solve(states[middle], RESULT_NODES, pause).winnable
        if verdict is None:
            return first.line, said + ["This deal could be won from the start."]
        low, high = (middle, high) if verdict else (low, middle)
    return first.line, said + ["This deal could be won from the start;",
                               f"it was lost at move {high}: {move_words(actions[low])}."]


def move_words(text: str) -> str:
    """An action as the result screen names it, with suit symbols."""
    if text == rules.AVOID.text:
        return "avoiding the room"
    card = pretty(text.split()[1])
    if text.endswith("with weapon"):
        return f"the {card} fought with the weapon"
    if text.endswith("barehanded"):
        return f"the {card} fought barehanded"
    return f"taking the {card}" if rules.KIND[text.split()[1]] == "weapon" else f"the {card}"


class ScoundrelScene(GameScene):
    game_id = "scoundrel"
    size_from = "dungeon"
    double_clicks = True
    timed = True

    def __init__(self, app, seed=None, options=None):
        self.choice: str | None = None
        self.choice_row = ButtonRow()
        self.autoplay = None          # the computer's moves to come: a bot, or a line to show
        self.autoplay_thinking = None  # the bot's think() under way
        self.autoplay_choice = None    # its decision, played when the pace allows
        self.autoplay_wait = 0.0
        self.computer_played = False  # games the computer touched stay out of the statistics
        self.computer_finished = False  # the computer made the final move
        self.judging: tuple | None = None  # (a game's final state, its verdict to come)
        self.counting = False         # the card counter, toggled with C...
        self.tab_held = False         # ...or shown while Tab is held
        super().__init__(app, seed, options)
        read_deal_lists_ahead()
        self.buttons = ButtonRow([
            self.layout_button("avoid", "Avoid room", self.avoid, "A"),
            self.layout_button("undo", "Undo", self.undo, "U"),
            self.layout_button("hint", "Hint", self.show_hint, "H"),
            self.layout_button("menu", "Menu", self.pause, "Esc"),
        ])
        self.finisher = AutoFinish(self, self.finish_offer, "finish")
        self.finisher.refresh()

    def start(self, seed=None) -> None:
        if seed is None and (self.options or {}).get("deals") == "winnable":
            seed = solver.pick_winnable_deal(self.options, random.SystemRandom())
        super().start(seed)

    def on_new_game(self) -> None:
        self.autoplay = self.autoplay_thinking = self.autoplay_choice = None
        self.computer_played = self.computer_finished = False

    def counts(self) -> bool:
        return not self.computer_played  # the computer's games are not the player's statistics

    def seat_info(self):
        """Kept with the save, so a game the computer played stays its own after Continue."""
        return [{"kind": "computer"}] if self.computer_played else None

    def resume(self, saved) -> None:
        super().resume(saved)
        self.computer_played = bool(saved.seats) and saved.seats[0].get("kind") == "computer"

    # -- the computer at the table -------------------------------------------
    def pause_extras(self) -> list:
        """Extra pause-menu entries: (label, key, action)."""
        if self.session.is_over():
            return []
        return [("Watch the computer play", "W", self.watch_computer)]

    def put_down(self) -> None:
        super().put_down()
        self.choice = None

    def finish_offer(self, state):
        """Auto-finish is the player's: none while the computer plays."""
        return None if self.autoplay is not None else autofinish.scoundrel_finish(state)

    def watch_computer(self) -> None:
        self.finisher.reset()
        self.autoplay_thinking = self.autoplay_choice = None
        self.computer_played = True
        self.autoplay = autoplayers.strongest()
        self.autoplay_wait = COMPUTER_PACE / 2
        self.say("The computer plays this deal: press any key or click to take over.", "hint")

    def show_winning_line(self, line) -> None:
        self.restart()
        self.computer_played = True
        self.autoplay = list(line)
        self.autoplay_wait = COMPUTER_PACE / 2
        self.say("A winning line for this deal: press any key or click to stop.", "hint")

    def stop_autoplay(self) -> None:
        self.autoplay = self.autoplay_thinking = self.autoplay_choice = None
        self.finisher.reset()
        self.finisher.refresh()
        self.say("Your game again." if not self.session.is_over() else "")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.result_timer is not None and self.session.is_over():
            self.start_judging()
        if self.autoplay is None or self.table.busy or self.app.top is not self:
            return
        if self.session.is_over():
            self.autoplay = self.autoplay_thinking = None
            return
        self.autoplay_wait -= dt
        if isinstance(self.autoplay, list):
            if self.autoplay_wait > 0:
                return
            action = self.autoplay.pop(0)
        else:
            action = self.start_thinking()
            if action is None or self.autoplay_wait > 0:
                return
            self.autoplay_choice = None
        self.autoplay_wait = COMPUTER_PACE * max(0.4, self.table.factor)
        self.choice = None
        applied = self.act(action)
        self.computer_finished = applied and self.session.is_over()
        if applied and not self.session.is_over():
            self.say(self.status[0] + "  Any key takes over.", "hint")

    def moving_by_itself(self) -> bool:
        return self.autoplay is not None

    def start_thinking(self):
        """The computer's action text once it has decided; until then, its thinking begun
        (`think` goes on with it after each frame is drawn)."""
        if self.autoplay_choice is None and self.autoplay_thinking is None:
            seed = self.session.seed * 1000 + len(self.session.actions)
            self.autoplay_thinking = self.autoplay.think(
                self.view(), rules.legal_actions(self.session.state), random.Random(seed))
        return self.autoplay_choice

    def think(self) -> None:
        """The computer watched playing thinks, in what the frame leaves once it is drawn."""
        super().think()
        if self.autoplay_thinking is None or self.app.top is not self:
            return
        deadline = time.perf_counter() + self.app.thinking_time(THINK_SLICE)
        try:
            while time.perf_counter() < deadline:
                next(self.autoplay_thinking)
        except StopIteration as stop:
            self.autoplay_choice = stop.value.text
            self.autoplay_thinking = None

    # -- where things are ----------------------------------------------------
    def panels(self) -> dict:
        """The weapon's and the health's panels: side by side as in the map; on a table so tall
        that each would still be as tall as in the map, one above the other across the band they
        share, so both grow in width as well as height."""
        weapon, health = self.layout["weapon"], self.layout["health"]
        gap = health.x - weapon.x - weapon.w
        base = layouts.load(self.game_id)["weapon"]
        if weapon.h < 2 * base.h + gap:
            return {"weapon": weapon, "health": health}
        width, half = health.x + health.w - weapon.x, (weapon.h - gap) / 2
        return {"weapon": Place("weapon", "zone", weapon.x, weapon.y, width, half),
                "health": Place("health", "zone", weapon.x, weapon.y + half + gap, width, half)}

    def weapon_size(self) -> tuple:
        """The weapon's and its kills' card size: larger in a panel with room to spare."""
        zone = self.panels()["weapon"]
        w, h = self.card_size
        fits = min((zone.h - 2 * WEAPON_INSET[1] - CAPTION) / h,
                   (zone.w - 2 * WEAPON_INSET[0]) / (w * (1 + 0.32 * KILLS_IN_FULL)))
        scale = min(LARGEST, max(1.0, fits))
        return (w * scale, h * scale)

    def weapon_pos(self) -> tuple:
        """The weapon's place: at the panel's left, midway down the room its caption leaves."""
        zone = self.panels()["weapon"]
        h = self.weapon_size()[1]
        free = zone.h - CAPTION - h
        return (zone.x + WEAPON_INSET[0], zone.y + max(WEAPON_INSET[1], free / 2))

    def stagger(self, kills: int) -> float:
        zone = self.panels()["weapon"]
        w = self.weapon_size()[0]
        room = zone.w - 2 * WEAPON_INSET[0] - w
        return min(w * 0.32, room / max(1, kills))

    def placements(self, view) -> dict:
        out: dict = {}
        for slot, code in zip(ROOM_SLOTS, view.room):
            if code is not None:
                place = self.layout[slot]
                out[code] = ((place.x, place.y), True, 10)
        wx, wy = self.weapon_pos()
        size = self.weapon_size()
        if view.weapon:
            out[view.weapon] = ((wx, wy), True, 30, size)
        step = self.stagger(len(view.slain))
        for i, code in enumerate(view.slain):
            out[code] = ((wx + (i + 1) * step, wy), True, 31 + i, size)
        pile = self.layout["discard"]
        for i, code in enumerate(view.discard):
            out[code] = ((pile.x, pile.y), False, i)
        return out

    def sizes_ahead(self) -> dict:
        """A weapon in the room may be taken up next, and a monster, while a weapon is held,
        slain with it: either then lies at the weapon's size."""
        view, size = self.view(), self.weapon_size()
        kinds = ("weapon", "monster") if view.weapon else ("weapon",)
        return {code: size for code in view.room if code is not None and rules.KIND[code] in kinds}

    def deal_origin(self):
        place = self.layout["dungeon"]
        return (place.x, place.y)

    retire_point = deal_origin

    def drop_zones(self) -> dict:
        places = dict(self.panels(), discard=self.layout["discard"])
        return {name: pygame.Rect(place.rect) for name, place in places.items()}

    def on_table_click(self, point) -> None:
        """A click on the discard pile (nothing picked up) lays it out to look through."""
        if not self.selected and pygame.Rect(self.layout["discard"].rect).collidepoint(point):
            self.review_discard()
            return
        super().on_table_click(point)

    def pile_at(self, point):
        view = self.view()
        if view.weapon and pygame.Rect(self.panels()["weapon"].rect).collidepoint(point):
            return "Your weapon and what it slew", (view.weapon,) + tuple(view.slain)
        return super().pile_at(point)

    def look_at(self, point) -> None:
        if pygame.Rect(self.layout["discard"].rect).collidepoint(point):
            self.review_discard()  # face down: laid out the way a click lays it out
            return
        super().look_at(point)

    def review_discard(self) -> None:
        from .pile_viewer import PileDialog
        cards = self.view().discard
        self.app.push(PileDialog(self.app, f"Discard pile: {len(cards)} card{'s' * (len(cards) != 1)}",
                                 cards, "Nothing has been discarded yet."))

    # -- what the player does ------------------------------------------------
    def view(self):
        return self.session.view(0)

    def can_drag(self, code: str) -> bool:
        return code in self.view().room

    def drop_action(self, code: str, zone: str):
        kind = rules.KIND[code]
        if kind == "monster":
            how = "with weapon" if zone == "weapon" else "barehanded"
            return f"face {code} {how}", None
        if kind == "weapon":
            if zone == "weapon":
                return f"face {code}", None
            return None, f"A weapon must be equipped: drop the {pretty(code)} on the weapon slot."
        if zone == "weapon":
            return None, f"Potions are for drinking: drop the {pretty(code)} on your health."
        return f"face {code}", None

    def click(self, code: str) -> None:
        if code not in self.view().room:
            return
        if rules.KIND[code] != "monster":
            self.act(f"face {code}")
            return
        legal = self.legal_texts()
        if f"face {code} with weapon" in legal:
            self.open_choice(code)
        else:
            self.act(f"face {code} barehanded")

    def double_click(self, code: str) -> None:
        """Face the card the way the hint would (with the weapon when that is better)."""
        view = self.view()
        if code in view.room and view.to_act is not None:
            self.choice = None
            self.act(move_for(view, code))

    def open_choice(self, code: str) -> None:
        self.choice = code
        self.choice_row = self.choice_buttons(code)
        self.say(f"Fight the {pretty(code)} with your weapon (W) or barehanded (B)?", "hint")

    def choice_buttons(self, code: str) -> ButtonRow:
        """Weapon or barehanded: two buttons under the room card `code`."""
        view = self.view()
        x, y = self.table.sprites[code].target
        w, h = self.card_size
        armed = rules.damage(view, code, True)
        bare = rules.damage(view, code, False)
        return ButtonRow([
            Button((x - 20, y + h + 10, w + 40, 40), f"Weapon −{armed}",
                   lambda: self.choose("with weapon"), "W", text_size=15),
            Button((x - 20, y + h + 56, w + 40, 40), f"Barehanded −{bare}",
                   lambda: self.choose("barehanded"), "B", text_size=15),
        ])

    def on_resize(self) -> None:
        """The weapon-or-barehanded buttons stay under their card."""
        super().on_resize()
        if self.choice and self.choice in self.table.sprites:
            self.choice_row = self.choice_buttons(self.choice)

    def choose(self, how: str) -> None:
        code, self.choice = self.choice, None
        if code:
            self.act(f"face {code} {how}")

    def avoid(self) -> None:
        self.choice = None
        self.act(rules.AVOID)

    def hint(self):
        return scoundrel_hint(self.view())

    def what_now(self) -> str:
        view = self.view()
        if self.choice or self.autoplay is not None or view.to_act is None:
            return ""
        if self.finisher.tip():
            return self.finisher.tip()
        tip = ("Drag a room card onto the weapon slot, your health or the discard pile, "
               "or click it; double-click plays it as the hint would.")
        return tip + (" Or avoid the room (A)." if rules.can_avoid(view) else "")

    def greeting(self) -> str:
        return "Drag a card, or click it. H for a hint."

    def handle(self, event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_TAB:
            self.tab_held = event.type == pygame.KEYDOWN
            return
        if self.autoplay is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.stop_autoplay()
            return
        if self.choice:
            if self.choice_row.handle(event, self.viewport):
                return
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.choice = None
                self.say("")
        super().handle(event)

    def on_key(self, event) -> None:
        key = event.key
        if self.choice and key in (pygame.K_w, pygame.K_b):
            self.choose("with weapon" if key == pygame.K_w else "barehanded")
        elif self.choice and key == pygame.K_ESCAPE:
            self.choice = None
            self.say("")
        elif pygame.K_1 <= key <= pygame.K_4 or pygame.K_KP1 <= key <= pygame.K_KP4:
            index = (key - pygame.K_1) if key <= pygame.K_4 else (key - pygame.K_KP1)
            code = self.view().room[index]
            if code is not None:
                self.choice = None
                self.click(code)
        elif key == pygame.K_a:
            self.avoid()
        elif key == pygame.K_v:
            self.review_discard()
        elif key == pygame.K_c:
            self.counting = not self.counting
        else:
            super().on_key(event)

    # -- words ---------------------------------------------------------------
    def describe(self, action_text: str) -> str:
        before, after = self.session.states[-2], self.session.states[-1]
        if action_text == "avoid room":
            return "You avoid the room: its cards go to the bottom of the dungeon."
        code = action_text.split()[1]
        lost = before.health - after.health
        if action_text.endswith("with weapon"):
            text = f"Your {pretty(before.weapon)} slays the {pretty(code)}"
            text += f": you lose {lost}." if lost else " without a scratch."
        elif action_text.endswith("barehanded"):
            text = f"You fight the {pretty(code)} barehanded and lose {lost}."
        elif rules.KIND[code] == "weapon":
            text = f"You equip the {pretty(code)}."
            if before.weapon:
                text += f" The {pretty(before.weapon)} is discarded."
        elif before.potion_used:
            text = f"The {pretty(code)} is wasted: only one potion heals each room."
        else:
            text = (f"The {pretty(code)} heals {-lost}." if lost
                    else f"The {pretty(code)} is drunk at full health.")
        if after.rooms > before.rooms and after.status == rules.PLAYING:
            text += " A new room is dealt."
        return text

    def celebrates(self) -> bool:
        return not self.computer_played and super().celebrates()

    def show_result(self) -> None:
        state = self.session.state
        result = rules.result(state)
        won = state.status == rules.WON
        score = result.scores[0]
        who = "The computer" if self.computer_finished else "You"
        summary = who + result.summary[3:] if result.summary.startswith("You ") else result.summary
        lines = [summary, f"Score: {number(score)}", f"Deal #{state.seed}", JUDGING]
        headline = f"{who} escaped the dungeon!" if won else f"{who} died in the dungeon"
        screen = ResultScreen(self.app, self, won, headline, lines)
        screen.when_ready(self.start_judging(), lambda judged: self.judged(screen, judged))
        self.app.push(screen)

    def start_judging(self) -> background.Job:
        """The finished deal judged (`judge`) on a thread of its own: from the end of the game,
        so it is mostly ready when the result screen opens; a hard deal takes seconds. Kept per
        final state (a game undone and played to another end is judged again); a judgement of
        an earlier end still under way is stopped."""
        session = self.session
        if self.judging is None or self.judging[0] is not session.state:
            if self.judging is not None:
                self.judging[1].stop()
            work = functools.partial(judge, tuple(session.states), tuple(session.actions),
                                     self.computer_played, self.computer_finished)
            self.judging = (session.state, background.Job(work, "deal judge"))
        return self.judging[1]

    def judged(self, screen: ResultScreen, judged: background.Job) -> None:
        """The verdict in place of the result screen's JUDGING line, and a winning line's
        button when there is one."""
        try:
            line, said = judged.result()
        except Exception:  # noqa: BLE001 - the result stands without a verdict
            line, said = (), ["Whether this deal could be won is not known."]
        buttons = None
        if line:
            buttons = [(b.text, b.key_hint, b.action) for b in screen.row.buttons]
            buttons.insert(2, ("Show a winning line", "W",
                               lambda: screen.close_then(lambda: self.show_winning_line(line))))
        screen.replace_line(JUDGING, said, buttons)


    # -- drawing -------------------------------------------------------------
    def draw_table(self, surface, view) -> None:
        vp = self.viewport
        art = self.app.art
        w, h = vp.length(self.card_size[0]), vp.length(self.card_size[1])
        title = self.layout["title"]
        status = f"Deal #{view.seed}   ·   Room {view.rooms}" + self.clock_text()

        def draw_title(on) -> None:
            draw_text(on, vp, "Scoundrel", 30, (title.x, title.y), theme.INK, face="serif")
            draw_text(on, vp, status, 18, (title.x + title.w, title.y + 10), theme.INK_DIM,
                      "topright")
        self.draw_kept(surface, "title", None, (tuple(title.rect), status), draw_title)
        for slot in ROOM_SLOTS + ("discard",):
            place = self.layout[slot]
            label = "Discard" if slot == "discard" else ""
            surface.blit(art.slot(w, h, label), vp.point(place.x, place.y))
        self.draw_dungeon(surface, view, w, h)
        self.draw_room_label(surface, view)
        pile = self.layout["discard"]
        discarded = f"{len(view.discard)} discarded"
        self.draw_kept(surface, "discarded", None, (tuple(pile.rect), discarded),
                       lambda on: draw_text(on, vp, discarded, 16,
                                            (pile.x + pile.w / 2, pile.y + pile.h + 8),
                                            theme.INK_DIM, "midtop"))
        self.draw_weapon(surface, view)
        self.draw_health(surface, view)
        self.buttons.buttons[0].enabled = rules.can_avoid(view)
        self.buttons.buttons[1].enabled = self.session.can_undo()
        self.buttons.buttons[2].enabled = view.to_act is not None

    def draw_dungeon(self, surface, view, w, h) -> None:
        vp = self.viewport
        place = self.layout["dungeon"]
        count = view.dungeon_count
        # (the images themselves in the key: a stand-in's render replaces it)
        image = self.app.art.slot(w, h, "Empty") if count == 0 else self.pile_back("dungeon")

        def draw(on) -> None:
            if count == 0:
                on.blit(image, vp.point(place.x, place.y))
            self.draw_pile(on, "dungeon", count, per_layer=6, most=6)
            draw_text(on, vp, f"Dungeon: {count}", 16,
                      (place.x + place.w / 2, place.y + place.h + 8), theme.INK_DIM, "midtop")
        self.draw_kept(surface, "dungeon", None, (tuple(place.rect), count, image), draw)

    def draw_room_label(self, surface, view) -> None:
        first, last = self.layout["room1"], self.layout["room4"]
        x = (first.x + last.x + last.w) / 2
        if view.status == rules.DEAD:
            text, colour = f"Slain by the {pretty(view.last_faced)}", theme.RED
        elif view.status == rules.WON:
            who = "The computer" if self.computer_finished else "You"
            text, colour = f"{who} made it through the dungeon!", theme.GOLD
        elif view.final:
            text, colour = "The dungeon is empty: face every card", theme.GOLD
        elif view.avoided_last and view.faced == 0:
            text, colour = "You avoided the last room: this one must be faced", theme.INK_DIM
        elif view.faced:
            left = 3 - view.faced
            text = f"Face {left} more card{'s' if left != 1 else ''}; the last one stays"
            colour = theme.INK_DIM
        else:
            text, colour = "The room: face three cards, or avoid it", theme.INK_DIM
        self.draw_kept(surface, "room label", None, (x, first.y, text, colour),
                       lambda on: draw_text(on, self.viewport, text, 17, (x, first.y - 30), colour,
                                            "midtop"))

    def draw_weapon(self, surface, view) -> None:
        """The weapon's panel and its caption (the weapon and its kills are the table's cards)."""
        zone = self.panels()["weapon"]
        slot = None
        if not view.weapon:  # (the image itself in the key: a stand-in's render replaces it)
            w, h = (self.viewport.length(n) for n in self.weapon_size())
            slot = (self.app.art.slot(w, h, "Weapon"), self.weapon_pos())
        self.draw_kept(surface, "weapon", self.viewport.rect(*zone.rect),
                       (tuple(zone.rect), view.weapon, view.slain[-1:], view.options["weapon_rule"],
                        slot), lambda on: self.draw_weapon_afresh(on, view, zone, slot))

    def draw_weapon_afresh(self, surface, view, zone, slot) -> None:
        vp = self.viewport
        draw_panel(surface, vp.rect(*zone.rect), fill=(0, 0, 0, 40), edge=(70, 120, 90),
                   radius=vp.length(16))
        if slot is not None:  # (image, place) of the empty weapon slot
            surface.blit(slot[0], vp.point(*slot[1]))
            line = "No weapon: every monster is fought barehanded."
        elif view.slain:
            last = view.slain[-1]
            limit = "weaker than" if view.options["weapon_rule"] == "below" else "up to"
            line = (f"{pretty(view.weapon)} last slew the {pretty(last)}: "
                    f"it faces monsters {limit} {rules.VALUE[last]}.")
        else:
            line = f"{pretty(view.weapon)}: takes {rules.VALUE[view.weapon]} off any monster."
        draw_text(surface, vp, line, 16, (zone.x + 22, zone.y + zone.h - 14), theme.INK,
                  "bottomleft")

    def health_scale(self, zone) -> float:
        """How much larger the health panel's words are drawn: as its room allows, to a limit."""
        fits = min((zone.w - 48) / HEALTH_BLOCK[0], (zone.h - 36) / HEALTH_BLOCK[1])
        return min(LARGEST, max(1.0, fits))

    def draw_health(self, surface, view) -> None:
        zone = self.panels()["health"]
        lines = () if self.holding() else tuple(self.preview_lines(view))  # (held: by the card)
        self.draw_kept(surface, "health", self.viewport.rect(*zone.rect),
                       (tuple(zone.rect), view.health, view.potion_used, lines),
                       lambda on: self.draw_health_afresh(on, view, zone, lines))

    def draw_health_afresh(self, surface, view, zone, lines) -> None:
        vp = self.viewport
        draw_panel(surface, vp.rect(*zone.rect), fill=(0, 0, 0, 60), edge=(70, 120, 90),
                   radius=vp.length(16))
        k = self.health_scale(zone)
        x = zone.x + 24
        y = zone.y + max(18, (zone.h - HEALTH_BLOCK[1] * k) / 2)  # midway down a tall panel
        draw_text(surface, vp, "Health", 18 * k, (x, y), theme.INK_DIM)
        colour = theme.GREEN if view.health > 10 else (theme.GOLD if view.health > 5 else theme.RED)
        shown = draw_text(surface, vp, number(view.health), 54 * k, (x, y + 22 * k), colour,
                          face="bold")
        draw_text(surface, vp, f"/ {rules.MAX_HEALTH}", 22 * k,
                  (x + shown.w / vp.scale + 8 * k, y + 50 * k), theme.INK_DIM)
        bar = (x, y + 96 * k, zone.w - 48, 16 * k)
        canvas.rect(surface, (40, 30, 30), vp.rect(*bar), border_radius=vp.length(8 * k))
        filled = bar[2] * max(0, view.health) / rules.MAX_HEALTH
        if filled:
            canvas.rect(surface, colour, vp.rect(x, bar[1], filled, bar[3]),
                        border_radius=vp.length(8 * k))
        potion = "Potion used this room" if view.potion_used else "Potion ready this room"
        draw_text(surface, vp, potion, 16 * k, (x, y + 124 * k),
                  theme.INK_DIM if view.potion_used else theme.GREEN)  # good news, not a warning
        self.draw_damage_preview(surface, lines, x, y + 152 * k, k)

    def holding(self) -> bool:
        return self.drag is not None and self.drag.moving

    def preview_lines(self, view) -> list:
        """(text, colour, face) lines: what facing the held or pointed-at room card would do."""
        code = self.drag.sprite.code if self.drag is not None and self.holding() else self.hover_code
        if not code or code not in view.room or view.to_act is None:
            return []
        kind = rules.KIND[code]
        if kind == "potion":
            gain = 0 if view.potion_used else min(rules.VALUE[code], rules.MAX_HEALTH - view.health)
            return [(f"Drink: +{gain}", theme.GREEN, "bold")]
        if kind == "weapon":
            return [(f"Equip: weapon {rules.VALUE[code]}", theme.INK, "bold")]
        lines = [self._preview_line("Barehanded", rules.damage(view, code, False), view.health)]
        if rules.weapon_allows(view, code):
            lines.append(self._preview_line("Weapon", rules.damage(view, code, True), view.health))
        elif view.weapon:
            lines.append(("Weapon: can't face it", theme.INK_DIM, "sans"))
        return lines

    def draw_damage_preview(self, surface, lines, x, y, k=1.0) -> None:
        for i, (text, colour, face) in enumerate(lines):
            draw_text(surface, self.viewport, text, 17 * k, (x, y + 24 * k * i), colour, face=face)

    def draw_held_preview(self, surface, view) -> None:
        """While a card is held, its preview rides just above it (below it near the top), over
        everything, so the card never hides it."""
        lines = self.preview_lines(view)
        if not lines or not self.holding():
            return
        assert self.drag is not None  # holding() says a card is held
        vp = self.viewport
        sprite = self.drag.sprite
        width = 20 + max(font(vp.text(17), "bold").size(t)[0] for t, _, _ in lines) / vp.scale
        height = 12 + 24 * len(lines)
        lw, lh = vp.logical
        x = min(max(4, sprite.pos[0] + sprite.size[0] / 2 - width / 2), lw - 4 - width)
        y = sprite.pos[1] - 10 - height
        if y < 4:
            y = min(sprite.pos[1] + sprite.size[1] + 10, lh - 4 - height)
        draw_panel(surface, vp.rect(x, y, width, height), fill=theme.OPAQUE_PANEL,
                   edge=theme.GOLD, radius=vp.length(10))
        for i, (text, colour, face) in enumerate(lines):
            draw_text(surface, vp, text, 17, (x + 10, y + 6 + 24 * i), colour, face=face)

    @staticmethod
    def _preview_line(label, loss, health) -> tuple:
        after = health - loss
        colour = theme.RED if after <= 0 else (theme.GOLD if loss else theme.GREEN)
        cost = f"−{loss} → {number(after)}" if loss else "no damage"
        return f"{label}: {cost}" + ("  (fatal)" if after <= 0 else ""), colour, "bold"

    def draw_overlay(self, surface, view) -> None:
        if self.choice:
            self.choice_row.draw(surface, self.viewport)
        if self.counting or self.tab_held:
            self.draw_counter(surface, view)
        self.draw_held_preview(surface, view)

    def counter_rect(self) -> pygame.Rect:
        """The card counter's place: over the weapon's place, below the room, so every room
        card stays in sight while counting."""
        panels = self.panels()
        zone, health = panels["weapon"], panels["health"]
        left = zone.x - 10
        right = health.x - 10 if health.x > zone.x else zone.x + zone.w + 10  # beside or below
        return pygame.Rect(left, zone.y - 4, min(zone.w + 20, right - left), 190)

    def draw_counter(self, surface, view) -> None:
        """The cards still in the dungeon, by kind and value, below the room."""
        vp = self.viewport
        left, top, width, height = self.counter_rect()
        draw_panel(surface, vp.rect(left, top, width, height), fill=(12, 32, 24, 255),
                   edge=theme.GOLD, radius=vp.length(14))
        tally = dungeon_tally(view)
        draw_text(surface, vp, f"Still in the dungeon: {view.dungeon_count} cards   (C or Tab)",
                  17, (left + 18, top + 12), theme.GOLD, face="bold")
        label_w = 150
        step = (width - label_w - 36 - 60) / len(COUNTER_VALUES)
        y = top + 48
        for i, head in enumerate(COUNTER_HEADS + ("All",)):
            x = left + 18 + label_w + step * (i + 0.5)
            draw_text(surface, vp, head, 16, (x + (30 if head == "All" else 0), y), theme.INK_DIM,
                      "midtop", "bold")
        for kind in KINDS:
            y += 34
            counts = tally[kind]
            draw_text(surface, vp, COUNTER_ROWS[kind], 16, (left + 18, y), theme.INK)
            for i, value in enumerate(COUNTER_VALUES):
                x = left + 18 + label_w + step * (i + 0.5)
                shown = str(counts[value]) if counts.get(value) else "·"
                draw_text(surface, vp, shown, 16, (x, y), theme.INK, "midtop")
            x = left + 18 + label_w + step * (len(COUNTER_VALUES) + 0.5) + 30
            draw_text(surface, vp, str(sum(counts.values())), 16, (x, y), theme.GOLD, "midtop",
                      "bold")
