"""The Doubloons card set, read from `doubloons_cards.json` beside this module and checked.

The rules page gives no card texts, so Deckhand ships a reconstruction as data: a player who owns
the real cards can correct counts, costs, texts and effects in the JSON file without touching code.
An effect is a list of steps from a small vocabulary (`STEPS`); a step that names a target
(a player, a pirate...) shares that target with every other targeted step of the effect.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

PATH = Path(__file__).with_name("doubloons_cards.json")
MAX_BYTES = 64_000
FORMAT = 1


@dataclass(frozen=True)
class StepKind:
    """What an effect step needs: a number `n` in `n_range`, a `what`, a target of some sort;
    `cost` steps come first (paid when the play resolves), a `asks` step ends the effect because
    it leaves a follow-up decision to the player."""

    n_range: tuple[int, int] | None = None
    target: str | None = None
    cost: bool = False
    asks: bool = False
    what: tuple[str, ...] | None = None


STEPS = {
    "gain": StepKind(n_range=(1, 5)),
    "pay": StepKind(n_range=(1, 5), cost=True),
    "discard": StepKind(n_range=(1, 3), cost=True),
    "draw": StepKind(n_range=(1, 5)),
    "steal_doubloon": StepKind(n_range=(1, 3), target="player"),
    "steal_card": StepKind(target="player"),
    "look_take_card": StepKind(target="player", asks=True),
    "disable_pirate": StepKind(target="pirate_of_other"),
    "disable_crew": StepKind(target="player_with_crew"),
    "discard_pirate": StepKind(target="pirate_in_crew"),
    "copy_pirate": StepKind(target="pirate_to_copy", asks=True),
    "replay_played": StepKind(target="kind_played", asks=True),
    "replay_last": StepKind(asks=True),
    "cancel": StepKind(),
    "cheaper": StepKind(n_range=(1, 4), target="pirate_to_price"),
    "swap_pirate": StepKind(target="swap"),
    "take_top_pirate": StepKind(asks=True),
    "pick_pirate": StepKind(n_range=(2, 5), asks=True),
    "spy": StepKind(n_range=(1, 5), asks=True),
    "draw_give": StepKind(n_range=(1, 5), asks=True),
    "toll": StepKind(n_range=(1, 3)),
    "protect": StepKind(what=("doubloons", "cards")),
}
PLAYER_TARGETS = ("player", "player_with_crew")
# The rules page: "You can only discard a pirate if you replace them with another or if you play
# the Walk the Plank action card". Replacing is `swap_pirate` and a hire or pirate taken into a
# full crew; `discard_pirate` belongs to Walk the Plank alone.
WALK_THE_PLANK = "walk_the_plank"


@dataclass(frozen=True)
class Step:
    do: str
    n: int = 0
    what: str = ""


@dataclass(frozen=True)
class CardKind:
    """An action card kind, or a pirate (`cost` is None for action cards)."""

    id: str
    name: str
    text: str
    effect: tuple[Step, ...]
    count: int = 1
    cost: int | None = None

    @property
    def target(self) -> str | None:
        return next((STEPS[s.do].target for s in self.effect if STEPS[s.do].target), None)

    def has(self, do: str) -> bool:
        return any(s.do == do for s in self.effect)

    def step(self, do: str) -> Step | None:
        return next((s for s in self.effect if s.do == do), None)


@dataclass(frozen=True)
class CardSet:
    actions: dict[str, CardKind]  # kind -> CardKind, in file order
    pirates: dict[str, CardKind]  # pirate id -> CardKind, in file order
    heave_to: str          # the kind that cancels

    @property
    def deck(self) -> tuple[str, ...]:
        """Every action card code, `<kind>#<copy>`, in a fixed order."""
        return tuple(f"{k}#{i}" for k, c in self.actions.items() for i in range(1, c.count + 1))


def kind_of(code: str) -> str:
    return code.partition("#")[0]


class CardFileError(ValueError):
    """The card file is wrong; the message names the entry and the field."""


def _fail(where: str, message: str) -> NoReturn:
    raise CardFileError(f"{PATH.name}: {where}: {message}")


def _field(entry: Any, key: str, kind: type[Any], where: str) -> Any:
    if not isinstance(entry, dict):
        _fail(where, "must be an object")
    if key not in entry:
        _fail(where, f"missing field {key!r}")
    value = entry[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        _fail(where, f"field {key!r} must be {'a whole number' if kind is int else kind.__name__}")
    return value


def _ident(entry: Any, key: str, where: str) -> str:
    value: str = _field(entry, key, str, where)
    if not value or not value.replace("_", "").isalnum() or not value.islower() or not value.isascii():
        _fail(where, f"field {key!r} must be lower-case letters, digits and _ (got {value!r})")
    return value


def _text(entry: Any, key: str, where: str, longest: int) -> str:
    value: str = _field(entry, key, str, where).strip()
    if not value or len(value) > longest:
        _fail(where, f"field {key!r} must be 1 to {longest} characters")
    return value


def _steps(entry: Any, where: str, pirate: bool, ident: str) -> tuple[Step, ...]:
    raw = _field(entry, "effect", list, where)
    if not raw:
        _fail(where, "field 'effect' needs at least one step")
    steps: list[Any] = []
    target = None
    for i, item in enumerate(raw):
        at = f"{where}, effect step {i + 1}"
        do = _field(item, "do", str, at)
        if do not in STEPS:
            _fail(at, f"field 'do' must be one of {', '.join(STEPS)} (got {do!r})")
        spec = STEPS[do]
        if do == "discard_pirate" and (pirate or ident != WALK_THE_PLANK or len(raw) != 1):
            _fail(at, "only Walk the Plank discards a pirate (the rules page): a pirate leaves a "
                      "crew otherwise only when replaced")
        unknown = set(item) - {"do", "n", "what"}
        if unknown:
            _fail(at, f"unknown field {sorted(unknown)[0]!r}")
        n = 0
        if spec.n_range:
            n = _field(item, "n", int, at)
            if not spec.n_range[0] <= n <= spec.n_range[1]:
                _fail(at, f"field 'n' must be {spec.n_range[0]} to {spec.n_range[1]} for {do}")
        elif "n" in item:
            _fail(at, f"{do} takes no field 'n'")
        what = ""
        if spec.what:
            what = _field(item, "what", str, at)
            if what not in spec.what:
                _fail(at, f"field 'what' must be one of {', '.join(spec.what)}")
        elif "what" in item:
            _fail(at, f"{do} takes no field 'what'")
        if spec.cost and any(not STEPS[s.do].cost for s in steps):
            _fail(at, f"{do} is a cost and must come before the other steps")
        if steps and STEPS[steps[-1].do].asks:
            _fail(at, f"nothing may follow {steps[-1].do}: it ends the effect with a choice")
        if spec.target:
            if target and (target != spec.target
                           and not {target, spec.target} <= set(PLAYER_TARGETS)):
                _fail(at, f"{do} targets a {spec.target}, but this effect already targets a {target}")
            target = target or spec.target
        if do == "cancel" and (pirate or len(raw) != 1):
            _fail(at, "cancel must be an action card's only step")
        if do in ("protect", "replay_last") and len(raw) != 1:
            _fail(at, f"{do} must be the effect's only step")
        steps.append(Step(do, n, what))
    return tuple(steps)


def _entries(data: Any, section: str, id_field: str, number: str, bounds: tuple[int, int],
             taken: dict[str, CardKind]) -> Iterator[tuple[Any, str, str, int]]:
    """(entry, where, id, number) for each entry of a section, ids unique across the file."""
    seen = set()
    for i, entry in enumerate(_field(data, section, list, "top level")):
        ident = _ident(entry, id_field, f"{section}[{i}]")
        where = f"{section[:-1]} {ident!r}"
        value = _field(entry, number, int, where)
        if not bounds[0] <= value <= bounds[1]:
            _fail(where, f"field {number!r} must be {bounds[0]} to {bounds[1]}")
        if ident in seen or ident in taken:
            _fail(where, "this id is used twice")
        seen.add(ident)
        yield entry, where, ident, value


def parse(data: Any) -> CardSet:
    """A CardSet from the file's parsed JSON; any mistake raises CardFileError naming it."""
    if not isinstance(data, dict):
        _fail("top level", "must be an object")
    if _field(data, "format", int, "top level") != FORMAT:
        _fail("top level", f"field 'format' must be {FORMAT}")
    actions, pirates = {}, {}
    for entry, where, kind, count in _entries(data, "actions", "kind", "count", (1, 20), {}):
        actions[kind] = CardKind(kind, _text(entry, "name", where, 24), _text(entry, "text", where, 60),
                                 _steps(entry, where, False, kind), count)
    for entry, where, pid, cost in _entries(data, "pirates", "id", "cost", (0, 4), actions):
        pirates[pid] = CardKind(pid, _text(entry, "name", where, 24), _text(entry, "text", where, 60),
                                _steps(entry, where, True, pid), 1, cost)
    if not 1 <= len(actions) <= 30 or sum(c.count for c in actions.values()) < 12:
        _fail("actions", "need 1 to 30 kinds and at least 12 cards")
    if not 5 <= len(pirates) <= 40:
        _fail("pirates", "need 5 to 40 pirates (five lie face up)")
    cancels = [k for k, c in actions.items() if c.has("cancel")]
    if len(cancels) != 1:
        _fail("actions", "exactly one kind must cancel (Heave To!)")
    return CardSet(actions, pirates, cancels[0])


def load(path: Path = PATH) -> CardSet:
    """Read and check the card file: a regular file of sane size holding valid JSON."""
    if not path.is_file():
        raise CardFileError(f"{path.name}: not found or not a regular file")
    if path.stat().st_size > MAX_BYTES:
        raise CardFileError(f"{path.name}: larger than {MAX_BYTES} bytes")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CardFileError(f"{path.name}: not valid JSON ({exc})") from None
    return parse(data)
