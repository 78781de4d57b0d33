"""Table layouts drawn in Tiled: assets/layouts/<game>.tmx, read with pytmx.

Object layers name the piles, zones, buttons and labels of a table in logical
pixels; moving an object in the map moves it in the game.

A map is drawn at the design size (1280x800); `fitted` spreads it over the table the window
gives (docs/layouts.md). Along each axis the map's content is stretched to the table's edges,
less a small margin. An object that stretches (zones and labels, unless their `stretch`
property says otherwise) grows in proportion; one that doesn't (piles and buttons) keeps its
size and takes its share of the free space, so the objects keep their order and never meet.
A map that would rather keep its rows together gives its extra height to one band instead, with
`anchor` properties (`hold`).
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

    def content(self) -> tuple:
        """(left, top, right, bottom) of all the places."""
        places = list(self.places.values())
        return (min(p.x for p in places), min(p.y for p in places),
                max(p.x + p.w for p in places), max(p.y + p.h for p in places))


MARGIN = 0.03  # of the table's width (or height) on each side, at most the map's own margin
STRETCH_BY_KIND = {"zone": "xy", "label": "x", "pile": "", "button": ""}


def stretches(place: Place) -> str:
    """The axes along which `place` grows with the table: its `stretch` property
    ("x", "y", "xy" or "none"), else its kind's."""
    value = dict(place.properties).get("stretch")
    if value is None:
        return STRETCH_BY_KIND.get(place.kind, "")
    return "" if value == "none" else str(value)


def _axis(start, length, grows, content, target) -> tuple:
    """Map one axis of an object from the map's content span onto the table's."""
    a0, b0 = content
    a, b = target
    if grows:
        k = (b - a) / (b0 - a0)
        return a + (start - a0) * k, length * k
    free0, free = b0 - a0 - length, b - a - length
    if free0 <= 0:
        return a + (b - a - length) / 2, length
    return a + (start - a0) * free / free0, length


def fit(layout: Layout, size) -> Layout:
    """`layout` spread over a table of `size` logical pixels (at least the map's size)."""
    width, height = size
    if (round(width), round(height)) == (layout.width, layout.height) and not _margins_shrink(layout):
        return layout
    left, top, right, bottom = layout.content()
    mx = min(left, layout.width - right, MARGIN * width)
    my = min(top, layout.height - bottom, MARGIN * height)
    places = {}
    for name, p in layout.places.items():
        grow = stretches(p)
        x, w = _axis(p.x, p.w, "x" in grow, (left, right), (mx, width - mx))
        y, h = _axis(p.y, p.h, "y" in grow, (top, bottom), (my, height - my))
        places[name] = Place(p.name, p.kind, x, y, w, h, p.properties)
    return hold(layout, Layout(round(width), round(height), places))


def anchor(place: Place) -> str:
    return str(dict(place.properties).get("anchor", ""))


def hold(base: Layout, spread: Layout) -> Layout:
    """`spread` (the map `base` fitted to a table) with its anchored objects held in place
    along y, instead of spread, by their `anchor` property:

    - `top`: keeps its distance from the top of the content (a row under the title);
    - `bottom`: keeps its distance from the bottom (a row above the status line);
    - `fill`: its top keeps its distance from the top and its bottom from the bottom, so it
      takes all the extra height (the band a table gives its room to).

    A map that anchors anything anchors everything above its `fill` objects `top` and
    everything below them `bottom`, so nothing meets."""
    if not any(anchor(p) for p in base.places.values()):
        return spread
    _, top, _, bottom = base.content()
    _, new_top, _, new_bottom = spread.content()
    places = {}
    for name, p in spread.places.items():
        original = base.places[name]
        how, y, h = anchor(original), p.y, p.h
        if how == "top":
            y, h = new_top + (original.y - top), original.h
        elif how == "bottom":
            y, h = new_bottom - (bottom - original.y), original.h
        elif how == "fill":
            y = new_top + (original.y - top)
            h = new_bottom - (bottom - original.y - original.h) - y
        places[name] = Place(p.name, p.kind, p.x, y, p.w, h, p.properties)
    return Layout(spread.width, spread.height, places)


def _margins_shrink(layout: Layout) -> bool:
    left, top, right, bottom = layout.content()
    return (min(left, layout.width - right) > MARGIN * layout.width
            or min(top, layout.height - bottom) > MARGIN * layout.height)


_fitted: dict = {}


def fitted(game_id: str, size) -> Layout:
    """The layout of `game_id` fitted to a table of `size` (cached per size)."""
    base = load(game_id)
    key = (game_id, round(size[0]), round(size[1]))
    hit = _fitted.get(key)
    if hit is None or hit[0] is not base:
        if len(_fitted) > 32:
            _fitted.clear()
        hit = _fitted[key] = (base, fit(base, (key[1], key[2])))
    return hit[1]


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
