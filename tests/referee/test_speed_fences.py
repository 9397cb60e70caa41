"""The speed code is fenced (README, Speed: the table of twins): a package reaches its speed
code through one module, and no other package reaches it at all."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The fence of each package's speed code, and the only modules that may import it.
FENCES = {
    "referee.exports.fast": "referee.exports",  # any module of the exports, none elsewhere
    "referee.standings.page_rows": "referee.standings.views",
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Every module a file imports, relative imports made absolute (``from . import x``
    counts as importing ``package.x``)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def sources() -> list[Path]:
    return sorted(p for d in ("referee", "scoring") for p in (ROOT / d).rglob("*.py"))


def test_the_resolver_of_imports_sees_the_fenced_imports():
    views = imported(ROOT / "referee/standings/views.py")
    assert "referee.standings.page_rows" in views
    reports = imported(ROOT / "referee/exports/reports.py")
    assert "referee.exports.fast" in reports


def behind(fence: str) -> set[str]:
    """The modules behind a fence that is a package: reached only through the package."""
    folder = ROOT / fence.replace(".", "/")
    return {f"{fence}.{p.stem}" for p in folder.glob("*.py") if p.stem != "__init__"}


def test_each_fence_is_imported_only_from_where_it_may_be():
    wrong = []
    for path in sources():
        name = module_name(path)
        for fence, allowed in FENCES.items():
            if name == fence or name.startswith(fence + "."):
                continue  # the speed code itself
            hidden = behind(fence)
            for target in imported(path):
                inside = target == fence or target.startswith(fence + ".")
                if inside and not (name == allowed or name.startswith(allowed + ".")):
                    wrong.append((name, target))
                elif any(target == h or target.startswith(h + ".") for h in hidden):
                    wrong.append((name, target))  # past the fence, to a module behind it
    assert wrong == []


def test_the_fenced_packages_hide_their_modules():
    assert behind("referee.exports.fast") == {
        "referee.exports.fast.gridpdf",
        "referee.exports.fast.pdffonts",
        "referee.exports.fast.pdfpages",
        "referee.exports.fast.printout",
        "referee.exports.fast.xlsx",
    }
