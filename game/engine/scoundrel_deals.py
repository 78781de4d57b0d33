"""Which Scoundrel deals can be won, as the solver decided them: read from `scoundrel_deals.txt`
beside this module, so a table never has to solve a deal on the spot to know.

The file holds, per weapon rule, the ranges of deal numbers decided and the deals proved lost
among them (ranges too); every other decided deal was proved winnable. Lines:
    <rule> decided 0-99999
    <rule> lost 17 230-231 ...
"""
from __future__ import annotations

import bisect
import random
from functools import lru_cache
from pathlib import Path

PATH = Path(__file__).with_name("scoundrel_deals.txt")
RULES = ("at_most", "below")
MAX_BYTES = 1 << 20
Range = tuple[int, int]  # first and last deal number, both in


class Decided:
    """The deals decided under one weapon rule: sorted, non-overlapping (first, last) ranges."""

    def __init__(self, decided: list[Range], lost: list[Range]):
        self.decided = decided
        self.lost = lost
        self.total = sum(last - first + 1 for first, last in decided)
        self.lost_count = sum(last - first + 1 for first, last in lost)

    @staticmethod
    def _inside(ranges: list[Range], seed: int) -> bool:
        i = bisect.bisect_right(ranges, (seed, float("inf"))) - 1
        return i >= 0 and ranges[i][0] <= seed <= ranges[i][1]

    def verdict(self, seed: int) -> bool | None:
        """True: proved winnable; False: proved lost; None: not decided."""
        if not self._inside(self.decided, seed):
            return None
        return not self._inside(self.lost, seed)

    def pick_winnable(self, pick: random.Random) -> int:
        """A decided deal proved winnable, every one as likely."""
        if self.total == self.lost_count:
            raise ValueError("no deal is known to be winnable")
        while True:  # about one deal in a hundred is lost: a second try is rare
            index = pick.randrange(self.total)
            for first, last in self.decided:
                if index <= last - first:
                    seed = first + index
                    break
                index -= last - first + 1
            if self.verdict(seed):
                return seed


def _ranges(words: list[str], line_number: int) -> list[Range]:
    out: list[Range] = []
    for word in words:
        first, dash, last = word.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise ValueError(f"scoundrel_deals.txt line {line_number}: bad range {word[:20]!r}")
        pair = (int(first), int(last) if dash else int(first))
        if pair[1] < pair[0] or (out and pair[0] <= out[-1][1]):
            raise ValueError(f"scoundrel_deals.txt line {line_number}: ranges out of order")
        out.append(pair)
    return out


def parse(text: str) -> dict[str, Decided]:
    """{rule: Decided} from the file's text; raises ValueError on anything malformed."""
    found: dict[str, tuple[list[Range], list[Range]]] = {rule: ([], []) for rule in RULES}
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if len(words) < 2 or words[0] not in RULES or words[1] not in ("decided", "lost"):
            raise ValueError(f"scoundrel_deals.txt line {number}: not understood")
        decided, lost = found[words[0]]
        target = decided if words[1] == "decided" else lost
        more = _ranges(words[2:], number)
        if target and more and more[0][0] <= target[-1][1]:
            raise ValueError(f"scoundrel_deals.txt line {number}: ranges out of order")
        target.extend(more)
    out = {}
    for rule, (decided, lost) in found.items():
        if not _within(lost, decided):
            raise ValueError(f"scoundrel_deals.txt: a lost deal under {rule} was never decided")
        out[rule] = Decided(decided, lost)
    return out


def _within(inner: list[Range], outer: list[Range]) -> bool:
    """Whether both ends of each of the sorted ranges `inner` are inside the sorted ranges
    `outer`: one walk through both (the file is read when a game ends, within a frame)."""
    k = 0
    for seed in (end for pair in inner for end in pair):  # never decreasing
        while k < len(outer) and outer[k][1] < seed:
            k += 1
        if k == len(outer) or seed < outer[k][0]:
            return False
    return True


def render(verdicts: dict[str, dict[int, bool]], header: str) -> str:
    """The file's text from {rule: {seed: True/False}} (deals missing are undecided)."""
    lines = [f"# {row}" for row in header.splitlines()]
    for rule in RULES:
        seeds = verdicts.get(rule, {})
        decided = _as_ranges(sorted(seeds))
        lost = _as_ranges(sorted(s for s, won in seeds.items() if not won))
        for kind, ranges in (("decided", decided), ("lost", lost)):
            words = [f"{a}" if a == b else f"{a}-{b}" for a, b in ranges]
            for i in range(0, len(words), 16):
                lines.append(f"{rule} {kind} " + " ".join(words[i:i + 16]))
    return "\n".join(lines) + "\n"


def _as_ranges(seeds: list[int]) -> list[Range]:
    out: list[Range] = []
    for seed in seeds:
        if out and seed == out[-1][1] + 1:
            out[-1] = (out[-1][0], seed)
        else:
            out.append((seed, seed))
    return out


@lru_cache(maxsize=1)
def shipped() -> dict[str, Decided]:
    """{rule: Decided} of the file shipped with the game."""
    if not PATH.is_file() or PATH.stat().st_size > MAX_BYTES:
        raise ValueError("scoundrel_deals.txt is missing or too large")
    return parse(PATH.read_text(encoding="utf-8"))


def verdict(seed: int, rule: str = "at_most") -> bool | None:
    """Whether deal `seed` can be won under weapon rule `rule`: None if it was never decided."""
    return shipped()[rule].verdict(seed)
