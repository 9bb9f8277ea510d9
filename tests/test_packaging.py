"""`pip install cotuong` is the rules library alone: the standard-library packages import
with every optional dependency hidden, core commands run, and a command that needs an
extra says which one in one line (no traceback).

Each check runs a child interpreter with a meta-path finder that refuses the extras'
modules, as on a machine where only ``pip install cotuong`` ran.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from cotuong.extras import EXTRA_OF_MODULE

_BLOCK = textwrap.dedent(f"""
    import sys

    BLOCKED = {sorted(EXTRA_OF_MODULE)!r}

    class Blocker:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
            return None

    sys.meta_path.insert(0, Blocker())
""")


def _run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", _BLOCK + textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=120)


def test_the_rules_library_imports_with_the_standard_library_only() -> None:
    proc = _run("""
        import cotuong, cotuong.core, cotuong.notation, cotuong.records, cotuong.referee
        import cotuong.game, cotuong.tournament, cotuong.display, cotuong.extras
        # The layers above import too: they load the engine's dependencies on use only.
        import cotuong.engine, cotuong.engine.interface, cotuong.uci, cotuong.arena
        import cotuong.cli
        from cotuong import Board
        print(len(Board().legal_moves))
        loaded = sorted(m for m in sys.modules if m.partition(".")[0] in BLOCKED)
        print(loaded)
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:2] == ["44", "[]"]


def test_core_commands_run_without_the_extras() -> None:
    proc = _run("""
        from cotuong.cli import main
        sys.exit(main(["move", "P2-5"]))
    """)
    assert proc.returncode == 0, proc.stderr
    assert "h2e2" in proc.stdout


def test_a_command_that_needs_an_extra_names_it() -> None:
    for argv, extra in ((["play", "--level", "1", "--color", "red", "--no-save"], "engine"),
                        (["match", "level:2", "level:1", "--games", "1"], "engine"),
                        (["engine"], "engine"),
                        (["serve", "--port", "0"], "server")):
        proc = _run(f"""
            from cotuong.cli import main
            sys.exit(main({argv!r}))
        """)
        assert proc.returncode == 2, (argv, proc.stderr)
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in proc.stderr, (argv, proc.stderr)
        assert f"[{extra}] extra" in lines[0] and f"cotuong[{extra}]" in lines[0], lines[0]


def test_the_built_in_engine_without_numba_names_the_extra() -> None:
    proc = _run("""
        import cotuong.engine
        try:
            cotuong.engine.BuiltinEngine
        except ValueError as exc:
            print(type(exc).__name__, exc.code)
    """)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "MissingExtraError MISSING_EXTRA"
