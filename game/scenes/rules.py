"""A rules screen per game, written in Deckhand's own words in assets/rules/<game>.md.

Besides headings (#, ##), bullets (- ) and paragraphs, with *emphasis* (drawn in italics) and
**strong** words (in bold), a line
    ::: cards QS -> 9S QH | The Q♠ takes the 9♠ and the Q♥.
is a worked example: the game's own cards (engine codes; -> draws an arrow) drawn with the
table's card art, the caption in words beside them.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any, NamedTuple

import pygame

from ..engine import games
from ..resources import asset
from ..ui import canvas, cardart, theme
from ..ui.fonts import font
from ..ui.widgets import Button, ButtonRow, draw_panel, draw_text, note, shade
from .base import Scene, rows_beyond

STYLES = {"#": (30, "bold", theme.GOLD), "##": (22, "bold", theme.GOLD), "": (18, "sans", theme.INK)}
EXAMPLE = "::: cards "
ARROW = "->"
CARD = (58, 82)          # an example's cards, logical pixels
CARD_GAP, ARROW_W = 6, 30
CAPTION_SIZE = 16
PANEL = pygame.Rect(140, 40, 1000, 720)  # at the design size; taller in a tall window
EXAMPLE_BAND = (24, 58, 43)
EMPHASIS = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*|(?<!\w)_(.+?)_(?!\w)")


class Line(NamedTuple):
    """One laid-out line: text, or an example row when `cards` is set (real pixels)."""
    text: str
    size: int
    face: str
    colour: tuple
    indent: int
    height: int
    cards: tuple = ()
    captions: tuple = ()  # each a tuple of runs, as `runs`
    runs: tuple = ()      # ((text, face), ...): the line's pieces, each in its own face


@lru_cache(maxsize=32)
def run_font(size: int, face: str) -> pygame.font.Font:
    """The font of a run: the table's faces, and a slanted sans for emphasis."""
    if face != "italic":
        return font(size, face)
    slanted = pygame.font.Font(str(asset("fonts", "DejaVuSans.ttf")), max(6, int(size)))
    slanted.italic = True
    return slanted


def words_of(text: str, face: str) -> list:
    """The text's words, each a list of (text, face) pieces: *emphasis* is italic and
    **strong** bold (bold stays bold); the marks themselves are never drawn."""
    segments, end = [], 0
    for m in EMPHASIS.finditer(text):
        segments.append((text[end:m.start()], face))
        strong, em, under = m.groups()
        inner = strong or em or under
        segments.append((inner, "bold" if strong or face == "bold" else "italic"))
        end = m.end()
    segments.append((text[end:], face))
    words: list[list[tuple[str, str]]] = [[]]
    for piece, piece_face in segments:
        for k, part in enumerate(piece.split(" ")):
            if k:
                words.append([])
            if part:
                words[-1].append((part, piece_face))
    return [w for w in words if w]


def wrap_runs(words: list, size: int, face: str, width: int) -> list:
    """Lines of runs ((text, face), ...) no wider than `width` real pixels (a word too long
    for a line gets one of its own)."""
    space = run_font(size, face).size(" ")[0]
    lines: list[list[tuple[str, str]]] = []
    line: list[tuple[str, str]] = []
    used = 0
    for word in words:
        w = sum(run_font(size, f).size(t)[0] for t, f in word)
        if line and used + space + w > width:
            lines.append(line)
            line, used = [], 0
        if line:
            inside = line[-1][1] == word[0][1]  # a space within an emphasis keeps its face
            line.append((" ", word[0][1] if inside else face))
            used += space
        line.extend(word)
        used += w
    lines.append(line)
    return [merge_runs(line) for line in lines]


def merge_runs(runs) -> tuple:
    out: list[tuple[str, str]] = []
    for text, face in runs:
        if out and out[-1][1] == face:
            out[-1] = (out[-1][0] + text, face)
        else:
            out.append((text, face))
    return tuple(out)


def plain(runs) -> str:
    return "".join(text for text, _ in runs)


def draw_runs(surface, runs, size: int, colour, topleft) -> pygame.Rect:
    """Blit a line's runs side by side; returns the rect they cover."""
    x, y = topleft
    for text, face in runs:
        image = run_font(size, face).render(text, True, colour)
        surface.blit(image, (x, y))
        x += image.get_width()
    return pygame.Rect(topleft[0], y, x - topleft[0], run_font(size, "sans").get_linesize())


