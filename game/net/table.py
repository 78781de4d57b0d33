"""One online table: the authoritative game, its seats, and what each connection may see.

Pure Python, no network and no pygame: the server (server.py) feeds it what arrives and sends
what it returns. The Session never leaves the table; a seat gets `view(state, seat)` and, when
it is to act, its legal actions; a spectator gets the public view (engine/public.py). A seat is
claimed with a random token, and only the token names the seat in later messages.
"""
from __future__ import annotations

import random
import secrets
import time
from dataclasses import dataclass

from ..engine import bots, games
from ..engine.contract import IllegalAction
from ..engine.public import PUBLIC, public_view
from ..engine.session import Session
from . import codec

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LENGTH = 6
TOKEN_BYTES = 18
NAME_LENGTH = 14  # as the seat screen takes names
GAMES = tuple(PUBLIC)  # the games with several seats


class TableError(ValueError):
    """A request the table refuses; the message says why, in words, and `code` what kind of
    refusal it is for a program (docs/network.md)."""

    def __init__(self, message: str, code: str = "refused"):
        super().__init__(message)
        self.code = code


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


@dataclass
class TableSeat:
    name: str
    kind: str = "open"      # "open" (nobody yet), "human" (claimed with a token), "computer"
    level: str = "normal"   # the computer's level, also for a stand-in
    token: str = ""         # the seat's secret, once a human claimed it
    connected: bool = False
    stand_in: bool = False  # a computer plays for the human while they are away

    @property
    def played_by_computer(self) -> bool:
        return self.kind == "computer" or (self.kind == "human" and self.stand_in)

    def public(self) -> dict:
        """What everyone may know of the seat (never its token)."""
        return {"name": self.name, "kind": self.kind, "connected": self.connected,
                "stand_in": self.stand_in,
                "waiting": self.kind == "human" and not self.connected and not self.stand_in}


