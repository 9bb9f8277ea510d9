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
    ("server/__init__.py", "cotuong.server.web.app"),  # engine worker processes skip FastAPI
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


def test_modules_stay_small() -> None:
    long = {str(p.relative_to(SRC)): n for p in _modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    # The board is one cohesive concern (placement, legality, push/pop, check).
    assert set(long) <= {"core/board.py"}, long


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
