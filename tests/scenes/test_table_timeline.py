"""Every multiplayer table tells the truth at the moment it happens: through real frames of a
game with computers, at every frame, the counters, captions and status drawn never describe a
later state than the cards on the table show, and each caption is drawn whole, by the seat
named first in its text (an event of no seat goes to the table's own line, the status line)."""
import re

import pygame
import pytest

from game.scenes.pass_and_play import Seat
from game.text import number
from game.ui import widgets

from .driver import frames, key


def plural(n, word="card"):
    return f"{n} {word}{'s' if n != 1 else ''}"


# What each table prints as counters for a view: (seat or None, exact text).
COUNTERS = {
    "lamarckian_poker": lambda v: [
        (None, f"Round {v.round}"), (None, f"Deck: {v.deck_count}"),
        (None, f"Discarded: {len(v.discards)}"),
        *[(s, f"{n} cards") for s, n in enumerate(v.hand_counts)]],
    "abandon_ship": lambda v: [
        (None, f"{v.deck_count} cards"), (None, f"Round {v.round}  ·  to 200"),
        *[(None, f"{p} pts") for p in v.lifeboat_points.values()],
        *[(s, number(x)) for s, x in enumerate(v.scores)]],
    "ships_and_sailors": lambda v: [
        (None, f"Hand {v.hand_no}"), *[(s, f"won {len(w)}") for s, w in enumerate(v.won)],
        *[(s, plural(n)) for s, n in enumerate(v.hand_counts)]],
    "pirate_rummy": lambda v: [
        (None, f"Deck: {v.deck_count}"), (None, f"Discards: {len(v.discards)}"),
        (None, f"Round {v.round}"), *[(s, f"{n} in hand") for s, n in enumerate(v.hand_counts)]],
    "doubloons": lambda v: [
        (None, f"Discard: {len(v.discard)}"),
        *[(s, str(p)) for s, p in enumerate(v.purses)],
        *[(s, plural(n)) for s, n in enumerate(v.hand_counts)]],
}


