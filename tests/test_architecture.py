"""The house: layers import downward only, modules stay small, no import hides in a function.

The layer contracts are import-linter's, declared in pyproject.toml; running them here puts
them in the README's test line, hence in CI.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "cotuong"

# Function-level imports of project modules that are allowed, and why: each loads a layer
# that needs an optional extra, so that the commands and modules above it still import
# without that extra (tests/test_packaging.py proves it).
LAZY_FOR_AN_EXTRA = {
    ("engine/__init__.py", "cotuong.engine"),  # builtin, position: NumPy and Numba
    ("cli/server.py", "cotuong.server.web.app"),
    ("cli/server.py", "cotuong.server.web.runtime"),
    ("cli/server.py", "cotuong.server.settings"),
    ("cli/worker.py", "cotuong.server.workers.redis_worker"),  # the [server] and [redis] extras
    ("server/__init__.py", "cotuong.server.web"),  # engine worker processes skip FastAPI
}


def test_import_contracts_are_kept() -> None:
    lint = pytest.importorskip("importlinter.cli")
    cwd = os.getcwd()
    os.chdir(ROOT)  # the contracts live in pyproject.toml
    try:
        assert lint.lint_imports(config_filename=str(ROOT / "pyproject.toml")) == 0
    finally:
        os.chdir(cwd)


def _modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_modules_stay_small() -> None:
    long = {str(p.relative_to(SRC)): n for p in _modules() if (n := _lines(p)) > 500}
    # The board is one cohesive concern (placement, legality, push/pop, check).
    assert set(long) <= {"core/board.py"}, long


def test_server_modules_stay_under_400_lines() -> None:
    long = {str(p.relative_to(SRC)): n for p in sorted((SRC / "server").rglob("*.py"))
            if (n := _lines(p)) > 400}
    assert not long, long


SERVER = SRC / "server"
SERVER_PARTS = sorted(p.name for p in SERVER.iterdir() if (p / "__init__.py").is_file())


def test_the_server_is_its_parts_and_a_few_shared_modules() -> None:
    assert SERVER_PARTS == ["accounts", "analysis", "lobby", "play", "puzzles", "ratings",
                            "realtime", "storage", "study", "tournaments", "web", "workers"]
    root = sorted(p.name for p in SERVER.glob("*.py"))
    assert len(root) <= 8, root


def _cross_part_module_imports() -> list[str]:
    """``from cotuong.server.<part>.<module> import ...`` written outside ``<part>``."""
    found = []
    for path in sorted(SERVER.rglob("*.py")):
        rel = path.relative_to(SERVER).parts
        own = rel[0] if len(rel) > 1 else None
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            bits = node.module.split(".")
            if bits[:2] == ["cotuong", "server"] and len(bits) > 3 \
                    and bits[2] in SERVER_PARTS and bits[2] != own:
                found.append(f"{path.relative_to(SERVER)}: {node.module}")
    return found


def test_across_parts_code_imports_a_parts_face_not_its_modules() -> None:
    """lila's rule: a part is used through what its ``__init__`` exports; only the part
    itself reaches its modules (so a module can move or split inside its part freely)."""
    assert _cross_part_module_imports() == []


def test_every_name_a_face_exports_exists() -> None:
    import importlib

    pytest.importorskip("fastapi")
    for part in SERVER_PARTS:
        face = importlib.import_module(f"cotuong.server.{part}")
        missing = [n for n in face.__all__ if not hasattr(face, n)]
        assert not missing, (part, missing)


def test_no_project_import_hides_in_a_function() -> None:
    found = set()
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in ast.walk(tree):
            if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(func):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cotuong"):
                    found.add((str(path.relative_to(SRC)), node.module or ""))
                elif isinstance(node, ast.Import):
                    found |= {(str(path.relative_to(SRC)), a.name) for a in node.names
                              if a.name.startswith("cotuong")}
    assert found <= LAZY_FOR_AN_EXTRA, sorted(found - LAZY_FOR_AN_EXTRA)


def _core_private_names() -> set[str]:
    """Every ``_name`` the core defines: its modules' private functions and constants, its
    classes' private attributes and methods (dunders are Python's, not the core's)."""
    names: set[str] = set()
    for path in sorted((SRC / "core").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and node.value.isidentifier():
                names.add(node.value)  # __slots__ entries
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def _own_private_names(tree: ast.Module) -> set[str]:
    """The private names a module defines itself (``self._x = …``, ``def _f``, ``_X = …``)."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Attribute):
            own.add(node.target.attr)
    return own


def test_no_core_private_is_read_outside_the_core() -> None:
    """The referee, the notations, the game and the engine use the board's public
    low-level names (``squares``, ``side``, ``stack``, ``push_code``…), never its
    ``_names``: the core may change what it keeps privately without breaking them."""
    private = _core_private_names()
    assert {"_fullmove", "_halfmove", "_key", "_piece_id", "_safe_after"} <= private
    found = []
    for path in _modules():
        rel = str(path.relative_to(SRC))
        if rel.startswith("core/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = _own_private_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("cotuong.core"):
                found += [f"{rel}:{node.lineno}: imports {a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
            elif isinstance(node, ast.Attribute) and node.attr in private \
                    and node.attr not in own and not (
                        isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append(f"{rel}:{node.lineno}: {ast.unparse(node)}")
    assert not found, found


def test_game_modules_stay_under_400_lines() -> None:
    """The played game is split by concept (game, arbiter, order book): it stays so."""
    game = sorted((SRC / "game").rglob("*.py"))
    assert len(game) >= 4
    long = {str(p.relative_to(SRC)): n for p in game
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long, long
