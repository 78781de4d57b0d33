"""A game in progress: its rules, its history of actions, and undo.

Undo steps back one action at a time, but never past a moment that revealed
hidden cards (a change in `rules.revealed(state)`), so it can neither show a
card the player has not earned nor hide one already seen. Redo steps forward again
through what was undone, until a new action is made; it only ever replays states undo
gave back, so it crosses nothing undo could not.
"""
from __future__ import annotations

from typing import Any

from . import games
from .contract import Action, IllegalAction

SESSION_VERSION = 1
State = Any  # a game's state: each rules module has its own class


class Session:
    def __init__(self, game_id: str, seats: int = 1, seed: int = 0, options: dict[str, Any] | None = None,
                 deck: Any = None):
        self.rules = games.get(game_id)
        self.game_id = game_id
        self.seats = seats
        self.seed = seed
        self.deck = tuple(deck) if deck is not None else None
        first = self.rules.new_game(seats, seed, options, deck)
        self.options = dict(getattr(first, "options", None) or {})
        self.states = [first]
        self.actions: list[str] = []
        self.undone: list[tuple[State, str]] = []  # (state, action text) taken back, the latest last
        # the current state's views by seat: states and views never change, and a table asks
        # for the same view many times a frame (a view of Pirate Rummy judges every meld)
        self._views: tuple[State, dict[int, Any]] = (first, {})

    @property
    def state(self) -> State:
        return self.states[-1]

    def view(self, seat: int = 0) -> Any:
        state, views = self._views
        if state is not self.state:
            state, views = self._views = (self.state, {})
        if type(seat) is not int or seat not in views:  # a bad seat raises as the rules do
            views[seat] = self.rules.view(state, seat)
        return views[seat]

    def view_at(self, index: int, seat: int) -> Any:
        """The view `seat` had of the table after `index` actions (negative: from the end)."""
        return self.rules.view(self.states[index], seat)

    def legal_actions(self) -> list[Action]:
        legal: list[Action] = self.rules.legal_actions(self.state)
        return legal

    def is_over(self) -> bool:
        over: bool = self.rules.is_over(self.state)
        return over

    def apply(self, action: Action | str) -> State:
        """Apply an action (or its text); raises IllegalAction and changes nothing if refused."""
        new = self.rules.apply(self.state, action)
        self.states.append(new)
        self.actions.append(action.text if isinstance(action, Action) else str(action))
        self.undone.clear()
        return new

    def can_undo(self) -> bool:
        if not getattr(self.rules, "UNDO", False) or len(self.states) < 2:
            return False
        same: bool = self.rules.revealed(self.states[-2]) == self.rules.revealed(self.state)
        return same

    def undo(self) -> str:
        """Take back the last action; returns its text. Raises IllegalAction when not allowed."""
        if not self.can_undo():
            if not getattr(self.rules, "UNDO", False):
                raise IllegalAction("This game has no undo.")
            if len(self.states) < 2:
                raise IllegalAction("Nothing to undo.")
            raise IllegalAction("New cards have been turned up since then: that can't be undone.")
        text = self.actions.pop()
        self.undone.append((self.states.pop(), text))
        return text

    def can_redo(self) -> bool:
        return bool(self.undone)

    def redo(self) -> str:
        """Make again the last action undone; returns its text. Raises IllegalAction if none."""
        if not self.undone:
            raise IllegalAction("Nothing to redo.")
        state, text = self.undone.pop()
        self.states.append(state)
        self.actions.append(text)
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "deckhand-session", "version": SESSION_VERSION, "game": self.game_id,
            "seats": self.seats, "seed": self.seed, "options": dict(self.options),
            "deck": list(self.deck) if self.deck is not None else None,
            "actions": list(self.actions), "state": self.rules.to_json(self.state),
        }

    @classmethod
    def from_json(cls, data: Any) -> Session:
        """Rebuild by replaying the actions from the deal; the stored state must agree."""
        if not isinstance(data, dict) or data.get("format") != "deckhand-session":
            raise ValueError("not a Deckhand game")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ValueError("the game has no valid version number")
        if version > SESSION_VERSION:
            raise ValueError("the game was saved by a newer Deckhand")
        game_id = data.get("game")
        if not isinstance(game_id, str):
            raise ValueError("the game does not say which game it is")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ValueError("the game's action list is damaged")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the game's deal number is damaged")
        options = data.get("options")
        if not isinstance(options, dict):
            raise ValueError("the game's table options are damaged")
        deck = data.get("deck")
        if deck is not None and not isinstance(deck, list):
            raise ValueError("the game's deck is damaged")
        seats = data.get("seats", 1)
        if not isinstance(seats, int) or isinstance(seats, bool):
            raise ValueError("the game's number of seats is damaged")
        try:
            session = cls(game_id, seats, seed, options, deck)
        except KeyError as exc:
            raise ValueError(str(exc.args[0])) from None
        for text in actions:
            try:
                session.apply(text)
            except IllegalAction as exc:
                raise ValueError(f"the game's history does not replay: {exc}") from None
        if "state" in data:
            stored = session.rules.from_json(data["state"])
            if stored != session.state:
                raise ValueError("the game's saved state does not match its history")
        return session