class Table:
    def __init__(self, game_id: str, seats: list, options=None, seed=None, session=None,
                 table_id: str = "", code: str = "", save_token: str = ""):
        if game_id not in GAMES:
            raise TableError(f"{game_id!r} is not a game for several players")
        self.game_id = game_id
        self.rules = games.get(game_id)
        low, high = self.rules.SEATS
        if not low <= len(seats) <= high:
            raise TableError(f"{self.rules.TITLE} takes {low} to {high} seats, not {len(seats)}")
        self.seats = list(seats)
        if session is None:
            seed = secrets.randbelow(1_000_000) if seed is None else seed
            try:
                session = Session(game_id, len(seats), seed, options)
            except ValueError as exc:
                raise TableError(str(exc)) from None
        self.session = session
        self.id = table_id or secrets.token_hex(4)
        self.code = code or new_code()
        self.save_token = save_token or secrets.token_hex(8)
        self.touched = time.monotonic()  # the last change, for a server forgetting idle tables
        self.host_seat: int | None = None  # the seat of the app that hosts the table, if any
        self.counted = False  # its result is in the host's statistics

    # -- seats ------------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return all(s.kind != "open" for s in self.seats)

    def seat_of(self, token) -> int | None:
        if not isinstance(token, str) or not token:
            return None
        found = None
        for i, seat in enumerate(self.seats):  # every seat compared, in constant time each
            if seat.token and secrets.compare_digest(seat.token.encode(), token.encode()):
                found = i
        return found

    def claim(self, seat: int | None, name: str) -> tuple:
        """Give an open seat (the first one for None) to a new player: (seat, token)."""
        open_seats = [i for i, s in enumerate(self.seats) if s.kind == "open"]
        if seat is None:
            if not open_seats:
                raise TableError("Every seat at this table is taken.")
            seat = open_seats[0]
        if not 0 <= seat < len(self.seats):
            raise TableError(f"This table has no seat {seat + 1}.")
        if seat not in open_seats:
            raise TableError(f"Seat {seat + 1} is not open.")
        token = secrets.token_urlsafe(TOKEN_BYTES)
        taken = self.seats[seat]
        taken.kind, taken.token, taken.connected, taken.stand_in = "human", token, True, False
        taken.name = name[:NAME_LENGTH] or f"Player {seat + 1}"
        return seat, token

    def rejoin(self, token: str) -> int:
        seat = self.seat_of(token)
        if seat is None:
            raise TableError("That token holds no seat at this table.")
        self.seats[seat].connected = True
        self.seats[seat].stand_in = False  # back in the seat: the computer gives it back
        return seat

    def disconnect(self, seat: int) -> None:
        self.seats[seat].connected = False

    def let_computer_play(self, seat) -> None:
        """A computer takes a seat whose player is away, or one nobody has claimed."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise TableError("There is no such seat.")
        s = self.seats[seat]
        if s.kind == "open":
            s.kind, s.name = "computer", f"Computer {seat + 1}"
        elif s.kind == "human" and not s.connected:
            s.stand_in = True
        else:
            raise TableError(f"{s.name} is at the table: only a seat whose player is away can "
                             "be given to a computer.")

    # -- play -------------------------------------------------------------------------------
    @property
    def seq(self) -> int:
        return len(self.session.actions)

    def act(self, seat: int, text: str, seq: int) -> None:
        """Apply a seat's action, checked by the engine; raises TableError and changes nothing."""
        if not self.started:
            raise TableError("The game starts once every seat is taken.")
        if self.session.is_over():
            raise TableError("The game is over.")
        if seq != self.seq:
            raise TableError("The table has changed since that move was chosen: look again.", "stale")
        if self.session.state.to_act != seat:
            raise TableError("It is not your turn.", "turn")
        if self.seats[seat].stand_in:
            raise TableError("A computer is playing your seat: re-join to take it back.")
        self.apply(text)

    def apply(self, action) -> None:
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            raise TableError(str(exc), "illegal") from None

    def computer_to_act(self) -> int | None:
        """The seat a computer must play now, or None."""
        to_act = self.session.state.to_act
        if not self.started or to_act is None or not self.seats[to_act].played_by_computer:
            return None
        return to_act

    def bot_thinking(self, seat: int):
        """A computer's decision for `seat`, as a generator (bots.think), from its view only."""
        level = self.seats[seat].level
        if level not in bots.levels(self.game_id):
            level = bots.levels(self.game_id)[-1]
        rng = random.Random(self.session.seed * 7919 + self.seq)
        return bots.make(self.game_id, level).think(
            self.session.view(seat), self.session.legal_actions(), rng)

    # -- what a connection receives ---------------------------------------------------------
    def view_for(self, seat: int | None):
        if seat is None:
            return public_view(self.game_id, self.session.state)
        return self.session.view(seat)

    def update(self, seat: int | None) -> dict:
        """The whole table as `seat` (None: a spectator) may see it."""
        state = self.session.state
        mine = (seat is not None and state.to_act == seat and self.started
                and not self.seats[seat].stand_in)
        legal = [codec.encode_action(a) for a in self.session.legal_actions()] if mine else []
        over = self.session.is_over()
        result = None
        if over:
            r = self.rules.result(state)
            result = {"scores": list(r.scores), "winners": list(r.winners), "summary": r.summary}
        return {"type": "update", "table": self.id, "game": self.game_id, "seq": self.seq,
                "seat": seat, "started": self.started, "over": over,
                "options": dict(self.session.options),
                "seats": [s.public() for s in self.seats],
                "view": codec.encode(self.view_for(seat)), "legal": legal, "result": result}

    def summary(self) -> dict:
        """The table in the lobby's list."""
        return {"table": self.id, "game": self.game_id, "title": self.rules.TITLE,
                "seats": [s.public() for s in self.seats], "started": self.started,
                "over": self.session.is_over(),
                "open": sum(s.kind == "open" for s in self.seats)}

    # -- saving -----------------------------------------------------------------------------
    def seat_info(self) -> list:
        """Seats as a save keeps them (game/store/saves.py): tokens too, so players re-join."""
        return [{"name": s.name, "kind": s.kind, "level": s.level, "table": self.id,
                 "code": self.code, **({"token": s.token} if s.token else {}),
                 **({"host": "yes"} if i == self.host_seat else {})}
                for i, s in enumerate(self.seats)]

    @classmethod
    def from_saved(cls, saved) -> Table:
        """A table again from its autosave (saves.Saved): same seats, tokens, id and code;
        everyone is away until they re-join."""
        info = saved.seats or []
        if len(info) != saved.session.seats or not all(isinstance(s, dict) for s in info):
            raise TableError("The saved game has no online seats.")
        seats = []
        for i, s in enumerate(info):
            kind = s.get("kind") if s.get("kind") in ("open", "human", "computer") else "open"
            token = s.get("token", "") if kind == "human" else ""
            if kind == "human" and not (isinstance(token, str) and token):
                kind = "open"  # nobody could prove the seat is theirs: it is open again
            seats.append(TableSeat(str(s.get("name") or f"Player {i + 1}")[:NAME_LENGTH], kind,
                                   str(s.get("level") or "normal"), token if isinstance(
                                       token, str) else ""))
        table_id, code = str(info[0].get("table", "")), str(info[0].get("code", ""))
        table = cls(saved.session.game_id, seats, session=saved.session, table_id=table_id,
                    code=code, save_token=saved.token)
        table.host_seat = next((i for i, s in enumerate(info) if s.get("host") == "yes"), None)
        return table

    def token_of(self, seat: int) -> str:
        """The host's own seat's token, to re-join it after a resume (never sent to others)."""
        return self.seats[seat].token

