"""No two modules of `game` import each other, directly or round a longer loop.

Read statically (ast), so every import counts: those at the top and those inside functions,
which only hide a loop until the day someone moves them up."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "game"


def module_names() -> dict[str, Path]:
    names = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of `game` that `name` imports (a package's submodules named in a
    `from package import x` count as themselves)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")
                parent = parent[:len(parent) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return {m for m in found if m in known and m != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def import_graph() -> dict[str, set[str]]:
    known = module_names()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def test_the_modules_of_game_import_no_loop():
    graph = import_graph()
    assert len(graph) > 50 and graph["game.scenes.scoundrel"], "the import graph was not read"
    found = cycles(graph)
    assert not found, "modules that import each other: " + "; ".join(" <-> ".join(g) for g in found)


def test_the_loop_finder_finds_loops():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_relative_and_lazy_imports_are_read(tmp_path):
    known = module_names()
    hint = imports_of("game.engine.scoundrel_hint", known["game.engine.scoundrel_hint"], known)
    assert {"game.engine.bots", "game.engine.bots.scoundrel", "game.engine.scoundrel"} <= hint
    lazy = tmp_path / "lazy.py"
    lazy.write_text("def f():\n    from .engine import games\n    import game.app\n")
    assert imports_of("game.lazy", lazy, known) == {"game.engine.games", "game.app"}
