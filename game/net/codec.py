"""Views and actions as JSON, and back.

A view is a frozen dataclass (with NamedTuples, tuples, dicts and frozensets inside); over the
wire it becomes plain JSON with a few tagged objects, and the client builds the same classes
again so a game scene draws it exactly as it draws a view from a local Session. Decoding only
ever builds classes from the engine's own modules, listed here: a message can name no other.
"""
from __future__ import annotations

import dataclasses
import importlib

from ..engine.contract import Action

# Engine modules whose view classes may travel; poker's Hand is rebuilt from its two slots.
MODULES = ("abandon_ship", "lamarckian_poker", "ships_and_sailors", "pirate_rummy", "doubloons",
           "poker")
DEPTH = 40  # far deeper than any view nests; a deeper message is refused, not recursed into


class DecodeError(ValueError):
    pass


def encode(value):
    """A view (or any part of one) as JSON-compatible data."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a NamedTuple
        return {"$c": _class_name(value), "f": {k: encode(getattr(value, k))
                                               for k in value._fields}}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {"$c": _class_name(value), "f": {f.name: encode(getattr(value, f.name))
                                               for f in dataclasses.fields(value)}}
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, frozenset):
        return {"$set": sorted((encode(v) for v in value), key=repr)}
    if isinstance(value, dict):
        return {"$d": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, Action):
        return encode_action(value)
    slots = getattr(type(value), "__slots__", None)
    if slots and type(value).__module__.startswith("game.engine."):
        return {"$c": _class_name(value), "f": {k: encode(getattr(value, k)) for k in slots}}
    raise TypeError(f"cannot send a {type(value).__name__}")


def _class_name(value) -> str:
    module = type(value).__module__.rsplit(".", 1)[-1]
    if module not in MODULES:
        raise TypeError(f"cannot send a {type(value).__name__} from {type(value).__module__}")
    return f"{module}.{type(value).__name__}"


def decode(data, depth: int = 0):
    """The object `encode` was given (lists come back as tuples, as views hold them)."""
    if depth > DEPTH:
        raise DecodeError("the message nests too deeply")
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return tuple(decode(v, depth + 1) for v in data)
    if not isinstance(data, dict):
        raise DecodeError(f"unexpected {type(data).__name__} in a view")
    if set(data) == {"$set"} and isinstance(data["$set"], list):
        return frozenset(decode(v, depth + 1) for v in data["$set"])
    if set(data) == {"$d"} and isinstance(data["$d"], list):
        out = {}
        for pair in data["$d"]:
            if not isinstance(pair, list) or len(pair) != 2:
                raise DecodeError("a dict entry is not a pair")
            out[decode(pair[0], depth + 1)] = decode(pair[1], depth + 1)
        return out
    if set(data) == {"$c", "f"} and isinstance(data["f"], dict):
        cls = _known_class(data["$c"])
        fields = {k: decode(v, depth + 1) for k, v in data["f"].items()}
        try:
            if dataclasses.is_dataclass(cls) or hasattr(cls, "_fields"):
                return cls(**fields)
            obj = cls.__new__(cls)
            for k in cls.__slots__:
                setattr(obj, k, fields[k])
            return obj
        except (TypeError, KeyError) as exc:
            raise DecodeError(f"a {data['$c']} does not fit: {exc}") from None
    if set(data) == {"kind", "text", "card", "target"}:
        return decode_action(data)
    raise DecodeError("an object in the view has an unknown shape")


def _known_class(name):
    if not isinstance(name, str) or name.count(".") != 1:
        raise DecodeError("a class name is malformed")
    module_name, class_name = name.split(".")
    if module_name not in MODULES:
        raise DecodeError(f"{module_name!r} is not a game module")
    module = importlib.import_module(f"game.engine.{module_name}")
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type) or cls.__module__ != module.__name__ or not (
            dataclasses.is_dataclass(cls) or hasattr(cls, "_fields")
            or getattr(cls, "__slots__", None)) or class_name == "State":
        raise DecodeError(f"{name!r} is not a class a view holds")
    return cls


def encode_action(action: Action) -> dict:
    return {"kind": action.kind, "text": action.text, "card": action.card,
            "target": encode(action.target)}


def decode_action(data) -> Action:
    if not isinstance(data, dict) or not isinstance(data.get("text"), str) or not isinstance(
            data.get("kind"), str):
        raise DecodeError("an action is malformed")
    card = data.get("card")
    if card is not None and not isinstance(card, str):
        raise DecodeError("an action's card is malformed")
    return Action(data["kind"], data["text"], card, decode(data.get("target"), 1))
