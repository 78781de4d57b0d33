"""Tables whose extra height goes to one band: objects that hold their place from the top or
the bottom instead of spreading.

`layout.fitted` spreads a map's objects over a taller table in proportion, which opens a gap
between every two rows. A table that would rather keep its rows together marks objects in its
map with an `anchor` property:

- `top`: keeps its distance from the top of the content (a row under the title);
- `bottom`: keeps its distance from the bottom (a row above the status line);
- `fill`: its top keeps its distance from the top and its bottom from the bottom, so it takes
  all the extra height (the band the table gives its room to).

Objects without the property stay where `fitted` put them; widths and x are `fitted`'s. A map
that anchors keeps its `fill` objects between its `top` and `bottom` ones, so nothing meets.
"""
from __future__ import annotations

from . import layout as layouts

_anchored: dict = {}


def anchor(place: layouts.Place) -> str:
    return str(dict(place.properties).get("anchor", ""))


def anchored(game_id: str, size) -> layouts.Layout:
    """The layout of `game_id` fitted to a table of `size`, its anchored objects moved."""
    spread = layouts.fitted(game_id, size)
    hit = _anchored.get(game_id)
    if hit is None or hit[0] is not spread:
        hit = _anchored[game_id] = (spread, hold(layouts.load(game_id), spread))
    return hit[1]


def hold(base: layouts.Layout, spread: layouts.Layout) -> layouts.Layout:
    """`spread` (the map `base` fitted to a table) with its anchored objects held."""
    _, top, _, bottom = base.content()
    _, new_top, _, new_bottom = spread.content()
    places = {}
    for name, p in spread.places.items():
        original = base.places[name]
        how = anchor(original)
        y, h = p.y, p.h
        if how == "top":
            y, h = new_top + (original.y - top), original.h
        elif how == "bottom":
            y, h = new_bottom - (bottom - original.y), original.h
        elif how == "fill":
            y = new_top + (original.y - top)
            h = new_bottom - (bottom - original.y - original.h) - y
        places[name] = layouts.Place(p.name, p.kind, p.x, y, p.w, h, p.properties)
    return layouts.Layout(spread.width, spread.height, places)
