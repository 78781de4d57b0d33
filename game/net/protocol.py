"""The messages of an online table, checked before anything acts on them.

Every message is one JSON object with a `type`. What a client may send is listed in CLIENT:
each field with its kind and bounds; a message with a missing, extra or wrong field is refused
with a clear error and changes nothing. docs/network.md describes the whole protocol.
"""
from __future__ import annotations

import json
import time

from ..text import is_clean

VERSION = 1
MAX_CLIENT_MESSAGE = 4096         # bytes: the largest message a client may send
MAX_SERVER_MESSAGE = 4 * 2**20    # bytes: a whole table view fits with room to spare
RATE = 20.0                       # messages a second a connection may send, on average...
BURST = 40                        # ...with this many at once
NAME = 14                         # characters of a player's name
TEXT = 200                        # characters of an action's text


class ProtocolError(ValueError):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def _name(v):
    return is_clean(v, NAME) and bool(v.strip())


def _text(v):
    return is_clean(v, TEXT) and bool(v)


def _short(v):
    return is_clean(v, 64) and bool(v)


def _int(v):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**9


def _seat(v):
    return v is None or (_int(v) and v < 16)


def _options(v):
    return isinstance(v, dict) and len(v) <= 8 and all(
        _short(k) and (isinstance(x, (bool, str)) and (not isinstance(x, str) or is_clean(x, 64))
                       or _int(x)) for k, x in v.items())


def _seat_list(v):
    return isinstance(v, list) and 1 <= len(v) <= 8 and all(
        isinstance(s, dict) and set(s) <= {"kind", "level"} and s.get("kind") in ("open", "computer")
        and (s.get("level") is None or _short(s["level"])) for s in v)


# type -> {field: (check, required)}
CLIENT = {
    "hello": {"protocol": (_int, True), "app": (_short, False)},
    "list": {},
    "create": {"game": (_short, True), "seats": (_seat_list, True), "options": (_options, False),
               "sit": (_seat, False), "name": (_name, False)},
    "join": {"table": (_short, True), "seat": (_seat, False), "name": (_name, True)},
    "rejoin": {"table": (_short, True), "token": (_short, True)},
    "watch": {"table": (_short, True)},
    "act": {"action": (_text, True), "seq": (_int, True)},
    "stand_in": {"seat": (_int, True)},
    "leave": {},
}


def parse(raw) -> dict:
    """A client's message, checked against CLIENT; raises ProtocolError saying what is wrong."""
    if isinstance(raw, bytes):
        raise ProtocolError("malformed", "Messages are JSON text, not binary.")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "That message is not valid JSON.") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ProtocolError("malformed", "A message is a JSON object with a \"type\".")
    kind = msg["type"]
    spec = CLIENT.get(kind)
    if spec is None:
        raise ProtocolError("malformed", f"Unknown message type {kind[:30]!r}.")
    extra = set(msg) - set(spec) - {"type"}
    if extra:
        raise ProtocolError("malformed", f"A {kind} message has no field {sorted(extra)[0][:30]!r}.")
    for field, (check, required) in spec.items():
        if field not in msg:
            if required:
                raise ProtocolError("malformed", f"A {kind} message needs a {field!r}.")
            continue
        if not check(msg[field]):
            raise ProtocolError("malformed", f"The {field!r} of that {kind} message is not valid.")
    return msg


def dump(msg: dict) -> str:
    return json.dumps(msg, separators=(",", ":"), ensure_ascii=False)


def error(code: str, message: str) -> dict:
    return {"type": "error", "code": code, "message": message}


def version_words(theirs) -> str:
    return (f"This table speaks Deckhand's online protocol version {VERSION}; your Deckhand "
            f"speaks version {theirs}. Both players need the same Deckhand version to play "
            "together: update the older one.")


class RateLimit:
    """A token bucket: `allow()` is False once a connection sends faster than RATE for long."""

    def __init__(self, rate: float = RATE, burst: int = BURST, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.last = float(burst), clock()

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
