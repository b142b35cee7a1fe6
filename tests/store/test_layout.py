"""One owner of the data layout (issue 24): no module of ``pbem/`` but ``pbem/layout.py`` spells a
directory or file name of the data directory's (or the keys directory's) layout.

The names are read from ``pbem.layout`` itself, so a name added there is guarded at once. A
literal counts when it is one of the distinctive names (with a dot or a hyphen:
``ratelimit.json``, ``.service.lock``), a path made of layout names (``"outbox/dirty"``,
``"open/*.json"``), a layout name joined onto a path (``root / "dirty"``, ``Path("open")``), a
tuple or list of two or more layout names, or a file name suffix of the layout in an f-string
(``f"{gid}.tar.gz"``, ``root / f"{h}.json"``). Docstrings are prose and do not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pbem
from pbem import layout

PKG = Path(pbem.__file__).parent
NAMES = {v for k, v in vars(layout).items() if k.isupper() and isinstance(v, str)}
WORDS = {layout.DEFAULT_DATA, layout.DEFAULT_KEYS, layout.SERVICE_IDENTITY, layout.PLAYER_KEYS}
"""Layout names that are also the names of commands: a list of them is not a list of paths."""
DISTINCT = {n for n in NAMES if ("." in n or "-" in n) and n != layout.JSON}
SUFFIXES = tuple(
    n
    for n in DISTINCT
    if n.startswith(".")
    and n.count(".") >= 1
    and n
    not in {
        layout.SERVICE_LOCK,
        layout.SUMMARIES,
        layout.SUMMARIES_LOCK,
        layout.CREATING,
        layout.CACHE,
        layout.TIMERS_NEXT,
    }
)


def _docstrings(tree: ast.AST) -> set[int]:
    out: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for stmt in body:  # a module's, class's or function's docstring, and attribute ones
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                    out.add(id(stmt.value))
    return out


def _is_path(text: str) -> bool:
    if "/" not in text or any(c.isspace() for c in text):
        return False
    parts = [p for p in text.split("/") if p]
    return (
        bool(parts)
        and all(p in NAMES or "*" in p for p in parts)
        and any(p in NAMES for p in parts)
    )


def _joined(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """The node is an operand of ``/`` or an argument of Path(...) / .joinpath(...)."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Div):
        return True
    if isinstance(parent, ast.Call) and node in parent.args:
        f = parent.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        return name in {"Path", "joinpath", "join", "PurePath"}
    return False


def literals(path: Path, root: Path = PKG.parent) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            s = node.value
            if isinstance(parents.get(id(node)), ast.JoinedStr):
                continue  # judged with its f-string below
            if s in DISTINCT or _is_path(s) or (s in NAMES and _joined(node, parents)):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {s!r}")
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            names = [
                e.value
                for e in node.elts
                if isinstance(e, ast.Constant) and e.value in NAMES - WORDS
            ]
            if len(names) >= 2:
                found.append(f"{path.relative_to(root)}:{node.lineno}: {names!r}")
        elif isinstance(node, ast.JoinedStr):
            parts = [v.value for v in node.values if isinstance(v, ast.Constant)]
            text = "".join(p if isinstance(p, str) else "" for p in parts)
            if any(
                isinstance(p, str) and (p.endswith(SUFFIXES) or p in DISTINCT) for p in parts
            ) or (_joined(node, parents) and text.endswith(layout.JSON)):
                found.append(f"{path.relative_to(root)}:{node.lineno}: f{text!r}")
    return found


def test_no_module_but_layout_names_a_path_of_the_layout() -> None:
    found = [
        hit
        for path in sorted(PKG.rglob("*.py"))
        if path != PKG / "layout.py"
        for hit in literals(path)
    ]
    assert found == [], "name these in pbem/layout.py:\n" + "\n".join(found)


def test_the_check_sees_each_kind_of_literal(tmp_path: Path) -> None:
    """The check can fail: each form a literal takes is caught, and prose is not."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        '"""Files: outbox/dirty, ratelimit.json (prose)."""\n'
        "from pathlib import Path\n"
        "a = 'ratelimit.json'\n"
        "b = Path('x') / 'dirty'\n"
        "c = 'open/*.json'\n"
        "d = ('queued', 'failed')\n"
        "e = f'{b}.tar.gz'\n"
        "f = b / f'{c}.json'\n"
        "g = 'the game is open'\n"
        "h = 'open'\n"
        "i = Path('requests')\n",
        encoding="utf-8",
    )
    hits = literals(probe, tmp_path)
    assert sorted(int(h.split(":")[1]) for h in hits) == [3, 4, 5, 6, 7, 8, 11], hits


def test_layout_imports_only_the_standard_library() -> None:
    import sys

    tree = ast.parse((PKG / "layout.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0 and node.module, node.module
            assert node.module.split(".")[0] in sys.stdlib_module_names, node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] in sys.stdlib_module_names, alias.name


def test_rate_hits_is_the_limiters_reading_of_their_file() -> None:
    """One reading of a rate limiter's file, shared by the limiters and the idle tick."""
    import pytest

    from pbem import layout

    assert layout.rate_hits({"a@x": [1, 2.5, "x", None], "b@x": "no", 3: []}) == {
        "a@x": [1.0, 2.5],
        "3": [],
    }
    assert layout.rate_hits([1, 2]) == {}
    with pytest.raises(OverflowError):
        layout.rate_hits({"a@x": [10**400]})
