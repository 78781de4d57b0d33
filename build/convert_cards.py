"""Make assets/cards/classic/ from the npm package @letele/playing-cards (run once; reproducible).

The package holds Adrian Kennard's CC0 card designs as React components: JavaScript that
calls React.createElement with the SVG elements. This script reads those calls (a tiny parser
for exactly the subset the package uses, failing loudly on anything else) and writes one plain
SVG file per card.

SDL_image draws SVG with nanosvg, which ignores <defs>, <symbol>, <use>, <pattern> and <text>,
so the files are written flat: every <use> becomes a <g> holding a copy of what it pointed at,
the backs' pattern becomes a path of diamonds, and the text on the ace of spades (the
designer's web address) is left out.

    python build/convert_cards.py                 # fetches the pinned version with `npm pack`
    python build/convert_cards.py package.tgz     # or converts a tarball fetched before
"""
from __future__ import annotations

import hashlib
import io
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "cards" / "classic"
PACKAGE = "@letele/playing-cards"
VERSION = "0.1.0"
SHA1 = "aa49ae89595d908ea6a2560ec8d6105fa5b868c1"  # `npm view @letele/playing-cards@0.1.0 dist.shasum`

RANKS = {"a": "A", "j": "J", "q": "Q", "k": "K", **{str(n): str(n) for n in range(2, 11)}}
BACKS = {"B1": "back-black", "B2": "back-red"}

# React prop names -> SVG attribute names (only those the package uses).
ATTRIBUTES = {"xlinkHref": "xlink:href", "className": "class", "strokeWidth": "stroke-width",
              "strokeLinecap": "stroke-linecap", "strokeLinejoin": "stroke-linejoin",
              "strokeMiterlimit": "stroke-miterlimit", "strokeDasharray": "stroke-dasharray",
              "textAnchor": "text-anchor", "fontSize": "font-size", "fontFamily": "font-family"}
DROPPED = {"aria-labelledby", "xmlns", "xmlnsXlink", "className", "id"}


# --- reading the JavaScript --------------------------------------------------------------

TOKEN = re.compile(r"""
    (?P<space>\s+|/\*.*?\*/)
  | (?P<string>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
  | (?P<number>-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?)
  | (?P<name>[A-Za-z_$][\w$]*)
  | (?P<punct>=>|\.\.\.|[{}()\[\],:;.?=*])
""", re.VERBOSE | re.DOTALL)


