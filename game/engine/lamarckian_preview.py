"""Lamarckian Poker: what a mark would capture, for the seat choosing it, from its view only.

Marks resolve highest first (rank, then suit), each taking every pool card of its suit or rank
and then falling into the pool itself. So a candidate mark takes, if nothing resolves before it,
the pool cards it matches now. The other seats' marks are secret; any of them that could be
higher resolves first and may take some of those cards (the ones sharing its suit or rank), and
once in the pool it may itself be taken by the candidate (when it shares the candidate's suit or
rank). Which cards another seat could mark: the cards seen going into its hand, and, while it
holds cards nobody has seen, any card this seat has not seen.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import FULL_DECK, pretty
from .lamarckian_poker import STRENGTH, View


class MarkPreview(NamedTuple):
    card: str
    takes: tuple[str, ...]      # the pool cards it takes if nothing resolves before it
    at_risk: tuple[str, ...]    # of those, the ones a higher mark could take first
    could_gain: bool  # a higher mark could fall into the pool and be taken by it too
    sure: bool        # no other seat can hold a higher mark
    words: str


def matches(mark: str, card: str) -> bool:
    return mark[-1] == card[-1] or mark[:-1] == card[:-1]


def possible_marks(view: View) -> set[str]:
    """Every card another living seat could be marking with, as far as `view.seat` knows."""
    seen = set(view.hand) | set(view.pool) | set(view.discards)
    if view.mark:
        seen.add(view.mark)
    for s in range(view.seats):
        seen.update(view.known[s])
    unseen = {c for c in FULL_DECK if c not in seen}
    out: set[str] = set()
    for s in view.living:
        if s == view.seat:
            continue
        out.update(view.known[s])
        holds = view.hand_counts[s] + (1 if view.chosen[s] else 0)
        if holds > len(view.known[s]):
            out |= unseen
    return out


def _suits_and_ranks(cards: Sequence[str]) -> str:
    """'♠ or 9' style: the suits and ranks a card from `cards` could be matched by."""
    suits = sorted({pretty(c)[-1] for c in cards}, key="♣♦♥♠".index)
    ranks = sorted({pretty(c)[:-1] for c in cards}, key=lambda r: STRENGTH[
        next(c for c in cards if pretty(c)[:-1] == r)])
    names = suits + ranks
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def preview(view: View, card: str) -> MarkPreview:
    takes = tuple(c for c in view.pool if matches(card, c))
    higher = [h for h in possible_marks(view) if STRENGTH[h] > STRENGTH[card]]
    at_risk = tuple(c for c in takes if any(matches(h, c) for h in higher))
    could_gain = any(matches(card, h) for h in higher)
    name = pretty(card)
    now = (f"The {name} takes {', '.join(map(pretty, takes))} if it resolves first"
           if takes else f"The {name} takes nothing from the pool as it stands")
    if not higher:
        words = f"{now}, and nobody can mark higher: that is certain."
    else:
        parts = []
        if at_risk:
            parts.append(f"a higher {_suits_and_ranks(at_risk)} mark could take "
                         f"{', '.join(map(pretty, at_risk))} first")
        if could_gain:
            parts.append(f"a higher {_suits_and_ranks((card,))} mark would fall to you too")
        words = f"{now}. Higher marks go first: " + ("; ".join(parts) if parts else
                                                     "none of them can change that") + "."
    return MarkPreview(card, takes, at_risk, could_gain, not higher, words)
