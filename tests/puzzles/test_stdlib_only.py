"""The puzzles need no engine at run time: with NumPy, Numba and the other extras hidden
(as after a bare ``pip install cotuong``), the collection and the drills load from the
package data and an attempt is judged."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from cotuong.extras import EXTRA_OF_MODULE


def test_collection_and_judge_without_the_extras() -> None:
    code = textwrap.dedent(f"""
        import sys
        BLOCKED = {sorted(EXTRA_OF_MODULE)!r}
        class Blocker:
            def find_spec(self, name, path=None, target=None):
                if name.partition(".")[0] in BLOCKED:
                    raise ModuleNotFoundError(name, name=name)
                return None
        sys.meta_path.insert(0, Blocker())
        from cotuong.puzzles import judge, load_collection, load_repetition_drills
        puzzles = list(load_collection())
        assert all(judge(p, p.solution).complete for p in puzzles[:20])
        print(len(puzzles) > 0, len(load_repetition_drills()) > 0)
        print(sorted(m for m in sys.modules if m.partition(".")[0] in BLOCKED))
    """)
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:2] == ["True True", "[]"]
