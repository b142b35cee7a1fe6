"""docs/ARCHITECTURE.md's layout is true: every module it names exists, and every module of the
package is named there, in its own package's part of the tree (issue 24: the page had drifted)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEADER = re.compile(r"^( *)([A-Za-z_][\w.]*(?:/|\.py))(?=\s|$)")
WORD = re.compile(r"[A-Za-z_][\w]*(?:\.py)?")


def _layout() -> list[str]:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    block = text.split("## Layout", 1)[1].split("```", 2)[1]
    return block.splitlines()


def sections() -> dict[str, str]:
    """Each entry of the tree (a path such as ``pbem/store/`` or ``pbem/runner.py``) and the text
    of its part of the tree (its line, its description and its children's parts)."""
    lines = _layout()
    out: dict[str, str] = {}
    stack: list[tuple[int, str]] = []  # (indent, path)
    for line in lines:
        m = HEADER.match(line)
        if m and len(m.group(1)) < 12:
            indent = len(m.group(1))
            while stack and stack[-1][0] >= indent:
                stack.pop()
            parent = stack[-1][1] if stack else ""
            path = parent + m.group(2)
            stack.append((indent, path))
            out[path] = ""
        for _, path in stack:
            out[path] += line + "\n"
    return out


def _modules() -> list[Path]:
    return sorted(p.relative_to(ROOT) for p in (ROOT / "pbem").rglob("*.py"))


def test_every_module_is_named_in_its_package_part() -> None:
    parts = sections()
    missing = []
    for mod in _modules():
        if mod.name in ("__init__.py", "__main__.py") and mod.parent != Path("pbem"):
            continue
        package = mod.parent.as_posix() + "/"
        if package == "pbem/":
            if mod.as_posix() not in parts and mod.name not in ("__init__.py", "__main__.py"):
                missing.append(mod.as_posix())
            continue
        words = set(WORD.findall(parts.get(package, "")))
        if mod.stem not in words and mod.name not in words:
            missing.append(mod.as_posix())
    assert not missing, f"modules not named in ARCHITECTURE.md's layout: {missing}"


def test_every_module_named_exists() -> None:
    wrong = []
    for path, text in sections().items():
        if path.endswith(".py"):
            if not (ROOT / path).is_file():
                wrong.append(path)
            continue
        if not (ROOT / path).is_dir():
            wrong.append(path)
            continue
        if not path.startswith("pbem/"):
            continue
        for name in re.findall(r"\b([a-z_]+\.py)\b", text):
            if not any(p.name == name for p in (ROOT / path).rglob(name)):
                wrong.append(path + name)
    assert not wrong, f"ARCHITECTURE.md names what does not exist: {sorted(set(wrong))}"


def test_the_tree_is_read() -> None:
    parts = sections()
    assert "pbem/store/" in parts and "pbem/rules/forbidden_city/" in parts
    assert "pbem/runner.py" in parts and "templates/" in parts
