"""Table layouts drawn in Tiled: assets/layouts/<game>.tmx, read with pytmx.

Object layers name the piles, zones, buttons and labels of a table in logical
pixels; moving an object in the map moves it in the game.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pytmx

from ..resources import asset


@dataclass(frozen=True)
class Place:
    name: str
    kind: str  # pile, zone, button, label
    x: float
    y: float
    w: float
    h: float
    properties: tuple = ()

    @property
    def rect(self) -> tuple:
        return (self.x, self.y, self.w, self.h)

    @property
    def center(self) -> tuple:
        return (self.x + self.w / 2, self.y + self.h / 2)


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    places: dict

    def __getitem__(self, name: str) -> Place:
        try:
            return self.places[name]
        except KeyError:
            raise KeyError(f"the table layout has no object named {name!r}") from None

    def __contains__(self, name: str) -> bool:
        return name in self.places

    def of_kind(self, kind: str) -> list:
        return [p for p in self.places.values() if p.kind == kind]


@lru_cache(maxsize=16)
def load(game_id: str) -> Layout:
    tmx = pytmx.TiledMap(str(asset("layouts", f"{game_id}.tmx")))
    places = {}
    for obj in tmx.objects:
        if not obj.name:
            continue
        kind = obj.type or getattr(obj, "class", None) or "pile"
        places[obj.name] = Place(obj.name, kind, float(obj.x), float(obj.y),
                                 float(obj.width), float(obj.height),
                                 tuple(sorted(obj.properties.items())))
    return Layout(tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight, places)