class Watch:
    """Runs a table frame by frame and checks what each frame drew against its cards."""

    def __init__(self, app, game_id, seed, computers=3):
        app.settings.animation_speed = "fast"
        seats = [Seat("Anna")] + [Seat(f"Computer {i}", "computer", "random")
                                  for i in range(1, computers + 1)]
        app.start_game(game_id, seed, None, seats=seats)
        self.app, self.game_id = app, game_id
        self.scene = app.top
        self.rest = len(self.scene.session.states)  # states the cards showed when last at rest
        self.fallen: set = set()       # Lamarckian: marks that have left the tray, at rest
        self.tray_seen = False         # Lamarckian: this round's marks lay in the tray at rest
        self.captions_checked = 0
        self.before: set = set()       # counters of the states the cards have shown
        self.counted = 0
        self.problems: list = []

    # -- what the cards show ---------------------------------------------------
    def sprites_in(self, rect) -> list:
        r = pygame.Rect(rect)
        return [s for s in self.scene.table.sprites.values()
                if not s.retiring and r.collidepoint(s.pos[0] + s.size[0] / 2, s.pos[1] + s.size[1] / 2)]

    def cards_at_latest(self) -> bool:
        scene = self.scene
        if scene.table.busy:
            return False
        if self.game_id != "lamarckian_poker":
            return True
        latest = scene.session.view(scene.viewer)
        in_tray = self.sprites_in(scene.layout["marks"].rect)
        in_pool = {s.code for s in self.sprites_in(scene.layout["pool"].rect)}
        return not in_tray and set(latest.pool) <= in_pool

    def allowed_early(self, future: list) -> set:
        """Lamarckian: the round's entries its cards have shown, mark by mark."""
        scene = self.scene
        if self.game_id != "lamarckian_poker":
            return set()
        res = scene.session.view(scene.viewer).last_resolution
        if res is None or not self.tray_seen:
            return set()
        allowed = {e for e in future if e.startswith("Marks: ")}
        for step in res.steps:
            if step.mark in self.fallen:
                name = scene.seats[step.seat].name
                allowed |= {e for e in future
                            if e.startswith(f"{name} marks with the ") and pretty_in(step.mark, e)}
        return allowed

    def counted_early(self, latest) -> set:
        """Lamarckian: a seat's count once the captures of its fallen marks have landed."""
        if self.game_id != "lamarckian_poker" or not self.tray_seen:
            return set()
        counts = list(latest.hand_counts)
        for step in latest.last_resolution.steps:
            if step.mark not in self.fallen:
                counts[step.seat] -= len(step.captured)
        return {(s, f"{n} cards") for s, n in enumerate(counts)}

    def observe_tray(self) -> None:
        if self.game_id != "lamarckian_poker" or self.scene.table.busy:
            return
        tray = {s.code for s in self.sprites_in(self.scene.layout["marks"].rect)}
        res = self.scene.session.view(self.scene.viewer).last_resolution
        if res is None:
            return
        marks = {step.mark for step in res.steps}
        if tray and tray <= marks:
            self.tray_seen = True
        if self.tray_seen:
            self.fallen |= marks - tray

    # -- one frame -------------------------------------------------------------
    def frame(self) -> None:
        scene, app = self.scene, self.app
        drawn = []
        scene.draw_caption = lambda surface, seat, lines: drawn.append((seat, list(lines)))
        widgets.recording = []
        try:
            frames(app)
            texts = [(rect, text) for kind, rect, text in widgets.recording if kind == "text"]
        finally:
            widgets.recording = None
            del scene.draw_caption
        if app.top is not scene:
            return
        states = scene.session.states
        if self.cards_at_latest():
            self.rest = len(states)
            self.fallen, self.tray_seen = set(), False
        self.observe_tray()
        self.check(states, texts, drawn)

    def check(self, states, texts, drawn) -> None:
        scene = self.scene
        rules, viewer = scene.session.rules, scene.viewer
        shown = rules.view(states[self.rest - 1], viewer)
        latest = scene.session.view(viewer)
        past = [scene.words(e) for e in shown.log]
        future = [scene.words(e) for e in latest.log[len(shown.log):]]
        early = self.allowed_early(future)
        future = [e for e in future if e not in early]
        caption_text = [(seat, " ".join(lines)) for seat, lines in drawn]
        for _, text in texts + [(None, t) for _, t in caption_text]:
            text = text.rstrip("…")
            if (len(text) >= 12 and any(text in e for e in future)
                    and not any(text in p for p in past + list(early))):
                self.problems.append(f"told before its cards show it: {text!r}")
        counters = COUNTERS[self.game_id]
        while self.counted < self.rest:  # every counter the cards have shown so far
            self.before |= set(counters(rules.view(states[self.counted], viewer)))
            self.counted += 1
        ahead = set(counters(latest)) - self.before - self.counted_early(latest)
        for rect, text in texts:
            seat = self.seat_at(rect.center)
            if (seat, text) in ahead:
                self.problems.append(f"counter ahead of the cards: {text!r} at seat {seat}")
        for seat, text in caption_text:
            self.check_caption(seat, text, past + future + list(early))

    def seat_at(self, window_point):
        x, y = self.app.viewport.to_logical(window_point)
        for seat in range(self.scene.seat_count):
            if pygame.Rect(self.scene.panel_of(seat).rect).collidepoint(x, y):
                return seat
        return None

    def check_caption(self, seat, text, entries) -> None:
        scene = self.scene
        self.captions_checked += 1
        names = [(text.find(s.name), i) for i, s in enumerate(scene.seats) if s.name in text]
        first = min(names)[1] if names else None
        if first != seat:
            self.problems.append(f"caption at {scene.seats[seat].name} names "
                                 f"{scene.seats[first].name if first is not None else 'no seat'} "
                                 f"first: {text!r}")
        secret = f"{scene.seats[seat].name} has chosen, in secret."
        if not (text == secret or any(text.startswith(e) for e in entries)):
            self.problems.append(f"caption not whole: {text!r}")
        box = pygame.Rect(scene.caption_place(seat))
        gaps = {s: gap(box, pygame.Rect(scene.panel_of(s).rect)) for s in range(scene.seat_count)}
        if any(g <= gaps[seat] for s, g in gaps.items() if s != seat):
            self.problems.append(f"caption of {scene.seats[seat].name} nearer another seat: {box}")
        under = [s.code for s in scene.table.sprites.values()
                 if not s.retiring and box.colliderect(pygame.Rect(s.target, s.target_size))]
        if under:
            self.problems.append(f"caption of {scene.seats[seat].name} hides {under}")

    # -- the game --------------------------------------------------------------
    def play(self, frames_limit: int) -> None:
        scene, app = self.scene, self.app
        for _ in range(frames_limit):
            if app.top is scene and scene.accepts_moves() and not scene.table.busy:
                legal = scene.session.legal_actions()
                scene.act(next((a for a in legal if str(a) == "end turn"), legal[0]))
            elif app.top is not scene and not scene.session.is_over():
                key(app, pygame.K_RETURN)  # a summary read together, a choice: take the first
            self.frame()
            if scene.session.is_over() or len(self.problems) > 20:
                break


def pretty_in(card: str, text: str) -> bool:
    from game.engine.cards import pretty
    return pretty(card) in text


def gap(a: pygame.Rect, b: pygame.Rect) -> int:
    dx = max(0, max(a.left, b.left) - min(a.right, b.right))
    dy = max(0, max(a.top, b.top) - min(a.bottom, b.bottom))
    return dx + dy


@pytest.mark.parametrize("game_id, seed, limit", [
    ("lamarckian_poker", 4, 1500),
    ("abandon_ship", 21, 1200),
    ("ships_and_sailors", 3, 1200),
    ("pirate_rummy", 5, 1200),
    ("doubloons", 7, 1200),
])
def test_the_table_never_tells_ahead_of_its_cards(app, game_id, seed, limit):
    watch = Watch(app, game_id, seed)
    watch.play(limit)
    assert not watch.problems, "\n".join(dict.fromkeys(watch.problems))
    assert watch.captions_checked > 0, "no computer's caption was ever drawn"
    assert len(watch.scene.session.actions) >= 12


def test_lamarckian_tells_a_round_mark_by_mark(app):
    """Round 2's marks fall one by one: Round 3, the new deck count and the next pool are
    told only once its cards are dealt, each capture at the seat that took it."""
    watch = Watch(app, "lamarckian_poker", 4)
    scene = watch.scene
    seen_playback = False
    for _ in range(2400):
        watch.play(1)
        if scene.playback is not None:
            seen_playback = True
        if seen_playback and scene.playback is None and not scene.table.busy:
            break
    assert seen_playback and not watch.problems, "\n".join(dict.fromkeys(watch.problems))
    told = " ".join(" ".join(lines) for lines, _ in scene.captions.values())
    assert "the pool is" not in told  # the pool belongs to the table, not to a seat
    assert re.search(r"Round \d+: the pool is", scene.status[0])  # on the table's own line