def tokens(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    while pos < len(text):
        match = TOKEN.match(text, pos)
        if not match:
            raise ValueError(f"can't read the JavaScript at {text[pos:pos + 60]!r}")
        kind = match.lastgroup
        if kind != "space":
            out.append((kind, match.group()))
        pos = match.end()
    return out


class Parser:
    """Reads `React.createElement(tag, props, ...children)` trees into (tag, attrs, children)."""

    def __init__(self, toks):
        self.toks, self.i = toks, 0

    def peek(self, ahead=0):
        return self.toks[self.i + ahead] if self.i + ahead < len(self.toks) else ("end", "")

    def take(self, value=None):
        tok = self.peek()
        if value is not None and tok[1] != value:
            raise ValueError(f"expected {value!r}, found {tok[1]!r} (token {self.i})")
        self.i += 1
        return tok

    def element(self):
        for part in ("React", ".", "createElement", "("):
            self.take(part)
        kind, tag = self.take()
        if kind != "string":
            raise ValueError(f"element tag should be a string, found {tag!r}")
        self.take(",")
        attrs = self.props()
        children = []
        while self.peek()[1] == ",":
            self.take(",")
            child = self.child()
            if child is not None:
                children.append(child)
        self.take(")")
        return tag[1:-1], attrs, children

    def props(self):
        if self.peek()[1] == "null":
            self.take()
            return {}
        if self.peek()[1] == "_extends":  # _extends({...}, props): the caller's props add nothing
            self.take()
            self.take("(")
            attrs = self.object()
            self.take(",")
            self.take("props")
            self.take(")")
            return attrs
        return self.object()

    def object(self):
        self.take("{")
        attrs = {}
        while self.peek()[1] != "}":
            kind, key = self.take()
            if kind == "string":
                key = key[1:-1]
            elif kind != "name":
                raise ValueError(f"unexpected property name {key!r}")
            self.take(":")
            attrs[key] = self.value()
            if self.peek()[1] == ",":
                self.take(",")
        self.take("}")
        return attrs

    def value(self):
        kind, text = self.take()
        if kind == "string":
            return text[1:-1]
        if kind == "number":
            return text
        if kind == "name":  # titleId: only on attributes that are dropped
            return None
        raise ValueError(f"unexpected value {text!r}")

    def child(self):
        if self.peek() == ("name", "title") and self.peek(1)[1] != "?":  # the title's own text
            self.take()
            return None
        if self.peek() == ("name", "title"):  # title ? React.createElement("title", ...) : null
            self.take("title")
            self.take("?")
            self.element()
            self.take(":")
            self.take("null")
            return None
        if self.peek()[0] == "string":
            return self.take()[1][1:-1]
        return self.element()


def components(source: str) -> dict[str, tuple]:
    """Each exported card name (as the package spells it: Sq, H10, B1...) and its SVG tree."""
    toks = tokens(source)
    trees, i = {}, 0
    while i < len(toks):
        if toks[i] == ("name", "const") and toks[i + 1][1].startswith("Svg") and toks[i + 2][1] == "=":
            name = toks[i + 1][1][3:]
            j = i
            while toks[j] != ("name", "return"):
                j += 1
            parser = Parser(toks)
            parser.i = j + 1
            trees[name] = parser.element()
            i = parser.i
        else:
            i += 1
    return trees


# --- flattening ----------------------------------------------------------------------------

def _num(value, default=0.0) -> float:
    return float(value) if value is not None else default


def _fmt(x: float) -> str:
    text = f"{x:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _index(tree, found):
    tag, attrs, children = tree
    if "id" in attrs:
        found[attrs["id"]] = tree
    for child in children:
        if isinstance(child, tuple):
            _index(child, found)


def _symbol_transform(symbol_attrs, width, height) -> str:
    vx, vy, vw, vh = (float(v) for v in symbol_attrs["viewBox"].split())
    align = symbol_attrs.get("preserveAspectRatio", "xMidYMid")
    if align == "none":
        sx, sy, dx, dy = width / vw, height / vh, 0.0, 0.0
    else:
        scale = min(width / vw, height / vh)
        sx = sy = scale
        room_x, room_y = width - vw * scale, height - vh * scale
        dx = {"xMin": 0.0, "xMid": room_x / 2, "xMax": room_x}[align[:4]]
        dy = {"YMin": 0.0, "YMid": room_y / 2, "YMax": room_y}[align[4:8]]
    steps = [f"translate({_fmt(dx)} {_fmt(dy)})"] if _fmt(dx) != "0" or _fmt(dy) != "0" else []
    steps.append(f"scale({_fmt(sx)} {_fmt(sy)})")
    if vx or vy:
        steps.append(f"translate({_fmt(-vx)} {_fmt(-vy)})")
    return " ".join(steps)


INK_VIEWBOXES = ("-500 -500 1000 1000", "-600 -600 1200 1200")  # the rank and suit symbols


def _inked(tree):
    """A card's own rank or suit, its colour spelled out and the group marked class="ink", so
    Deckhand can recolour exactly these (four-colour suits) and not the court figures."""
    tag, attrs, children = tree
    children = [_inked(c) for c in children]
    if tag == "path" and "fill" not in attrs and "stroke" not in attrs:
        attrs = {**attrs, "fill": "#000"}  # black is what an unset fill draws anyway
    return (tag, attrs, children)


def _expand(tree, ids, depth=0, in_symbol=False):
    """The tree with every <use> replaced by a group holding what it refers to."""
    if depth > 20:
        raise ValueError("<use> nests too deep")
    tag, attrs, children = tree
    if tag == "use":
        target = ids[attrs["xlinkHref"].lstrip("#")]
        target_tag, target_attrs, target_children = target
        kept = {k: v for k, v in attrs.items() if k not in ("xlinkHref", "x", "y", "width", "height")}
        steps = [kept.pop("transform")] if "transform" in kept else []
        x, y = _num(attrs.get("x")), _num(attrs.get("y"))
        if x or y:
            steps.append(f"translate({_fmt(x)} {_fmt(y)})")
        if target_tag == "symbol":
            if "width" not in attrs or "height" not in attrs:
                raise ValueError(f"<use> of symbol {attrs['xlinkHref']} without a size")
            steps.append(_symbol_transform(target_attrs, float(attrs["width"]), float(attrs["height"])))
            inner = [_expand(c, ids, depth + 1, True) for c in target_children]
            if not in_symbol and target_attrs["viewBox"] in INK_VIEWBOXES:
                kept = {"class": "ink", **kept}
                inner = [_inked(c) for c in inner]
        else:
            inner = [_expand(target, ids, depth + 1, in_symbol)]
        if steps:
            kept["transform"] = " ".join(steps)
        return ("g", kept, inner)
    if tag in ("defs", "title", "text"):
        return None
    out = [_expand(c, ids, depth, in_symbol or tag == "symbol") for c in children if isinstance(c, tuple)]
    return (tag, attrs, [c for c in out if c is not None])


def _diamond_pattern(tree, ids):
    """Replace a rect filled with the backs' 6x6 diamond pattern by a path of the diamonds
    that lie wholly inside the rect's rounded corners (nanosvg has no patterns)."""
    tag, attrs, children = tree
    fill = attrs.get("fill", "")
    if tag == "rect" and fill.startswith("url(#"):
        pattern = ids[fill[5:-1]]
        _, pattern_attrs, (cell,) = pattern
        if cell[1]["d"] != "m3 0 3 3-3 3-3-3Z" or pattern_attrs["width"] != "6":
            raise ValueError("the back's pattern changed; update _diamond_pattern")
        x0, y0 = float(attrs["x"]), float(attrs["y"])
        w, h, r = float(attrs["width"]), float(attrs["height"]), float(attrs.get("rx", 0))
        parts = []
        for j in range(int(h // 6)):
            for i in range(int(w // 6)):
                left, top = x0 + 6 * i, y0 + 6 * j
                if _outside_rounded(left + 3, top + 3, x0, y0, w, h, r - 3):
                    continue
                parts.append(f"M{_fmt(left + 3)} {_fmt(top)}l3 3-3 3-3-3z")
        colour = cell[1].get("fill", "#000")
        return ("path", {"d": "".join(parts), "fill": colour}, [])
    return (tag, attrs, [_diamond_pattern(c, ids) for c in children])


def _outside_rounded(px, py, x0, y0, w, h, r):
    cx = min(max(px, x0 + r), x0 + w - r)
    cy = min(max(py, y0 + r), y0 + h - r)
    return (px - cx) ** 2 + (py - cy) ** 2 > r * r


def flatten(tree) -> tuple:
    ids = {}
    _index(tree, ids)
    return _diamond_pattern(_expand(tree, ids), ids)


# --- writing ---------------------------------------------------------------------------------

def _svg_name(key: str) -> str:
    return ATTRIBUTES.get(key, key)


def to_svg(tree, top=True) -> str:
    tag, attrs, children = tree
    parts = []
    if top:
        kept = {k: v for k, v in attrs.items() if k not in DROPPED}
        attrs = {"xmlns": "http://www.w3.org/2000/svg", **kept}
    else:
        attrs = {k: v for k, v in attrs.items() if k not in DROPPED}
    text = " ".join(f"{_svg_name(k)}={quoteattr(str(v))}" for k, v in attrs.items() if v is not None)
    opening = f"<{tag} {text}" if text else f"<{tag}"
    if not children:
        return opening + "/>"
    parts.append(opening + ">")
    parts.extend(to_svg(c, top=False) for c in children)
    parts.append(f"</{tag}>")
    return "".join(parts)


def file_name(component: str) -> str | None:
    """The deck code Deckhand uses (10H, QS...) for a package name (H10, Sq...), or a back's name."""
    if component in BACKS:
        return BACKS[component]
    suit, rank = component[0], component[1:].lower()
    if suit in "SHDC" and rank in RANKS:
        return RANKS[rank] + suit
    return None  # the jokers: no game here uses them


def fetch(workdir: Path) -> Path:
    subprocess.run(["npm", "pack", f"{PACKAGE}@{VERSION}"], cwd=workdir, check=True,
                   stdout=subprocess.DEVNULL)
    return next(workdir.glob("*.tgz"))


def convert(tarball: Path, out: Path = OUT) -> list[str]:
    data = tarball.read_bytes()
    digest = hashlib.sha1(data).hexdigest()
    if digest != SHA1:
        raise SystemExit(f"{tarball} is not {PACKAGE}@{VERSION} (sha1 {digest}, expected {SHA1})")
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        source = archive.extractfile("package/dist/index.esm.js").read().decode()
        licence = archive.extractfile("package/LICENSE").read().decode()
    out.mkdir(parents=True, exist_ok=True)
    (out / "LICENSE-CC0.txt").write_text(licence, encoding="utf-8")
    written = []
    for component, tree in sorted(components(source).items()):
        name = file_name(component)
        if name is None:
            continue
        svg = to_svg(flatten(tree))
        (out / f"{name}.svg").write_text(svg + "\n", encoding="utf-8")
        written.append(name)
    return written


def main(argv) -> None:
    if len(argv) > 1:
        written = convert(Path(argv[1]))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            written = convert(fetch(Path(tmp)))
    print(f"wrote {len(written)} files to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main(sys.argv)
