"""build/convert_cards.py turns the npm package's React components into flat SVG, and the
files it made (assets/cards/classic/) are flat: nothing SDL_image's nanosvg would skip."""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

import convert_cards  # noqa: E402

from game.engine.cards import FULL_DECK  # noqa: E402

COMPONENT = '''
const SvgC2 = _ref => {
  let {
    title,
    titleId,
    ...props
  } = _ref;
  return /*#__PURE__*/React.createElement("svg", _extends({
    xmlns: "http://www.w3.org/2000/svg",
    height: 336,
    viewBox: "-120 -168 240 336",
    width: 240,
    "aria-labelledby": titleId
  }, props), title ? /*#__PURE__*/React.createElement("title", {
    id: titleId
  }, title) : null, /*#__PURE__*/React.createElement("defs", null, /*#__PURE__*/React.createElement("symbol", {
    id: "C-2_svg__b",
    viewBox: "-600 -600 1200 1200",
    preserveAspectRatio: "xMinYMid"
  }, /*#__PURE__*/React.createElement("path", {
    d: "M0 0h10Z"
  }))), /*#__PURE__*/React.createElement("rect", {
    width: 239,
    fill: "#fff"
  }), /*#__PURE__*/React.createElement("use", {
    xlinkHref: "#C-2_svg__b",
    height: 24,
    width: 24,
    x: -12,
    y: -100
  }), /*#__PURE__*/React.createElement("g", {
    transform: "rotate(180)"
  }, /*#__PURE__*/React.createElement("use", {
    xlinkHref: "#C-2_svg__b",
    height: 24,
    width: 24,
    x: -12,
    y: -100
  })), /*#__PURE__*/React.createElement("text", {
    y: 100.4
  }, "www.me.uk"));
};
'''


def test_a_component_becomes_flat_svg_with_its_marks_inked():
    trees = convert_cards.components(COMPONENT)
    assert list(trees) == ["C2"] and convert_cards.file_name("C2") == "2C"
    svg = convert_cards.to_svg(convert_cards.flatten(trees["C2"]))
    assert "<use" not in svg and "<defs" not in svg and "<text" not in svg and "<title" not in svg
    inked = re.findall(r'<g class="ink" transform="([^"]*)"><path d="M0 0h10Z" fill="#000"/></g>', svg)
    assert inked == ["translate(-12 -100) scale(0.02 0.02) translate(600 600)"] * 2
    assert '<g transform="rotate(180)"><g class="ink"' in svg
    assert "aria-labelledby" not in svg and 'xmlns="http://www.w3.org/2000/svg"' in svg


def test_names_follow_the_deck_codes():
    assert [convert_cards.file_name(n) for n in ("Sq", "H10", "Da", "Ck", "B1", "J1")] == \
        ["QS", "10H", "AD", "KC", "back-black", None]


def test_the_shipped_classic_files_are_flat_and_complete():
    folder = ROOT / "assets" / "cards" / "classic"
    names = {p.stem for p in folder.glob("*.svg")}
    assert names == set(FULL_DECK) | {"back-black", "back-red"}
    for path in folder.glob("*.svg"):
        text = path.read_text(encoding="utf-8")
        for skipped in ("<use", "<defs", "<symbol", "<pattern", "<text", "url(#"):
            assert skipped not in text, f"{path.name} holds {skipped}"
        if path.stem in FULL_DECK:
            assert text.count('class="ink"') >= 4  # rank and suit, both corners
    assert "CC0 1.0 Universal" in (folder / "LICENSE-CC0.txt").read_text(encoding="utf-8")
