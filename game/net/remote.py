"""A table seen from a client: shaped like a Session, so a game scene draws it as it draws a
game played at this computer, but it holds only what the host sent this seat.

`receive(update)` takes each update as it arrives; `view()` is the seat's latest view,
`states` the views so far (each has `to_act` and `log`, which is all a scene reads of past
states). It never applies an action itself: the host does, and sends the table again.
"""
from __future__ import annotations

from ..engine import games
from ..engine.contract import IllegalAction


class RemoteSession:
    UNDO = False

    def __init__(self, update: dict):
        self.game_id = update["game"]
        self.rules = games.get(self.game_id)
        self.seed = None  # never sent: a client must not be able to replay the deal
        self.deck = None
        self.states: list = []
        self.seq = -1
        self.receive(update)

    def receive(self, update: dict) -> bool:
        """Take an update; True if the game moved on (a new action), False if only the seats
        changed (someone came or went)."""
        moved = update["seq"] != self.seq
        if moved or not self.states:
            self.states.append(update["view"])
        else:
            self.states[-1] = update["view"]
        self.seq = update["seq"]
        self.seat = update["seat"]
        self.seats = len(update["seats"])
        self.options = dict(update.get("options") or {})
        self.legal = list(update["legal"])
        self.over = bool(update["over"])
        self.result = update.get("result")
        self.started = bool(update["started"])
        return moved

    @property
    def state(self):
        return self.states[-1]

    @property
    def actions(self):
        return range(self.seq)  # how many there were, which is all a client may know

    def view(self, seat=None):
        return self.states[-1]

    def view_at(self, index: int, seat=None):
        return self.states[index] if -len(self.states) <= index < len(self.states) else self.states[0]

    def legal_actions(self) -> list:
        return list(self.legal)

    def is_over(self) -> bool:
        return self.over

    def apply(self, action):
        raise IllegalAction("At an online table the host applies every move.")

    def can_undo(self) -> bool:
        return False

    def undo(self):
        raise IllegalAction("This game has no undo.")

    def can_redo(self) -> bool:
        return False

    def redo(self):
        raise IllegalAction("Nothing to redo.")
