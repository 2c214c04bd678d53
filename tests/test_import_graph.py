"""No import circle among the project's modules: every module under ``functions/`` is read with ``ast`` and each
import it makes (at the top, inside a function, or under ``TYPE_CHECKING``) is an edge of the graph checked.

An import counts as an edge to the project module it names: ``from .a import b`` leads to the module ``a.b``
when there is one, and to ``a`` otherwise. A package's ``__init__`` being run before its submodules is not an
edge (it is no choice of the importing module's).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "functions"


def module_files(package: str = PACKAGE) -> dict[str, Path]:
    """Every module of ``package`` by its dotted name (a package by its own name, for its ``__init__.py``)."""
    modules = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def imports_of(name: str, path: Path, modules: set[str]) -> set[str]:
    """The project modules that the module ``name`` (read from ``path``) imports, anywhere in its source."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(_known(alias.name, modules) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in modules else _known(base, modules))
    found.discard("")
    return found


def _known(dotted: str, modules: set[str]) -> str:
    """The longest prefix of ``dotted`` that is a project module ("" when none is)."""
    parts = dotted.split(".")
    while parts and ".".join(parts) not in modules:
        parts.pop()
    return ".".join(parts)


def import_graph(package: str = PACKAGE) -> dict[str, set[str]]:
    """Module -> the project modules it imports, for every module of ``package``."""
    files = module_files(package)
    names = set(files)
    return {name: imports_of(name, path, names) for name, path in files.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle (``a -> b -> ... -> a``) for each group of modules that import one another, in a stable order.

    The groups are the graph's strongly connected components (Tarjan's algorithm, iterative); each circle is a
    shortest path back to the component's first module.
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in graph:
                    continue
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1 or node in graph[node]:
                        groups.append(group)
    return sorted((_circle_through(min(group), group, graph) for group in groups), key=lambda c: c[0])


def _circle_through(start: str, group: set[str], graph: dict[str, set[str]]) -> list[str]:
    """A shortest path ``start -> ... -> start`` within ``group`` (breadth first)."""
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(graph[node] & group):
                if nxt == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if nxt not in came_from:
                    came_from[nxt] = node
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"{start} is in no circle")


def test_the_graph_reads_every_kind_of_import() -> None:
    graph = import_graph()
    assert "functions.engine.cpu.base" in graph["functions.engine.cpu.color_rows.normal"]  # from ..base import
    assert "functions.engine.cpu.color_match.normal" in graph["functions.engine.cpu"]  # from .pkg.mod import
    assert "functions.engine" in graph["functions.room.catalog"]  # from ..engine import, inside a function


def test_circles_are_found_and_shown() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert circles(graph) == [["a", "b", "c", "a"], ["e", "e"]]


def test_no_import_circle() -> None:
    found = circles(import_graph())
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)
