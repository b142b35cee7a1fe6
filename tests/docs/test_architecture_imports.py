"""The rules of docs/ARCHITECTURE.md's "Dependencies" paragraph, checked on the code: every import
counts, under ``TYPE_CHECKING`` and inside functions too (issue 24: the page said "nothing calls
back up" while the service imported the CLI)."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PBEM = ROOT / "pbem"

LAYERS: dict[str, int] = {
    "i18n": 0,
    "layout": 0,
    "model": 0,
    "providers": 0,
    "words": 0,
    "rules": 1,
    "errors": 2,
    "store": 3,
    "mail": 4,
    "commands": 5,
    "crypto": 5,
    "config": 5,
    "standings": 5,
    "gamefiles": 6,
    "crypto_mail": 6,
    "service": 7,
    "runner": 8,
    "doctor": 8,
    "demo": 9,
    "sandbox": 10,
    "cli": 11,
    "__main__": 12,
}
"""Each part of ``pbem`` and its layer, as the page draws them: a part imports only parts of a
lower layer (so no arrow points up and no two parts import each other)."""


def _modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PBEM.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


def _imports(module: str, path: Path) -> Iterator[str]:
    """Every module ``module`` imports (absolute), with ``from m import x`` also giving ``m.x``."""
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            yield target
            yield from (f"{target}.{alias.name}" for alias in node.names)


PICTURE = ("PIL", "pbem.mail.picture")
"""What a game's ``picture`` hook may import beside the rules' own: Pillow and the PNG plumbing and
caches of :mod:`pbem.mail.picture` (the one arrow out of ``rules`` that points up)."""


def _picture_imports(module: str, path: Path) -> set[str]:
    """The imports ``module`` makes for its game's picture: all of a game's ``picture.py``, and
    those inside a function named ``picture`` (the hook, importing on first use)."""
    if module.startswith("pbem.rules.") and module.endswith(".picture"):
        return set(_imports(module, path))
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.name == "picture":
            body = ast.Module(body=node.body, type_ignores=[])
            for sub in ast.walk(body):
                if isinstance(sub, ast.ImportFrom) and sub.level == 0 and sub.module:
                    found.add(sub.module)
                    found.update(f"{sub.module}.{a.name}" for a in sub.names)
                elif isinstance(sub, ast.Import):
                    found.update(a.name for a in sub.names)
    return found


def _allowed_picture(module: str, path: Path, target: str) -> bool:
    return (
        module.startswith("pbem.rules.")
        and target.startswith(PICTURE)
        and target in _picture_imports(module, path)
    )


def _part(module: str) -> str:
    return module.split(".")[1]


def test_every_part_has_a_layer() -> None:
    parts = {_part(m) for m, _ in _modules() if m != "pbem"}
    assert parts == set(LAYERS), "add the new part to LAYERS and to ARCHITECTURE.md"


def test_no_part_imports_a_part_above_or_beside_it() -> None:
    wrong = []
    for module, path in _modules():
        if module == "pbem":
            continue
        here = _part(module)
        for target in _imports(module, path):
            if not target.startswith("pbem.") or _part(target) == here:
                continue
            if LAYERS[_part(target)] >= LAYERS[here] and not _allowed_picture(module, path, target):
                wrong.append(f"{module} -> {target}")
    assert not wrong, wrong


def test_rules_import_only_the_standard_library_msgspec_and_i18n() -> None:
    """And the word classes every reader shares (``pbem.words``); beside a game's picture hook
    (:data:`PICTURE`)."""
    wrong = []
    for module, path in _modules():
        if not module.startswith("pbem.rules"):
            continue
        for target in _imports(module, path):
            top = target.split(".")[0]
            if top in sys.stdlib_module_names or top == "msgspec":
                continue
            if target.startswith(("pbem.rules", "pbem.i18n", "pbem.words")):
                continue
            if _allowed_picture(module, path, target):
                continue
            wrong.append(f"{module} -> {target}")
    assert not wrong, wrong


def test_the_service_meets_crypto_only_through_its_port() -> None:
    """Beside the ``MailCryptoPort`` it is handed, the service reads only the paragraphs about
    keys and the privacy rule: nothing that loads a crypto library."""
    allowed = {
        "pbem.crypto",
        "pbem.crypto.texts",
        "pbem.crypto_mail",
        "pbem.crypto_mail.privacy_of",
    }
    wrong = []
    for module, path in _modules():
        if not module.startswith("pbem.service"):
            continue
        for target in _imports(module, path):
            crypto = (
                target.startswith(("pbem.crypto.", "pbem.crypto_mail")) or target == "pbem.crypto"
            )
            if crypto and target not in allowed:
                wrong.append(f"{module} -> {target}")
    assert not wrong, wrong


CLOCK_CALLS = {
    ("datetime", "now"),
    ("datetime", "utcnow"),
    ("date", "today"),
    ("time", "time"),
    ("time", "monotonic"),
}


def test_rules_commands_and_service_never_read_the_clock() -> None:
    """The clock is injected: the games, the reading of a reply and the service never call it."""
    wrong = []
    for module, path in _modules():
        if not module.startswith(("pbem.rules", "pbem.commands", "pbem.service")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and (node.func.value.id, node.func.attr) in CLOCK_CALLS
            ):
                wrong.append(f"{module}:{node.lineno}")
    assert not wrong, wrong
