"""No two files of the site, the engine or the benches import each other in a loop: not at
the top, not inside a function, not for the type checker alone. import-linter's layers see
only the apps; a loop inside an app, or one through a type-only import, passed it (the
series' services and their kept results; the core's fields and the tournaments' models)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREES = ("referee", "scoring", "bench")


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[0] == "bench":  # the benches import each other by their file's name
        parts = parts[1:]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def files() -> dict[str, Path]:
    found = {}
    for tree in TREES:
        for path in (ROOT / tree).rglob("*.py"):
            if "migrations" not in path.parts:
                found[module_of(path)] = path
    return found


def imported(path: Path, module: str, known: dict[str, Path]) -> set[str]:
    """The known modules a file imports anywhere in it, each resolved to its file's module
    (``from package import name`` counts the package's submodule ``name`` if it is one)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            names = [f"{base}.{alias.name}" for alias in node.names]
            # names from the package itself (its ``__init__``) rather than its submodules
            names += [base] if any(name not in known for name in names) else []
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                out.add(name)
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def graph_of(known: dict[str, Path]) -> dict[str, set[str]]:
    return {module: imported(path, module, known) for module, path in known.items()}


def test_no_files_import_each_other_in_a_loop():
    known = files()
    assert len(known) > 300
    assert circles(graph_of(known)) == []


def test_a_loop_through_a_lazy_or_a_type_only_import_is_found(tmp_path):
    package = tmp_path / "probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from .b import g\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from probe.a import f\n"
    )
    (package / "c.py").write_text("from . import a\n")
    known = {
        ".".join(p.relative_to(tmp_path).with_suffix("").parts).removesuffix(".__init__"): p
        for p in package.glob("*.py")
    }
    graph = {m: imported(p, m, known) for m, p in known.items()}
    assert graph["probe.c"] == {"probe.a"}
    assert circles(graph) == [["probe.a", "probe.b"]]
