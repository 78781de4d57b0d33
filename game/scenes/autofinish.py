"""Auto-finish on a solitaire table: when the engine says the end can be played out
(engine/autofinish.py), a Finish button appears and the tip line says what it will do; F or a
click plays the moves one by one, each animated and counted like a move made by hand. Any
click or key while it plays stops it, and the player goes on by hand."""
from __future__ import annotations

import pygame

from ..ui.widgets import Button

PACE = 0.55  # seconds a finishing move is left in sight before the next, at normal speed


class AutoFinish:
    def __init__(self, scene, offer_of, place: str):
        self.scene = scene
        self.offer_of = offer_of          # state -> engine Finish or None
        self.button = Button(scene.layout[place].rect, "Finish", self.start, "F")
        self.button.place = place
        self.offer = None
        self.queue: list = []
        self.wait = 0.0
        self._offered_for = None          # the state the offer was worked out for

    @property
    def playing(self) -> bool:
        return bool(self.queue)

    def refresh(self) -> None:
        """Work the offer out again once the game has moved on (never while it plays)."""
        session = self.scene.session
        if self.playing or session.state is self._offered_for:
            return
        self._offered_for = session.state
        self.offer = None
        if not session.is_over() and self.scene.accepts_moves():
            self.offer = self.offer_of(session.state)

    def reset(self) -> None:
        """A new deal or a resumed game: nothing offered or playing from the last one."""
        self.queue, self.offer, self._offered_for = [], None, None

    def start(self) -> None:
        if self.offer is None or self.playing:
            return
        self.queue = list(self.offer.actions)
        self.offer = None
        self.wait = 0.0
        self.scene.put_down()
        self.scene.say("Finishing: " + self.scene.action_words(self.queue[0]) + "…", "hint")

    def stop(self) -> None:
        if self.playing:
            self.queue = []
            self._offered_for = None
            self.scene.say("Finish stopped: play on by hand.")
            self.refresh()

    def handle(self, event) -> bool:
        """Whether the event was used here: the button, F, or anything that stops a finish."""
        if self.playing:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.stop()
                return event.type == pygame.MOUSEBUTTONDOWN or event.key != pygame.K_ESCAPE
            return event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP)
        if self.offer is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_f:
            self.start()
            return True
        return self.button.handle(event, self.scene.viewport)

    def update(self, dt: float) -> None:
        scene = self.scene
        if not self.playing or scene.table.busy or scene.app.top is not scene:
            return
        self.wait -= dt
        if self.wait > 0:
            return
        action = self.queue.pop(0)
        if not scene.act(action):
            self.queue = []
            return
        self.wait = PACE * scene.table.factor
        if self.queue:
            scene.say("Finishing: " + scene.action_words(self.queue[0]) + "…", "hint")

    def draw(self, surface) -> None:
        if self.offer is not None:
            self.button.draw(surface, self.scene.viewport)

    def tip(self) -> str:
        if self.offer is None:
            return ""
        return self.offer.words + " Press F or click Finish to play it out."
