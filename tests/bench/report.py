"""Rows of figures: a median and spread over runs, a target and a verdict; the table and JSON."""
from __future__ import annotations

import json
import math
import statistics
from dataclasses import asdict, dataclass, field


@dataclass
class Row:
    section: str
    metric: str
    unit: str
    runs: list = field(default_factory=list)  # one figure per run
    target: str = ""                            # e.g. "< 8", shown with the unit
    note: str = ""                              # shown instead of figures when there are none
    set_aside: list = field(default_factory=list)  # figures of runs left out, shown apart

    @property
    def median(self):
        return statistics.median(self.runs) if self.runs else None

    @property
    def spread(self):
        return (min(self.runs), max(self.runs)) if self.runs else None

    @property
    def verdict(self) -> str:
        if not self.target or self.median is None:
            return ""
        op, limit = self.target.split()
        value, limit = self.median, float(limit)
        ok = {"<": value < limit, "<=": value <= limit, ">": value > limit,
              ">=": value >= limit}[op]
        return "ok" if ok else "MISS"

    def as_dict(self) -> dict:
        return {**asdict(self), "median": self.median, "spread": self.spread,
                "verdict": self.verdict}


def fmt(value) -> str:
    if value is None:
        return "-"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 100:
        return f"{value:.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def table(rows) -> str:
    """A plain-text table, also valid Markdown."""
    head = ("metric", "median", "spread (min–max)", "runs", "target", "verdict")
    lines = []
    for r in rows:
        if r.runs:
            lo, hi = r.spread
            cells = (f"{r.section}: {r.metric}", f"{fmt(r.median)} {r.unit}",
                     f"{fmt(lo)}–{fmt(hi)}",
                     f"{len(r.runs)}" + (f" (set aside: {', '.join(map(fmt, r.set_aside))})"
                                         if r.set_aside else ""),
                     f"{r.target} {r.unit}" if r.target else "", r.verdict)
        else:
            cells = (f"{r.section}: {r.metric}", r.note or "-", "", "", r.target, "")
        lines.append(cells)
    widths = [max(len(c[i]) for c in [head, *lines]) for i in range(len(head))]

    def line(cells):
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"
    return "\n".join([line(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|",
                      *map(line, lines)])


def write_json(path, rows, info: dict) -> None:
    data = {**info, "rows": [r.as_dict() for r in rows]}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def percentile(values, p: float) -> float:
    """The p-th percentile (0..100) by nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]
