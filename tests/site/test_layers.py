"""The packages' layers: no import cycle anywhere, and no layer imports one above it.

The import graph is read from the sources (ast), imports inside functions included, so a
lazy import cannot hide a cycle or a layer turned upside down."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = (ROOT, ROOT / "web")
"""Where the packages' top folders are: app/ in web/, the others at the root."""
PACKAGES = ("engine", "bots", "app", "bidding_model", "sitebuild")

LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine",),
    ("bots",),
    ("app", "app.html"),
    ("app.table",),
    ("app.tournament",),
    ("app.history",),
    ("app.store",),
    ("app.review", "app.start", "app.pad"),
    ("app.worker",),
    ("bidding_model", "sitebuild"),
)
"""Lowest first: a module imports its own layer's and the layers' below. The features of one
layer (its names) do not import one another; ``app`` is the app's root package alone (its
modules each belong to a feature), below all of them."""


def modules(roots: tuple[Path, ...] = SOURCES) -> dict[str, Path]:
    """Every module of the packages, by dotted name (a package by its own name)."""
    found = {}
    for root in roots:
        for package in PACKAGES:
            for path in sorted((root / package).rglob("*.py")):
                parts = path.relative_to(root).with_suffix("").parts
                found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The modules of ours that ``name`` imports, wherever in its body."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            # "from p import m": the module p.m if there is one, else p itself
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:  # "import a.b.c" reaches a.b.c, a name in a module, its module
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def graph(roots: tuple[Path, ...] = SOURCES) -> dict[str, set[str]]:
    known = modules(roots)
    return {name: set(imports(name, path, known)) for name, path in known.items()}


def cycle(edges: dict[str, set[str]]) -> list[str]:
    """One import cycle (its modules, the first repeated at the end), or [] if there is none."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for target in sorted(edges.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (found := walk(target)):
                return found
        state[node] = 2
        path.pop()
        return []

    for node in sorted(edges):
        if node not in state and (found := walk(node)):
            return found
    return []


def feature(name: str) -> tuple[int, str] | None:
    """A module's layer and feature: the longest name in LAYERS that it is, or is inside."""
    best: tuple[int, str] | None = None
    for level, names in enumerate(LAYERS):
        for unit in names:
            inside = name.startswith(unit + ".") and unit != "app"  # the app's modules are in its features
            if (name == unit or inside) and (best is None or len(unit) > len(best[1])):
                best = (level, unit)
    return best


def wrong_way(edges: dict[str, set[str]]) -> list[str]:
    """Each import that goes up a layer, or across to another feature of the same layer."""
    out = []
    for name, targets in sorted(edges.items()):
        mine = feature(name)
        for target in sorted(targets):
            theirs = feature(target)
            if mine is None or theirs is None:
                continue
            if theirs[0] > mine[0] or (theirs[0] == mine[0] and theirs[1] != mine[1] and theirs[1] != "app"):
                out.append(f"{name} ({mine[1]}) imports {target} ({theirs[1]})")
    return out


def test_every_module_has_a_layer() -> None:
    assert [name for name in modules() if feature(name) is None] == []


def test_no_import_cycle() -> None:
    assert cycle(graph()) == []


def test_no_module_imports_a_layer_above_its_own_or_a_feature_beside_it() -> None:
    assert wrong_way(graph()) == []


def test_the_graph_sees_imports_inside_functions_and_cycles_through_them(tmp_path: Path) -> None:
    (tmp_path / "app" / "table").mkdir(parents=True)
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "table" / "__init__.py").write_text("")
    (tmp_path / "app" / "table" / "render.py").write_text("def later():\n    from app.worker import tags\n")
    (tmp_path / "app" / "worker.py").write_text("from app.table.render import later\ntags = 1\n")
    edges = graph((tmp_path,))
    assert edges["app.table.render"] == {"app.worker"} and edges["app.worker"] == {"app.table.render"}
    assert cycle(edges) == ["app.table.render", "app.worker", "app.table.render"]
    assert wrong_way(edges) == ["app.table.render (app.table) imports app.worker (app.worker)"]
