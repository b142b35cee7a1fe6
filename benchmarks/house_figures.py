"""The house's figures (issue 24), measured over pbem/ with ast: import rings inside a package
(imports under TYPE_CHECKING and inside functions counted), functions taking ``Service`` outside
the facade and the runner, uses of ``Store`` privates outside store/store.py, lines with ``Any``
(imports aside), classes over 400 lines, function-local imports.

    python benchmarks/house_figures.py [--json]
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "pbem"


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def resolve(mod: str, node: ast.ImportFrom, is_pkg: bool) -> str:
    if node.level == 0:
        return node.module or ""
    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = defaultdict(set)
    for mod, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_pkg = path.name == "__init__.py"
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = resolve(mod, node, is_pkg)
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                while t and t not in modules:
                    t = t.rpartition(".")[0]
                if t and t != mod:
                    graph[mod].add(t)
    return graph


def rings(graph: dict[str, set[str]], inside: str) -> list[list[str]]:
    """Strongly connected components of more than one module among ``inside``'s modules (the
    package's __init__ counted as a module of it)."""
    nodes = [
        m for m in graph.keys() | {t for v in graph.values() for t in v} if m.startswith(inside)
    ]
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if not w.startswith(inside):
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for n in sorted(nodes):
        if n not in index:
            visit(n)
    return out


def main() -> None:
    modules = {module_name(p): p for p in sorted(PKG.rglob("*.py"))}
    graph = imports(modules)
    figures: dict[str, object] = {}
    for pkg in ("pbem.store", "pbem.service"):
        figures[f"rings {pkg}"] = rings(graph, pkg)
    takes_service = []
    store_privates = []
    any_lines = 0
    local_imports = 0
    big_classes = []
    for mod, path in modules.items():
        src = path.read_text(encoding="utf-8")
        tree = ast.parse(src)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for arg in [*node.args.args, *node.args.kwonlyargs]:
                    ann = ast.unparse(arg.annotation) if arg.annotation else ""
                    if re.fullmatch(r"['\"]?Service['\"]?", ann) and mod not in (
                        "pbem.service",
                        "pbem.runner",
                    ):
                        takes_service.append(f"{mod}.{node.name}")
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Import | ast.ImportFrom) and sub is not node:
                        local_imports += 1
            if isinstance(node, ast.ClassDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > 400:
                    big_classes.append(f"{mod}.{node.name} ({length})")
        for i, line in enumerate(src.splitlines(), 1):
            stripped = line.strip()
            if re.search(r"\bAny\b", line) and not stripped.startswith(("from ", "import ", "#")):
                any_lines += 1
            if mod != "pbem.store.store" and re.search(r"\bstore\._[a-z]", line):
                store_privates.append(f"{path.relative_to(ROOT)}:{i}")
    figures["functions taking Service outside the facade and runner"] = takes_service
    figures["Store privates outside store/store.py"] = store_privates
    figures["lines with Any (imports aside)"] = any_lines
    figures["classes over 400 lines"] = big_classes
    figures["function-local imports"] = local_imports
    if "--json" in sys.argv:
        print(json.dumps(figures, indent=1))
        return
    for key, value in figures.items():
        n = len(value) if isinstance(value, list) else value
        print(f"{key}: {n}")
        if isinstance(value, list):
            for v in value[:40]:
                print(f"    {v}")


if __name__ == "__main__":
    main()