def parse_example(line: str) -> tuple:
    """(card tokens, caption) of an example line; ValueError when it is malformed or names a
    card the game's art can't draw."""
    body = line.strip()[len(EXAMPLE):]
    cards, bar, caption = body.partition("|")
    tokens = tuple(cards.split())
    if not bar or not caption.strip() or not [t for t in tokens if t != ARROW]:
        raise ValueError(f"an example needs cards, then | and a caption: {line!r}")
    for token in tokens:
        if token != ARROW and not cardart.drawable(token):
            raise ValueError(f"unknown card {token!r} in example {line!r}")
    return tokens, caption.strip()


def note_visible(surface, kind: str, rect, detail, px: int | None = None) -> None:
    """Note for the layout checks only what the scrolling area's clip lets through."""
    shown = rect.clip(surface.get_clip())
    if shown.w and shown.h:
        note(kind, shown, detail, px)


def cards_width(tokens) -> int:
    """Logical width of an example's cards and arrows."""
    return sum(ARROW_W if t == ARROW else CARD[0] for t in tokens) + CARD_GAP * (len(tokens) - 1)


class RulesScreen(Scene):
    opaque = False

    def __init__(self, app, game_id: str):
        super().__init__(app)
        from .registry import scene_for
        scene_for(game_id)  # its module registers the art of the game's own deck
        self.game_id = game_id
        self.title = games.get(game_id).TITLE
        self.text = asset("rules", f"{game_id}.md").read_text(encoding="utf-8")
        self.scroll = 0.0
        self.close_button = Button((560, 700, 160, 44), "Close", self.close, "Esc")
        self.buttons = ButtonRow([self.close_button])
        self._laid_out: tuple[Any, list[Line]] | None = None
        self.on_resize()

    @property
    def panel(self) -> pygame.Rect:
        """The design's panel, taller by the window's rows above and below the design frame
        (a square or portrait window shows more of the text at once)."""
        vp = self.viewport
        hidden = self.content_height() / vp.scale - (PANEL.h - 170)  # logical rows
        extra = min(rows_beyond(vp), max(0, math.ceil(hidden / 2) + 1))
        return PANEL.inflate(0, 2 * extra)

    def on_resize(self) -> None:
        self.close_button.rect.y = self.panel.bottom - 60
        self.scroll = max(0.0, min(self.scroll, self.content_height() - self.view_height()))

    def close(self) -> None:
        self.app.pop(self)

    def lines(self) -> list:
        """The text laid out as Lines in real pixels, cached per scale."""
        vp = self.viewport
        key = vp.scale
        if self._laid_out and self._laid_out[0] == key:
            return self._laid_out[1]
        width = vp.length(PANEL.w - 80)
        out, raws = [], [raw.strip() for raw in self.text.splitlines()]
        for i, stripped in enumerate(raws):
            if not stripped:
                out.append(Line("", 10, "sans", theme.INK, 0, vp.length(10)))
            elif stripped.startswith(EXAMPLE):
                out.append(self.example_line(stripped, width, self.caption_left(raws, i)))
            else:
                out.extend(self.text_lines(stripped, width))
        self._laid_out = (key, out)
        return out

    @staticmethod
    def caption_left(raws: list, i: int) -> int:
        """Where the captions of the example block holding line `i` start (logical), so the
        captions of one example line up."""
        first, last = i, i
        while first > 0 and raws[first - 1].startswith(EXAMPLE):
            first -= 1
        while last + 1 < len(raws) and raws[last + 1].startswith(EXAMPLE):
            last += 1
        return max(cards_width(parse_example(raws[j])[0]) for j in range(first, last + 1)) + 18

    def example_line(self, stripped: str, width: int, caption_left: int) -> Line:
        vp = self.viewport
        tokens, caption = parse_example(stripped)
        left = vp.length(caption_left)
        size = vp.text(CAPTION_SIZE)
        captions = tuple(wrap_runs(words_of(caption, "sans"), size, "sans", width - left))
        line_h = font(vp.text(CAPTION_SIZE), "sans").get_linesize()
        height = max(vp.length(CARD[1]), line_h * len(captions)) + vp.length(12)
        return Line("", CAPTION_SIZE, "sans", theme.INK, left, height, tokens, captions)

    def text_lines(self, stripped: str, width: int) -> list:
        vp = self.viewport
        mark, _, rest = stripped.partition(" ")
        size, face, colour = STYLES.get(mark, STYLES[""])
        text = rest if mark in STYLES and mark else stripped
        bullet = stripped.startswith("- ")
        if bullet:
            text = stripped[2:]
        indent = vp.length(24) if bullet else 0
        height = font(vp.text(size), face).get_linesize()
        out = []
        for i, runs in enumerate(wrap_runs(words_of(text, face), vp.text(size), face,
                                           width - indent)):
            if bullet and i == 0:
                runs = merge_runs((("• ", face),) + runs)
            out.append(Line(plain(runs), size, face, colour,
                            indent - vp.length(16) if bullet and i == 0 else indent, height,
                            runs=runs))
        return out

    def content_height(self) -> int:
        return sum(line.height for line in self.lines())

    def view_height(self) -> int:
        return self.viewport.length(self.panel.h - 170)

    def handle(self, event) -> None:
        if self.buttons.handle(event, self.viewport):
            return
        step = self.viewport.length(60)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
                self.close()
            elif event.key == pygame.K_DOWN:
                self.scroll += step
            elif event.key == pygame.K_UP:
                self.scroll -= step
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll += step * 8
            elif event.key == pygame.K_PAGEUP:
                self.scroll -= step * 8
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key == pygame.K_END:
                self.scroll = self.content_height()
        self.scroll = max(0.0, min(self.scroll, self.content_height() - self.view_height()))

    def draw(self, surface) -> None:
        vp = self.viewport
        shade(surface, (0, 0, 0, 190))
        draw_panel(surface, vp.rect(*self.panel), fill=theme.OPAQUE_PANEL)
        draw_text(surface, vp, f"How to play {self.title}", 32, (640, self.panel.y + 20),
                  theme.GOLD, "midtop", "bold")
        area = vp.rect(self.panel.x + 40, self.panel.y + 80, self.panel.w - 80, self.panel.h - 170)
        previous_clip = surface.get_clip()
        surface.set_clip(area)
        y = area.y - int(self.scroll)
        for line in self.lines():
            if y + line.height >= area.y and y <= area.bottom:
                if line.cards:
                    self.draw_example(surface, line, area.x, y)
                elif line.text:
                    rect = draw_runs(surface, line.runs, vp.text(line.size), line.colour,
                                     (area.x + line.indent, y))
                    note_visible(surface, "text", rect, line.text, vp.text(line.size))
            y += line.height
        surface.set_clip(previous_clip)
        if self.content_height() > area.h:
            draw_text(surface, vp, "Scroll with the wheel or the arrow keys", 14,
                      (640, self.panel.bottom - 84), theme.INK_DIM, "midtop")
        self.buttons.draw(surface, vp)

    def draw_example(self, surface, line: Line, x: int, y: int) -> None:
        """An example row: its cards on a darker band, the caption beside them."""
        vp = self.viewport
        w, h = vp.length(CARD[0]), vp.length(CARD[1])
        band = pygame.Rect(x, y, line.indent - vp.length(8), line.height - vp.length(6))
        canvas.rect(surface, EXAMPLE_BAND, band, border_radius=vp.length(8))
        cx, top = x + vp.length(6), y + (band.h - h) // 2
        for token in line.cards:
            if token == ARROW:
                mid = top + h // 2
                tip = cx + vp.length(ARROW_W - 6)
                canvas.line(surface, theme.GOLD, (cx + vp.length(4), mid), (tip, mid),
                                 max(2, vp.length(3)))
                canvas.polygon(surface, theme.GOLD, [(tip + vp.length(4), mid),
                                                          (tip - vp.length(4), mid - vp.length(6)),
                                                          (tip - vp.length(4), mid + vp.length(6))])
                cx += vp.length(ARROW_W + CARD_GAP)
                continue
            image = self.app.art.face(token, w, h)
            surface.blit(image, (cx, top))
            note_visible(surface, "card", image.get_rect(topleft=(cx, top)), token)
            cx += w + vp.length(CARD_GAP)
        f = font(vp.text(line.size), line.face)
        text_top = y + (band.h - f.get_linesize() * len(line.captions)) // 2
        for i, caption in enumerate(line.captions):
            rect = draw_runs(surface, caption, vp.text(line.size), line.colour,
                             (x + line.indent, text_top + i * f.get_linesize()))
            note_visible(surface, "text", rect, plain(caption), vp.text(line.size))
